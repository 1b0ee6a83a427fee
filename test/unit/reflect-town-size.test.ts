// A resident's reflection costs the same in a town of a thousand as in a village: the town's list
// of names is not walked at each reflection (the questions, the insights and their news look up
// only the names the memories hold), and what is reflected does not depend on the strangers who
// live elsewhere in town. (A day of town-1000 spent its minds' time growing with the town:
// bench/RESULTS.md, "Reflection that does not grow with the town".)
import { faker } from "@faker-js/faker";
import { describe, expect, it } from "vitest";
import { reflect } from "../../server/agents/reflect.ts";
import { remember, type MindContext } from "../../server/agents/state.ts";
import { at, countingGateway, tinyMind } from "../fixtures/mind-fixtures.ts";

/** A list of names that counts how many of its entries are read. */
function counted(names: string[]): { list: readonly string[]; reads: () => number } {
  let reads = 0;
  const list = new Proxy(names, {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { list, reads: () => reads };
}

/** Two reflections of one resident in a town of `strangers` more people: the names the second
 *  read, and the insights both made. */
async function secondReflection(strangers: number): Promise<{ reads: number; insights: string[] }> {
  const mind = tinyMind(countingGateway());
  const ctx = mind.context();
  const ann = mind.agent("ann")!;
  faker.seed(11);
  const town = counted([
    ...ctx.people(),
    "Dora Quill",
    // (Strangers: none shares a first name with those the memories name.)
    ...Array.from(
      { length: strangers },
      () => `${faker.person.firstName()} ${faker.person.lastName()}`,
    ).filter((p) => !/^(Ann|Bob|Dora) /.test(p)),
  ]);
  (ctx as { people: MindContext["people"] }).people = () => town.list;
  const seenAt = (day: number, k: number, text: string, importance: number) => ({
    type: "observation" as const,
    created: at("09:00", day) + k * 60_000,
    description: text,
    subject: ann.persona.name,
    predicate: "sees",
    object: text,
    importance,
  });
  const day = async (d: number) => {
    const items = [];
    for (let k = 0; k < 20; k++)
      items.push(
        seenAt(
          d,
          k,
          k % 2
            ? `Ann Ash chats with Bob Birch about the orchard ${d}-${k}`
            : `Dora Quill asked Ann Ash to the lantern walk by the river on Friday at 7 pm (${d}-${k})`,
          8,
        ),
      );
    await remember(ctx, ann, items);
    return reflect(ctx, ann, at("18:00", d));
  };
  const first = await day(0);
  const before = town.reads();
  const second = await day(1);
  return {
    reads: town.reads() - before,
    insights: [...first, ...second].map((m) => m.description),
  };
}

describe("a reflection in a bigger town", () => {
  it("reads no more of the town's names, and reflects the same, as in a village", async () => {
    const village = await secondReflection(10);
    const town = await secondReflection(3000);
    expect(village.insights.length).toBeGreaterThan(0);
    expect(village.insights.some((x) => x.includes("Bob Birch") || x.includes("Dora Quill"))).toBe(
      true,
    );
    expect(town.insights).toEqual(village.insights);
    // The town's 3,000 more names are not read each time a resident reflects.
    expect(town.reads).toBeLessThanOrEqual(village.reads + 20);
  });
});
