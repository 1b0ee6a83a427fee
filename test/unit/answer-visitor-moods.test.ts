// What a visitor says of the time they are in, of what weighs on the resident, of their own life,
// and a request to take part in their own occasion, answered as a person would, through the
// offline engine (understand → answerPeople) with two invented residents: a glassblower by a
// canal and a beekeeper on a hill. What a person would notice: "how's your afternoon going?" in
// the afternoon is how it has gone so far, not the plan of the evening; "what keeps you up at
// night?" asks what troubles it, not its evening; "would you play at my birthday party on
// Sunday?" is an invitation to take part, accepted or declined for that day; "school has been
// rough lately" is met with sympathy, "School" never taken for a name.
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import { understand } from "../../server/agents/language/understand.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

// A Wednesday, 1:30 pm.
const NOW = Date.UTC(2025, 5, 4, 13, 30);

interface Resident {
  name: string;
  others: string[];
  knowledge: Knowledge;
}

const glassblower: Resident = {
  name: "Ilse Varga",
  others: ["Pim Varga", "Odile Marsh"],
  knowledge: knowledgeWith({
    persona: {
      name: "Ilse Varga",
      innate: "careful, cheerful, curious",
      learned:
        "Ilse Varga blows glass at the Lantern workshop by the canal. She lives with her brother Pim.",
      currently: "Ilse is making a set of green bowls for the harbour fair.",
      lifestyle: "Ilse goes to bed at 10 pm, wakes up at 6 am, and swims in the canal at dawn.",
    },
    minute: 13 * 60 + 30,
    today: [
      { start: 6 * 60, end: 7 * 60, task: "swimming in the canal", place: "Copper canal" },
      { start: 8 * 60, end: 12 * 60, task: "blowing glass", place: "Lantern workshop" },
      { start: 12 * 60, end: 13 * 60, task: "eating lunch with Pim", place: "Varga house" },
      { start: 13 * 60, end: 16 * 60, task: "polishing bowls", place: "Lantern workshop" },
      { start: 18 * 60, end: 20 * 60, task: "cooking supper with Pim", place: "Varga house" },
    ],
    home: "Varga house",
    places: [
      { name: "Varga house", parts: ["kitchen"], dwelling: true },
      { name: "Lantern workshop", parts: ["furnace"] },
      { name: "Copper canal", parts: ["towpath"] },
    ],
  }),
};

const beekeeper: Resident = {
  name: "Teodor Blum",
  others: ["Agnes Blum", "Kasimir Holt"],
  knowledge: knowledgeWith({
    persona: {
      name: "Teodor Blum",
      innate: "patient, quiet, kind",
      learned: "Teodor Blum keeps bees on Heather Hill and sells honey at the Saturday market.",
      currently: "Teodor is building new hives for the summer swarms.",
      lifestyle: "Teodor goes to bed at 9 pm, wakes up at 5 am, and walks the hill at dusk.",
    },
    minute: 13 * 60 + 30,
    today: [
      { start: 6 * 60, end: 11 * 60, task: "checking the hives", place: "Heather Hill" },
      { start: 11 * 60, end: 12 * 60, task: "eating bread and cheese", place: "Blum cottage" },
      { start: 12 * 60, end: 17 * 60, task: "building hives", place: "Blum cottage" },
      { start: 18 * 60, end: 20 * 60, task: "reading by the fire", place: "Blum cottage" },
    ],
    home: "Blum cottage",
    places: [
      { name: "Blum cottage", parts: ["workshop"], dwelling: true },
      { name: "Heather Hill", parts: ["hives"] },
    ],
  }),
};

const BOTH = [glassblower, beekeeper];

function say(r: Resident, text: string) {
  const residents = [r.name, ...r.others];
  const u = understand(text, { now: NOW, residents, listener: r.name, speaker: "Nora Vale" });
  const a = answerTo(text, {
    me: r.name,
    residents,
    now: NOW,
    knowledge: r.knowledge,
    said: ["Hello, Nora."],
    heard: ["Hi!"],
  });
  return { u, a };
}

describe("a visitor's talk of the time they are in, of worries, of their own life", () => {
  it("how the part of the day it is in is going is how it has gone so far, as for the day", () => {
    for (const r of BOTH)
      for (const line of [
        "How's your afternoon going?",
        "How is your afternoon going so far?",
        "How's your day going?",
      ]) {
        const { u, a } = say(r, line);
        expect(u.tense).not.toBe("future");
        expect(a.text).toMatch(/^Pretty well, thanks\./);
        expect(a.text).toMatch(/Now I'm/);
        expect(a.text).not.toMatch(/Later today|I'll be/);
      }
    // (An evening still to come is its plan: "how's your evening looking?" at 1:30 pm.)
    expect(say(glassblower, "How's your evening looking?").u.tense).toBe("future");
  });

  it("what keeps it up, weighs on it or is on its mind is what troubles it, not its evening", () => {
    for (const r of BOTH)
      for (const line of [
        "What keeps you up at night?",
        "What's weighing on you these days?",
        "What's been on your mind lately?",
      ]) {
        const { u, a } = say(r, line);
        // ("At night" said of how things usually are names no evening of today.)
        expect(u.span).not.toBe("evening");
        expect(a.text).toMatch(/troubles me/);
        expect(a.text).not.toMatch(/I'll be|this evening|Later today|supper|reading by the fire/i);
        // (What is on its mind with nothing troubling it: what it is at these days.)
        if (/mind/.test(line))
          expect(a.text).toMatch(r === glassblower ? /green bowls/ : /new hives/);
      }
  });

  it("asked to do something at the visitor's own occasion on a day is an invitation for that day", () => {
    for (const r of BOTH)
      for (const [line, day] of [
        ["Would you play something at my birthday party on Saturday?", "Saturday"],
        ["Could you speak at our book reading on Friday?", "Friday"],
        ["Would you sing at my wedding on Monday?", "Monday"],
      ]) {
        const { u, a } = say(r, line);
        expect(u.act).toBe("invitation");
        // (Said on a Wednesday: the day named is the one to come, never one gone.)
        expect(u.days).toBeGreaterThan(0);
        expect(a.source).toMatch(/^invitation/);
        if (a.accepted) {
          expect(a.text).toContain(day);
          expect(a.accepted.day).toBe(u.days);
        }
        expect(a.text).not.toMatch(/^Try |help when I'm done/);
      }
    // A favour at the visitor's house is no occasion: still a favour.
    expect(say(glassblower, "Could you carry the boxes at my house?").u.act).toBe("request");
  });

  it("the visitor's own hard times are met with sympathy; a bare noun is no name", () => {
    for (const r of BOTH)
      for (const line of [
        "School has been rough lately.",
        "Work has been so stressful this week.",
        "That was an exhausting month.",
      ]) {
        const { a } = say(r, line);
        expect(a.text).toMatch(/sorry|awful|hard/i);
        expect(a.text).not.toMatch(/I'll remember that|news to me|Thanks for telling/);
      }
    // And glad news of it with gladness.
    const { a } = say(beekeeper, "Work has been wonderful lately!");
    expect(a.text).toMatch(/lovely|wonderful|congratulations/i);
  });
});
