// A visitor asks residents of a made-up lakeside town whether they live alone and about their
// family, through the offline engine (understand → answerPeople). What a person would notice: "do
// you live alone?" is answered yes or no by the household the resident has (never a made-up "not
// really, no"), and "tell me about your family" speaks of the family its persona names, or says
// honestly it has none in town, never of its friends or its day as if they were family.
import { describe, expect, it } from "vitest";
import { conversation, knowledgeOf } from "../helpers/askResident.ts";
import type { Knowledge } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 7, 15, 0);
const VISITOR = "Wren Talbot";

interface Resident {
  name: string;
  persona: Knowledge["persona"];
  home: string;
  today: Knowledge["today"];
  people?: Knowledge["people"];
}

const persona = (name: string, learned: string): Knowledge["persona"] => ({
  name,
  innate: "calm, friendly",
  learned,
  currently: `${name.split(" ")[0]} is mending a fence.`,
  lifestyle: `${name.split(" ")[0]} goes to bed at 11 pm and wakes up at 7 am.`,
});

// Married, her husband at home with her in her day.
const HANNA: Resident = {
  name: "Hanna Lind",
  persona: persona(
    "Hanna Lind",
    "Hanna Lind keeps the ferry ticket office by the lake. She is married to Oskar, a boatbuilder.",
  ),
  home: "Lind house",
  today: [
    { start: 8 * 60, end: 14 * 60, task: "selling ferry tickets", place: "ferry office" },
    { start: 18 * 60, end: 19 * 60, task: "cooking dinner with Oskar", place: "Lind house" },
  ],
  people: [{ name: "Tove Berg", relationship: "", talks: 4 }],
};

// A student who lives with his parents.
const ELIAS: Resident = {
  name: "Elias Berg",
  persona: persona(
    "Elias Berg",
    "Elias Berg is a student at the lake college who still lives with his parents, Maja and Nils. His best friend is Tove Berg.",
  ),
  home: "Berg house",
  today: [
    { start: 9 * 60, end: 13 * 60, task: "attending a geology class", place: "lake college" },
    { start: 13 * 60, end: 14 * 60, task: "having lunch with Tove", place: "lake college" },
    { start: 18 * 60, end: 19 * 60, task: "eating dinner with his parents", place: "Berg house" },
  ],
  people: [{ name: "Tove Berg", relationship: "best friend", talks: 6 }],
};

// Lives alone, as its persona says.
const GUNNAR: Resident = {
  name: "Gunnar Holm",
  persona: persona(
    "Gunnar Holm",
    "Gunnar Holm is a retired lighthouse keeper who lives alone above the chandlery.",
  ),
  home: "Holm flat",
  today: [{ start: 9 * 60, end: 12 * 60, task: "walking along the shore", place: "lake shore" }],
};

// Names no family; talks with friends and spends its day with them.
const TOVE: Resident = {
  name: "Tove Berg",
  persona: persona(
    "Tove Berg",
    "Tove Berg runs the bait shop on the pier and knows every angler in town.",
  ),
  home: "Berg flat",
  today: [
    { start: 8 * 60, end: 12 * 60, task: "selling bait at the counter", place: "bait shop" },
    { start: 12 * 60, end: 13 * 60, task: "having lunch with Elias", place: "lake cafe" },
    { start: 17 * 60, end: 19 * 60, task: "fishing with friends", place: "lake shore" },
  ],
  people: [
    { name: "Elias Berg", relationship: "", talks: 5 },
    { name: "Hanna Lind", relationship: "", talks: 2 },
  ],
};

// A parent: her persona names her son, from her side ("their son Nils").
const ASTRID: Resident = {
  name: "Astrid Holm",
  persona: persona(
    "Astrid Holm",
    "Astrid Holm bakes bread at the harbour bakery. She is married to Per, a fisherman, and their son Nils studies at the lake college.",
  ),
  home: "Holm house",
  today: [{ start: 5 * 60, end: 13 * 60, task: "baking bread", place: "harbour bakery" }],
};

// Names no one at home, and its hours at home are its own.
const SIGRID: Resident = {
  name: "Sigrid Ek",
  persona: persona("Sigrid Ek", "Sigrid Ek repairs nets for the fishermen on the pier."),
  home: "Ek cottage",
  today: [
    { start: 7 * 60, end: 8 * 60, task: "eating porridge", place: "Ek cottage" },
    { start: 9 * 60, end: 12 * 60, task: "mending nets", place: "lake shore" },
    { start: 19 * 60, end: 21 * 60, task: "reading by the stove", place: "Ek cottage" },
  ],
};

// A student in a shared house: the rooms of the house are named for those who live there.
const LINNEA: Resident = {
  name: "Linnea Dahl",
  persona: persona("Linnea Dahl", "Linnea Dahl studies painting at the lake college."),
  home: "Linnea's room of Student house",
  today: [{ start: 9 * 60, end: 13 * 60, task: "painting in the studio", place: "lake college" }],
};

const RESIDENTS = [
  HANNA,
  ELIAS,
  GUNNAR,
  TOVE,
  ASTRID,
  SIGRID,
  LINNEA,
  { name: "Oskar Lind" },
  { name: "Maja Berg" },
  { name: "Nils Holm" },
  { name: "Ingrid Sand" },
  { name: "Mats Sand" },
].map((r) => r.name);

