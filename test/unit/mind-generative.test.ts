import { describe, expect, it } from "vitest";
import type { MindInput } from "../../server/world/mind.ts";
import type { TownEvent } from "../../shared/events.ts";
import { Town } from "../../server/world/town.ts";
import {
  at,
  countingGateway,
  input,
  mindPersonas,
  seen,
  tinyMap,
  tinyMind,
} from "../fixtures/mind-fixtures.ts";
import type { GenerativeMind } from "../../server/agents/generativeMind.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import type { Gateway } from "../../server/llm/prompt.ts";
import { sleep } from "../helpers/wait.ts";

const map = tinyMap();
const makeTown = (mind: GenerativeMind) =>
  new Town({ template: "tiny", map, personas: mindPersonas(), mind, mode: "lockstep", seed: 3 });

async function run(town: Town, steps: number): Promise<TownEvent[]> {
  const all: TownEvent[] = [];
  for (let i = 0; i < steps; i++) all.push(...(await town.advance()));
  return all;
}

describe("GenerativeMind driving a Town", () => {
  it("plans each resident's day and walks them to known addresses at their tasks' times", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const town = makeTown(mind);
    const events = await run(town, 6 * 360); // 07:00 → 13:00
    expect(gw.asks.get("day-plan")).toBe(2);
    const actions = events.filter(
      (e): e is Extract<TownEvent, { kind: "actionStarted" }> =>
        e.kind === "actionStarted" && !e.talkingTo,
    );
    expect(actions.length).toBeGreaterThan(6);
    for (const a of actions) expect(map.hasAddress(a.address)).toBe(true);
    expect(town.mindErrors).toEqual([]);
    const ann = mind.inspect("ann", { limit: 5 })!;
    expect(ann.plan!.date).toBe("Friday, February 13");
    expect(ann.plan!.wakeUp).toBe("06:00");
    expect(ann.plan!.schedule[0]).toMatchObject({ start: "00:00", task: "sleeping" });
    expect(ann.plan!.schedule.at(-1)!.end).toBe("24:00");
    expect(ann.plan!.items.length).toBeGreaterThanOrEqual(5);
    expect(ann.memories.length).toBe(5);
    expect(ann.memories[0].created).toBeGreaterThanOrEqual(ann.memories[4].created);
    expect(Object.keys(ann.memories[0]).sort()).toEqual([
      "created",
      "description",
      "importance",
      "type",
    ]);
  });

  // Its speed is measured in bench/mind-day.bench.ts; here, that it does no work.
  it("a tick with nothing new does no work: no call, no memory", async () => {
    const gw = countingGateway();
    const mind = tinyMind(gw);
    const bobSeen = seen("Bob Birch", "walking around the plaza", {
      actor: { kind: "agent", id: "bob" },
    });
    await mind.tick(input(mind, "ann", at("07:00"), { needsAction: true }));
    await mind.tick(input(mind, "ann", at("07:00") + 10_000, { perceived: [bobSeen] }));
    gw.reset();
    const ann = mind.agent("ann")!;
    const n = ann.memory.size + ann.pending.length;
    const same: MindInput = input(mind, "ann", at("07:00") + 20_000, { perceived: [bobSeen] });
    const retrievals = mind.stats.retrievals;
    for (let i = 0; i < 10_000; i++)
      expect(await mind.tick({ ...same, now: same.now + (i % 300) * 10_000 })).toBeNull();
    expect(mind.stats.retrievals).toBe(retrievals);
    expect(gw.total()).toBe(0);
    expect(ann.memory.size + ann.pending.length).toBe(n);
  });

  it("continues from a snapshot exactly as an uninterrupted town", async () => {
    const a = makeTown(tinyMind());
    await a.advance();
    await (a.mind as GenerativeMind).seedHistory(
      "Name,Whisper\nAnn Ash,you are hosting a party at the plaza on February 13 from 7 pm to 9 pm",
      a.time,
    );
    await run(a, 400);
    const saved = JSON.parse(JSON.stringify(a.snapshot()));
    const b = makeTown(tinyMind());
    b.restore(saved);
    const [ea, eb] = [await run(a, 1500), await run(b, 1500)];
    expect(eb).toEqual(ea);
    expect(JSON.stringify(b.snapshot())).toBe(JSON.stringify(a.snapshot()));
  });

  it("live mode: a slow model never stalls the town, late answers are applied later", async () => {
    const inner = new OfflineGateway({ meter: false });
    const slow: Gateway = {
      ...inner,
      engine: "slow",
      ask: async (p, i) => {
        await sleep(3); // time on purpose: a model that takes time
        return inner.ask(p, i);
      },
      embed: (t) => inner.embed(t),
      metrics: () => inner.metrics(),
      close: () => inner.close(),
    };
    const mind = tinyMind(slow);
    const town = new Town({
      template: "tiny",
      map,
      personas: mindPersonas(),
      mind,
      mode: "live",
      seed: 3,
    });
    const first = await town.advance();
    expect(first.some((e) => e.kind === "actionStarted")).toBe(false);
    let started = 0;
    for (let i = 0; i < 200; i++) {
      started += (await town.advance()).filter((e) => e.kind === "actionStarted").length;
      await sleep(1); // time on purpose: real time passes between live steps
    }
    expect(started).toBeGreaterThan(0);
    expect(town.step).toBe(201);
    expect(town.mindErrors).toEqual([]);
  });

  it("two towns with the same seed and inputs produce the same events", async () => {
    const one = makeTown(tinyMind());
    const two = makeTown(tinyMind());
    expect(await run(one, 1000)).toEqual(await run(two, 1000));
  });
});
