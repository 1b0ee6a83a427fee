// Asked how its work is going ("How's business?", "How's the bakery doing?"), a resident says so in
// a line, from what it is doing now, not who it is and its whole day; asked when it closes or
// finishes, the end of its working day; asked of its childhood or its earliest memory in any
// tense, of its early life, honestly when its backstory tells none, never its day ahead; asked
// what it ate this morning, the food of its morning or its habit on that meal; asked of the
// weather, which the town keeps none of, that it has hardly noticed.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 7, 14, 0);
const ME = "Wenna Pask";
const RESIDENTS = [ME, "Orrin Pask", "Tess Amory"];

function knowledge(
  lifestyle = "Wenna goes to bed at 9 pm, wakes up at 4 am, and skips breakfast.",
  morning: Knowledge["today"] = [],
): Knowledge {
  return knowledgeWith({
    persona: {
      name: ME,
      innate: "brisk, warm, proud",
      learned:
        "Wenna Pask runs the Saltmarsh Bakery on the quay, which she took over from her aunt ten years ago. She lives with her husband Orrin.",
      currently: "Wenna is trying a new rye loaf for the harvest fair.",
      lifestyle,
    },
    minute: 14 * 60,
    today: [
      ...morning,
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

const ask = (text: string, k = knowledge()) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge: k }).text;

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

describe("what it ate this morning", () => {
  it("is its habit on the morning's meal, when its day holds none", () => {
    for (const q of ["What did you eat this morning?", "What did you have for breakfast?"]) {
      const a = ask(q);
      expect(a, q).toMatch(/^I skip breakfast\.$/);
    }
    // (Never a yes that the habit denies: "Yes. I skip breakfast.")
    expect(ask("Did you have breakfast?")).toBe("I skip breakfast.");
  });

  it("is the food of its morning, when its day holds it", () => {
    const k = knowledge("Wenna wakes up at 4 am.", [
      { start: 4 * 60, end: 5 * 60, task: "eating porridge", place: "kitchen of Pask cottage" },
    ]);
    expect(ask("What did you eat this morning?", k)).toMatch(/ate porridge/);
    expect(ask("Did you have breakfast?", k)).toMatch(/^Yes, I ate porridge/);
  });
});

describe("the weather, which the town keeps none of", () => {
  it("is honestly hardly noticed, with where its day went, not its day recited", () => {
    for (const q of [
      "What did you think of the weather today?",
      "How's the weather?",
      "What did you think of the rain this morning?",
    ]) {
      const a = ask(q);
      expect(a, q).toMatch(/hardly noticed/);
      expect(a, q).not.toMatch(/So far today|skip|mending nets/);
    }
  });
});
