// Seeing someone weighs as the person matters to the one who sees (the paper's importance is the
// poignancy of the event to the one who perceives it): a friend or a rival more than someone one
// has talked with, and a passer-by one does not know as little as any sight. A resident of a big
// town sees many strangers a day; watching a busy square did not used to be mundane, and brought
// on reflections twice as soon as in a village (bench/RESULTS.md, cost24).
import { faker } from "@faker-js/faker";
import { describe, expect, it } from "vitest";
import { GenerativeMind } from "../../server/agents/generativeMind.ts";
import { flushObservations, perceive } from "../../server/agents/perceive.ts";
import { reflectionDue } from "../../server/agents/reflect.ts";
import type { Persona } from "../../shared/persona.ts";
import { at, countingGateway, mindPersonas, seen, tinyMap } from "../fixtures/mind-fixtures.ts";

/** A mender of bicycles with a friend and a rival named in her persona, and people she does not
 *  know, all living across the square. */
function town(strangers: string[]) {
  const [ann, bob] = mindPersonas();
  const other = (name: string): Persona => ({
    ...bob,
    id: name.toLowerCase().replace(/\W+/g, "-"),
    name,
    learned: `${name} keeps bees on the edge of town.`,
    currently: `${name.split(" ")[0]} is building a new hive.`,
    lifestyle: `${name.split(" ")[0]} goes to bed at 10 pm and wakes up at 6 am.`,
  });
  const wren: Persona = {
    ...ann,
    id: "wren",
    name: "Wren Okafor",
    learned:
      "Wren Okafor mends bicycles in a shed behind the plaza. She is good friends with Piet Lund. She does not get along with Cass Yarrow.",
    currently: "Wren is restoring an old tandem.",
    lifestyle: "Wren goes to bed at 11 pm and wakes up at 7 am.",
  };
  const mind = new GenerativeMind({
    gateway: countingGateway(),
    personas: [wren, other("Piet Lund"), other("Cass Yarrow"), ...strangers.map(other)],
    addresses: tinyMap().addresses(),
  });
  return { mind, ctx: mind.context(), wren: mind.agent("wren")! };
}

describe("the importance of seeing someone", () => {
  it("weighs a friend or a rival seen more than someone talked with, and a stranger as any sight", async () => {
    const { ctx, wren } = town(["Dov Mertz", "Ola Brink"]);
    const now = at("10:00");
    // Wren has talked with Dov once (as a talk's end notes it).
    wren.lastChat.set("dov-mertz", { ended: now - 3_600_000, topic: "a squeaky chain" });
    perceive(
      ctx,
      wren,
      [
        seen("Piet Lund", "fixing a puncture"),
        seen("Cass Yarrow", "painting a sign"),
        seen("Dov Mertz", "reading a paper"),
        seen("Ola Brink", "eating an apple"),
        {
          ...seen("Tiny:Square:plaza:fountain", "splashing"),
          description: "fountain is splashing",
        },
      ],
      now,
    );
    await flushObservations(ctx, wren);
    const weight = new Map(wren.memory.latest(10).map((m) => [m.description, m.importance]));
    const friend = weight.get("Piet Lund is fixing a puncture")!;
    const rival = weight.get("Cass Yarrow is painting a sign")!;
    const talkedWith = weight.get("Dov Mertz is reading a paper")!;
    const stranger = weight.get("Ola Brink is eating an apple")!;
    expect(rival).toBe(friend);
    expect(friend).toBeGreaterThan(talkedWith);
    expect(talkedWith).toBeGreaterThan(stranger);
    expect(stranger).toBe(weight.get("fountain is splashing"));
  });

  it("does not bring on a reflection for a crowd of strangers passing", async () => {
    faker.seed(23);
    const crowd = [
      ...new Set(
        Array.from({ length: 60 }, () => `${faker.person.firstName()} ${faker.person.lastName()}`),
      ),
    ]
      .filter((p) => !/^(Wren|Piet|Cass) /.test(p))
      .slice(0, 40);
    const { ctx, wren } = town(crowd);
    // Through a market day, eight at a time (as many as one takes in at a look).
    for (let k = 0; k < crowd.length; k += 8)
      perceive(
        ctx,
        wren,
        crowd.slice(k, k + 8).map((name) => seen(name, "crossing the square")),
        at("12:00") + k * 60_000,
      );
    await flushObservations(ctx, wren);
    expect(wren.memory.latest(100).filter((m) => m.type === "observation")).toHaveLength(40);
    expect(reflectionDue(ctx, wren, at("14:00"))).toBe(false);
  });
});
