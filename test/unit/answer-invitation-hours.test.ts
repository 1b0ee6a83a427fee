// The hour a resident offers when it accepts an invitation with no time said (issue 29, item 4):
// one of its waking hours, at a natural time (on the hour or the half-hour), when people would
// have what is proposed (tea in the afternoon, breakfast in the morning, by the lexicon's
// definitions), never over its work; and what is no invitation (a question of its plans, a
// question of its preferences) not answered as one. Also the time words of the event reader and
// of the persona's "currently" line: a day that begins an event's name is kept in it, and a span
// of a week or more names no day that goes by.
import { describe, expect, it } from "vitest";
import { answerTo } from "../helpers/askResident.ts";
import type { DayBlock, Knowledge } from "../../server/agents/language/knowledge.ts";
import { understand } from "../../server/agents/language/understand.ts";
import { extractEvent } from "../../server/agents/language/events.ts";
import { currentlyOn } from "../../server/agents/language/time.ts";

// A Wednesday, early afternoon.
const NOW = Date.UTC(2025, 8, 3, 13, 0);
const H = (h: number, m = 0) => h * 60 + m;

const knowing = (name: string, today: DayBlock[], lifestyle: string): Knowledge => ({
  persona: {
    name,
    innate: "warm, talkative, sociable",
    learned: `${name} lives in the lane by the mill.`,
    currently: `${name.split(" ")[0]} is busy as ever.`,
    lifestyle,
  },
  minute: H(13),
  today,
  yesterday: [],
  yesterdayItems: [],
  home: "Quill cottage",
  places: [
    { name: "Quill cottage", parts: ["kitchen", "bedroom"], dwelling: true },
    { name: "Gorse bakery", parts: ["ovens", "counter"] },
  ],
  people: [],
  knowsSpeaker: false,
  doing: "",
});

// A baker: up at 4:30 with a cup of tea, at the bakery most of the day, a short sweep after the
// shop closes.
const baker = knowing(
  "Wren Talbot",
  [
    { start: 0, end: H(4, 30), task: "sleeping", place: "bedroom of Quill cottage" },
    { start: H(4, 30), end: H(4, 50), task: "drinking a cup of tea", place: "Quill cottage" },
    { start: H(5), end: H(11), task: "baking bread", place: "ovens of Gorse bakery" },
    { start: H(12), end: H(13), task: "eating lunch", place: "Quill cottage" },
    { start: H(13), end: H(15), task: "serving at the counter", place: "counter of Gorse bakery" },
    { start: H(15, 10), end: H(15, 20), task: "sweeping the floor", place: "Gorse bakery" },
    { start: H(18), end: H(19), task: "cooking supper", place: "kitchen of Quill cottage" },
    { start: H(21, 30), end: H(24), task: "sleeping", place: "bedroom of Quill cottage" },
  ],
  "Wren goes to bed at 9:30 pm and wakes up at 4:30 am.",
);

// A retired gardener: mornings free, afternoons at the allotments.
const gardener = knowing(
  "Osric Vane",
  [
    { start: 0, end: H(7), task: "sleeping", place: "bedroom of Quill cottage" },
    { start: H(13), end: H(17), task: "digging at the allotments", place: "Gorse allotments" },
    { start: H(23), end: H(24), task: "sleeping", place: "bedroom of Quill cottage" },
  ],
  "Osric goes to bed at 11 pm and wakes up at 7 am.",
);

const invite = (text: string, k: Knowledge) =>
  answerTo(text, {
    me: k.persona.name,
    residents: [k.persona.name, "Hettie Crane"],
    now: NOW,
    knowledge: k,
    speaker: "Pim Ashdown",
    said: ["Hello, Pim."],
    heard: ["Hello!"],
  });

const waking = (k: Knowledge, m: number) => {
  const sleeps = k.today.filter((b) => b.task === "sleeping");
  const wake = Math.max(...sleeps.filter((b) => b.start === 0).map((b) => b.end));
  const bed = Math.min(...sleeps.filter((b) => b.start > 0).map((b) => b.start));
  return m >= wake + 60 && m <= bed - 60;
};

