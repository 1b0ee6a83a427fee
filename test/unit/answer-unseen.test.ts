// Everyday lines a visitor says in words the engine had not met (issue 29), through the offline
// engine (understand → answerPeople) with a made-up bookbinder in a river town. What a person
// would notice: an invitation said as "do you want to ...?" or with its subject left off
// ("..., want to come along?") is answered as one, not "I don't know much about that"; a clock
// time said in words ("a quarter to six") or with no am/pm after that hour has gone by today is
// the time agreed to; "I got a new bicycle" is no arrival to welcome; "where are you heading?"
// is answered by where the day goes next, not where the resident lives; "where did you grow up?"
// by the persona's own fact, not today's chores; "this square is quieter than I was told" is not
// met with "This square? That's news to me".
import { answerTo } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import { understand } from "../../server/agents/language/understand.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 14, 10, 0);
const ME = "Ruth Okoye";
const OTHERS = ["Sam Okoye", "Lidia Marsh"];

const knowledge: Knowledge = {
  persona: {
    name: ME,
    innate: "careful, wry, patient",
    learned:
      "Ruth Okoye binds and mends books at the Quire workshop on Mill Lane. She grew up in a fishing village up the coast. She grows chillies on her balcony.",
    currently: "Ruth is rebinding the parish register before the summer fete.",
    lifestyle: "Ruth goes to bed at 11 pm, wakes up at 6:30 am, and walks by the river at dusk.",
  },
  minute: 10 * 60,
  today: [
    { start: 7 * 60, end: 12 * 60, task: "sewing book spines", place: "bench of Quire workshop" },
    { start: 12 * 60, end: 13 * 60, task: "eating lunch", place: "tables of Copperpot cafe" },
    { start: 13 * 60, end: 17 * 60, task: "rebinding the register", place: "Quire workshop" },
    { start: 19 * 60, end: 20 * 60, task: "walking by the river", place: "Millrace Park" },
  ],
  yesterday: [],
  yesterdayItems: [],
  home: "Okoye flat",
  places: [
    { name: "Okoye flat", parts: ["kitchen", "balcony"], dwelling: true },
    { name: "Quire workshop", parts: ["bench", "press"] },
    { name: "Copperpot cafe", parts: ["counter", "tables"] },
    { name: "Millrace Park", parts: ["river path", "bandstand"] },
  ],
  people: [],
  knowsSpeaker: false,
  doing: "sewing book spines",
};

function say(text: string) {
  const residents = [ME, ...OTHERS];
  const u = understand(text, { now: NOW, residents, listener: ME, speaker: "Nora Vale" });
  const a = answerTo(text, {
    me: ME,
    residents,
    now: NOW,
    knowledge,
    said: ["Hello, Nora."],
    heard: ["Hi!"],
  });
  return { u, a };
}

describe("everyday lines in unmet words", () => {
  it("an invitation said as 'do you want to' or without its subject is answered as one", () => {
    for (const line of [
      "There's a quiz at the Copperpot cafe on Thursday at 8 pm, want to come along?",
      "Do you want to come to the bandstand concert with me tomorrow at 6 pm?",
      "Wanna join us for a paddle at Millrace Park on Saturday at 11?",
      "Care to come for a cider at the Copperpot cafe this evening?",
    ]) {
      const { u, a } = say(line);
      expect(u.act, line).toBe("invitation");
      expect(a.text, line).toMatch(/\b(love|like) to\b|kind of you/);
      expect(a.text, line).not.toMatch(/don't know|haven't heard|Yes\. /);
    }
    // (A wish asked is no invitation: "do you want to be ...".)
    expect(say("Do you want to be a teacher one day?").u.act).toBe("question");
  });

  it("a clock time said in words, or with no am/pm after that hour went by, is the one agreed", () => {
    const words = say("How about we meet by the bandstand at a quarter to six?");
    expect(words.u.act).toBe("invitation");
    expect(words.a.text).toMatch(/5:45 pm/);
    const past = say("Shall we get a cup of tea at 4:20?");
    expect(past.a.text).toMatch(/4:20 pm/);
    expect(past.a.text).not.toMatch(/am\b/);
    // Said in the evening, the hour is tomorrow's, in the afternoon.
    const evening = understand("Can we meet up at twenty past four?", {
      now: NOW + 10 * 3_600_000,
      residents: [ME, ...OTHERS],
      listener: ME,
      speaker: "Nora Vale",
    });
    expect(evening.at).toBe(NOW - 10 * 3_600_000 + 86_400_000 + (16 * 60 + 20) * 60_000);
    // An hour in words: "at eight" said at 10 am is 8 pm; "at one point" is no time.
    const eight = understand("The quiz starts at eight, do you want to come?", {
      now: NOW,
      residents: [ME, ...OTHERS],
      listener: ME,
      speaker: "Nora Vale",
    });
    expect(eight.at).toBe(NOW + 10 * 3_600_000);
    expect(say("At one point I got lost by the river.").u.at).toBeUndefined();
    // (A count of things is no clock time.)
    expect(say("Two to three people came by the workshop.").u.at).toBeUndefined();
  });

  it("news of something got is no arrival to welcome", () => {
    for (const line of ["I got a new bicycle on Monday.", "We got a puppy last week."]) {
      const { a } = say(line);
      expect(a.text, line).not.toMatch(/welcome|find me at/i);
    }
    // (Still: one who got here is welcomed.)
    expect(say("I got here on Sunday.").a.text).toMatch(/welcome/i);
  });

  it("a remark on what the visitor points at is not said back as news", () => {
    for (const line of [
      "This square is quieter than I was told.",
      "That bridge looks older than I imagined.",
    ]) {
      const { a } = say(line);
      expect(a.text, line).not.toMatch(/(this|that) (square|bridge)[?!]/i);
      expect(a.text, line).not.toMatch(/news to me|remember that/);
    }
  });

  it("'where are you heading?' is answered by where the day goes next", () => {
    for (const line of ["Where are you heading?", "Where are you headed after this?"]) {
      const { a } = say(line);
      expect(a.text, line).toMatch(/Copperpot cafe|rebinding|lunch/);
      expect(a.text, line).not.toMatch(/I live at|couldn't pick/);
    }
  });

  it("'where did you grow up?' is answered by the persona's fact, not today's doings", () => {
    const { a } = say("So where did you grow up?");
    expect(a.text).toMatch(/I grew up in a fishing village up the coast/);
    expect(a.text).not.toMatch(/chillies|sewing/);
  });
});
