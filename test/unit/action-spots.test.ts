// "Follow the action" (F): a fire comes first however busy a place of talk is; otherwise the
// liveliest place leads.
import { describe, expect, it } from "vitest";
import { actionSpots, withCrowdTalks } from "../../client/render/action.ts";

const agent = (id: string, x: number, y: number, talkingTo = "") => ({
  id,
  name: `${id} Surname`,
  x,
  y,
  talkingTo,
});
// Eight residents at the cafe (40, 10) in four conversations; one alone far away.
const cafe = [
  agent("a", 40, 10, "b"),
  agent("b", 41, 10, "a"),
  agent("c", 40, 11, "d"),
  agent("d", 41, 11, "c"),
  agent("e", 42, 10, "f"),
  agent("f", 42, 11, "e"),
  agent("g", 39, 10, "h"),
  agent("h", 39, 11, "g"),
];
const objects = [
  { address: "w:home:kitchen:stove", name: "stove", x: 5, y: 30, w: 1, h: 1 },
  { address: "w:park:garden:bench", name: "bench", x: 60, y: 40, w: 2, h: 1 },
];

describe("actionSpots", () => {
  it("puts a fire first, above a cafe full of talk", () => {
    const spots = actionSpots(
      {
        agents: [...cafe, agent("z", 6, 30)],
        avatars: [],
        objects: [{ address: "w:home:kitchen:stove", state: "on fire", by: "Mo" }],
      },
      objects,
    );
    expect(spots[0].why).toBe("stove: on fire");
    expect(spots[1].why).toMatch(/are talking/);
    expect(spots[1].score).toBeGreaterThan(spots[0].score); // the cafe is busier, and still second
  });

  it("otherwise the liveliest place leads: the cafe before a bench a moderator marked", () => {
    const spots = actionSpots(
      {
        agents: cafe,
        avatars: [],
        objects: [{ address: "w:park:garden:bench", state: "wet paint", by: "Mo" }],
      },
      objects,
    );
    expect(spots[0].why).toMatch(/are talking/);
    expect(spots.map((s) => s.why)).toContain("bench: wet paint");
  });

  it("a resident's own use of a thing is no action", () => {
    expect(
      actionSpots(
        {
          agents: [agent("z", 6, 30)],
          avatars: [],
          objects: [{ address: "w:home:kitchen:stove", state: "cooking", by: "z Surname" }],
        },
        objects,
      ),
    ).toEqual([]);
  });
});

describe("withCrowdTalks", () => {
  it("adds talks seen only in the crowd of a large town, and still puts a fire first", () => {
    const burning = actionSpots(
      {
        agents: [],
        avatars: [],
        objects: [{ address: "w:home:kitchen:stove", state: "on fire", by: "Mod" }],
      },
      objects,
    );
    // Twelve residents talking in a far cell: livelier by score than a fire nobody stands near.
    const crowd = [{ x: 80, y: 80, size: 10, count: 12, talking: true }];
    const spots = withCrowdTalks(burning, crowd);
    expect(spots.map((s) => s.why)).toEqual(["stove: on fire", "residents talking (12 here)"]);
    expect(spots[1].score).toBeGreaterThan(spots[0].score);
  });

  it("skips a crowd cell with a talk already among the spots, and cells where nobody talks", () => {
    const talk = actionSpots({ agents: cafe, avatars: [], objects: [] }, objects);
    const crowd = [
      { x: 35, y: 5, size: 10, count: 8, talking: true },
      { x: 0, y: 0, size: 10, count: 3, talking: false },
    ];
    expect(withCrowdTalks(talk, crowd)).toHaveLength(talk.length);
  });
});
