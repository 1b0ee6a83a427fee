// Whether a line speaks of someone (language/names.ts speaksOf) is asked of every memory a
// resident might tell in every line of a talk, with the town's people to tell a title from
// someone else's first name ("Mayor Pike" is Walter Pike; "Helen Pike" is Helen). In a town of
// a thousand the whole list was read for each question: 10 % of a game hour of talk
// (bench/RESULTS.md, session 27). Now it is read once per list, and the answers are the same.
import { describe, expect, it } from "vitest";
import { speaksOf } from "../../server/agents/language/names.ts";

const FIRST = ["Orla", "Bastien", "Quilla", "Teodor", "Mirela", "Yannick", "Suvi", "Ilka"];
const FAMILY = ["Varga", "Lindqvist", "Ocampo", "Brannagh", "Kessel", "Duarte", "Pike"];

/** A thousand invented residents (first and family names repeat, as in a big town). */
const town = Array.from(
  { length: 1000 },
  (_, i) => `${FIRST[i % FIRST.length]}${i >= FIRST.length ? i : ""} ${FAMILY[i % FAMILY.length]}`,
);
town.push("Walter Pike", "Helen Pike");

/** The list as the minds hand it, counting how many of its names are read. */
function counted(list: readonly string[]): { people: readonly string[]; reads: () => number } {
  let reads = 0;
  const people = new Proxy(list as string[], {
    get(target, key, receiver) {
      if (typeof key === "string" && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  return { people, reads: () => reads };
}

describe("speaksOf in a town of a thousand", () => {
  it("tells a title with the family name from another person's first name", () => {
    expect(speaksOf("Mayor Pike wants the square swept", "Walter Pike", town)).toBe(true);
    expect(speaksOf("Helen Pike is baking bread", "Walter Pike", town)).toBe(false);
    expect(speaksOf("Walter is baking bread", "Walter Pike", town)).toBe(true);
    expect(speaksOf("Professor Kessel lost her umbrella", "Suvi4 Kessel", town)).toBe(true);
    expect(speaksOf("Orla Kessel lost her umbrella", "Suvi4 Kessel", town)).toBe(false);
    expect(speaksOf("The pond froze over", "Walter Pike", town)).toBe(false);
  });

  it("reads the town's list at most once for a whole talk's questions", () => {
    const { people, reads } = counted(town);
    const lines = [
      "Helen Pike said the bakery opens late",
      "Mayor Pike wants the square swept",
      "Ilka15 Varga is painting the fence",
      "the pond froze over",
    ];
    for (let i = 0; i < 400; i++)
      speaksOf(lines[i % lines.length], town[(i * 13) % town.length], people);
    // (Before: every question whose line did not hold the first name read the list whole:
    // 400,800 names read here.)
    expect(reads()).toBeLessThanOrEqual(2 * town.length);
  });
});
