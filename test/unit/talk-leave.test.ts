// Whether a person's words take leave is the mind's reading (understand's act), not a word list
// in the world: "Nice talking to you" and "Catch you later" end a talk; "Do you take care of the
// garden?" does not (a talk with a person ends after the answer to a goodbye).
import { describe, expect, it } from "vitest";
import { countingGateway, tinyMind, at, mindPersonas } from "../fixtures/mind-fixtures.ts";
import type { TownEvent } from "../../shared/events.ts";
import { Town } from "../../server/world/town.ts";
import { TownMap } from "../../server/world/townMap.ts";
import { tinyTownJson } from "../fixtures/tinyTown.ts";
import { sleep } from "../helpers/wait.ts";

describe("a person taking leave of a resident", () => {
  const say = async (words: string) => {
    const mind = tinyMind(countingGateway());
    return mind.hear({
      agent: { id: "ann", name: "Ann Ash" } as never,
      now: at("10:00"),
      speaker: { name: "Rufus Pell", role: "visitor" } as never,
      words: [words],
      soFar: [] as never,
    });
  };

  it("is read from the words by the mind, whatever words take leave", async () => {
    for (const words of ["Nice talking to you!", "Catch you later, Ann.", "Thanks, goodbye!"])
      expect((await say(words)).left, words).toBe(true);
  });

  it("is not read into a question that names caring or seeing", async () => {
    for (const words of ["Do you take care of the garden?", "Did you see your brother today?"])
      expect((await say(words)).left, words).toBeFalsy();
  });
});

describe("in the town", () => {
  it("a question that names taking care keeps the person in the talk; a goodbye lets them go", async () => {
    const map = TownMap.fromJson(tinyTownJson(), "tiny");
    const town = new Town({
      template: "tiny",
      map,
      personas: mindPersonas(),
      mind: tinyMind(countingGateway()),
      mode: "lockstep",
      seed: 3,
    });
    expect(
      town.apply({ kind: "joinAvatar", avatarId: "rufus", name: "Rufus", role: "visitor" }).ok,
    ).toBe(true);
    const said = async (text: string) => {
      town.apply({ kind: "say", avatarId: "rufus", agentId: "ann", text });
      const out: TownEvent[] = [];
      for (let i = 0; i < 40 && !out.some((e) => e.kind === "said"); i++) {
        // (A poll: the mind answers on its own time; the loop stops as soon as it has.)
        await sleep(25);
        out.push(...town.tickHumans(50));
      }
      return out;
    };
    const left = (events: TownEvent[]) =>
      events.some((e) => e.kind === "chatLeft" && e.id === "rufus" && e.why === "goodbye");
    const asked = await said("Do you take care of the garden?");
    expect(asked.some((e) => e.kind === "said")).toBe(true);
    expect(left(asked)).toBe(false);
    expect(left(await said("Well, nice talking to you!"))).toBe(true);
  });
});
