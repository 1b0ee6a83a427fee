// Asked how its work is going ("How's business?", "How's the bakery doing?"), a resident says so in
// a line, from what it is doing now, not who it is and its whole day; asked when it closes or
// finishes, the end of its working day; asked of its childhood or its earliest memory in any
// tense, of its early life, honestly when its backstory tells none, never its day ahead.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 7, 14, 0);
const ME = "Wenna Pask";
const RESIDENTS = [ME, "Orrin Pask", "Tess Amory"];

function knowledge(minute = 14 * 60): Knowledge {
  return knowledgeWith({
    persona: {
      name: ME,
      innate: "brisk, warm, proud",
      learned:
        "Wenna Pask runs the Saltmarsh Bakery on the quay, which she took over from her aunt ten years ago. She lives with her husband Orrin.",
      currently: "Wenna is trying a new rye loaf for the harvest fair.",
      lifestyle: "Wenna goes to bed at 9 pm and wakes up at 4 am.",
    },
    minute,
    today: [
      { start: 4 * 60, end: 5 * 60, task: "making tea", place: "kitchen of Pask cottage" },
      { start: 5 * 60, end: 13 * 60, task: "baking loaves", place: "Saltmarsh Bakery" },
      { start: 13 * 60, end: 17 * 60, task: "serving customers", place: "Saltmarsh Bakery" },
      { start: 17 * 60, end: 21 * 60, task: "mending nets", place: "Pask cottage" },
    ],
    home: "Pask cottage",
    places: [
      { name: "Pask cottage", parts: ["kitchen"], dwelling: true },
      { name: "Saltmarsh Bakery", parts: ["counter"] },
    ],
    doing: "serving customers",
  });
}

const ask = (text: string) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge: knowledge() }).text;

describe("how its work is going", () => {
  it("is a short line of what it is busy with now, in other words too", () => {
    for (const q of ["How's business?", "How's work going?", "How's the bakery doing?"]) {
      const a = ask(q);
      expect(a, q).toMatch(/serving customers/);
      expect(a, q).not.toMatch(/runs the Saltmarsh|took over|mending nets|baking loaves/);
    }
  });
});

describe("when its work ends", () => {
  it("is the end of its working day, by the verb asked, when no habit names it", () => {
    expect(ask("When do you close?")).toMatch(/close at 5 pm/);
    expect(ask("What time do you finish?")).toMatch(/finish at 5 pm/);
    expect(ask("When do you close?")).not.toMatch(/rye|fair|nets/);
  });
});

describe("its childhood and earliest memory", () => {
  it("is honest when its backstory tells nothing of it, never its day", () => {
    for (const q of [
      "What's your earliest memory?",
      "What is your first memory?",
      "What do you remember from childhood?",
    ]) {
      const a = ask(q);
      expect(a, q).toMatch(/remember/i);
      expect(a, q).not.toMatch(/serving|mending|later today|baking/i);
    }
  });
});
