// Questions about the resident itself and the town's places it knows, through the offline engine
// (understand → answerPeople), of a made-up potter in a made-up harbour town. What a person would
// notice: "Who are you?" after a remark is who it is; its age is its age; how it feels is not its
// day recited; its closest friends are the friend its persona names; where it likes to go is a
// place of its free time, not its work; a place to visit, to relax or to sit and read is one its
// own days take it to for that, not "I'm not sure".
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 1, 13, 15, 0);
const ME = "Maren Sol";
const persona = {
  name: ME,
  age: 52,
  innate: "patient, dry, generous",
  learned:
    "Maren Sol runs Sol Pottery on Kiln Street, where she throws bowls for the whole town. Her best friend is Otto Lind, the ferryman.",
  currently: "Maren is glazing a set of plates for the harbour festival.",
  lifestyle: "Maren goes to bed at 10 pm and wakes up at 6 am.",
};
const RESIDENTS = [ME, "Otto Lind", "Pia Berg"];

function knowledge(over: Partial<Knowledge> = {}): Knowledge {
  return knowledgeWith({
    persona,
    minute: 15 * 60,
    today: [
      { start: 6 * 60, end: 7 * 60, task: "making coffee", place: "kitchen of Sol cottage" },
      { start: 7 * 60, end: 12 * 60, task: "throwing bowls", place: "workshop of Sol Pottery" },
      {
        start: 12 * 60,
        end: 13 * 60,
        task: "resting on a bench by the water",
        place: "lawn of Harbour Green",
      },
      { start: 13 * 60, end: 17 * 60, task: "glazing plates", place: "workshop of Sol Pottery" },
      {
        start: 17 * 60,
        end: 18 * 60 + 30,
        task: "studying old glaze recipes",
        place: "reading room of Kiln Street library",
      },
      { start: 19 * 60, end: 22 * 60, task: "knitting", place: "Sol cottage" },
    ],
    home: "Sol cottage",
    places: [
      { name: "Sol cottage", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Sol Pottery", parts: ["workshop"], things: ["kiln", "wheel"] },
      { name: "workshop of Sol Pottery", parts: [], things: ["kiln", "wheel"] },
      {
        name: "Harbour Green",
        parts: ["lawn"],
        things: ["bench"],
        uses: ["eating lunch on the lawn", "having lunch with Pia"],
      },
      {
        name: "lawn of Harbour Green",
        parts: [],
        things: ["bench"],
        uses: ["eating lunch on the lawn", "having lunch with Pia"],
      },
      { name: "Kiln Street library", parts: ["reading room"], things: ["armchair"] },
      { name: "reading room of Kiln Street library", parts: [], things: ["armchair"] },
    ],
    doing: "glazing plates",
    ...over,
  });
}

function say(text: string, said: string[] = [], over: Partial<Knowledge> = {}, now = NOW): string {
  return answerTo(text, { me: ME, residents: RESIDENTS, now, knowledge: knowledge(over), said })
    .text;
}

describe("questions about the resident itself", () => {
  it("says who it is when asked after a remark, not whom it spends its evenings with", () => {
    for (const q of [
      "I don't think we've met. Who are you?",
      "Sorry, I've forgotten your name. Who are you again?",
    ])
      expect(say(q)).toMatch(/^I'm Maren Sol\. I run Sol Pottery/);
  });

  it("tells its age from its persona", () => {
    for (const q of ["How old are you?", "What's your age?", "May I ask how old you are?"])
      expect(say(q)).toBe("I'm 52.");
    // (Not of a thing of its own.)
    expect(say("How old is your kiln?")).not.toBe("I'm 52.");
  });

  it("says how it feels, not what its day held", () => {
    for (const q of ["How are you feeling today?", "How have you been feeling lately?"]) {
      const a = say(q);
      expect(a).toMatch(/^I'm well/);
      expect(a).not.toMatch(/So far today|This morning/);
    }
  });

  it("asked how it is again in a talk, is still well, not at a loss", () => {
    for (const [first, again] of [
      ["How are you feeling today?", "How are you?"],
      ["How are you?", "How do you feel?"],
    ]) {
      const before = say(first);
      expect(say(again, [before])).toMatch(/^Still well, thanks/);
    }
  });

  it("says how it feels in the evening too, not its evening's plan", () => {
    for (const q of ["How are you feeling today?", "How are you feeling this evening?"])
      expect(
        say(
          q,
          [],
          {
            minute: 19 * 60 + 30,
            today: [
              { start: 19 * 60, end: 20 * 60, task: "knitting", place: "Sol cottage" },
              { start: 20 * 60, end: 22 * 60, task: "reading", place: "Sol cottage" },
            ],
          },
          Date.UTC(2024, 1, 13, 19, 30),
        ),
      ).toMatch(/^I'm well/);
  });

  it("names those it talks with most as its friends when its persona names none, not a doing 'with friends'", () => {
    const over: Partial<Knowledge> = {
      persona: { ...persona, learned: "Maren Sol runs Sol Pottery on Kiln Street." },
      today: [
        {
          start: 12 * 60,
          end: 13 * 60,
          task: "sitting by the water with friends",
          place: "lawn of Harbour Green",
        },
      ],
      people: [
        { name: "Pia Berg", relationship: "", talks: 5 },
        { name: "Otto Lind", relationship: "", talks: 2 },
      ],
    };
    for (const q of ["Who are your closest friends in town?", "Who are your good friends here?"])
      expect(say(q, [], over)).toMatch(/Pia/);
  });

  it("names the friend its persona names as its closest", () => {
    for (const q of ["Who are your closest friends in town?", "Who are your dearest friends?"]) {
      expect(say(q)).toMatch(/Otto Lind/);
    }
  });

  it("likes to go where its free time takes it, not to its work", () => {
    for (const q of ["Where do you like to go in town?", "Where do you enjoy going around here?"]) {
      const a = say(q);
      expect(a).toMatch(/Harbour Green/);
      expect(a).not.toMatch(/Pottery/);
    }
  });
});

describe("places from its own days", () => {
  it("recommends a place to visit: where it goes itself", () => {
    for (const q of [
      "Can you recommend a place to visit?",
      "Could you recommend somewhere to visit?",
    ])
      expect(say(q)).toMatch(/Harbour Green/);
  });

  it("sends someone to relax where it rests itself", () => {
    for (const q of [
      "Where do people go to relax around here?",
      "Is there somewhere quiet to rest?",
    ])
      expect(say(q)).toMatch(/Harbour Green/);
  });

  it("reads a place's name as a place in any of its senses: a green is a park", () => {
    for (const q of ["Is there a park nearby?", "Where's the nearest park?"])
      expect(say(q)).toMatch(/Harbour Green/);
  });

  it("sends someone to sit and read where it studies", () => {
    for (const q of [
      "Is there a nice place to sit and read?",
      "Is there a quiet spot to sit and read?",
    ])
      expect(say(q)).toMatch(/Kiln Street library/);
  });
});
