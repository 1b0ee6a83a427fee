// What a persona's narrator says a resident has not noticed is not the resident's to say (issue
// 29: a sentence no person would say): "I have not noticed that Tam is carving a box for me" was
// said in first person. And "What are you working on?" asks what it is at these days, not its
// trade. An invented weaver, in words of her own.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import { personaFacts, unawareIn } from "../../server/agents/language/facts.ts";

const NOW = Date.UTC(2024, 9, 2, 11, 0);
const ME = "Wenna Pell";
const RESIDENTS = [ME, "Tam Rook", "Odile Pell"];
const persona = {
  name: ME,
  innate: "bright, restless",
  learned:
    "Wenna Pell is a weaver with a loom in the old chapel at Skerry. She lives with her aunt Odile.",
  currently:
    "Wenna is weaving a blue blanket for the winter fair. She does not know that Tam is carving a box for her birthday.",
  lifestyle: "Wenna goes to bed at midnight and wakes up at 8 am.",
};
const ask = (text: string) =>
  answerTo(text, {
    me: ME,
    residents: RESIDENTS,
    now: NOW,
    knowledge: knowledgeOf(persona, { minute: 11 * 60 }),
  }).text;

describe("what it does not know, and what it is working on", () => {
  it("never says what it has not noticed", () => {
    for (const q of [
      "What are you working on?",
      "What have you been up to lately?",
      "Do you know what Tam is making?",
      "Tell me about yourself.",
    ])
      expect(ask(q), q).not.toMatch(/know that Tam|carving a box/);
    expect(unawareIn("He hasn't noticed that the roof leaks.")).toBe(true);
    expect(unawareIn("Tam never noticed the boat was his.")).toBe(true);
    expect(unawareIn("He has not told his sister yet.")).toBe(false);
    expect(personaFacts(persona).facts.some((x) => /carving/.test(x.text))).toBe(false);
  });

  it("answers 'what are you working on?' with what it is at these days", () => {
    const a = ask("What are you working on?");
    expect(a).toMatch(/weaving a blue blanket for the winter fair/);
  });
});
