// Asked whether there is someone or something it knows none of, a resident says so in its own
// person and in grammar: "anybody YOU can't stand" is "anybody I can't stand", "someone" in the
// negative is "anyone", and an indefinite pronoun takes no second determiner ("any anybody").
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);
const smith = knowledgeWith({
  persona: {
    name: "Tamsin Roe",
    innate: "blunt, kind",
    learned: "Tamsin Roe is the blacksmith of Ashford. She lives alone above her forge.",
    currently: "Tamsin is forging a new gate for the churchyard.",
    lifestyle: "Tamsin goes to bed at 10 pm and wakes up at 5 am.",
  },
  minute: 14 * 60,
  today: [{ start: 6 * 60, end: 18 * 60, task: "forging nails", place: "Roe forge" }],
  home: "Roe forge",
  places: [{ name: "Roe forge", parts: ["anvil"], dwelling: true }],
  doing: "forging nails",
});
const ask = (q: string) =>
  answerTo(q, {
    me: "Tamsin Roe",
    residents: ["Tamsin Roe", "Ned Hale"],
    now: NOW,
    knowledge: smith,
  }).text;

describe("asked whether there is someone or something it knows none of", () => {
  it("answers in its own person, with one determiner", () => {
    for (const [q, said] of [
      ["Is there anybody you can't stand?", /anybody I can't stand/],
      ["Is there anyone you dislike here?", /anyone I dislike/],
      ["Is there someone you avoid?", /anyone I avoid/],
      ["Is there anything you are afraid of in town?", /anything I'm afraid of/],
    ] as const) {
      const a = ask(q);
      expect(a, q).toMatch(said);
      expect(a, q).not.toMatch(/\bany any|\byou\b/);
    }
    expect(ask("Is there a dentist in town?")).toMatch(/no dentist/);
  });
});
