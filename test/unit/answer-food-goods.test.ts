// Session 28: a visitor asking where to get something, or for the best of something in town. A
// thing asked is matched to what a place offers in the senses the word is commonly used in (a
// hammer is a carpenter's tool, not the felt striker inside a piano), a thing judged for a
// purpose ("anything good to eat?") asks for a place, not news, and the best of a thing the
// town offers is the place that offers it, said as its own where the resident works there. An
// invented river town, none of the wordings of the brief.
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import type { PersonaText } from "../../server/agents/language/facts.ts";
import type { Knowledge, KnownPlace } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 9, 3, 15, 0);

const persona = (name: string, learned: string): PersonaText => ({
  name,
  innate: "warm, unhurried",
  learned,
  currently: `${name.split(" ")[0]} is getting ready for the autumn fair.`,
  lifestyle: `${name.split(" ")[0]} goes to bed at 11 pm and wakes up at 7 am.`,
});

const BRAM = persona(
  "Bram Okafor",
  "Bram Okafor runs Tallis Supply Store by the mill. He lends tools to anyone who asks.",
);
const NELL = persona(
  "Nell Varga",
  "Nell Varga is the barista at the Willow Cup. She roasts the beans herself every Monday.",
);
const OSKAR = persona(
  "Oskar Lind",
  "Oskar Lind teaches music at Fenwick Academy and plays the piano at home.",
);
const PERPETUA = persona(
  "Perpetua Shaw",
  "Perpetua Shaw sits on the river council and is planning the town's budget.",
);
const ALL = [BRAM, NELL, OSKAR, PERPETUA];

const PLACES: KnownPlace[] = [
  {
    name: "Willow Cup cafe",
    parts: ["dining room", "kitchen"],
    things: ["espresso machine", "piano", "counter"],
    uses: ["eating a late lunch", "pouring coffee"],
    where: { side: "north" },
  },
  {
    name: "Tallis Supply Store",
    parts: ["shop floor", "workshop"],
    things: ["tool wall", "workbench", "counter"],
    uses: ["stocking shelves"],
    where: { side: "east" },
  },
  {
    name: "Fenwick Academy",
    parts: ["music room", "library"],
    things: ["piano", "desk"],
    uses: ["practising the piano"],
    where: { side: "west" },
  },
];

function ask(me: PersonaText, text: string, over: Partial<Knowledge> = {}): string {
  const knowledge = knowledgeOf(me, {
    home: "flat 4 of Reed Court",
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

describe("where to get a thing, by the sense the word is commonly used in", () => {
  it("sends a visitor after a hammer to the supply store with a tool wall, not to a piano", () => {
    for (const [who, q] of [
      [PERPETUA, "Where can I buy a hammer?"],
      [NELL, "Where would I get a hammer around here?"],
    ] as const) {
      const a = ask(who, q);
      expect(a, q).toMatch(/Tallis Supply Store/);
      expect(a, q).not.toMatch(/piano|Academy/i);
    }
  });

  it("reads a thing bought as a thing one can have, not its first sense, a saying or a fingernail", () => {
    const saw = ask(PERPETUA, "Where could I pick up a saw?");
    expect(saw).toMatch(/Tallis Supply Store/);
    expect(saw).not.toMatch(/Academy|piano/);
    // (Honestly nowhere for nails it knows of, never "no nail" as if a nail were a place.)
    expect(ask(OSKAR, "Where can I get some nails?")).not.toMatch(/there's no nail/);
  });

  it("says its own work there in the first person, each clause", () => {
    const a = ask(BRAM, "Where can I buy a hammer?");
    expect(a).toMatch(/I run it and lend tools/);
  });
});

describe("a thing judged for a purpose asks for a place", () => {
  it("answers 'anything good to eat?' with where to eat, not its own news or worries", () => {
    for (const q of ["Anything good to eat around here?", "Anything nice to eat nearby?"]) {
      const a = ask(PERPETUA, q);
      expect(a, q).toMatch(/Willow Cup/);
      expect(a, q).not.toMatch(/budget|council/);
    }
  });
});

describe("the best of a thing the town offers", () => {
  it("is the place that offers it, in the resident's own voice where it works there", () => {
    const own = ask(NELL, "What's the best coffee in town?");
    expect(own).toMatch(/^Ours at the Willow Cup, I'd say\./);
    expect(own).toMatch(/I'm the barista there/);
    const other = ask(BRAM, "What's the best coffee around here?");
    expect(other).toMatch(/^The Willow Cup's, I'd say\./);
  });

  it("is who does it, asked who does it best", () => {
    expect(ask(OSKAR, "Who roasts the best coffee beans?")).toMatch(/^Nell, I'd say; she roasts/);
  });

  it("is still its view of the town where the best asked is no thing a place offers", () => {
    const a = ask(BRAM, "What's the best thing about this town?");
    expect(a).not.toMatch(/I'd say\.$/);
    expect(a).not.toMatch(/Willow Cup's/);
  });
});
