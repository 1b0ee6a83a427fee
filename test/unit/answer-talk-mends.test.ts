// What a visitor notices in a talk with an invented resident (issue 29, session 22): asked what it
// hopes for, a resident speaks of its wish or aim (a race it entered is one it hopes to win), not
// of what it does next; a person is named in full once in an answer, then by first name; a word
// of kinship in its persona ("her brother Ansel") is no person's name; asked of its evening, the
// evening comes first and news it heard after; what is ahead is read from the verb's tense and the
// times said (in the evening, "what did you do today?" is the day, not the evening ahead).
import { answerTo, conversation, knowledgeOf } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import type { PersonaText } from "../../server/agents/language/facts.ts";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";
import { fullNameOnce } from "../../server/agents/language/person.ts";
import { understand } from "../../server/agents/language/understand.ts";

const DAY1 = Date.UTC(2024, 1, 13, 14, 0);
const DAY2 = Date.UTC(2024, 1, 14, 14, 0);

const knowledge = (persona: PersonaText, over: Partial<Knowledge> = {}): Knowledge =>
  knowledgeOf(persona, {
    minute: 14 * 60,
    today: [
      { start: 5 * 60, end: 12 * 60, task: "baking bread", place: "Lind bakery" },
      { start: 15 * 60, end: 17 * 60, task: "handing out leaflets", place: "Quay Street" },
      { start: 18 * 60, end: 20 * 60, task: "eating dinner with Olof", place: "Lind house" },
      { start: 20 * 60, end: 22 * 60, task: "reading by the stove", place: "Lind house" },
    ],
    home: "Lind house",
    doing: "resting",
    ...over,
  });

