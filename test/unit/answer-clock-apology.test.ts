// The clock and the calendar asked of, and an apology said: answered as people answer them, not
// with the resident's plans or a persona line ("What day is it today?" was its plans for the day,
// "What time is it?" a line of its past, "Sorry to bother you." "Oh, that's good to know").
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";

// A Wednesday, a little after one in the afternoon.
const NOW = Date.UTC(2025, 8, 3, 13, 2);
const H = (h: number, m = 0) => h * 60 + m;

const ferry = knowledgeWith({
  persona: {
    name: "Tamsin Reeve",
    innate: "dry, patient, observant",
    learned:
      "Tamsin Reeve runs the ferry across the estuary. Before that she was a lighthouse keeper.",
    currently: "Tamsin is repainting the ferry's hull.",
    lifestyle: "Tamsin goes to bed at 10 pm and wakes up at 6 am.",
  },
  minute: H(13, 2),
  today: [
    { start: 0, end: H(6), task: "sleeping", place: "bedroom of Quay cottage" },
    { start: H(7), end: H(12), task: "running the ferry", place: "Estuary ferry" },
    { start: H(13), end: H(16), task: "repainting the hull", place: "Estuary ferry" },
    { start: H(22), end: H(24), task: "sleeping", place: "bedroom of Quay cottage" },
  ],
  home: "Quay cottage",
  places: [
    { name: "Quay cottage", parts: ["kitchen", "bedroom"], dwelling: true },
    { name: "Estuary ferry", parts: ["deck"] },
  ],
  doing: "repainting the hull",
});

const ask = (text: string) =>
  answerTo(text, {
    me: "Tamsin Reeve",
    residents: ["Tamsin Reeve", "Ivo Marsh"],
    now: NOW,
    knowledge: ferry,
    speaker: "Ruth Penny",
    said: ["Hello, Ruth."],
    heard: ["Hello!"],
  });

describe("the clock and the calendar asked of", () => {
  it("tells the time to the nearest five minutes, in words people use", () => {
    expect(ask("Do you happen to know what time it is?").text).toBe("It's about 1 pm.");
    expect(ask("What's the time?").text).toBe("It's about 1 pm.");
  });

  it("tells the day, the date and the month from the game clock", () => {
    expect(ask("Which day is it?").text).toBe("It's Wednesday today.");
    expect(ask("What's the date today?").text).toBe("It's Wednesday, September 3.");
    expect(ask("What month is it?").text).toBe("It's September.");
  });

  it("a question of when something is, is no question of the clock", () => {
    expect(ask("What time does the ferry leave?").source).not.toBe("clock");
  });
});

describe("an apology said to a resident", () => {
  it("waves away the speaker's own trouble", () => {
    for (const line of ["Sorry to interrupt you.", "Apologies for the noise earlier."]) {
      const a = ask(line);
      expect(a.source).toBe("apology");
      expect(a.text).toMatch(/Ruth/);
      expect(a.text).not.toMatch(/good to know|remember that|news/i);
    }
  });

  it("thanks for sympathy over something of its own", () => {
    const a = ask("I'm sorry to hear about your boat.");
    expect(a.source).toBe("apology");
    expect(a.text).toMatch(/^Thank/);
  });

  it("a sadness of the speaker's is no apology", () => {
    expect(ask("I'm feeling sad this afternoon.").source).not.toBe("apology");
  });
});
