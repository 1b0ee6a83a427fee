// Everyday talk put to a resident of a made-up town through the offline engine (understand →
// answerPeople), each in more than one wording: a place recommended by what it is for, read in
// the sense its words are used in ("fixing a chair" is no mess, so no meal; "grab a coffee" asks
// for coffee, not for something grabbed).
import { describe, expect, it } from "vitest";
import { answerPeople, type Talk } from "../../server/agents/offline/answerPeople.ts";
import { understand } from "../../server/agents/language/understand.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);
const ME = "Lena Fosse";
const persona = {
  name: ME,
  innate: "warm, curious, steady",
  learned:
    "Lena Fosse keeps the lighthouse at Gull Point. She lives with her brother Erik. Her closest friend is Mara Holt, who runs the Lantern cafe.",
  currently: "Lena is repainting the lighthouse railings before the spring storms.",
  lifestyle:
    "Lena wakes up at 6 am, walks along the shore after lunch, and reads by the fire in the evening.",
};
const RESIDENTS = [ME, "Erik Fosse", "Mara Holt", "Otto Brandt"];

export function knowledge(over: Partial<Knowledge> = {}): Knowledge {
  return {
    persona,
    minute: 14 * 60,
    today: [
      { start: 6 * 60, end: 7 * 60, task: "making breakfast", place: "kitchen of Fosse cottage" },
      { start: 7 * 60, end: 12 * 60, task: "checking the lamp", place: "Gull Point lighthouse" },
      { start: 12 * 60, end: 13 * 60, task: "having lunch with Mara", place: "Lantern cafe" },
      {
        start: 13 * 60,
        end: 17 * 60,
        task: "repainting the railings",
        place: "Gull Point lighthouse",
      },
      { start: 18 * 60, end: 19 * 60, task: "eating dinner with Erik", place: "Fosse cottage" },
      { start: 19 * 60, end: 22 * 60, task: "reading by the fire", place: "Fosse cottage" },
    ],
    yesterday: [],
    yesterdayItems: [],
    home: "Fosse cottage",
    places: [
      { name: "Fosse cottage", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Gull Point lighthouse", parts: ["lamp room"], things: ["lamp"] },
      {
        name: "Quay Hardware",
        parts: ["shop floor", "workshop"],
        things: ["product shelves", "counter"],
        uses: [
          "fixing a customer's chair",
          "serving customers at the counter",
          "stocking the shelves",
        ],
      },
      {
        name: "Harbour office",
        parts: ["front desk", "council room"],
        things: ["notice board"],
        uses: ["taking minutes at the harbour meeting", "reading the notices on the board"],
      },
      {
        name: "Lantern cafe",
        parts: ["dining room", "kitchen"],
        things: ["dining table"],
        uses: ["having lunch with Mara", "baking bread"],
      },
    ],
    people: [],
    knowsSpeaker: false,
    doing: "repainting the railings",
    ...over,
  };
}

export function talkWith(over: Partial<Knowledge> = {}, speaker = "Nora Vale") {
  const said: string[] = [];
  const heard: string[] = [];
  return (text: string) => {
    const u = understand(text, { now: NOW, residents: RESIDENTS, listener: ME, speaker });
    const talk: Talk = {
      me: ME,
      speaker,
      role: "visitor",
      said: [...said],
      heard: [...heard, text],
      memories: [],
      residents: RESIDENTS,
      now: NOW,
    };
    const a = answerPeople(u, knowledge(over), talk, () => "").text;
    heard.push(text);
    said.push(a);
    return a;
  };
}

const ask = (text: string, over: Partial<Knowledge> = {}) => talkWith(over)(text);

describe("places read in the sense their words are used in", () => {
  it("a meal is never sought at a shop because its doings could be nouns of eating", () => {
    for (const q of [
      "Where can I get a good meal around here?",
      "Is there somewhere I could have a meal?",
    ]) {
      const a = ask(q);
      expect(a, q).not.toMatch(/Hardware/);
      expect(a, q).toMatch(/Lantern cafe/);
    }
    // With no place to eat known, honestly none: never the hardware shop.
    const noCafe = knowledge().places.filter((p) => p.name !== "Lantern cafe");
    for (const q of ["Where can I get a good meal around here?", "Where could I find a meal?"])
      expect(ask(q, { places: noCafe }), q).not.toMatch(/Hardware|Harbour/);
  });

  it("a verb of getting asks for its object: a coffee grabbed or picked up is a cafe", () => {
    // (The cafe is known by its name alone: it fits the coffee, nothing fits the grabbing.)
    for (const q of ["Where could I grab a coffee?", "Where can I pick up a coffee?"]) {
      const a = ask(q);
      expect(a, q).toMatch(/Lantern cafe/);
      expect(a, q).not.toMatch(/Harbour|Hardware/);
    }
    // With no cafe known, nowhere: never where minutes are taken.
    const noCafe = knowledge().places.filter((p) => p.name !== "Lantern cafe");
    for (const q of ["Where could I grab a coffee?", "Where can I pick up a coffee?"])
      expect(ask(q, { places: noCafe }), q).not.toMatch(/Harbour|Hardware/);
  });
});
