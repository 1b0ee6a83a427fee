// A resident added while the town runs (issue 32, part 2): checked against the town with errors
// that name the field, standing at home, planning the rest of its day, saved and restored with its
// memories, and shown by replays.
import { describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import { Town } from "../../server/world/town.ts";
import type { TownEvent } from "../../shared/events.ts";
import { applyEvent, frameOf } from "../../shared/replay/frame.ts";
import { addNora } from "../helpers/newcomer.ts";
import { offlineTown } from "../helpers/offlineTown.ts";

const t = await loadTemplate("base-3");

const generativeTown = () => offlineTown(t, { seed: 9 });

async function run(town: Town, steps: number): Promise<TownEvent[]> {
  const all: TownEvent[] = [];
  for (let i = 0; i < steps; i++) all.push(...(await town.advance()));
  return all;
}

describe("a new resident", () => {
  it("is refused with the field that is wrong: a name taken, a place or bed that does not exist", () => {
    const { town } = generativeTown();
    expect(town.apply(addNora({ name: "ines calloway" }))).toMatchObject({
      ok: false,
      code: "conflict",
      message: expect.stringMatching(/^name: "Ines Calloway" already lives/),
    });
    expect(town.apply(addNora({ workplace: "Willowbrook:Moon base" }))).toMatchObject({
      ok: false,
      code: "not_found",
      message: expect.stringMatching(/^workplace: .*Moon base/),
    });
    expect(town.apply(addNora({ shareWith: ["Nobody Here"] }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^shareWith: no resident named "Nobody Here"/),
    });
    // Every bed of this town is taken.
    expect(
      town.apply(addNora({ shareWith: undefined, home: "Willowbrook:Hale cottage:bedroom" })),
    ).toMatchObject({ ok: false, code: "conflict", message: expect.stringMatching(/no free bed/) });
    expect(town.agentViews()).toHaveLength(3);
  });

  it("appears at home, plans the rest of its day, and is saved and restored with its memories", async () => {
    const { town, mind } = generativeTown();
    await run(town, 1300); // into the morning
    const before = frameOf(town);
    const r = town.apply(addNora());
    expect(r.ok).toBe(true);
    const added = r.ok ? r.events[0] : undefined;
    expect(added).toMatchObject({ kind: "residentAdded", agentId: "nora-vale", name: "Nora Vale" });
    const home = t.personas.find((p) => p.name === "Ines Calloway")!.home;
    const v = town.agent("nora-vale")!;
    expect(town.map.arenaAt(v.x, v.y)).toBe(home);

    // A replay shows it from the event on.
    applyEvent(before, added!);
    expect(before.agents.find((a) => a.id === "nora-vale")).toMatchObject({ x: v.x, y: v.y });

    const events = await run(town, 60);
    const actions = events.filter((e) => e.kind === "actionStarted" && e.agentId === "nora-vale");
    expect(actions.length, "it takes up something to do").toBeGreaterThan(0);
    const walked = events.filter((e) => e.kind === "agentMoved" && e.agentId === "nora-vale");
    expect(walked.length, "it walks from home to what it does").toBeGreaterThan(0);
    const memories = mind.inspect("nora-vale", { limit: 500 })!.memories;
    expect(memories.some((m) => m.type === "plan")).toBe(true);
    expect(memories.some((m) => m.description.includes("bake bread"))).toBe(true);
    // Nobody else has met it yet.
    for (const p of t.personas) {
      const theirs = mind.inspect(p.id, { limit: 1000 })!.memories;
      expect(theirs.some((m) => m.description.includes("Nora Vale"))).toBe(false);
    }

    // A save, then a town started afresh from the template and restored from it.
    const saved = JSON.parse(JSON.stringify(town.snapshot()));
    const again = generativeTown();
    again.town.restore(saved);
    expect(again.town.agent("nora-vale")).toEqual(town.agent("nora-vale"));
    expect(again.mind.inspect("nora-vale", { limit: 500 })!.memories).toEqual(
      mind.inspect("nora-vale", { limit: 500 })!.memories,
    );
    expect(await run(again.town, 100)).toEqual(await run(town, 100));
  });
});
