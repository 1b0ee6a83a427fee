// The day and the part of the day an invitation names, when the part is said apart from the day
// or before it ("a bingo NIGHT at the chapel on TUESDAY", "in the evening on Saturday"): chrono-
// node reads the part alone as today's, and merges "night on Saturday" into a reading that has
// lost its day. The day comes from the day named, the hour from the part; a weekday said in words
// that look ahead is the one to come, a weekday asked of in the past the one gone by.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { understand } from "../../server/agents/language/understand.ts";

// A Wednesday, early afternoon.
const NOW = Date.UTC(2025, 8, 3, 13, 0);
const H = (h: number, m = 0) => h * 60 + m;
const ctx = { now: NOW, residents: ["Osric Vane"], listener: "Osric Vane", speaker: "Pim" };

const gardener = knowledgeWith({
  persona: {
    name: "Osric Vane",
    innate: "warm, talkative, sociable",
    learned: "Osric Vane is a retired gardener who lives in the lane by the mill.",
    currently: "Osric is busy as ever.",
    lifestyle: "Osric goes to bed at 11 pm and wakes up at 7 am.",
  },
  minute: H(13),
  today: [
    { start: 0, end: H(7), task: "sleeping", place: "bedroom of Quill cottage" },
    { start: H(13), end: H(17), task: "digging at the allotments", place: "Gorse allotments" },
    { start: H(23), end: H(24), task: "sleeping", place: "bedroom of Quill cottage" },
  ],
  home: "Quill cottage",
  places: [
    { name: "Quill cottage", parts: ["kitchen", "bedroom"], dwelling: true },
    { name: "Gorse allotments", parts: ["beds"] },
  ],
});

describe("the day and the part of it an invitation names", () => {
  it("a part of the day said before the day takes that day (the coming one) and its own hour", () => {
    const u = understand("I'm hosting a bingo night at the chapel on Tuesday. Fancy coming?", ctx);
    expect(u.days).toBe(6);
    expect(u.partHour).toBeGreaterThanOrEqual(17);
    const v = understand("There's a lantern walk in the evening on Saturday, will you come?", ctx);
    expect(v.days).toBe(3);
    expect(v.partHour).toBeGreaterThanOrEqual(17);
    // (The day it is said on, named by its weekday, is next week's: today is "tonight".)
    expect(understand("Would you sing at my recital on Wednesday?", ctx).days).toBe(7);
    const w = understand("We're holding a pub quiz night tomorrow, want to join?", ctx);
    expect(w.days).toBe(1);
    expect(w.partHour).toBeGreaterThanOrEqual(17);
  });

  it("a weekday asked of in the past is the one gone by", () => {
    expect(understand("What did you do on Tuesday?", ctx).days).toBe(-1);
  });

  it("the resident accepts for the day named, in the evening", () => {
    const a = answerTo("I'm hosting a bingo night at the chapel on Monday. Would you come?", {
      me: "Osric Vane",
      residents: ["Osric Vane", "Hettie Crane"],
      now: NOW,
      knowledge: gardener,
      speaker: "Pim Ashdown",
      said: ["Hello, Pim."],
      heard: ["Hello!"],
    });
    expect(a.source).toBe("invitation");
    expect(a.accepted!.minute).toBeGreaterThanOrEqual(H(17));
    expect(a.text).toMatch(/on Monday/);
    expect(a.text).toMatch(/\bpm\b/);
    expect(a.text).not.toMatch(/\btoday\b/i);
  });
});
