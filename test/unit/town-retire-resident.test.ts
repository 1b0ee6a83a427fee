// A moderator retires a resident (issue 32, part 3): it ends its talk, walks home and leaves town;
// its memories stay with the minds and in the save, the others who knew of it remember it left,
// it does not come back after a restore, and a replay shows it leave at the step it did (with a
// resident added in the same run, shown from its step).
import { describe, expect, it } from "vitest";
import { peopleFor } from "../../server/agents/state.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { Town } from "../../server/world/town.ts";
import type { TownEvent } from "../../shared/events.ts";
import { applyEvent, cloneFrame, frameOf } from "../../shared/replay/frame.ts";
import { addNora } from "../helpers/newcomer.ts";
import { offlineTown } from "../helpers/offlineTown.ts";

const t = await loadTemplate("base-3");

const generativeTown = () => offlineTown(t, { seed: 9, ownPersonas: true });

const retire = (agentId: string) => ({ kind: "retireResident", by: "Mo", agentId }) as const;

describe("retiring a resident", () => {
  it("walks it home and out of town; the others remember it left; it stays gone after a restore; replays show it", async () => {
    const { town, mind } = generativeTown();
    const start = frameOf(town);
    const log: TownEvent[] = [];
    const run = async (steps: number) => {
      const out: TownEvent[] = [];
      for (let i = 0; i < steps; i++) out.push(...(await town.advance()));
      log.push(...out);
      return out;
    };
    await run(1300); // into the morning
    const addedAt = town.step;
    const added = town.apply(addNora());
    expect(added.ok).toBe(true);
    if (added.ok) log.push(...added.events);
    const theoHome = t.personas.find((p) => p.id === "theo")!.home;
    const theoAt = () => town.map.arenaAt(town.agent("theo")!.x, town.agent("theo")!.y);
    for (let i = 0; i < 3000 && theoAt() === theoHome; i++) await run(1); // bound: a day
    await run(5);
    expect(theoAt(), "Theo went out").not.toBe(theoHome);

    expect(town.apply(retire("nobody"))).toMatchObject({ ok: false, code: "not_found" });
    const r = town.apply(retire("theo"));
    expect(r).toMatchObject({ ok: true });
    if (r.ok) log.push(...r.events);
    expect(r.ok && r.events.at(-1)).toMatchObject({ kind: "residentRetired", agentId: "theo" });
    expect(town.agent("theo")).toMatchObject({ action: "leaving town", emoji: "🧳" });
    expect(town.apply(retire("theo"))).toMatchObject({
      ok: false,
      code: "conflict",
      message: "Theo Brandt is already leaving town",
    });
    const retiredAt = town.step;
    const noraKnew = peopleFor(mind.context(), mind.agent("nora-vale")!).includes("Theo Brandt");

    // It walks home, then leaves (within the bound of two game hours: 720 steps).
    let left: TownEvent | undefined;
    const walked: { x: number; y: number }[] = [];
    for (let i = 0; i < 720 && !left; i++) {
      const events = await run(1);
      for (const e of events) if (e.kind === "agentMoved" && e.agentId === "theo") walked.push(e);
      left = events.find((e) => e.kind === "residentLeft");
    }
    expect(left).toMatchObject({ kind: "residentLeft", agentId: "theo", name: "Theo Brandt" });
    expect(walked.length, "it walked home").toBeGreaterThan(3);
    const last = walked.at(-1)!;
    expect(town.map.arenaAt(last.x, last.y), "it left from home").toBe(theoHome);
    const leftAt = town.step;
    expect(town.agent("theo")).toBeUndefined();
    expect(town.agentViews().map((a) => a.id)).toEqual(["edmund", "ines", "nora-vale"]);
    expect(town.apply(retire("theo"))).toMatchObject({
      ok: false,
      code: "conflict",
      message: '"theo" has already left town',
    });

    // Those who knew of it remember it left; its own memories stay.
    await run(20);
    for (const [id, knew] of [
      ["ines", true],
      ["edmund", true],
      ["nora-vale", noraKnew],
    ] as const) {
      const mems = mind.inspect(id, { limit: 300 })!.memories;
      expect(
        mems.some((m) => m.description === "Theo Brandt has left town"),
        id,
      ).toBe(knew);
    }
    const theoMemories = mind.inspect("theo", { limit: 1000 })!.memories;
    expect(theoMemories.length).toBeGreaterThan(3);
    const answer = await mind.interview("edmund", "Where is Theo Brandt these days?");
    expect(answer).toBe("Theo Brandt has left town.");

    // A replay from the start: Nora from the step she came, Theo gone from the step he left.
    const seen = (step: number) => {
      const f = cloneFrame(start);
      for (const e of log) {
        if (e.kind === "clockTicked" && e.step > step) break;
        applyEvent(f, e);
      }
      return f;
    };
    const ids = (step: number) => seen(step).agents.map((a) => a.id);
    expect(ids(addedAt - 1)).toEqual(["edmund", "ines", "theo"]);
    expect(ids(addedAt)).toEqual(["edmund", "ines", "nora-vale", "theo"]);
    expect(ids(leftAt - 1)).toContain("theo");
    expect(seen(retiredAt).agents.find((a) => a.id === "theo")).toMatchObject({ emoji: "🧳" });
    expect(ids(leftAt)).toEqual(["edmund", "ines", "nora-vale"]);
    expect(seen(town.step)).toEqual(frameOf(town));

    // Saved and restored: it does not come back; its memories are still in the minds' save.
    const saved = JSON.parse(JSON.stringify(town.snapshot()));
    expect(saved.retired).toEqual(["theo"]);
    const again = generativeTown();
    again.town.restore(saved);
    expect(again.town.agentViews()).toEqual(town.agentViews());
    expect(again.mind.inspect("theo", { limit: 1000 })!.memories).toEqual(theoMemories);
    expect(await steps(again.town, 50)).toEqual(await steps(town, 50));
  });

  it("ends a talk with another resident first", async () => {
    const { town } = generativeTown();
    let talking = "";
    for (let i = 0; i < 4000 && !talking; i++) {
      await town.advance();
      talking = town.agentViews().find((a) => a.talkingTo && town.agent(a.talkingTo))?.id ?? "";
    }
    expect(talking, "two residents talk at some point of the day").not.toBe("");
    const partner = town.agent(talking)!.talkingTo;
    const r = town.apply(retire(talking));
    expect(r.ok).toBe(true);
    expect(town.agent(partner)!.talkingTo).toBe("");
    expect(town.agent(talking)!.talkingTo).toBe("");
    // Its partner goes on with its day; nobody starts a talk with one leaving town.
    for (let i = 0; i < 30; i++) {
      const events = await town.advance();
      expect(events.some((e) => e.kind === "actionStarted" && e.talkingTo === talking)).toBe(false);
    }
  });
});

async function steps(town: Town, n: number): Promise<TownEvent[]> {
  const out: TownEvent[] = [];
  for (let i = 0; i < n; i++) out.push(...(await town.advance()));
  return out;
}
