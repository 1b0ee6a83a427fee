// A moderator's announcement (issue 32, part 5): every resident reached hears it with its next
// tick and remembers it as an observation; a place reaches only those there; a place that does
// not exist is refused and reaches nobody.
import { describe, expect, it } from "vitest";
import { Town } from "../../server/world/town.ts";
import type { TownEvent } from "../../shared/events.ts";
import { offlineTownOf } from "../helpers/offlineTown.ts";

async function generativeTown() {
  const { t, mind, town } = await offlineTownOf("base-3", { seed: 5 });
  // Into the morning (from 05:30): sleepers take in what they perceived only when they wake.
  for (let i = 0; i < 1300; i++) await town.advance();
  return { town, mind, personas: t.personas };
}

const announced = (events: TownEvent[]) =>
  events.find((e): e is Extract<TownEvent, { kind: "announced" }> => e.kind === "announced");

/** Flushes pending observations: a few steps, and enough game time for the queue's age. */
async function settle(town: Town, steps = 120) {
  for (let i = 0; i < steps; i++) await town.advance();
}

describe("announcements", () => {
  it("reach everyone in town, who remember the news as an observation", async () => {
    const { town, mind, personas } = await generativeTown();
    const r = town.apply({
      kind: "announce",
      text: "The old bridge is closed for repairs",
      place: "",
      by: "Mayor Quill",
    });
    expect(r.ok).toBe(true);
    const e = announced(r.ok ? r.events : [])!;
    expect(e).toMatchObject({ by: "Mayor Quill", text: "The old bridge is closed for repairs" });
    expect(new Set(e.agentIds)).toEqual(new Set(personas.map((p) => p.id)));
    await settle(town);
    for (const p of personas) {
      const mems = mind.inspect(p.id, { limit: 1000 })!.memories;
      const heard = mems.find((m) => m.description.includes("bridge is closed"));
      expect(heard, `${p.name} remembers the news`).toMatchObject({ type: "observation" });
      expect(heard!.description).toContain("Mayor Quill");
    }
  });

  it("at a place reach only the residents there; an unknown place is refused", async () => {
    const { town, mind } = await generativeTown();
    const a = town.agentViews()[0];
    const place = town.map.addressAt(a.x, a.y).split(":").slice(0, 3).join(":");
    const there = town
      .agentViews()
      .filter((v) => `${town.map.addressAt(v.x, v.y)}:`.startsWith(`${place}:`))
      .map((v) => v.id);
    const elsewhere = town.agentViews().filter((v) => !there.includes(v.id));
    expect(elsewhere.length, "someone is elsewhere (the check would be empty)").toBeGreaterThan(0);
    const r = town.apply({ kind: "announce", text: "Free soup tonight", place, by: "Mo" });
    expect(r.ok && announced(r.events)!.agentIds.sort()).toEqual([...there].sort());
    await settle(town);
    const remembers = (id: string) =>
      mind
        .inspect(id, { limit: 1000 })!
        .memories.some((m) => m.type === "observation" && m.description.includes("soup"));
    for (const id of there) expect(remembers(id)).toBe(true);
    for (const v of elsewhere) expect(remembers(v.id), v.name).toBe(false);

    const bad = town.apply({ kind: "announce", text: "Hello", place: "Nowhere:At all", by: "Mo" });
    expect(bad).toMatchObject({
      ok: false,
      code: "not_found",
      message: expect.stringContaining("Nowhere:At all"),
    });
  });

  it("a notice not yet heard survives a save and restore", async () => {
    const { town } = await generativeTown();
    town.apply({ kind: "announce", text: "A storm will hit tonight", place: "", by: "Mo" });
    const saved = JSON.parse(JSON.stringify(town.worldSnapshot()));
    const notices = saved.agents.flatMap((a: { notices?: unknown[] }) => a.notices ?? []);
    expect(notices).toContainEqual(
      expect.objectContaining({ kind: "announcement", text: "A storm will hit tonight" }),
    );
  });
});
