// The paper's party scenario on base-3, offline: one resident is seeded (by a history whisper, as
// the paper seeded Isabella) with planning a Valentine's Day party at her cafe on the second day.
// After two game days, another resident can tell an interviewer about it, and was there on time.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GenerativeMind } from "../../server/agents/generativeMind.ts";
import { SimpleMemory, type MemoryPort } from "../../server/agents/memoryPort.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { stepsPerDay } from "../../server/world/clock.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { Town } from "../../server/world/town.ts";

const HISTORY = readFileSync(new URL("../fixtures/mind-history-base3.csv", import.meta.url), "utf8");
const PARTY_PLACE = "Willowbrook:Copper Kettle cafe";
const PARTY_START = Date.parse("2026-02-14T17:00:00Z");
const PARTY_END = Date.parse("2026-02-14T19:00:00Z");

describe("scenario: a party spreads by word of mouth (base-3, offline, lockstep)", () => {
  it("after two game days another resident knows about the party and is there at its time", async () => {
    const t = await loadTemplate("base-3");
    const gateway = new OfflineGateway();
    const retrievals = new Map<string, number>();
    const mind = new GenerativeMind({
      gateway,
      personas: t.personas,
      addresses: t.map.addresses(),
      memory: (p) => {
        const m = new SimpleMemory();
        const retrieve = m.retrieve.bind(m);
        m.retrieve = (...args: Parameters<MemoryPort["retrieve"]>) => {
          retrievals.set(p.id, (retrievals.get(p.id) ?? 0) + 1);
          return retrieve(...args);
        };
        return m;
      },
    });
    const town = new Town({ template: "base-3", map: t.map, personas: t.personas, mind, mode: "lockstep", seed: 1 });
    const seeded = await mind.seedHistory(HISTORY, town.time);
    expect(seeded.unknown).toEqual([]);

    // Minutes each resident spends inside the party's place during the party.
    const atParty = new Map<string, number>();
    const t0 = performance.now();
    const steps = 2 * stepsPerDay(town.stepSeconds);
    for (let i = 0; i < steps; i++) {
      await town.advance();
      if (town.time >= PARTY_START && town.time < PARTY_END) {
        for (const a of town.agentViews()) {
          if (t.map.addressAt(a.x, a.y).startsWith(PARTY_PLACE)) atParty.set(a.id, (atParty.get(a.id) ?? 0) + town.stepSeconds / 60);
        }
      }
    }
    const wall = (performance.now() - t0) / 1000;
    expect(town.mindErrors).toEqual([]);

    const questions = ["Do you know about any party?", "What did you do on February 14?", "Who is Ines Calloway to you?"];
    const answers: Record<string, Record<string, string>> = {};
    for (const r of t.personas) {
      answers[r.name] = {};
      for (const q of questions) answers[r.name][q] = await mind.interview(r.id, q, { offTheRecord: true });
    }
    const m = gateway.metrics();
    const residentDays = (t.personas.length * steps) / stepsPerDay(town.stepSeconds);
    console.log(
      [
        `base-3, ${steps} steps (two game days) in ${wall.toFixed(2)} s wall; ${mind.stats.conversations} conversations, ${mind.stats.reflections} reflections`,
        `per resident-day: ${(m.calls / residentDays).toFixed(1)} calls, ${Math.round(m.tokensIn / residentDays)} prompt tokens`,
        `minutes at ${PARTY_PLACE} between 17:00 and 19:00 on Feb 14: ${JSON.stringify(Object.fromEntries(atParty))}`,
        ...Object.entries(answers).flatMap(([name, qa]) => Object.entries(qa).map(([q, a]) => `${name} — "${q}" → "${a}"`)),
      ].join("\n"),
    );

    // Someone other than the host heard of it, can say so, and was there for most of it.
    const guests = t.personas.filter((p) => p.id !== "ines");
    const informed = guests.filter((p) => /Valentine's Day party at Copper Kettle cafe on February 14 from 5 pm to 7 pm/.test(answers[p.name][questions[0]]));
    expect(informed.length).toBeGreaterThanOrEqual(1);
    const attended = informed.filter((p) => (atParty.get(p.id) ?? 0) >= 60);
    expect(attended.length).toBeGreaterThanOrEqual(1);
    expect(atParty.get("ines") ?? 0).toBeGreaterThanOrEqual(90);

    // Reflections happened, with evidence; memories were retrieved by the scored retrieval.
    expect(mind.stats.reflections).toBeGreaterThanOrEqual(1);
    const insights = t.personas.flatMap((p) => mind.agent(p.id)!.memory.latest(5000, (x) => x.predicate === "reflects"));
    expect(insights.length).toBeGreaterThanOrEqual(1);
    expect(insights.every((x) => x.evidence.length > 0)).toBe(true);
    for (const p of t.personas) expect(retrievals.get(p.id) ?? 0).toBeGreaterThan(10);
    const touched = t.personas.flatMap((p) => mind.agent(p.id)!.memory.latest(5000, (x) => x.lastAccessed > x.created));
    expect(touched.length).toBeGreaterThan(0);

    // Well under a minute, and within the cost targets of issue 4.
    expect(wall).toBeLessThan(30);
    expect(m.calls / residentDays).toBeLessThanOrEqual(100);
    expect(m.tokensIn / residentDays).toBeLessThanOrEqual(25_000);
  }, 120_000);
});
