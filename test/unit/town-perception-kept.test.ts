// A resident standing still keeps its last perception while its arena's events stay the same
// (town/residents.ts, perceptionOf): what it sees must still change the step anything near it does.
import { describe, expect, it } from "vitest";
import type { Mind, MindInput } from "../../server/world/mind.ts";
import { Town } from "../../server/world/town.ts";
import { TownMap } from "../../server/world/townMap.ts";
import { tinyPersonas, tinyTownJson } from "../fixtures/tinyTown.ts";

const map = TownMap.fromJson(tinyTownJson(), "tiny");

/** Ann stands in the plaza all day; Bob stands at the fountain and takes up a new doing every step. */
function makeTown(seen: { input: MindInput; bob: string }[], getTown: () => Town): Town {
  let n = 0;
  const mind: Mind = {
    async tick(input) {
      if (input.agent.id === "ann") {
        seen.push({ input, bob: getTown().agent("bob")!.action });
        if (!input.needsAction) return null;
        return {
          action: {
            action: "standing around",
            emoji: "🧍",
            address: "Tiny:Square:plaza",
            until: input.now + 86_400_000,
          },
        };
      }
      if (!input.needsAction) return null;
      n++;
      return {
        action: {
          action: n % 3 === 0 ? "humming" : `counting to ${n}`,
          emoji: "🔢",
          address: "Tiny:Square:plaza:fountain",
          until: input.now + (n < 60 ? 0 : 86_400_000), // a new doing every step, then one all day
          objectState: n % 2 ? "splashed" : "rippling",
        },
      };
    },
  };
  return new Town({
    template: "tiny",
    map,
    personas: tinyPersonas(),
    mind,
    mode: "lockstep",
    seed: 3,
  });
}

describe("a resident's perception kept while nothing near it changes", () => {
  it("sees a neighbour's every new doing and an object a person changed, the step it happens", async () => {
    const seen: { input: MindInput; bob: string }[] = [];
    const town: Town = makeTown(seen, () => town);
    for (let i = 0; i < 200; i++) await town.advance();
    // Both stand still near the fountain from some step on.
    const together = seen.filter((s) => s.input.perceived.some((p) => p.actor?.id === "bob"));
    expect(together.length).toBeGreaterThan(100);
    for (const { input, bob } of together) {
      const e = input.perceived.find((p) => p.actor?.id === "bob")!;
      expect(e.description).toBe(`Bob Birch is ${bob}`);
    }
    // Bob's doings changed while Ann stood still, and she saw each of them.
    const described = new Set(together.map((s) => s.bob));
    expect(described.size).toBeGreaterThan(20);

    // A person sets the fountain on fire: Ann, standing still, sees it at the next step.
    const before = seen.length;
    const set = town.apply({
      kind: "setObjectState",
      address: "Tiny:Square:plaza:fountain",
      state: "on fire",
      by: "Milo",
    });
    expect(set.ok).toBe(true);
    await town.advance();
    const next = seen.slice(before).at(-1)!.input;
    expect(next.perceived.map((p) => p.description)).toContain("fountain is on fire");
    // And when the person clears it, the fire is gone from what she sees.
    town.apply({
      kind: "setObjectState",
      address: "Tiny:Square:plaza:fountain",
      state: "idle",
      by: "Milo",
    });
    await town.advance();
    const after = seen.at(-1)!.input;
    expect(after.perceived.map((p) => p.description)).not.toContain("fountain is on fire");
  });
});
