// What residents answer when a person says something that is not a question, through the offline
// engine (understand → answerPeople) with two made-up residents: a baker in a hill town and a
// ferry keeper on a river. What a person would notice: a newcomer is welcomed and told where to
// find the resident, never "that's news to me"; a loss is met with sympathy, what the resident
// knows of it and an offer; a suggestion ("let's ...", "how about we ...") is an invitation,
// answered with a time; an invitation to join something is accepted or declined; a request to
// tell of oneself is the question it amounts to; a favour is given by the resident's day; a view
// of the town is agreed with or not by the resident's own view, with its reason.
import { answerTo } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import { understand } from "../../server/agents/language/understand.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";
import type { MemoryLine } from "../../server/agents/prompts/builder.ts";

const NOW = Date.UTC(2024, 2, 5, 10, 0);

interface Resident {
  name: string;
  others: string[];
  knowledge: Knowledge;
}

const baker: Resident = {
  name: "Mirela Sandu",
  others: ["Tomas Sandu", "Petra Lind"],
  knowledge: {
    persona: {
      name: "Mirela Sandu",
      innate: "warm, talkative, early riser",
      learned:
        "Mirela Sandu runs the Wheatsheaf bakery on Hill Street. She is married to Tomas, who keeps bees. She sings in the chapel on Sundays.",
      currently: "Mirela is trying out a rye loaf for the spring fair.",
      lifestyle:
        "Mirela goes to bed at 9 pm, wakes up at 4 am, and walks along the Ridge Gardens after work.",
    },
    minute: 10 * 60,
    today: [
      { start: 4 * 60, end: 5 * 60, task: "making coffee", place: "kitchen of Sandu house" },
      {
        start: 5 * 60,
        end: 13 * 60,
        task: "baking bread",
        place: "oven room of Wheatsheaf bakery",
      },
      { start: 13 * 60, end: 14 * 60, task: "eating lunch", place: "Sandu house" },
      { start: 14 * 60, end: 17 * 60, task: "weeding the herb beds", place: "Ridge Gardens" },
      { start: 17 * 60, end: 19 * 60, task: "reading", place: "Sandu house" },
    ],
    yesterday: [],
    yesterdayItems: [],
    home: "Sandu house",
    places: [
      { name: "Sandu house", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Wheatsheaf bakery", parts: ["oven room", "shop"], things: ["oven"] },
      { name: "Ridge Gardens", parts: ["herb beds", "bench"] },
      { name: "Copperpot cafe", parts: ["counter", "tables"] },
    ],
    people: [],
    knowsSpeaker: false,
    doing: "baking bread",
  },
};

const ferryman: Resident = {
  name: "Oskar Brandt",
  others: ["Lene Brandt", "Jonas Falk"],
  knowledge: {
    persona: {
      name: "Oskar Brandt",
      innate: "quiet, patient, dry",
      learned:
        "Oskar Brandt has kept the ferry at Willow Crossing for thirty years. He lives with his sister Lene above the boathouse. He fishes off the old pier every evening.",
      currently: "Oskar is tarring the ferry's hull before the spring floods.",
      lifestyle: "Oskar goes to bed at 10 pm, wakes up at 5 am, and fishes off the old pier.",
    },
    minute: 10 * 60,
    today: [
      { start: 5 * 60, end: 6 * 60, task: "eating porridge", place: "kitchen of the boathouse" },
      { start: 6 * 60, end: 12 * 60, task: "running the ferry", place: "Willow Crossing" },
      { start: 12 * 60, end: 13 * 60, task: "eating lunch", place: "the boathouse" },
      { start: 13 * 60, end: 17 * 60, task: "tarring the hull", place: "Willow Crossing" },
      { start: 17 * 60, end: 20 * 60, task: "fishing", place: "old pier" },
    ],
    yesterday: [],
    yesterdayItems: [],
    home: "the boathouse",
    places: [
      { name: "the boathouse", parts: ["kitchen", "bedroom"], dwelling: true },
      { name: "Willow Crossing", parts: ["landing", "ferry"] },
      { name: "old pier", parts: ["pier"] },
      { name: "Red Lion inn", parts: ["bar", "dining room"] },
    ],
    people: [],
    knowsSpeaker: false,
    doing: "running the ferry",
  },
};

function say(r: Resident, text: string, memories: MemoryLine[] = []) {
  const residents = [r.name, ...r.others];
  const u = understand(text, { now: NOW, residents, listener: r.name, speaker: "Nora Vale" });
  const turn = { me: r.name, residents, now: NOW, knowledge: r.knowledge, memories };
  return { u, a: answerTo(text, { ...turn, said: ["Hello, Nora."], heard: ["Hi!"] }) };
}

const BOTH = [baker, ferryman];

describe("answers in kind to what is not a question", () => {
  it("a newcomer is welcomed and told where to find the resident, never 'news to me'", () => {
    for (const r of BOTH)
      for (const line of [
        "I just arrived here this week.",
        "We moved here last month.",
        "I came to town on Sunday.",
      ]) {
        const { a } = say(r, line);
        expect(a.text).toMatch(/welcome/i);
        expect(a.text).toMatch(r === baker ? /Wheatsheaf bakery/ : /Willow Crossing/);
        expect(a.text).not.toMatch(/news to me|remember that|Thanks for telling/);
      }
  });

  it("a loss is met with sympathy and an offer, and what the resident heard of it", () => {
    for (const r of BOTH)
      for (const [line, thing] of [
        ["My cat went missing yesterday.", "your cat"],
        ["I lost my wallet this morning.", "your wallet"],
        ["Our dog is missing.", "your dog"],
      ]) {
        const { a } = say(r, line);
        expect(a.text).toMatch(/sorry|awful/i);
        expect(a.text).toContain(thing);
        expect(a.text).toMatch(/keep an eye out/);
        expect(a.text).not.toMatch(/news to me|remember that/);
      }
    // What it knows that bears on it: a memory of a cat seen.
    const seen: MemoryLine = {
      text: "Oskar Brandt saw a grey cat sleeping on the old pier",
      created: NOW - 3_600_000,
      importance: 3,
    };
    const { a } = say(ferryman, "My cat went missing yesterday.", [seen]);
    expect(a.text).toMatch(/grey cat sleeping on the old pier/);
  });

  it("a trouble is met with sympathy and help offered", () => {
    for (const r of BOTH)
      for (const line of ["My mother has been ill all week.", "My brother got hurt at work."]) {
        const { a } = say(r, line);
        expect(a.text).toMatch(/sorry|awful/i);
        expect(a.text).toMatch(/anything I can do/);
      }
  });

  it("a suggestion in the first person plural is an invitation, answered with a time", () => {
    for (const r of BOTH)
      for (const line of [
        "Let's go for a walk later.",
        "How about we grab lunch tomorrow?",
        "Why don't we go fishing this weekend?",
        "Shall we meet at the cafe at 5 pm?",
      ]) {
        const { u, a } = say(r, line);
        expect(u.act).toBe("invitation");
        expect(a.text).not.toMatch(/news to me|remember that|not sure/);
        if (a.source === "invitation") expect(a.text).toMatch(/\d{1,2}(:\d\d)? ?[ap]m/);
      }
    // "Later" with no day named is today, while the day has hours left.
    const { a } = say(baker, "Let's go for a walk later.");
    expect(a.accepted?.day).toBe(0);
    // Lunch is proposed at its own lunch hour.
    const lunch = say(ferryman, "How about we grab lunch tomorrow?").a;
    expect(lunch.text).toMatch(/12 pm/);
  });

  it("an invitation to join something, or to do something with the speaker, is answered", () => {
    for (const r of BOTH)
      for (const line of [
        "I'm starting a choir. Would you like to join?",
        "We're forming a book club. Would you like to come along?",
        "Would you like to have tea with me tomorrow afternoon?",
      ]) {
        const { u, a } = say(r, line);
        expect(u.act).toBe("invitation");
        expect(a.source).toMatch(/^invitation/);
        expect(a.text).not.toMatch(/^Try |can't help|not sure I can help/);
      }
  });

  it("a request to tell of oneself is the question it amounts to", () => {
    for (const [line, wh] of [
      ["Could you introduce yourself?", "who"],
      ["Would you introduce yourself, please?", "who"],
      ["Please describe your work.", "what"],
      ["Could you tell me about your work?", "what"],
    ]) {
      const { u, a } = say(ferryman, line);
      expect(u.act).toBe("question");
      expect(u.wh).toBe(wh);
      expect(a.text).toMatch(/ferry at Willow Crossing/);
      expect(a.text).not.toMatch(/^Try |can't help|not sure I can help|Later today/);
    }
    const { u } = say(baker, "Can you tell me where the bakery is?");
    expect(u.wh).toBe("where");
  });

  it("a favour is given by the resident's day: when what it is doing ends", () => {
    for (const r of BOTH)
      for (const line of [
        "Could you help me carry some boxes?",
        "Would you help me move a table?",
      ]) {
        const { u, a } = say(r, line);
        expect(u.act).toBe("request");
        expect(a.text).toMatch(r === baker ? /baking bread.*1 pm/ : /running the ferry.*12 pm/);
        expect(a.accepted?.day).toBe(0);
      }
  });

  it("a view of the town is met by the resident's own, with its reason", () => {
    for (const r of BOTH) {
      for (const line of ["I love this town.", "This town is lovely."]) {
        const { a } = say(r, line);
        expect(a.text).toMatch(/I agree|I feel the same/);
        expect(a.text).toMatch(r === baker ? /Ridge Gardens/ : /old pier/);
        expect(a.text).not.toMatch(/You may be right|mostly been/);
      }
      const { a } = say(r, "This town is so boring.");
      expect(a.text).toMatch(/^Really/);
      expect(a.text).not.toMatch(/news to me|remember that/);
    }
  });

  it("someone saying what they are is met with interest, never with their words cut short", () => {
    for (const r of BOTH)
      for (const [line, what] of [
        ["I'm a painter myself.", "A painter"],
        ["I work as a nurse.", "A nurse"],
      ]) {
        const { a } = say(r, line);
        expect(a.text.startsWith(what)).toBe(true);
        expect(a.text).not.toMatch(/I'm\?|news to me/);
      }
  });
});

describe("what a visitor said, remembered as what it is (base-25, Ada Okafor at 14:00)", () => {
  it("a loss is remembered as told, a suggestion as an invitation to do it", async () => {
    const { townAt, visitorTalk } = await import("../../bench/visitorTalk.ts");
    const { mind, town } = await townAt("base-25", "14:00");
    const ada = mind.context().agents.get("ada")!;
    const { say: tell } = visitorTalk(mind, () => town.time, { id: "ada", name: "Ada Okafor" });
    const lost = await tell("My dog went missing this morning.");
    expect(lost).toMatch(/sorry|awful/i);
    expect(lost).toMatch(/keep an eye out/);
    const walk = await tell("Let's go for a walk later.");
    expect(walk).toMatch(/\d+(:\d\d)? ?(am|pm)/);
    const memories = ada.memory.latest(50, () => true).map((m) => m.description);
    expect(memories.some((d) => /Nora Vale, a visitor, told .*dog went missing/.test(d))).toBe(
      true,
    );
    expect(memories.some((d) => /invited Ada Okafor to go for a walk later/.test(d))).toBe(true);
    expect(memories.some((d) => /told .*let's go/i.test(d))).toBe(false);
  }, 120_000);
});
