// Finding the people a memory names through the index of first words (language/names.ts) gives
// the same people as testing every name of the town, in the same order, for a town of a
// thousand (the work a day of such a town spent most of its time on: bench/RESULTS.md).
import { faker } from "@faker-js/faker";
import { describe, expect, it } from "vitest";
import { namesPerson } from "../../server/agents/language/importance.ts";
import { nameCandidates, namesKey } from "../../server/agents/language/names.ts";

faker.seed(7);
const people = [
  ...new Set(
    Array.from({ length: 1000 }, () => `${faker.person.firstName()} ${faker.person.lastName()}`),
  ),
  "J.R. Ewing",
];

/** The test every name was put to before: the full name anywhere, or the first name as a word. */
const names = (text: string, p: string) =>
  text.includes(p) || new RegExp(`\\b${p.split(" ")[0]}\\b`).test(text);

const texts = [
  ...Array.from({ length: 200 }, (_, i) => {
    const a = people[(i * 37) % people.length];
    const b = people[(i * 101 + 5) % people.length];
    return [
      `${a} is talking with ${b.split(" ")[0]} about the harvest festival`,
      `${b.split(" ")[0]}'s shop is closed; ${a.split(" ")[1]} said so`,
      `Also ${a.slice(1)} came by`,
      `nobody in particular is idle`,
    ][i % 4];
  }),
  "JXR. was here",
  "",
];

describe("the people a text names, through the index", () => {
  it("are exactly those testing every name finds, in the list's order", () => {
    // The whole town, and a list without some of it (names met in other lists are not in it).
    for (const list of [people, people.filter((_, i) => i % 3 !== 0)])
      for (const text of texts) {
        const all = list.filter((p) => names(text, p));
        const indexed = nameCandidates(text, list)
          .map((i) => list[i])
          .filter((p) => names(text, p));
        expect(indexed, text).toEqual(all);
      }
    // A name whose first word reads as a pattern ("J.R." matches "JXR.") is never missed.
    expect(nameCandidates("JXR. was here", people).map((i) => people[i])).toContain("J.R. Ewing");
  });

  it("a sentence names a person as before", () => {
    expect(namesPerson(`Later ${people[3].split(" ")[0]} waved`, people)).toBe(true);
    expect(namesPerson("the kettle is boiling", people.slice(0, 50))).toBe(false);
  });

  it("lists with the same names share a key; another list has another", () => {
    expect(namesKey([...people])).toBe(namesKey([...people]));
    expect(namesKey(people.slice(1))).not.toBe(namesKey(people));
  });
});
