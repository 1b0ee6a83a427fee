// A resident who moves in while the town runs is known to nobody until met (issue 32, part 2):
// the names a resident's mind knows of (peopleFor, given to its prompts and its offline engine)
// leave the newcomer out until it has seen it, talked with it or heard of it; those it lives with
// know it from the start, and it knows them.
import { describe, expect, it } from "vitest";
import { peopleFor } from "../../server/agents/state.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { addNora } from "../helpers/newcomer.ts";
import { offlineTown } from "../helpers/offlineTown.ts";

const t = await loadTemplate("base-3");

describe("a newcomer", () => {
  it("is known to nobody but its housemates until met", async () => {
    const { mind, town } = offlineTown(t, { seed: 9, ownPersonas: true });
    const known = (id: string) => peopleFor(mind.context(), mind.agent(id)!);
    expect(known("theo")).toEqual(["Ines Calloway", "Edmund Hale"]);
    for (let i = 0; i < 1300; i++) await town.advance(); // into the morning
    const added = town.apply(addNora());
    expect(added.ok).toBe(true);
    await town.advance();
    expect(known("theo")).not.toContain("Nora Vale");
    expect(known("edmund")).not.toContain("Nora Vale");
    expect(known("ines"), "her housemate").toContain("Nora Vale");
    expect(known("nora-vale")).toEqual(["Ines Calloway"]);

    // Someone who sees her comes to know of her (and keeps knowing after a restore).
    const met = () =>
      ["theo", "edmund"].filter((id) =>
        mind
          .inspect(id, { limit: 2000 })!
          .memories.some((m) => m.description.includes("Nora Vale")),
      );
    for (let i = 0; i < 3000 && met().length === 0; i++) await town.advance(); // bound: most of a day
    const [first] = met();
    expect(first, "a resident met Nora within a day").toBeDefined();
    expect(known(first)).toContain("Nora Vale");
    const { mind: again, town: restored } = offlineTown(t, { seed: 9, ownPersonas: true });
    restored.restore(JSON.parse(JSON.stringify(town.snapshot())));
    for (const id of ["theo", "edmund", "ines", "nora-vale"])
      expect(peopleFor(again.context(), again.agent(id)!), id).toEqual(known(id));
  });
});
