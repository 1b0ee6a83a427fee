// Issue 29: what a visitor wants in town, answered from what the resident knows of it. A place is
// recommended for a thing by who works there and what they do (the cafe's owner bakes before
// dawn), not by a dictionary's gloss of its kind read out; a calling asked whether the town has
// ("is there a dentist?") is the resident who is one, else an honest no. An invented harbour
// town, none of the wordings of the brief.
import { beforeAll, describe, expect, it } from "vitest";
import { townAt, visitorTalk } from "../../bench/visitorTalk.ts";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import type { PersonaText } from "../../server/agents/language/facts.ts";
import type { Knowledge, KnownPlace } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 4, 7, 16, 0);

const persona = (name: string, learned: string): PersonaText => ({
  name,
  innate: "plain-spoken, patient",
  learned,
  currently: `${name.split(" ")[0]} is busy with the spring tides.`,
  lifestyle: `${name.split(" ")[0]} goes to bed at 10 pm and wakes up at 6 am.`,
});

const TAMSIN = persona(
  "Tamsin Hale",
  "Tamsin Hale keeps the chandlery on the quay. She sells rope and tar to the fishermen.",
);
const ILSE = persona(
  "Ilse Brand",
  "Ilse Brand runs the Gull & Kettle, the cafe by the harbour wall. She bakes bread before dawn and knows every fisherman's order.",
);
const CONRAD = persona("Conrad Pell", "Conrad Pell is the town magistrate.");
const WENNA = persona(
  "Wenna Rowe",
  "Wenna Rowe kept the lighthouse for thirty years and now tends the roses on Harbour green.",
);
const JORY = persona(
  "Jory Vane",
  "Jory Vane is a schoolteacher. He paints watercolours of the boats at the Quay chandlery on Sundays.",
);
const ALL = [TAMSIN, ILSE, CONRAD, WENNA, JORY];

const PLACES: KnownPlace[] = [
  {
    name: "Gull & Kettle cafe",
    parts: ["dining room", "kitchen"],
    things: ["window table", "counter", "oven"],
    uses: ["pouring tea for the fishermen"],
    where: { side: "north" },
  },
  {
    name: "Quay chandlery",
    parts: ["shop floor", "storeroom"],
    things: ["rope locker", "counter"],
    uses: ["selling rope"],
    where: { side: "south" },
  },
  {
    name: "Harbour green",
    parts: ["green"],
    things: ["bench", "rose beds"],
    uses: ["walking the dog"],
    where: { side: "east" },
  },
];

function ask(me: PersonaText, text: string, over: Partial<Knowledge> = {}): string {
  const knowledge = knowledgeOf(me, {
    home: "room 2 of Gull Row",
    places: PLACES,
    townsfolk: ALL.filter((p) => p.name !== me.name).map((p) => ({ persona: p })),
    ...over,
  });
  return answerTo(text, {
    me: me.name,
    residents: ALL.map((p) => p.name),
    now: NOW,
    knowledge,
  }).text;
}

describe("a place recommended for a thing, with why as a resident knows it", () => {
  it("says who works there and what they do that bears on what is asked", () => {
    const a = ask(TAMSIN, "Any idea where I might pick up a loaf of bread?");
    expect(a).toMatch(/Gull & Kettle cafe/);
    expect(a).toMatch(/Ilse runs it and bakes bread before dawn/);
    // No gloss of what a cafe is read out as the reason.
    expect(a).not.toMatch(/restaurant where|are sold/);
  });

  it("says it of itself in its own voice when it is the one who works there", () => {
    const a = ask(ILSE, "Where would I get fresh bread around here?");
    expect(a).toMatch(/Gull & Kettle/);
    expect(a).toMatch(/I run it and bake bread before dawn/);
    expect(a).not.toMatch(/restaurant where|are sold/);
  });
});

describe("a pastime at a place is no one's work there", () => {
  it("does not give someone's hobby at a place as why to go there", () => {
    expect(ask(TAMSIN, "Where might I do a bit of painting?")).not.toMatch(/Jory/);
  });
});

describe("who works at a place said after a preposition", () => {
  it("says the place again as 'there', not 'it'", () => {
    const a = ask(TAMSIN, "Anywhere I could get some roses?");
    expect(a).toMatch(/Harbour green; Wenna .*tends the roses there/);
  });
});

describe("whether the town has someone of a calling", () => {
  it("says honestly there is none, not that it does not know of one", () => {
    for (const q of ["Is there a dentist here?", "Is there an optician in town?"]) {
      const a = ask(TAMSIN, q);
      expect(a).toMatch(/^No, there's no (dentist|optician) around here, as far as I know/);
    }
  });

  it("names the resident who is one", () => {
    expect(ask(TAMSIN, "Is there a magistrate?")).toMatch(
      /^Yes\. Conrad Pell is the town magistrate/,
    );
  });
});

describe("the best of living in town, from its own life", () => {
  it("names the place its life is bound up with, in its own voice, not only a liking", () => {
    for (const q of [
      "What's the nicest thing about living here?",
      "What do you like most about the town?",
    ]) {
      const a = ask(WENNA, q);
      expect(a).toMatch(/^Harbour green, I'd say\. I kept the lighthouse/);
    }
  });
});

describe("what a place has for it, in Oakmere (base-25, 14:00)", () => {
  let t: Awaited<ReturnType<typeof townAt>>;
  beforeAll(async () => {
    t = await townAt("base-25", "14:00");
  }, 120_000);

  it("says things it has in the plural without an article", async () => {
    const who = t.personas.find((p) => p.name.startsWith("Nadia"))!;
    const talk = visitorTalk(t.mind, () => t.town.time, { id: who.id, name: who.name });
    const a = await talk.say("Anywhere round here I could pick up some flowers?");
    expect(a).toMatch(/it has flower beds/);
  }, 120_000);
});
