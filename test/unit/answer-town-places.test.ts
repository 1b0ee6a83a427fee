// Issue 29: a visitor asks a resident of a made-up town (Brackenford) where to find things and how
// to get somewhere, through the offline engine (understand → answerPeople) with knowledge as values.
// What a person would notice: a bite to eat is found where snacks are sold (a bite is a snack,
// not a wound), bread where it is baked (a "bake house" is a bakehouse, not somebody's house), a coffee never under a walnut tree (coffee the drink is
// not the coffee tree), a meal at a coffee house (it serves snacks, a kind of meal); asked the way
// to a place it knows, the resident says where it lies (its part of town and the place it is by),
// and asked "any idea where ..." it reads what is sought in the clause, not the "idea".
import { describe, expect, it } from "vitest";
import { answerPeople, type Talk } from "../../server/agents/offline/answerPeople.ts";
import { understand } from "../../server/agents/language/understand.ts";
import type { Knowledge, KnownPlace } from "../../server/agents/language/knowledge.ts";
import { knowledgeWith } from "../helpers/askResident.ts";

const NOW = Date.UTC(2024, 3, 2, 10, 0);
const ME = "Wenna Hollis";
const persona = {
  name: ME,
  innate: "brisk, warm, curious",
  learned:
    "Wenna Hollis keeps the lock on the Bracken canal and has lived in Brackenford all her life. Her brother Jory drives the carrier's cart.",
  currently: "Wenna is repairing the lock gates before the barges come in.",
  lifestyle: "Wenna goes to bed at 10 pm and wakes up at 5 am.",
};
const RESIDENTS = [ME, "Jory Hollis", "Mabyn Trelease"];

const PLACES: KnownPlace[] = [
  { name: "Hollis lock house", parts: ["kitchen", "bedroom"], dwelling: true },
  {
    name: "Bracken canal lock",
    parts: ["lock gates", "towpath"],
    things: ["winch"],
    where: { side: "west", by: { place: "Elmstead common", dir: "west" } },
  },
  {
    name: "Elmstead common",
    parts: ["meadow", "orchard"],
    things: ["walnut tree", "bench"],
    where: { side: "middle" },
  },
  // (A room is known as a place of its own too, as knowing.ts lists them.)
  {
    name: "orchard of Elmstead common",
    parts: [],
    things: ["walnut tree"],
    where: { side: "middle" },
  },
  {
    name: "Tollgate coffee house",
    parts: ["front room", "scullery"],
    things: ["counter", "window seat"],
    where: { side: "south-east", by: { place: "Quill Lane post office" } },
  },
  {
    name: "Millstone bake house",
    parts: ["shop", "bakehouse"],
    things: ["oven", "shelves"],
    where: { side: "north", by: { place: "Quill Lane post office", dir: "west" } },
  },
  {
    name: "Quill Lane post office",
    parts: ["counter", "sorting room"],
    things: ["letter rack"],
    where: { side: "north-east", by: { place: "Millstone bake house", dir: "east" } },
  },
];

function knowledge(places: KnownPlace[] = PLACES): Knowledge {
  return knowledgeWith({
    persona,
    minute: 10 * 60,
    today: [
      {
        start: 5 * 60,
        end: 6 * 60,
        task: "having breakfast",
        place: "kitchen of Hollis lock house",
      },
      {
        start: 6 * 60,
        end: 17 * 60,
        task: "repairing the lock gates",
        place: "Bracken canal lock",
      },
      { start: 17 * 60, end: 22 * 60, task: "reading by the fire", place: "Hollis lock house" },
    ],
    home: "Hollis lock house",
    places,
    doing: "repairing the lock gates",
  });
}

function ask(text: string, places?: KnownPlace[]): string {
  const u = understand(text, { now: NOW, residents: RESIDENTS, listener: ME, speaker: "Tam Ruse" });
  const talk: Talk = {
    me: ME,
    speaker: "Tam Ruse",
    role: "visitor",
    said: [],
    heard: [text],
    memories: [],
    residents: RESIDENTS,
    now: NOW,
  };
  return answerPeople(u, knowledge(places), talk, () => "").text;
}

describe("a visitor asks a resident of a made-up town where things are", () => {
  it("a bite to eat is found where snacks are sold, not where nothing is", () => {
    const bite = ask("Is there anywhere to get a bite?");
    expect(bite).toMatch(/Tollgate coffee house/);
    expect(bite).not.toMatch(/I'm not sure|I don't know|couldn't say/);
  });

  it("bread is bought where it is baked, a bake house being a bakehouse, not a home", () => {
    expect(ask("Where could I buy bread?")).toMatch(/Millstone bake house/);
  });

  it("a coffee is never sent to a walnut tree on the common", () => {
    const coffee = ask("Where would I get a coffee?");
    expect(coffee).toMatch(/Tollgate coffee house/);
    expect(coffee).not.toMatch(/Elmstead common/);
  });

  it("a meal is got at the coffee house, which serves snacks, a kind of meal", () => {
    // (Its rooms say nothing of eating: the kind of place does.)
    const meal = ask("Any idea where I might find a meal?");
    expect(meal).toMatch(/Tollgate coffee house/);
  });

  it("asked the way to a place it knows, it says where the place lies and what it is by", () => {
    const post = ask("How do I find the post office?");
    expect(post).toMatch(/Quill Lane post office is in the north-east of town/);
    expect(post).toMatch(/just east of Millstone bake house/);
    const orchard = ask("Where's the orchard?");
    expect(orchard).toMatch(/The orchard is at Elmstead common, in the middle of town/);
    // A place it knows no position of is still named, and nothing is made up about where.
    const bare = PLACES.map((p) => ({ ...p, where: undefined }));
    const post2 = ask("How do I find the post office?", bare);
    expect(post2).toMatch(/Quill Lane post office/);
    expect(post2).not.toMatch(/side of town|of town|just/);
  });

  it("a place recommended for what is asked comes with where it lies", () => {
    expect(ask("Is there somewhere I could get a snack?")).toMatch(
      /Try Tollgate coffee house; (.*, and )?it's in the south-east of town, near Quill Lane post office/,
    );
  });
});
