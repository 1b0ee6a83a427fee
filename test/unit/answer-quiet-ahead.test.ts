// Asked what is on a day still to come with nothing known of it (issue 29): a resident says it
// knows of nothing planned then and how its own day will likely go, not "it's been quiet" (a day
// that has not come has been nothing yet); and a remembered line that points back ("I heard about
// it from ...") is not told without the news it points to.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";

// A Thursday, mid-morning.
const NOW = Date.UTC(2025, 8, 4, 10, 0);
const H = (h: number) => h * 60;

const ferryman = knowledgeWith({
  persona: {
    name: "Bram Okoro",
    innate: "steady, dry, patient",
    learned: "Bram Okoro runs the ferry across the estuary. He lives in the boathouse.",
    currently: "Bram is repainting the ferry's hull.",
    lifestyle: "Bram goes to bed at 10 pm and wakes up at 6 am.",
  },
  minute: H(10),
  today: [
    { start: 0, end: H(6), task: "sleeping", place: "boathouse" },
    { start: H(7), end: H(12), task: "running the ferry", place: "estuary landing" },
    { start: H(13), end: H(16), task: "repainting the hull", place: "boathouse" },
    { start: H(18), end: H(19), task: "eating supper", place: "boathouse" },
    { start: H(22), end: H(24), task: "sleeping", place: "boathouse" },
  ],
  home: "boathouse",
  places: [{ name: "estuary landing", parts: ["jetty"] }],
  doing: "running the ferry",
});

const ask = (text: string) =>
  answerTo(text, {
    me: "Bram Okoro",
    residents: ["Bram Okoro", "Lise Harrow"],
    now: NOW,
    knowledge: ferryman,
    speaker: "Tove Marsh",
    said: ["Morning, Tove."],
    heard: ["Morning!"],
  });

describe("a day ahead with nothing known of it", () => {
  for (const q of ["What's going on in town on Saturday?", "Is anything happening tomorrow?"])
    it(`"${q}" is answered as a day to come`, () => {
      const a = ask(q);
      expect(a.text).not.toMatch(/\bquiet\b|has been|it's been/);
      expect(a.text).toMatch(/nothing/i);
      expect(a.text).toMatch(/\b(on Saturday|tomorrow)\b/i);
      expect(a.text).toMatch(/running the ferry/);
    });
});