const knowledge = (r: Resident): Knowledge =>
  knowledgeOf(r.persona, {
    minute: 15 * 60,
    today: r.today,
    home: r.home,
    places: [
      { name: r.home, parts: ["kitchen", "bedroom"], dwelling: true },
      {
        name: "Student house",
        parts: ["kitchen", "Linnea's room", "Ingrid's room", "Mats's room"],
        dwelling: true,
      },
      { name: "ferry office", parts: ["counter"], things: ["till"] },
      { name: "lake college", parts: ["lecture hall"], things: ["desk"] },
      { name: "bait shop", parts: ["counter"], things: ["fridge"] },
    ],
    people: r.people ?? [],
  });

/** The first line of a fresh talk with a resident. */
const ask = (r: Resident, text: string) =>
  conversation({
    me: r.name,
    residents: RESIDENTS,
    now: NOW,
    knowledge: knowledge(r),
    speaker: VISITOR,
  })(text);

const ALONE = [
  "Do you live alone?",
  "Do you live by yourself?",
  "Is it just you at home?",
  "Do you live on your own?",
];
const FAMILY = [
  "Tell me about your family.",
  "What's your family like?",
  "Do you have family around here?",
];

describe("living alone and family", () => {
  it.each(ALONE)("%s: a married resident says no, with whom", (q) => {
    const a = ask(HANNA, q);
    expect(a).toMatch(/^No, I live with Oskar\b/);
    expect(a).not.toMatch(/Not really|Do you\?/);
  });

  it.each(ALONE)("%s: a resident living with its parents names them", (q) => {
    const a = ask(ELIAS, q);
    expect(a).toMatch(/^No\b/);
    expect(a).toMatch(/Maja and Nils/);
  });

  it.each(ALONE)("%s: a resident whose persona says it lives alone says yes", (q) => {
    expect(ask(GUNNAR, q)).toMatch(/^Yes, I live alone\b/);
  });

  it.each(ALONE)("%s: with no household known, no made-up no, and not only an address", (q) => {
    const a = ask(TOVE, q);
    expect(a).not.toMatch(/^(No|Not really|Yes)\b/);
    expect(a).toMatch(/Berg flat/);
    // (More than where it lives: what it knows of its days there.)
    expect(a.replace(/^I live at Berg flat\.?/, "").trim()).not.toBe("");
  });

  it.each(ALONE)("%s: its hours at home all on its own, a hedged yes", (q) => {
    const a = ask(SIGRID, q);
    expect(a).toMatch(/^[^.;]*\byes\b/i);
    expect(a).not.toMatch(/^(No|Not really)\b/);
    expect(a).toMatch(/Ek cottage/);
  });

  it.each(ALONE)("%s: in a shared house, no, with those its rooms are named for", (q) => {
    const a = ask(LINNEA, q);
    expect(a).toMatch(/^No\b/);
    expect(a).toMatch(/Ingrid and Mats/);
  });

  it("asked who it lives with after whether it lives alone, it points back", () => {
    const say = conversation({
      me: HANNA.name,
      residents: RESIDENTS,
      now: NOW,
      knowledge: knowledge(HANNA),
      speaker: VISITOR,
    });
    say("Do you live alone?");
    say("It's a bit chilly today, isn't it?");
    const who = say("Who do you live with?");
    expect(who).toMatch(/Oskar/);
    expect(who).not.toMatch(/talking with|Later today/);
  });

  it("asked who it lives with after whether it lives alone, it names them all again", () => {
    const say = conversation({
      me: LINNEA.name,
      residents: RESIDENTS,
      now: NOW,
      knowledge: knowledge(LINNEA),
      speaker: VISITOR,
    });
    say("Do you live alone?");
    say("It's a bit chilly today, isn't it?");
    expect(say("Who do you live with?")).toMatch(/Ingrid and Mats/);
  });

  it.each(FAMILY)("%s: its family by its persona, not friends or its day", (q) => {
    const hanna = ask(HANNA, q);
    expect(hanna).toMatch(/married to Oskar/);
    expect(hanna).not.toMatch(/Tove|talking with|Earlier today|Later today|tickets/);
    const elias = ask(ELIAS, q);
    expect(elias).toMatch(/parents/);
    expect(elias).not.toMatch(/best friend|Tove|talking with|Earlier today|Later today/);
  });

  it.each(FAMILY)("%s: with no family named, it says so honestly", (q) => {
    const a = ask(TOVE, q);
    expect(a).toMatch(/no family|don't have any family/);
    expect(a).not.toMatch(/Elias|Hanna|talking with|Earlier today|Later today/);
  });

  it.each(["Do you have kids?", "Do you have children?", "Have you got any children?"])(
    "%s: a parent whose persona names her son says yes, with him",
    (q) => {
      const a = ask(ASTRID, q);
      expect(a).toMatch(/^Yes\b/);
      expect(a).toMatch(/Nils/);
    },
  );
});

describe("how it gets on with someone", () => {
  it.each(["Do you get along with Oskar?", "Do you get on with Oskar?"])(
    "%s: married to him, yes, and why",
    (q) => {
      const a = ask(HANNA, q);
      expect(a).toMatch(/^(Yes|Oh yes)\b/);
      expect(a).toMatch(/married to Oskar/);
    },
  );

  it("its best friend: yes, and why", () => {
    const a = ask(ELIAS, "Do you get along with Tove?");
    expect(a).toMatch(/^(Yes|Oh yes)\b/);
    expect(a).toMatch(/best friend/);
  });
});
