// Asked what occupies it these days ("What are you working on these days?", "What have you been up
// to lately?"), a resident answers with what its persona says it is currently doing, not "I haven't
// heard anything about that" nor its whole day; a worry is no doing, and what it has told nobody
// stays with its friends.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 7, 11, 0);
const ME = "Ilka Voss";
const RESIDENTS = [ME, "Bruno Voss", "Tess Amory"];

function knowledge(knowsSpeaker: boolean): Knowledge {
  return knowledgeWith({
    persona: {
      name: ME,
      innate: "careful, wry, stubborn",
      learned:
        "Ilka Voss is a surveyor who has mapped every field around Brackwater. She lives with her brother Bruno.",
      currently:
        "Ilka is restoring an old sailing dinghy in her shed before the summer regatta. She worries that Bruno spends too much. She means to enter the regatta under a false name, and has told nobody yet.",
      lifestyle: "Ilka goes to bed at 10 pm and wakes up at 6 am.",
    },
    minute: 11 * 60,
    today: [
      { start: 6 * 60, end: 7 * 60, task: "making coffee", place: "kitchen of Voss house" },
      {
        start: 7 * 60,
        end: 12 * 60,
        task: "surveying the north field",
        place: "Brackwater fields",
      },
    ],
    home: "Voss house",
    places: [{ name: "Voss house", parts: ["kitchen", "shed"], dwelling: true }],
    knowsSpeaker,
    doing: "surveying the north field",
  });
}

const ask = (text: string, friend = false) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge: knowledge(friend) }).text;

describe("what occupies a resident these days", () => {
  it("is what its persona says it is currently doing, in more than one wording", () => {
    for (const q of [
      "What are you working on these days?",
      "What have you been up to lately?",
      "So what are you busy doing these days?",
    ]) {
      const a = ask(q);
      expect(a, q).toMatch(/restoring an old sailing dinghy/);
      expect(a, q).not.toMatch(/haven't heard|I'm not sure|worr/);
    }
  });

  it("asked what worries it these days, says its worry, not its doing", () => {
    const a = ask("What are you worried about these days?");
    expect(a).toMatch(/Bruno/);
    expect(a).not.toMatch(/dinghy/);
  });

  it("keeps what it has told nobody from a stranger, and tells a friend", () => {
    expect(ask("What are you working on these days?")).not.toMatch(/false name/);
    expect(ask("What are you working on these days?", true)).toMatch(/dinghy/);
  });
});
