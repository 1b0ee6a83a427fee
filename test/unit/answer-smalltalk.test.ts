// Everyday talk put to a resident of a made-up town through the offline engine (understand →
// answerPeople), each in more than one wording: a place recommended by what it is for, read in
// the sense its words are used in ("fixing a chair" is no mess, so no meal; "grab a coffee" asks
// for coffee, not for something grabbed).
import { conversation, knowledgeWith } from "../helpers/askResident.ts";
import { describe, expect, it } from "vitest";
import { understand } from "../../server/agents/language/understand.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 1, 13, 14, 0);
const ME = "Lena Fosse";
const persona = {
  name: ME,
  innate: "warm, curious, steady",
  learned:
    "Lena Fosse keeps the lighthouse at Gull Point. She lives with her brother Erik. Her closest friend is Mara Holt. Mara runs the Lantern cafe.",
  currently: "Lena is repainting the lighthouse railings before the spring storms.",
  lifestyle:
    "Lena gets up at 6 am, walks along the shore after lunch, and reads by the fire in the evening.",
};
const RESIDENTS = [ME, "Erik Fosse", "Mara Holt", "Otto Brandt"];

export function knowledge(over: Partial<Knowledge> = {}): Knowledge {
  return knowledgeWith({
    persona,
    minute: 14 * 60,
    today: [
      { start: 6 * 60, end: 6 * 60 + 20, task: "getting up", place: "bedroom of Fosse cottage" },
      {
        start: 6 * 60 + 20,
        end: 7 * 60,
        task: "making breakfast",
        place: "kitchen of Fosse cottage",
      },
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
    doing: "repainting the railings",
    ...over,
  });
}

export function talkWith(over: Partial<Knowledge> = {}, speaker = "Nora Vale") {
  return conversation({
    me: ME,
    residents: RESIDENTS,
    now: NOW,
    knowledge: knowledge(over),
    speaker,
  });
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

describe("small talk read for what it does", () => {
  it("'what did you get up to' asks what it did, not when it got out of bed", () => {
    // A preposition left at the end makes the phrasal verb another one: not "get up" (to rise).
    for (const q of ["What did you get up to today?", "What have you been getting up to lately?"]) {
      const u = understand(q, { now: NOW, residents: RESIDENTS, listener: ME, speaker: "Nora" });
      expect(u.topic, q).not.toContain("get up");
      const a = ask(q);
      expect(a, q).toMatch(/lamp|railings/);
      expect(a, q).not.toMatch(/6 am/);
    }
    // One WordNet knows is read as itself: "look up to" is to admire.
    const admire = understand("Who do you look up to?", {
      now: NOW,
      residents: RESIDENTS,
      listener: ME,
      speaker: "Nora",
    });
    expect(admire.topic).toContain("look up to");
  });

  it("a remark with a tag is agreed with and met with its own day, never 'I don't know'", () => {
    for (const q of ["It's a bit chilly today, isn't it?", "Lovely day, isn't it?"]) {
      const a = ask(q);
      expect(a, q).toMatch(/^(It is|Yes, it is)\b/);
      expect(a, q).toMatch(/railings|lamp/);
      expect(a, q).not.toMatch(/know|not sure|\?$/);
    }
    expect(ask("We had a long winter, didn't we?")).toMatch(/^(We did|Yes, we did)\b/);
  });

  it("a doing that leisure is for asks its free time", () => {
    for (const q of ["How do you like to unwind?", "What do you do to relax?"]) {
      const a = ask(q);
      expect(a, q).toMatch(/fire|shore/);
    }
  });

  it("the best of living here is told from the people it is close to", () => {
    for (const q of [
      "What is the best thing about living here?",
      "What's the nicest thing about this town?",
    ]) {
      const a = ask(q);
      expect(a, q).toMatch(/Erik|Mara/);
      expect(a, q).not.toMatch(/not sure|couldn't say|know/);
    }
    // A place asked for by its best is still a place.
    expect(ask("What's the best place for a meal?")).toMatch(/Lantern cafe/);
  });
});

describe("a follow-up read with the question before it", () => {
  it("a new time asks the same again of that time", () => {
    for (const [first, then] of [
      ["What are you doing this evening?", "And tomorrow?"],
      ["What are your plans for this evening?", "What about tomorrow?"],
    ]) {
      const say = talkWith();
      say(first);
      const a = say(then);
      expect(a, then).toMatch(/^Tomorrow I'll/);
      expect(a, then).not.toMatch(/couldn't|know|\?$/);
    }
    for (const then of ["And this morning?", "What about this morning?"]) {
      const say = talkWith();
      say("What did you do yesterday?");
      expect(say(then), then).toMatch(/lamp|breakfast/);
    }
  });

  it("a new person asks the same again of them", () => {
    for (const then of ["And your brother?", "What about your brother?"]) {
      const say = talkWith();
      expect(say("Who is your closest friend?")).toMatch(/Mara/);
      // "Who is your brother?": his name, not a yes.
      const a = say(then);
      expect(a, then).toMatch(/Erik/);
      expect(a, then).not.toMatch(/^(Yes|No)\b|know|\?$/);
    }
  });
});

describe("a view of a person", () => {
  it("asked what it thinks of someone, it gives its view, with who they are as its reason", () => {
    const people = [
      {
        name: "Otto Brandt",
        relationship: "Otto sells Lena paint for the railings. They last talked about the storms.",
        talks: 2,
      },
    ];
    for (const q of ["What do you think of Mara?", "How do you feel about Mara?"]) {
      const a = ask(q, { people });
      expect(a, q).toMatch(/^(I think the world of Mara|I'm very fond of Mara)\./);
      expect(a, q).toMatch(/closest friend/);
    }
    for (const q of ["What do you think of Otto?", "Do you like Otto?"]) {
      const a = ask(q, { people });
      expect(a, q).toMatch(/^(I like Otto|Otto is good company)/);
      expect(a, q).not.toMatch(/^Earlier today/);
    }
  });

  it("a talk whose topic was only a time is no reason given ('we last talked about the last time')", () => {
    for (const topic of ["about the Last time on February 21", "about the morning of Tuesday"]) {
      const people = [
        {
          name: "Otto Brandt",
          relationship: `Otto sells Lena paint. They last talked ${topic}.`,
          talks: 2,
        },
      ];
      const a = ask("What do you think of Otto?", { people });
      expect(a).toMatch(/^(I like Otto|Otto is good company)/);
      expect(a).not.toMatch(/last talked/);
    }
    // A topic that says something is still its reason.
    const people = [
      {
        name: "Otto Brandt",
        relationship: "They last talked about the harbour repairs.",
        talks: 2,
      },
    ];
    expect(ask("What do you think of Otto?", { people })).toMatch(/last talked about the harbour/);
  });
});
