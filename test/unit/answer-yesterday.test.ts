// Yesterday asked of, and a visitor's own people in a question about a place, put to a resident
// of a made-up town through the offline engine (understand → answerPeople) with its knowledge as
// values and its memories as lines. What a person would notice: asked whether it did anything
// interesting yesterday, it tells what was worth telling of that day (a talk it had, in the past,
// at the part of the day it was) and never a small doing of the small hours ("making tea until
// 5:30 am"); with no yesterday it remembers, it says honestly it was much like most days, as
// what it usually does; the visitor's "my husband" is "your husband" in its
// answer, never "any my husband"; a doing asked with its verb is said whole ("to go skating").
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";
import { memoryAsSaid } from "../../server/agents/offline/answers/memories.ts";

const DAY = 86_400_000;
const NOW = Date.UTC(2024, 1, 14, 14, 0);
const YESTERDAY = NOW - DAY;
const ME = "Tomas Berg";
const RESIDENTS = [ME, "Ingrid Berg", "Pavel Novak", "Lena Sorel"];
const persona = {
  name: ME,
  innate: "patient, dry, loyal",
  learned:
    "Tomas Berg has run the ferry across Lake Veld for twenty-two years. He is married to Ingrid, who teaches at the village school. His oldest friend is Pavel Novak.",
  currently: "Tomas is repainting the ferry's hull before the spring crossings.",
  lifestyle: "Tomas goes to bed at 10 pm, wakes up at 5 am, and fishes off the jetty on Sundays.",
};

const day = [
  { start: 5 * 60, end: 6 * 60, task: "making coffee", place: "kitchen of Berg cottage" },
  { start: 6 * 60, end: 12 * 60, task: "running the ferry", place: "Veld ferry dock" },
  { start: 12 * 60, end: 13 * 60, task: "eating lunch with Ingrid", place: "Berg cottage" },
  { start: 13 * 60, end: 18 * 60, task: "repainting the hull", place: "Veld ferry dock" },
  { start: 20 * 60, end: 22 * 60, task: "mending nets", place: "Berg cottage" },
];

const knowledge = (over: Partial<Knowledge> = {}): Knowledge =>
  knowledgeOf(persona, {
    minute: 14 * 60,
    today: day,
    home: "Berg cottage",
    places: [
      { name: "Berg cottage", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Veld ferry dock", parts: ["jetty", "ticket booth"], things: ["ferry"] },
      { name: "Alder Park", parts: ["meadow", "pond", "playground"], things: ["swing", "bench"] },
      { name: "Anchor Inn", parts: ["dining room", "bar"], things: ["dining table"] },
    ],
    doing: "repainting the hull",
    ...over,
  });

// Yesterday as the mind keeps it: its blocks (a late cup of tea past midnight among them) and
// what it remembers of the day: a talk, things seen, its plan.
const yesterday = [
  { start: 0, end: 5 * 60 + 30, task: "making tea", place: "kitchen of Berg cottage" },
  ...day,
];
const at = (hour: number) => YESTERDAY - (YESTERDAY % DAY) + hour * 3_600_000;
const memories: MemoryLine[] = [
  {
    text: "Pavel Novak is walking along the shore",
    created: at(9),
    importance: 3,
    kind: "observation",
  },
  {
    text: "Tomas Berg and Lena Sorel were conversing about Lena opening a bakery by the harbour",
    created: at(19),
    importance: 7,
    kind: "chat",
    with: "Lena Sorel",
  },
  {
    text: "Tomas Berg and Pavel Novak were conversing about the weather",
    created: at(10),
    importance: 3,
    kind: "chat",
    with: "Pavel Novak",
  },
];

function ask(text: string, over: Partial<Knowledge> = {}, mems: MemoryLine[] = []) {
  return answerTo(text, {
    me: ME,
    residents: RESIDENTS,
    now: NOW,
    knowledge: knowledge(over),
    memories: mems,
  }).text;
}

describe("yesterday, told by what was worth telling", () => {
  it("asked whether it did anything interesting, it tells the talk that mattered, in the past, not a doing of the small hours", () => {
    const a = ask("Did you do anything interesting yesterday?", { yesterday }, memories);
    expect(a).not.toMatch(/making tea|until \d/);
    expect(a).toMatch(/In the evening Lena and I talked about/);
    expect(a).toMatch(/her opening a bakery/);
    // (The talk about the weather mattered less.)
    expect(a).not.toMatch(/weather/);
  });

  it("asked what it got up to last night, its day and that talk", () => {
    const a = ask("What did you get up to last night?", { yesterday }, memories);
    expect(a).toMatch(/^Yesterday I was /);
    expect(a).toMatch(/Lena and I talked about her opening a bakery by the harbour/);
  });

  it("with no yesterday it remembers, it says honestly that it was much like its usual day", () => {
    const a = ask("Did you do anything interesting yesterday?");
    expect(a).not.toMatch(/making|until \d|Yes,|Yesterday I was/);
    expect(a).toMatch(/^Yesterday\? Much like most days: I'm usually /);
    expect(a).toMatch(/repainting the hull/);
  });

  it("a doing it names of yesterday is yesterday's, said with its part of the day", () => {
    const a = ask("Did you eat anything yesterday?", {
      yesterday: [{ start: 19 * 60, end: 20 * 60, task: "eating dinner with Ingrid" }, ...day],
    });
    expect(a).toMatch(/^Yes, yesterday I was eating/);
    expect(a).not.toMatch(/until|right now|Not yet/);
  });
});

describe("the visitor's own people in a question about a place", () => {
  it("'my husband' is 'your husband' in the answer, never 'any my husband'", () => {
    const a = ask("Where can my husband get his hair cut?");
    expect(a).not.toMatch(/\bmy husband\b/);
    expect(a).toMatch(/your husband/);
  });

  it("a doing asked with its verb is said whole: 'to go skating', never 'to skating'", () => {
    const a = ask("Where could my kids go skating?");
    expect(a).not.toMatch(/\bto skating\b|\bmy kids\b/);
    expect(a).toMatch(/go skating/);
  });
});

describe("memories said as talks", () => {
  it("a talk about someone's doing says whose doing it was: 'about his organising', never 'about he organising'", () => {
    expect(
      memoryAsSaid(
        "Arjun Rao and Daniel Hayes were conversing about Daniel organising a pool tournament",
        "Arjun Rao",
      ),
    ).toBe("Daniel Hayes and I talked about his organising a pool tournament.");
    expect(
      memoryAsSaid(
        "Rosa Delgado and Grace Okafor were conversing about Rosa planning a party at the cafe",
        "Rosa Delgado",
      ),
    ).toBe("Grace Okafor and I talked about my planning a party at the cafe.");
  });
});
