// A meeting two residents agree in a talk enters both their lives (issue 29): in a real base-25
// day, offline and lockstep, one resident proposes to meet at a place and hour of its plan, the
// other accepts by its own schedule; both schedules then hold a block at that hour in that place,
// and both are there for most of the next three quarters of an hour. Nothing is staged: the talks,
// the proposals and the answers are the town's own; the test only watches.
import { describe, expect, it } from "vitest";
import type { Meeting } from "../../server/agents/offline/dialogue.ts";
import { offlineTownOf } from "../helpers/offlineTown.ts";

const DAY = 86_400_000;

describe("a meeting agreed between two residents enters both plans", () => {
  it("base-25: the proposer and the accepter are both at the place at the hour", async () => {
    const { t, mind, town } = await offlineTownOf("base-25", { at: "06:00" });
    const ids = new Map(t.personas.map((p) => [p.name, p.id]));
    const sectorOf = (id: string) => {
      const a = town.agent(id)!;
      return t.map.addressAt(a.x, a.y).split(":")[1];
    };
    // The meetings the talks agree (each side's chat holds it while the Town plays the talk).
    const agreed = new Map<string, Meeting>();
    // Minutes each side spent at the meeting's place from a quarter past its hour to an hour after.
    const there = new Map<string, number>();
    const key = (m: Meeting) => `${m.proposer}|${m.accepter}|${m.at}`;
    const day = Math.floor(town.time / DAY) * DAY;
    // (Until the last agreed meeting's hour has passed, within the day: talks of the day agree
    // evening meetings too.)
    while (town.time < day + 24 * 3_600_000) {
      await town.advance();
      for (const p of t.personas) {
        const m = mind.agent(p.id)?.chat?.agreed;
        if (m && m.at > town.time && !agreed.has(key(m)) && agreed.size < 3) agreed.set(key(m), m);
      }
      for (const m of agreed.values())
        for (const who of [m.proposer, m.accepter])
          if (
            town.time >= m.at + 15 * 60_000 &&
            town.time < m.at + 60 * 60_000 &&
            sectorOf(ids.get(who)!) === m.place.split(":")[1]
          ) {
            const k = `${key(m)}|${who}`;
            there.set(k, (there.get(k) ?? 0) + town.stepSeconds / 60);
          }
      const last = Math.max(...[...agreed.values()].map((m) => m.at));
      if (agreed.size >= 2 && town.time >= last + 60 * 60_000) break;
    }
    expect(agreed.size, "no talk of the day agreed a meeting").toBeGreaterThanOrEqual(2);
    for (const m of agreed.values()) {
      const minute = (m.at % DAY) / 60_000;
      for (const who of [m.proposer, m.accepter]) {
        const s = mind.agent(ids.get(who)!)!;
        const other = who === m.proposer ? m.accepter : m.proposer;
        const blocks = s.schedule!.blocks;
        const block = blocks.find((b) => b.start === minute && b.task.includes(other));
        expect(
          block,
          `${who}, meeting ${other} at ${minute}:\n` +
            blocks.map((b) => `${b.start} ${b.task} @ ${b.place}`).join("\n"),
        ).toBeDefined();
        expect(block!.place?.split(":")[1]).toBe(m.place.split(":")[1]);
        // Its memory holds the planning note (the day planner reads it like an invitation's).
        expect(
          s.memory
            .latest(10_000)
            .some((x) => x.description.startsWith(`For ${who}'s planning: a visit`)),
        ).toBe(true);
        expect(
          there.get(`${key(m)}|${who}`) ?? 0,
          `${who} at ${m.placeName}`,
        ).toBeGreaterThanOrEqual(30);
      }
    }
  }, 600_000);
});
