// Days and small talk as a person says them, through the offline engine with invented residents:
// the day so far is told in the present perfect ("So far today I've been ..."), a part of the day
// over in the past; a day a week off is "next Friday", not a date; a meal asked of is answered
// with what the persona says it eats, else honestly and with where and with whom, never the
// question said back ("I usually cook dinner."); a gripe about life is met with agreement and
// sympathy, a remark on the weather with agreement, and no clause comes out without a verb ("I
// weather.", from "paintings of harbours and weather").
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import { dayFrom, relativeDays } from "../../server/agents/language/time.ts";
import { makesClause } from "../../server/agents/language/realise.ts";
import { partAbout } from "../../server/agents/offline/answers/voice.ts";

// A Wednesday, 3 pm.
const NOW = Date.UTC(2025, 2, 12, 15, 0);
const DAY = 86_400_000;

const POTTER = "Wilhelmina Sato";
const potter = {
  name: POTTER,
  innate: "patient, wry, generous",
  learned:
    "Wilhelmina Sato throws pots at the Kiln Yard on Fern Lane. She lives with her brother Otto. Her glazes are about river clay and weather.",
  currently: "Wilhelmina is firing a commission of forty bowls for the tea house.",
  lifestyle: "Wilhelmina goes to bed at 10 pm and wakes up at 6 am.",
};
const potterDay = (over: Partial<Knowledge> = {}): Knowledge =>
  knowledgeWith({
    persona: potter,
    minute: 15 * 60,
    today: [
      { start: 7 * 60, end: 11 * 60, task: "wedging clay", place: "Kiln Yard" },
      { start: 11 * 60, end: 12 * 60, task: "glazing bowls", place: "Kiln Yard" },
      { start: 12 * 60, end: 13 * 60, task: "walking along the canal", place: "Fern Lane" },
      { start: 13 * 60, end: 14 * 60, task: "loading the kiln", place: "Kiln Yard" },
      { start: 14 * 60, end: 17 * 60, task: "packing bowls in straw", place: "Kiln Yard" },
      { start: 18 * 60, end: 20 * 60, task: "cooking supper with Otto", place: "Sato flat" },
      { start: 20 * 60, end: 22 * 60, task: "reading by the stove", place: "Sato flat" },
    ],
    home: "Sato flat",
    places: [
      { name: "Sato flat", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Kiln Yard", parts: ["kiln shed", "wheel room"] },
    ],
    doing: "packing bowls in straw",
    ...over,
  });

const SMOKER = "Birger Aalto";
const smoker = {
  name: SMOKER,
  innate: "gruff, honest, early-rising",
  learned:
    "Birger Aalto smokes fish at the harbour smokehouse. He lives on smoked herring and rye bread, and eats alone most nights.",
  currently: "Birger is mending the smokehouse chimney.",
  lifestyle: "Birger goes to bed at 9 pm and wakes up at 4 am.",
};
const smokerDay = (): Knowledge =>
  knowledgeWith({
    persona: smoker,
    minute: 15 * 60,
    today: [
      { start: 5 * 60, end: 12 * 60, task: "smoking fish", place: "harbour smokehouse" },
      { start: 12 * 60, end: 17 * 60, task: "mending the chimney", place: "harbour smokehouse" },
      { start: 18 * 60, end: 19 * 60, task: "eating dinner", place: "Aalto hut" },
    ],
    home: "Aalto hut",
    places: [
      { name: "Aalto hut", parts: ["kitchen"], dwelling: true },
      { name: "harbour smokehouse", parts: ["smoking room"] },
    ],
    doing: "mending the chimney",
  });

const RESIDENTS = [POTTER, "Otto Sato", SMOKER];

function ask(text: string, k: Knowledge, me = POTTER): string {
  return answerTo(text, { me, residents: RESIDENTS, now: NOW, knowledge: k, speaker: "Juno Park" })
    .text;
}

describe("the day so far in the tense of its span", () => {
  it("what it has done up to now is in the present perfect, not the past", () => {
    for (const q of ["How's your day been?", "What have you been up to today?"]) {
      const a = ask(q, potterDay());
      expect(a).toMatch(/So far today I've been wedging clay/);
      expect(a).not.toMatch(/So far today I was/);
    }
  });

  it("the part of the day it is in, asked of, is in the present perfect; a part over is past", () => {
    expect(ask("How's your afternoon been?", potterDay())).toMatch(/This afternoon I've been/);
    expect(ask("What did you do this morning?", potterDay())).toMatch(
      /This morning I was wedging clay/,
    );
  });
});

describe("a day said from today", () => {
  it("a week ahead is next weekday, a week back last weekday, nearer days their weekday", () => {
    expect(dayFrom(NOW + 7 * DAY, NOW)).toBe("next Wednesday");
    expect(dayFrom(NOW - 7 * DAY, NOW)).toBe("last Wednesday");
    expect(dayFrom(NOW + 2 * DAY, NOW)).toBe("on Friday");
    expect(dayFrom(NOW + 6 * DAY, NOW)).toBe("on Tuesday");
    expect(dayFrom(NOW + DAY, NOW)).toBe("tomorrow");
    expect(dayFrom(NOW, NOW)).toBe("today");
    // (Further off, its date.)
    expect(dayFrom(NOW + 9 * DAY, NOW)).toBe("on March 21");
    expect(relativeDays("the glaze sale on March 19 at noon", NOW)).toBe(
      "the glaze sale next Wednesday at noon",
    );
  });
});

describe("a meal asked of", () => {
  it("is answered with the food its persona names, not with the meal said back", () => {
    const a = ask("What do you normally eat for dinner?", smokerDay(), SMOKER);
    expect(a).toMatch(/herring|rye bread/);
    expect(a).not.toBe("I usually eat dinner.");
  });

  it("with no food named: honestly, with where and with whom, not the question restated", () => {
    const a = ask("What do you usually eat for supper?", potterDay());
    expect(a).not.toMatch(/^I usually cook supper with Otto\.?$/);
    expect(a).toMatch(/Nothing in particular/);
    expect(a).toMatch(/with Otto/);
    expect(a).not.toMatch(/don't know much about that/);
  });
});

describe("small talk", () => {
  it("a gripe about life is agreed with and met with sympathy, not read as a view of the town", () => {
    for (const q of ["Life is hard.", "Life is hard sometimes, isn't it?", "Life is tough."]) {
      const a = ask(q, potterDay());
      expect(a).not.toMatch(/I like it here|news to me|Thanks for telling me/);
      expect(a).toMatch(/^(It can be|It is|Yes, it is)/);
    }
  });

  it("a remark on the weather is agreed with in a sentence a person says", () => {
    for (const q of ["The weather has been awful.", "The rain has been dreadful."]) {
      const a = ask(q, potterDay());
      expect(a).not.toMatch(/\bI (weather|rain)\b|news to me|Thanks for telling me|Oh, The/);
      expect(a).toMatch(/agree|think so too|may be right/);
    }
  });

  it("no clause is made of 'I' and a word that is no verb a person does alone", () => {
    expect(makesClause("weather")).toBe(false);
    expect(makesClause("coffee")).toBe(false);
    expect(makesClause("garden")).toBe(true);
    expect(makesClause("fish on Sundays")).toBe(true);
    expect(partAbout("My glazes are about river clay and weather.", ["weather"])).toBe(
      "My glazes are about river clay and weather.",
    );
    expect(partAbout("I throw pots and garden on Sundays.", ["garden"])).toBe(
      "I garden on Sundays.",
    );
  });
});
