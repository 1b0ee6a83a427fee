// What a resident sees of another carries the other's doing as a value ("taking a shower at
// home"), beside the sentence ("Bob Birch is taking a shower at home"): whether the sight is
// private is read from the doing, never by tagging the sentence again, and is what it was.
import { describe, expect, it } from "vitest";
import type { Mind, MindInput } from "../../server/world/mind.ts";
import { Town } from "../../server/world/town.ts";
import { TownMap } from "../../server/world/townMap.ts";
import { reactionOptions } from "../../server/agents/react.ts";
import { tinyPersonas, tinyTownJson } from "../fixtures/tinyTown.ts";
import {
  at,
  countingGateway,
  input,
  inTheSquare,
  seen,
  selfOf,
  tinyMind,
} from "../fixtures/mind-fixtures.ts";

const map = TownMap.fromJson(tinyTownJson(), "tiny");

/** What Ann perceives of Bob while Bob does `bobDoes` in the plaza. */
async function annSeesBob(bobDoes: string): Promise<MindInput["perceived"]> {
  const inputs: MindInput[] = [];
  const mind: Mind = {
    async tick(i) {
      inputs.push(i);
      if (!i.needsAction) return null;
      return {
        action: {
          action: i.agent.id === "bob" ? bobDoes : "standing around",
          emoji: "🧍",
          address: "Tiny:Square:plaza",
          until: i.now + 3_600_000,
        },
      };
    },
  };
  const town = new Town({
    template: "tiny",
    map,
    personas: tinyPersonas(),
    mind,
    mode: "lockstep",
    seed: 3,
  });
  for (let n = 0; n < 30; n++) await town.advance();
  return inputs.filter((i) => i.agent.id === "ann").at(-1)!.perceived;
}

describe("a sight of a resident carries its doing", () => {
  for (const doing of ["taking a shower at home", "painting the railings", "having a bath"])
    it(`"${doing}": the doing beside the sentence`, async () => {
      const bob = (await annSeesBob(doing)).find((p) => p.actor?.id === "bob");
      expect(bob?.description).toBe(`Bob Birch is ${doing}`);
      expect(bob?.doing).toBe(doing);
    });

  it("a resident still leaves alone someone in the shower, and greets someone at work, whether the sight carries the doing or only the sentence (an old save, a person)", () => {
    const mind = tinyMind(countingGateway());
    const ctx = mind.context();
    const { ann, bob } = inTheSquare(mind);
    const now = at("10:00");
    const options = (doing: string, carried: boolean) =>
      reactionOptions(
        ctx,
        ann,
        bob,
        seen("Bob Birch", doing, {
          actor: { kind: "agent", id: "bob" },
          ...(carried ? { doing } : {}),
        }),
        input(mind, "ann", now, { agent: selfOf(mind, "ann") }),
      );
    for (const carried of [true, false]) {
      for (const private_ of ["taking a shower at home", "brushing his teeth", "getting dressed"])
        expect(options(private_, carried), private_).toEqual([]);
      for (const open of ["washing the dishes", "painting the railings", "reading the paper"])
        expect(options(open, carried), open).toEqual(["talk"]);
    }
  });
});
