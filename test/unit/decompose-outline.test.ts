// The decomposition prompt lists the rooms and things of the places the next hours go to, home
// and where the resident is; the other places it knows by their names alone, as the original's
// choice of a sector lists the known sectors' names (its rooms only once one is chosen). A town
// with more places, or bigger ones, costs a few words a place, not their rooms (the prompt grew
// with the map: bench/RESULTS.md, cost24).
import { describe, expect, it } from "vitest";
import { GenerativeMind } from "../../server/agents/generativeMind.ts";
import { nextTask } from "../../server/agents/plan.ts";
import { decomposePrompt, type DecomposeInput } from "../../server/agents/prompts/decompose.ts";
import { at, countingGateway, mindPersonas, tinyMap } from "../fixtures/mind-fixtures.ts";

/** The tiny town with more public places, each of several rooms with things in them. */
function townWith(places: string[]) {
  const extra = places.flatMap((p) =>
    ["front hall", "reading room", "back office"].flatMap((room) =>
      ["long table", "lamp", "cabinet"].map((thing) => `Tiny:${p}:${room}:${thing}`),
    ),
  );
  const gw = countingGateway();
  const mind = new GenerativeMind({
    gateway: gw,
    personas: mindPersonas(),
    addresses: [...tinyMap().addresses(), ...extra],
  });
  return { gw, ctx: mind.context(), ann: mind.agent("ann")! };
}

async function decomposeText(places: string[]) {
  const { gw, ctx, ann } = townWith(places);
  await nextTask(ctx, ann, at("08:05"));
  const input = gw.inputs.find((i) => i.prompt === "decompose")!.input as DecomposeInput;
  return decomposePrompt.render(input).at(-1)!.content;
}

describe("the places a decomposition prompt lists", () => {
  it("gives the rooms where the plan goes and the other places by name", async () => {
    const text = await decomposeText(["Heron Guildhall", "Marsh Lane Archive"]);
    // Where the morning goes (the fountain on the square) with its things.
    expect(text).toMatch(/^Square: .*fountain/m);
    // The other places are named, their rooms not listed.
    expect(text).toContain("Heron Guildhall");
    expect(text).toContain("Marsh Lane Archive");
    expect(text).not.toContain("reading room");
  });

  it("grows by a few words a place known, not by its rooms", async () => {
    const few = await decomposeText(["Heron Guildhall"]);
    const names = ["Marsh Lane Archive", "Old Tannery", "Saltgate Exchange", "Fennick Hall"];
    const more = await decomposeText(["Heron Guildhall", ...names]);
    expect(more.length - few.length).toBeLessThanOrEqual(names.join("; ").length + 8);
  });
});
