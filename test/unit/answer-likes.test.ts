// "What makes you happy?" asked of an invented resident: what it loves doing (what it does by
// choice, and what its backstory says it is), in the first person; never its day's plans or its
// work recited as what pleases it, and a thing named ("about your work", "what music") is still
// that thing's own answer.
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);
const ME = "Marta Quill";
const RESIDENTS = [ME, "Jonas Quill"];

function knowledge(over: Partial<Knowledge> = {}): Knowledge {
  return knowledgeWith({
    persona: {
      name: ME,
      innate: "warm, careful, stubborn",
      learned:
        "Marta Quill mends clocks in her workshop on Bell Street. Marta can tell a blackbird from a thrush by its song alone. She is married to Jonas.",
      currently: "Marta is planning a clock fair for the spring.",
      lifestyle: "Marta opens the workshop at 9 am and goes to bed at 10 pm.",
    },
    minute: 14 * 60,
    today: [
      { start: 9 * 60, end: 12 * 60, task: "mending clocks", place: "bench of Quill Clocks" },
      { start: 12 * 60, end: 13 * 60, task: "eating lunch", place: "Quill house" },
      { start: 13 * 60, end: 15 * 60, task: "watching the birds", place: "pond of Heron Park" },
      { start: 15 * 60, end: 18 * 60, task: "mending clocks", place: "bench of Quill Clocks" },
      { start: 18 * 60, end: 19 * 60, task: "eating dinner", place: "Quill house" },
      { start: 19 * 60, end: 22 * 60, task: "reading by the stove", place: "Quill house" },
    ],
    home: "Quill house",
    places: [
      { name: "Quill house", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Quill Clocks", parts: ["bench"] },
      { name: "Heron Park", parts: ["pond", "meadow"] },
    ],
    doing: "watching the birds",
    ...over,
  });
}

const ask = (text: string, over: Partial<Knowledge> = {}) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge: knowledge(over) }).text;

/** The answer to `q`: what it loves doing, where, and not its plans, its day ahead or its work
 *  as what pleases it. */
function pastime(q: string): string {
  const a = ask(q);
  expect(a, q).toMatch(/^Watching the birds, honestly; I'm often at Heron Park\./);
  expect(a, q).not.toMatch(/Later today|clock fair|mending clocks/);
  return a;
}

describe("what makes a resident happy is what it loves doing", () => {
  it.each([
    "What makes you happy?",
    "What do you enjoy most?",
    "What do you love doing?",
    "What brings you joy?",
  ])("%s is answered with what it does by choice and what it is, in the first person", (q) => {
    const a = pastime(q);
    expect(a, q).toMatch(/I can tell a blackbird from a thrush/);
    expect(a, q).not.toMatch(/Marta/);
  });

  it("with no place of its own choosing, its evenings are what it enjoys", () => {
    const today = knowledge().today.filter((b) => !b.place?.includes("Heron Park"));
    const a = ask("What makes you happy?", { today });
    expect(a).toMatch(/^In the evenings I'm usually reading by the stove/);
    expect(a).not.toMatch(/Later today|mending clocks/);
  });

  it("what its backstory says it loves comes first, said as its own", () => {
    const persona = {
      ...knowledge().persona,
      learned:
        "Marta Quill is the clockmaker of Bell Street, who loves to hear every clock strike at once.",
    };
    for (const q of ["What makes you happy?", "What do you enjoy most?"]) {
      const a = ask(q, { persona });
      expect(a, q).toMatch(/^I love to hear every clock strike at once\. Watching the birds/);
    }
  });

  it("an errand for what it is planning, or a visit, is no pastime", () => {
    const today = [
      ...knowledge().today,
      { start: 22 * 60, end: 23 * 60, task: "visiting Jonas Quill", place: "Heron Park" },
      {
        start: 6 * 60,
        end: 9 * 60,
        task: "buying brass bells for the fair",
        place: "stall of Bell Street Market",
      },
    ].sort((a, b) => a.start - b.start);
    for (const q of ["What makes you happy?", "What do you love doing?"]) {
      const a = ask(q, { today });
      expect(a, q).toMatch(/^Watching the birds, honestly/);
      expect(a, q).not.toMatch(/bells|Jonas/);
    }
  });

  it("a thing named is that thing's own answer, and another feeling is no liking", () => {
    expect(ask("What do you enjoy about your work?")).not.toMatch(/Watching the birds/);
    expect(ask("What makes you sad?")).not.toMatch(/Watching the birds/);
  });
});

describe("what it does for pleasure, asked in other words, is what it loves doing", () => {
  it.each([
    "What's your favourite thing to do here?",
    "What do you do for fun?",
    "How do you spend your free time?",
    "What do you like to do in your spare time?",
    "Any hobbies?",
    "Do you have any hobbies?",
  ])("%s: its fun, its free time, its hobbies, its favourite thing to do are its pastimes", (q) => {
    pastime(q);
  });

  it("the place it likes to go is where it goes by choice, not an errand or its work", () => {
    // (A long errand for the fair at the market: where its day goes most outside work.)
    const today = [
      ...knowledge().today.filter((b) => b.start !== 15 * 60),
      {
        start: 15 * 60,
        end: 18 * 60,
        task: "buying brass bells for the fair",
        place: "stall of Linden Market",
      },
    ].sort((a, b) => a.start - b.start);
    const places = [...knowledge().places, { name: "Linden Market", parts: ["stall"] }];
    for (const q of ["Where do you like to go in town?", "Where do you go to relax?"]) {
      const a = ask(q, { today, places });
      expect(a, q).toMatch(/Heron Park/);
      expect(a, q).not.toMatch(/Linden Market|bells|Quill Clocks|I live at/);
    }
  });

  it("its work is no fun it has, even where its backstory tells of it", () => {
    const persona = {
      ...knowledge().persona,
      learned:
        "Marta Quill mends clocks in her workshop on Bell Street. She repairs the church clock every Sunday. She is married to Jonas.",
    };
    const today = knowledge().today.filter((b) => !b.place?.includes("Heron Park"));
    for (const q of ["What do you do for fun?", "How do you spend your free time?"]) {
      const a = ask(q, { persona, today });
      expect(a, q).toMatch(/^In the evenings I'm usually reading by the stove/);
      expect(a, q).not.toMatch(/repair|church clock|mending|bed at|9 am/);
    }
  });
});
