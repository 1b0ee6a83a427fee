// A moderator's change to a resident (issue 32, part 3): it takes the change in as its own
// thought, plans anew with it, and the change is saved with the town.
import { describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import { offlineTown } from "../helpers/offlineTown.ts";

const t = await loadTemplate("base-3");

// Each town its own copies: an edit must not reach another town's personas.
const generativeTown = () => offlineTown(t, { seed: 4, ownPersonas: true });

describe("editing a resident", () => {
  it("enters its memory as a thought and its next plan, and is saved", async () => {
    const { town, mind } = generativeTown();
    for (let i = 0; i < 1300; i++) await town.advance(); // into the morning
    const ines = t.personas.find((p) => p.name === "Ines Calloway")!;
    expect(
      town.apply({
        kind: "editResident",
        by: "Mo",
        agentId: "nobody",
        changes: { currently: "x" },
      }),
    ).toMatchObject({ ok: false, code: "not_found" });
    const at = town.time;
    const r = town.apply({
      kind: "editResident",
      by: "Mo",
      agentId: ines.id,
      changes: { currently: "Ines is getting ready to open a bakery in the old mill." },
    });
    expect(r).toMatchObject({ ok: true, events: [{ kind: "residentEdited", agentId: ines.id }] });
    expect(town.persona(ines.id)!.currently).toMatch(/bakery in the old mill/);
    for (let i = 0; i < 30; i++) await town.advance();
    const mems = mind.inspect(ines.id, { limit: 1000 })!.memories;
    expect(mems.find((m) => m.type === "thought" && /bakery/.test(m.description))).toBeTruthy();
    // A new plan, made after the change.
    expect(mems.some((m) => m.type === "plan" && m.created >= at)).toBe(true);

    const again = generativeTown();
    again.town.restore(JSON.parse(JSON.stringify(town.snapshot())));
    expect(again.town.persona(ines.id)!.currently).toMatch(/bakery in the old mill/);
    expect(again.mind.agent(ines.id)!.persona.currently).toMatch(/bakery in the old mill/);
  });
});
