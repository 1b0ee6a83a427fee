// Session 26 (places26): places asked of by a visitor, answered by what the place is for. An
// invented ferryman of an invented river town: a meal asked is had where its day has that meal,
// not where it eats another ("eating supper" is no reason for breakfast); a kind of place the town
// has only a near kind of (a school, and a college) is there; a yes/no question of the way to a
// place gives the way; a recommendation says why; a doing sought where there is none is said with
// its verb in its base form, from the verb of its clause ("to get your boots polished").
import { describe, expect, it } from "vitest";
import { answerTo, knowledgeOf } from "../helpers/askResident.ts";
import type { KnownPlace } from "../../server/agents/language/knowledge.ts";

const NOW = Date.UTC(2024, 6, 3, 14, 0);
const place = (name: string, parts: string[], over: Partial<KnownPlace> = {}): KnownPlace => ({
  name,
  parts,
  dwelling: false,
  ...over,
});
const PLACES: KnownPlace[] = [
  place("Ashby cottage", ["kitchen", "bedroom"], { dwelling: true }),
  place("Wherry Arms", ["snug", "taproom"], {
    things: ["settle", "dartboard"],
    uses: ["eating supper in the snug", "pouring ale", "playing darts", "singing shanties"],
    where: { side: "north" },
  }),
  place("snug of Wherry Arms", [], {
    uses: ["eating supper in the snug"],
    where: { side: "north" },
  }),
  place("Sorrel tearoom", ["parlour", "kitchen"], {
    things: ["teapot", "cake stand", "griddle"],
    uses: ["serving breakfast to the early boats", "pouring tea", "baking scones", "icing cakes"],
    where: { side: "south", by: { place: "Kestrel Park", dir: "south" } },
  }),
  place("Kestrel Park", ["duck pond", "lawn"], {
    things: ["bench"],
    uses: ["feeding the ducks at the pond", "watching the ducks", "walking in the park"],
    where: { side: "east" },
  }),
  place("Fenmarsh college", ["lecture hall", "common room"], {
    things: ["lectern"],
    where: { side: "west", by: { place: "Kestrel Park", dir: "west" } },
  }),
];
const knows = (places: KnownPlace[] = PLACES) =>
  knowledgeOf(
    {
      name: "Osric Ashby",
      innate: "gruff, kind",
      learned: "Osric Ashby runs the ferry across the Fen at Marlow Staithe.",
      currently: "Osric is tarring the ferry's hull.",
      lifestyle: "Osric goes to bed at 9 pm and wakes up at 4 am.",
    },
    {
      minute: 14 * 60,
      today: [
        { start: 5 * 60, end: 12 * 60, task: "running the ferry", place: "Marlow Staithe" },
        {
          start: 18 * 60,
          end: 19 * 60,
          task: "eating supper in the snug",
          place: "snug of Wherry Arms",
        },
      ],
      home: "Ashby cottage",
      places,
    },
  );
const ask = (q: string, places?: KnownPlace[]) =>
  answerTo(q, {
    me: "Osric Ashby",
    residents: ["Osric Ashby", "Tilda Marsh"],
    now: NOW,
    knowledge: knows(places),
  }).text;

describe("places asked by what they are for", () => {
  it.each(["Where's a good place for breakfast?", "Anywhere nice for breakfast?"])(
    "%s → where breakfast is had, not where it eats supper",
    (q) => {
      const a = ask(q);
      expect(a).toMatch(/Sorrel tearoom/);
      expect(a).not.toMatch(/Wherry|snug|supper/);
    },
  );

  it("says yes to a kind the town has by a near kind, and where", () => {
    expect(ask("Is there a school around here?")).toMatch(
      /^Yes, there's Fenmarsh college; it's on the west side of town/,
    );
  });

  it.each(["Could I get to the park this way?", "Is this the road to the park?"])(
    "%s → the way to the park",
    (q) => expect(ask(q)).toMatch(/^Kestrel Park is on the east side of town/),
  );

  it("says a place asked the way to that it does not know is not there", () => {
    expect(ask("Is this the way to the museum?")).toBe(
      "As far as I know, there's no museum around here.",
    );
  });

  it("says why it recommends a place, by what the town does there", () => {
    expect(ask("Where could I feed the ducks?")).toMatch(
      /Kestrel Park; there.s often someone feeding the ducks there, and it's on the east side/,
    );
  });

  it("picks the quietest corner by how little the town does there, and says so", () => {
    expect(ask("Where's the quietest spot in the village?")).toMatch(
      /^Kestrel Park, I'd say; not many people are about there, just someone feeding the ducks/,
    );
  });

  it("says a doing sought nowhere with its clause's verb, in its base form", () => {
    const bare = PLACES.filter((p) => p.name === "Ashby cottage" || p.name === "Fenmarsh college");
    expect(ask("Where can I get my boots polished?", bare)).toBe(
      "As far as I know, there's nowhere around here to get your boots polished.",
    );
  });
});