describe("asked what it hopes for", () => {
  const marta = {
    name: "Marta Lind",
    innate: "brisk, warm",
    learned: "Marta Lind runs the bakery on Quay Street. She is married to Olof, a boat builder.",
    currently: "Marta is running for mayor against Tove Berg in the election next month.",
    lifestyle: "Marta wakes at 4 am and bakes until noon.",
  };
  const pim = {
    name: "Pim Aalders",
    innate: "shy, patient",
    learned: "Pim Aalders mends nets at the harbour. He lives alone above the chandlery.",
    currently: "Pim is training for the rowing race across the bay on Saturday.",
    lifestyle: "Pim rows every morning before work.",
  };
  const residents = ["Marta Lind", "Olof Lind", "Tove Berg", "Pim Aalders"];
  const ask = (persona: PersonaText, q: string) =>
    answerTo(q, { me: persona.name, residents, now: DAY1, knowledge: knowledge(persona) }).text;
  const QUESTIONS = [
    "What are you hoping for these days?",
    "What do you wish for?",
    "What would you love to happen?",
    "What do you hope for?",
  ];

  it("speaks of the contest it entered as what it hopes to win, not of what it does next", () => {
    for (const q of QUESTIONS) {
      const a = ask(marta, q);
      expect(a, q).toMatch(/hope to win/);
      expect(a, q).toMatch(/election/);
      expect(a, q).not.toMatch(/leaflets|later today/i);
      const b = ask(pim, q);
      expect(b, q).toMatch(/hope to win/);
      expect(b, q).toMatch(/rowing race/);
    }
  });

  it("with no wish of its own, says so, not its next doing", () => {
    const hal = {
      name: "Hal Ostrom",
      innate: "quiet",
      learned: "Hal Ostrom keeps the ferry office.",
      currently: "Hal is sorting old timetables.",
      lifestyle: "Hal walks his dog at dusk.",
    };
    for (const q of QUESTIONS) {
      const a = answerTo(q, {
        me: hal.name,
        residents: [...residents, hal.name],
        now: DAY1,
        knowledge: knowledge(hal),
      }).text;
      expect(a, q).not.toMatch(/later today|leaflets|dinner/i);
      expect(a, q).not.toMatch(/haven't heard/);
    }
  });
});

describe("a word of kinship in its persona is no name", () => {
  const lena = {
    name: "Lena Moss",
    innate: "calm",
    learned:
      "Lena Moss keeps the lighthouse at Gull Point. She shares her cottage with her younger brother Ansel.",
    currently: "Lena is repainting the lamp room.",
    lifestyle: "Lena wakes at 6 am.",
  };
  it("names the brother by his name, never 'brother' as if it were one", () => {
    for (const q of [
      "Is there anyone you don't get along with?",
      "Is there anyone you don't get on with?",
    ]) {
      const a = answerTo(q, {
        me: lena.name,
        residents: [lena.name, "Tove Berg"],
        now: DAY1,
        knowledge: knowledge(lena, { today: [], home: "Moss cottage" }),
      }).text;
      expect(a, q).not.toMatch(/\bbrother most/i);
      expect(a, q).toMatch(/Ansel/);
    }
  });
});

describe("asked of its brothers and sisters", () => {
  const ask = (persona: PersonaText, q: string) =>
    answerTo(q, {
      me: persona.name,
      residents: [persona.name, "Tove Berg"],
      now: DAY1,
      knowledge: knowledge(persona, { today: [], home: "Moss cottage" }),
    }).text;
  const lena = {
    name: "Lena Moss",
    innate: "calm",
    learned:
      "Lena Moss keeps the lighthouse at Gull Point. She is married to Piet, a fisherman; her brother Ansel lives with them.",
    currently: "Lena is repainting the lamp room.",
    lifestyle: "Lena wakes at 6 am.",
  };
  const piet = {
    name: "Piet Moss",
    innate: "quiet",
    learned:
      "Piet Moss fishes the bay. He is married to Lena, the lighthouse keeper; her brother Ansel lives with them.",
    currently: "Piet is mending his nets.",
    lifestyle: "Piet wakes at 5 am.",
  };
  it("a brother is a sibling, said in a sentence of its own", () => {
    for (const q of [
      "Do you have any siblings?",
      "Have you got a brother?",
      "Do you have a brother?",
    ]) {
      const a = ask(lena, q);
      expect(a, q).toMatch(/^Yes\. My brother Ansel lives with/);
      expect(a, q).not.toMatch(/\bI a\b|\bI which\b/);
    }
  });
  it("another's brother its persona names is not its own", () => {
    for (const q of ["Do you have a brother?", "Have you got any siblings?"]) {
      const a = ask(piet, q);
      expect(a, q).toMatch(/^No/);
      expect(a, q).not.toMatch(/\bI a\b|\bI the\b/);
    }
  });
});

describe("asked of its evening on a day it heard news", () => {
  const marta = {
    name: "Marta Lind",
    innate: "brisk, warm",
    learned: "Marta Lind runs the bakery on Quay Street. She is married to Olof, a boat builder.",
    currently: "Marta is baking for the harbour fair.",
    lifestyle: "Marta wakes at 4 am and bakes until noon.",
  };
  const quiz = {
    id: "Tove Berg@1",
    who: "Tove Berg",
    text: "Tove Berg is holding a quiz night at the Anchor Inn on February 14 at 6 pm",
    where: "Anchor Inn",
    when: Date.UTC(2024, 1, 14, 18, 0),
    event: "quiz night",
    source: "Tove Berg",
    told: { by: "Olof Lind", to: "Marta Lind" },
  };
  const memories: MemoryLine[] = [
    {
      text: "Marta Lind heard from Olof Lind that Tove Berg is holding a quiz night at the Anchor Inn on February 14 at 6 pm.",
      created: Date.UTC(2024, 1, 14, 9, 0),
      importance: 6,
      kind: "memo",
      facts: [quiz],
    },
  ];
  it("opens with its evening's plan; what it heard may follow", () => {
    for (const q of [
      "What are you planning to do this evening?",
      "What are you doing tonight?",
      "Any plans for this evening?",
    ]) {
      const say = conversation({
        me: marta.name,
        residents: ["Marta Lind", "Olof Lind", "Tove Berg"],
        now: DAY2,
        knowledge: knowledge(marta),
        memories,
      });
      const a = say(q);
      expect(a, q).toMatch(/^(This evening|Tonight)?,? ?I'll be eating dinner with Olof/);
    }
  });
});

describe("a person named in full once in an answer, then by first name", () => {
  const marta = {
    name: "Marta Lind",
    innate: "brisk",
    learned: "Marta Lind runs the bakery on Quay Street.",
    currently: "Marta is baking for the harbour fair.",
    lifestyle: "Marta wakes at 4 am.",
  };
  const day = [
    { start: 5 * 60, end: 9 * 60, task: "baking bread with Olof", place: "Lind bakery" },
    { start: 12 * 60, end: 15 * 60, task: "playing chess with Tove Berg", place: "Anchor Inn" },
    { start: 15 * 60, end: 18 * 60, task: "mending the oven with Olof Lind", place: "Lind bakery" },
    { start: 18 * 60, end: 21 * 60, task: "eating dinner with Olof", place: "Lind house" },
  ];
  it("recites its day without naming Olof again in full after his first name", () => {
    for (const q of ["How has your day been so far?", "How was your day?"]) {
      const a = answerTo(q, {
        me: marta.name,
        residents: ["Marta Lind", "Olof Lind", "Tove Berg"],
        now: Date.UTC(2024, 1, 13, 19, 0),
        knowledge: knowledge(marta, { today: day, minute: 19 * 60 }),
      }).text;
      expect(a, q).toMatch(/with Olof\b/);
      expect(a, q).not.toMatch(/Olof Lind/);
      // (Named once, in full: Tove.)
      expect(a, q).toMatch(/Tove Berg/);
    }
  });

  it("keeps two people who share a first name apart", () => {
    const text = "I saw Grace Okafor at the market and Grace Lee at the pond; Grace Lee waved.";
    expect(fullNameOnce(text, ["Grace Okafor", "Grace Lee"])).toBe(text);
    expect(
      fullNameOnce(
        "I had tea with Henrik, then walked with Henrik Lindqvist by Lindqvist cottage.",
        ["Henrik Lindqvist"],
      ),
    ).toBe("I had tea with Henrik, then walked with Henrik by Lindqvist cottage.");
  });
});

describe("what is ahead read from the tense and times said, not a list of words", () => {
  const ctx = (h: number) => ({
    now: Date.UTC(2024, 1, 13, h, 0),
    residents: ["Marta Lind"],
    listener: "Marta Lind",
    speaker: "Nora Vale",
  });
  it("reads the future from the verb, a word of a time to come, or a time still ahead", () => {
    for (const q of [
      "What'll you do after this?",
      "What are you gonna do?",
      "What's upcoming for you?",
      "What are you doing soon?",
      "What are you doing this weekend?",
      "Any plans?",
      "What are you up to tonight?",
    ])
      expect(understand(q, ctx(14)).tense, q).toBe("future");
    for (const q of ["What would you do?", "How are you?", "What did you do this morning?"])
      expect(understand(q, ctx(14)).tense, q).not.toBe("future");
  });

  it("asked in the evening what it did today, tells its day, not its evening ahead", () => {
    const marta = {
      name: "Marta Lind",
      innate: "brisk",
      learned: "Marta Lind runs the bakery on Quay Street.",
      currently: "Marta is baking for the harbour fair.",
      lifestyle: "Marta wakes at 4 am.",
    };
    for (const q of ["What have you done today?", "What did you do today?"]) {
      expect(understand(q, ctx(19)).span, q).toBe("today");
      const a = answerTo(q, {
        me: marta.name,
        residents: ["Marta Lind", "Olof Lind"],
        now: Date.UTC(2024, 1, 13, 19, 0),
        knowledge: knowledge(marta, { minute: 19 * 60 }),
      }).text;
      expect(a, q).toMatch(/baking bread/);
      expect(a, q).not.toMatch(/^This evening I'll be/);
    }
  });
});
