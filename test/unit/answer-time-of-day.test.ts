// Times said in a talk as a person reads and says them: an hour said without "am" or "pm" is the
// one the rest of the words and the resident's day make sense of (dinner "at 8" is in the evening,
// "at 7, after work" is after its work ends; "at 9" said in the morning is still the morning), and
// a time shortened out of a sentence never cuts into a name ("a Valentine's Day party").
import { answerTo, conversation, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import type { Talk } from "../../server/agents/offline/answerPeople.ts";
import { unsaid } from "../../server/agents/offline/answers/voice.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";

const DAY1 = Date.UTC(2025, 9, 7); // a Tuesday
const ME = "Leila Haddad";
const persona = {
  name: ME,
  innate: "warm, punctual, curious",
  learned: "Leila Haddad runs the pharmacy on Quay Street. Her brother is Sami Haddad.",
  currently: "Leila is reordering the pharmacy's winter stock.",
  lifestyle: "Leila goes to bed at 11 pm and wakes up at 6 am.",
};
const RESIDENTS = [ME, "Sami Haddad", "Ottilie Brand"];

function knowledge(minute: number): Knowledge {
  return knowledgeWith({
    persona,
    minute,
    today: [
      { start: 0, end: 6 * 60, task: "sleeping", place: "Haddad flat" },
      { start: 6 * 60, end: 7 * 60, task: "having breakfast", place: "Haddad flat" },
      { start: 8 * 60, end: 18 * 60 + 30, task: "working at the pharmacy", place: "Quay pharmacy" },
      { start: 19 * 60, end: 21 * 60, task: "reading a novel", place: "Haddad flat" },
      { start: 23 * 60, end: 24 * 60, task: "sleeping", place: "Haddad flat" },
    ],
    home: "Haddad flat",
    places: [
      { name: "Haddad flat", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Quay pharmacy", parts: ["counter", "store room"] },
    ],
    doing: "working at the pharmacy",
  });
}

const at = (hour: number) => ({ now: DAY1 + hour * 3_600_000, minute: hour * 60 });

function ask(text: string, hour: number) {
  const { now, minute } = at(hour);
  return answerTo(text, { me: ME, residents: RESIDENTS, now, knowledge: knowledge(minute) });
}

describe("an hour said without am or pm is read as a person reads it", () => {
  it("a meal proposed 'at 8' in the morning is the evening's, by what the meal is", () => {
    const r = ask("Shall we have dinner at 8?", 7);
    expect(r.accepted?.minute).toBe(20 * 60);
    expect(r.text).toMatch(/8 pm/);
    const supper = ask("Would you like to have supper with me at 9?", 8);
    expect(supper.accepted?.minute).toBe(21 * 60);
    // (With nothing to tell which, the next such hour: "at 8" at 14:00 is this evening, "at 9"
    // at 7 am this morning.)
    expect(ask("Shall we meet at 8?", 14).accepted).toMatchObject({ day: 0, minute: 20 * 60 });
    expect(ask("Shall we meet at 9?", 7).accepted).toMatchObject({ day: 0, minute: 9 * 60 });
  });

  it("'tomorrow at 8 for dinner' is tomorrow evening, 'tomorrow at 8 for breakfast' the morning", () => {
    const dinner = ask("Would you like to meet tomorrow at 8 for dinner?", 14);
    expect(dinner.accepted).toMatchObject({ day: 1, minute: 20 * 60 });
    const breakfast = ask("Would you like to meet tomorrow at 8 for breakfast?", 14);
    expect(breakfast.accepted).toMatchObject({ day: 1, minute: 8 * 60 });
  });

  it("'at 7, after work' said in the morning is after its working day ends, not before it", () => {
    const r = ask("Shall we meet at 7 after work?", 6);
    expect(r.text).not.toMatch(/7 am/);
    expect(r.accepted?.minute).toBe(19 * 60);
  });
});

describe("a time shortened out of what was said never cuts into a name", () => {
  it("a pointer back keeps a holiday's name whole, and still leaves the date out", () => {
    for (const news of [
      "Ottilie Brand is hosting a Valentine's Day party on October 14 at 5 pm.",
      "Sami Haddad is planning a New Year's Eve dance at the Quay Hall on Friday.",
      "Ottilie Brand runs the Saturday market at the harbour tomorrow at 9 am.",
    ]) {
      const out = unsaid([`Yes. ${news}`], { said: [news], heard: [] } as unknown as Talk)[0];
      const name = /(Valentine's Day party|New Year's Eve dance|Saturday market)/.exec(news)![1];
      expect(out).toContain(`as I said: `);
      expect(out).toContain(name);
      expect(out).not.toMatch(/October 14|Friday|tomorrow|[59] [ap]m/);
    }
  });
});

describe("a day before the town began is told as the usual day it was, not as a memory", () => {
  it("on its first day, yesterday is said as what it usually does, from its planned day", () => {
    for (const q of ["What did you do yesterday?", "How was yesterday?"]) {
      const r = ask(q, 14).text;
      expect(r).toMatch(/\b(usually|most days)\b/i);
      expect(r).toMatch(/working at the pharmacy/);
      expect(r).not.toMatch(/^Yesterday I was|Nothing out of the ordinary/);
    }
  });
});

describe("whether anything happened to it lately is the resident's own to answer", () => {
  it("with nothing to tell, and its quiet time said already, a plain no with where its day went", () => {
    const say = conversation({
      me: ME,
      residents: RESIDENTS,
      now: DAY1 + 19 * 3_600_000,
      knowledge: knowledge(19 * 60),
    });
    say("Is anything happening in town?");
    say("Is anyone planning an event?");
    for (const q of [
      "Has anything surprising happened to you recently?",
      "Has anything exciting happened to you lately?",
    ]) {
      const a = say(q);
      expect(a).not.toMatch(/couldn't tell|haven't heard|don't know|not sure/i);
      expect(a).toMatch(/^(No|Not)\b/);
      expect(a).toMatch(/working at the pharmacy/);
    }
  });
});

describe("the weekend asked of in the past is the last one, from the game's date", () => {
  const MONDAY = Date.UTC(2025, 9, 6, 14);
  const ask2 = (text: string, now: number, memories: MemoryLine[] = []) =>
    answerTo(text, {
      me: ME,
      residents: RESIDENTS,
      now,
      knowledge: knowledge(14 * 60),
      memories,
    }).text;

  it("'How was your weekend?' tells of the Saturday and Sunday gone, not of this week", () => {
    const talk: MemoryLine = {
      text: "Sami Haddad and Leila Haddad talked about the harbour regatta",
      created: MONDAY - 2 * 86_400_000 + 3 * 3_600_000,
      kind: "chat",
      with: "Sami Haddad",
      importance: 5,
    };
    const lived = ask2("How was your weekend?", MONDAY, [talk]);
    expect(lived).toMatch(/^Last weekend\?/);
    expect(lived).toMatch(/Sami and I talked about the harbour regatta/);
    // (A weekend before the town began: said honestly, not as if remembered.)
    const unlived = ask2("How was your weekend?", MONDAY - 3 * 86_400_000);
    expect(unlived).toMatch(/^Last weekend\? Nothing special that I remember/);
    expect(unlived).not.toMatch(/^(Most days|Tomorrow|This week|So far today)/);
  });
});