describe("the hour a resident offers for an invitation", () => {
  it("offers tea in the afternoon, not at the hour it has its own first cup", () => {
    const a = invite("Would you like to come round for tea at my cottage on Friday?", baker);
    expect(a.source).toBe("invitation");
    const m = a.accepted!.minute;
    expect(waking(baker, m)).toBe(true);
    expect(m).toBeGreaterThanOrEqual(H(13));
    expect(m).toBeLessThanOrEqual(H(18));
    expect(a.text).not.toMatch(/\bam\b/);
    expect(a.text).toMatch(/on Friday/);
  });

  it("offers breakfast in the morning, once it is up", () => {
    const a = invite("Would you like to join me for breakfast on Saturday?", gardener);
    expect(a.source).toBe("invitation");
    const m = a.accepted!.minute;
    expect(m).toBeGreaterThanOrEqual(H(8));
    expect(m).toBeLessThan(H(12));
    expect(a.text).toMatch(/\bam\b/);
  });

  it("declines breakfast by its work when its mornings are all work", () => {
    const a = invite("Would you like to join me for breakfast on Saturday?", baker);
    expect(a.source).toBe("invitation-declined");
    expect(a.text).toMatch(/baking bread/);
  });

  it("with nothing said of what, offers a free hour on the hour or half-hour, never over its work", () => {
    const a = invite("Would you like to come over on Friday?", baker);
    expect(a.source).toBe("invitation");
    const m = a.accepted!.minute;
    expect(m % 30).toBe(0);
    expect(waking(baker, m)).toBe(true);
    const work = baker.today.filter((b) => b.place?.includes("bakery"));
    expect(work.some((b) => b.start < m + 60 && b.end > m)).toBe(false);
    expect(a.text).not.toMatch(/:10|:20|:50/);
  });

  it("offers a time later today within its waking hours", () => {
    const a = invite("Would you like to come over this evening?", baker);
    expect(a.source).toBe("invitation");
    const m = a.accepted!.minute;
    expect(waking(baker, m)).toBe(true);
    expect(m).toBeGreaterThan(H(13));
  });
});

describe("what is asked with 'will you' or 'would you' that invites to nothing", () => {
  const ctx = { now: NOW, residents: ["Wren Talbot"], listener: "Wren Talbot", speaker: "Pim" };
  it("a plain future with the speaker in none of it asks of its plans", () => {
    expect(understand("Will you go to the regatta on Sunday?", ctx).act).toBe("question");
    expect(understand("Will you be at the harvest fair tomorrow?", ctx).act).toBe("question");
    // (The speaker in it, or a wish asked: an invitation still.)
    expect(understand("Will you join us at the regatta on Sunday?", ctx).act).toBe("invitation");
    expect(understand("Would you like to come to the regatta on Sunday?", ctx).act).toBe(
      "invitation",
    );
  });

  it("a preference asked is a question, not a favour", () => {
    expect(understand("Would you rather live by the sea?", ctx).act).toBe("question");
    expect(understand("Would you prefer to work in the mornings?", ctx).act).toBe("question");
    expect(understand("Would you ever move away from here?", ctx).act).toBe("question");
    // (A doing asked of it: a request still.)
    expect(understand("Could you lend me a ladder?", ctx).act).toBe("request");
  });

  it("a question of its plans is not accepted as an invitation", () => {
    const a = invite("Will you go to the regatta on Sunday?", baker);
    expect(a.source).not.toMatch(/^invitation/);
    expect(a.accepted).toBeUndefined();
  });
});

describe("time words in names and standing situations", () => {
  const ref = Date.UTC(2025, 8, 3, 9);
  it("keeps a day that begins an event's name", () => {
    const e = extractEvent(
      "Ivo Brand is hosting the Thursday Quiz Night at the inn on Thursday at 7 pm.",
      [],
      ref,
      ["Ivo Brand"],
    );
    expect(e?.what).toMatch(/Thursday Quiz Night/);
    const f = extractEvent("We run the Sunday Swap at the hall this Sunday at 10 am.", [], ref, []);
    expect(f?.what).toMatch(/Sunday Swap/);
    // (A day after the name is when, not the name: "a bake sale on Friday".)
    const g = extractEvent("I'm holding a bake sale tomorrow at 3 pm.", [], ref, [], "Ann");
    expect(g?.what).toBe("bake sale");
  });

  it("never drops nor dates a 'currently' line whose day is a week or more off", () => {
    const line = "Hettie hopes to launch the rowing boat sometime next week. It needs paint.";
    for (const days of [1, 3, 8, 15]) {
      const said = currentlyOn(line, ref, ref + days * 86_400_000);
      expect(said).toMatch(/rowing boat/);
      expect(said).toMatch(/next week/);
    }
  });
});
