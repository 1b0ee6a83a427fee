// "What are you hoping for?" asked of an invented resident whose status names a plan that a memory
// of its own also holds (the plan noted when it planned its day): the plan is told once, not once
// from each in two wordings; and a sentence of the persona that leans on the plan ("... bring his
// accordion to it") is never said where "it" stands for nothing.
import { answerTo, conversation, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);
const ME = "Tove Berg";
const RESIDENTS = [ME, "Olof Berg", "Marta Lind"];

const knowledge = knowledgeWith({
  persona: {
    name: ME,
    innate: "cheerful, busy, loud",
    learned: "Tove Berg keeps the Anchor Inn by the harbour. She is married to Olof, a fisherman.",
    currently:
      "Tove is planning a quiz night at the Anchor Inn tomorrow evening, from 6 to 9 pm, and is asking every regular to bring a team. She wants Olof to bring his accordion to it.",
    lifestyle: "Tove opens the inn at noon and closes it at midnight.",
  },
  minute: 14 * 60,
  today: [
    { start: 12 * 60, end: 18 * 60, task: "serving drinks", place: "bar of Anchor Inn" },
    { start: 18 * 60, end: 24 * 60, task: "serving dinner", place: "bar of Anchor Inn" },
  ],
  home: "Berg house",
  places: [
    { name: "Berg house", parts: ["kitchen"], dwelling: true },
    { name: "Anchor Inn", parts: ["bar"] },
  ],
  doing: "serving drinks",
});

// Its plan as its own memory keeps it: the day absolute, the hour it starts.
const planText =
  "Tove Berg is planning a quiz night at the Anchor Inn on February 14 at 6 pm, and is asking every regular to bring a team";
const memories: MemoryLine[] = [
  {
    text: `${planText}.`,
    created: NOW - 3_600_000,
    importance: 6,
    kind: "plan",
    facts: [
      {
        id: `${ME}@1:quiz`,
        who: ME,
        text: planText,
        where: "Anchor Inn",
        when: Date.UTC(2024, 1, 14, 18, 0),
        event: "quiz night",
        source: ME,
      },
    ],
  },
];

const ask = (text: string, said: string[] = []) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge, memories, said }).text;
const times = (text: string, what: RegExp) => text.match(new RegExp(what, "g"))?.length ?? 0;

describe("a resident's hopes tell its plan once, and every pronoun stands for something", () => {
  it("tells the plan its persona and its memory both hold once, with what it hopes of it", () => {
    for (const q of [
      "What are you hoping for?",
      "What do you wish for?",
      "Is there something you're looking forward to?",
    ]) {
      const a = ask(q);
      expect(times(a, /quiz night/), `${q} → ${a}`).toBe(1);
      expect(a, q).toMatch(/^I'm planning a quiz night at the Anchor Inn tomorrow at 6 pm/);
      // (Said right after the plan, "it" is the quiz night.)
      expect(a, q).toMatch(/team\. I want Olof to bring his accordion to it\.$/);
    }
  });

  it("once the plan was told, what it hopes of it names it instead of saying 'it'", () => {
    const said = [
      "I'm planning a quiz night at the Anchor Inn tomorrow at 6 pm, and am asking every regular to bring a team.",
    ];
    for (const q of ["What are you hoping for?", "What do you dream of doing?"]) {
      const a = ask(q, said);
      expect(a, q).toBe("I want Olof to bring his accordion to the quiz night.");
    }
  });

  it("asked again in other words, it points back to the plan without a bare 'it'", () => {
    for (const [first, then] of [
      ["What are you planning?", "What are you hoping for?"],
      ["Is there something you're looking forward to?", "What do you wish for?"],
    ]) {
      const say = conversation({ me: ME, residents: RESIDENTS, now: NOW, knowledge, memories });
      say(first);
      const a = say(then);
      expect(a, then).not.toMatch(/\bit\.$/);
      expect(a, then).not.toMatch(/from 6 to 9 pm/);
      expect(a, then).toMatch(/quiz night/);
    }
  });
});

describe("the same news and a pronoun's referent, read from the words", () => {
  it("takes two wordings of one plan for one, not two times of a day at the same work", async () => {
    const { sameNews } = await import("../../server/agents/language/news.ts");
    expect(
      sameNews(
        "I am organising a jumble sale in the church hall on Saturday at 10 am.",
        "I am organizing a jumble sale in the church hall on Saturday morning, from 10 to 1.",
      ),
    ).toBe(true);
    expect(
      sameNews(
        "This morning I was mending clocks at the bench.",
        "This afternoon I'll be mending clocks at the bench.",
      ),
    ).toBe(false);
    expect(
      sameNews("I am studying for an accounting exam.", "I am baking bread for the market."),
    ).toBe(false);
    expect(
      sameNews(
        "I'm planning a visit to Marta Lind at the Anchor Inn on February 15 at 8 pm.",
        "I'm planning a visit to Marta Lind at the Anchor Inn on February 15 at 5 pm.",
      ),
    ).toBe(false);
  });

  it("names what a pronoun left behind stood for: its sentence's subject or object first", async () => {
    const { standingAlone } = await import("../../server/agents/language/anaphora.ts");
    expect(
      standingAlone("I hope to hang them at the library.", [
        "I am framing my photographs of the harbour through the winter.",
      ]),
    ).toBe("I hope to hang my photographs at the library.");
    expect(standingAlone("I want to sell it by May.", ["My brother lives with us."])).toBe(
      undefined,
    );
  });
});
