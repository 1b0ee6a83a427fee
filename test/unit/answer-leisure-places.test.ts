// Issue 29: a visitor asks a resident of a made-up village (Fernhollow) where to unwind, where to
// walk, what to visit, and for places the village does not have. Tamsin Roe spends her whole day
// at the forge, so no day of her own sends anyone anywhere; she still knows the village's places.
// What a person would notice: asked where to relax or take a walk she names the green (WordNet: a
// green is open land for recreation, which renews one by relaxation; one goes for a walk in it),
// asked for a place to visit the same; asked for a library or groceries the village has none of,
// she says so instead of sending the visitor to the tearoom or saying she is "not sure".
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeWith } from "../helpers/askResident.ts";
import type { Knowledge, KnownPlace } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 5, 11, 11, 0);
const ME = "Tamsin Roe";
const RESIDENTS = [ME, "Bram Roe", "Ottilie Marsh"];

const PLACES: KnownPlace[] = [
  { name: "Roe cottage", parts: ["kitchen", "bedroom"], dwelling: true },
  {
    name: "Quarry Road forge",
    parts: ["forge", "yard"],
    things: ["anvil", "bellows", "quench tank"],
    where: { side: "north" },
  },
  {
    name: "Heron Green",
    parts: ["lawn", "pond"],
    things: ["oak bench", "duck house"],
    where: { side: "middle", by: { place: "Lantern Street tearoom", dir: "east" } },
  },
  {
    name: "Lantern Street tearoom",
    parts: ["tearoom", "kitchen"],
    things: ["teapot", "counter", "armchair"],
    where: { side: "west" },
  },
];

function knowledge(places: KnownPlace[] = PLACES): Knowledge {
  return knowledgeWith({
    persona: {
      name: ME,
      innate: "steady, dry-humoured, patient",
      learned:
        "Tamsin Roe is the blacksmith of Fernhollow; she shoes the farm horses and mends tools at the Quarry Road forge.",
      currently: "Tamsin is forging a new gate latch for the churchyard.",
      lifestyle: "Tamsin goes to bed at 10 pm and wakes up at 6 am.",
    },
    minute: 11 * 60,
    today: [
      { start: 6 * 60, end: 7 * 60, task: "having breakfast", place: "kitchen of Roe cottage" },
      {
        start: 7 * 60,
        end: 19 * 60,
        task: "shoeing horses and mending tools",
        place: "forge of Quarry Road forge",
      },
      { start: 19 * 60, end: 22 * 60, task: "eating supper", place: "kitchen of Roe cottage" },
    ],
    home: "Roe cottage",
    places,
    doing: "shoeing horses and mending tools",
  });
}

const ask = (text: string, places?: KnownPlace[]) =>
  answerTo(text, { me: ME, residents: RESIDENTS, now: NOW, knowledge: knowledge(places) }).text;

describe("a resident whose day is all at work still knows where one goes of one's own free will", () => {
  it.each([
    "Where do people go to relax around here?",
    "Where could I unwind?",
    "Somewhere nice to take a walk?",
    "Where can I go for a stroll?",
  ])("%s → the green", (q) => {
    const a = ask(q);
    expect(a).toMatch(/^Try Heron Green/);
    expect(a).not.toMatch(/forge|not sure|don't know/);
  });

  it.each(["Can you recommend a place to visit?", "Where should I visit while I'm here?"])(
    "%s → the green, not the forge it works at",
    (q) => {
      const a = ask(q);
      expect(a).toMatch(/^Try Heron Green/);
      expect(a).not.toMatch(/forge|not sure/);
    },
  );
});

describe("a place the village does not have", () => {
  it.each(["Is there anywhere to borrow books?", "Can you tell me where the library is?"])(
    "%s → honestly none, not the tearoom",
    (q) => {
      const a = ask(q);
      expect(a).toMatch(/^As far as I know, there's (no library|nowhere) around here/);
      expect(a).not.toMatch(/tearoom|Heron Green/);
    },
  );

  it("with a library in the village, books are borrowed there", () => {
    const withLibrary: KnownPlace[] = [
      ...PLACES,
      {
        name: "Fernhollow library",
        parts: ["reading room", "stacks"],
        things: ["bookshelf", "reading desk"],
        where: { side: "south" },
      },
    ];
    expect(ask("Is there anywhere to borrow books?", withLibrary)).toMatch(/Fernhollow library/);
    expect(ask("Can you tell me where the library is?", withLibrary)).toMatch(/Fernhollow library/);
  });

  it.each(["Where could I buy some groceries?", "Where can I buy groceries?"])(
    "%s → nowhere it knows of, said as asked",
    (q) => {
      const a = ask(q);
      expect(a).toMatch(
        /^As far as I know, there's nowhere around here to buy (some )?groceries\.$/,
      );
      expect(a).not.toMatch(/tearoom|not sure/);
    },
  );

  it("without a green or a tearoom, a park or a coffee is honestly nowhere, said as asked", () => {
    const bare = PLACES.filter((p) => p.name === "Roe cottage" || p.name === "Quarry Road forge");
    expect(ask("Is there a park nearby?", bare)).toBe(
      "As far as I know, there's no park around here.",
    );
    expect(ask("Where do people go to relax around here?", bare)).toBe(
      "As far as I know, there's nowhere around here to relax.",
    );
    expect(ask("Where can I get a coffee?", bare)).toBe(
      "As far as I know, there's nowhere around here to get a coffee.",
    );
  });
});
