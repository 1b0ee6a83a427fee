// A town's minds on a worker thread of their own (server/agents/mindThread.ts): the same town,
// seed and steps give the same run as with the minds in the caller's thread, down to every
// step's events, the memories journaled for each save and the minds' saved state.
import { afterEach, describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import {
  MemoryJournal,
  ROW_PARTS,
  rowFields,
  type MemoryChange,
} from "../../server/agents/memory/journal.ts";
import { makeGateway, readLlmConfig } from "../../server/llm/index.ts";
import { buildThreadedTown, buildTown } from "../../server/townFactory.ts";
import type { TownSnapshot } from "../../server/world/snapshot.ts";

const threads: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(threads.splice(0).map((t) => t.close()));
});

async function threaded(template: Awaited<ReturnType<typeof loadTemplate>>, seed: number) {
  const built = await buildThreadedTown(template, {
    mode: "lockstep",
    seed,
    minds: { env: {}, journal: true },
  });
  threads.push(built.mind);
  return built;
}

/** Float32Arrays (embeddings) as plain arrays, so two snapshots compare as JSON. */
const json = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (x instanceof Float32Array ? Array.from(x) : x));

/**
 * A journal as the store writes it: each change as its row (the worker sends them written; in
 * this thread an added memory is written as it was when added, with the change's lastAccessed).
 */
const journalJson = (changes: MemoryChange[]) =>
  changes.map((c) => {
    const row = rowFields(c);
    if (row.table !== "trace") return `${row.table} ${row.fields}`;
    // A traced ask: the same but for what the thread cannot repeat (its wall-clock latency, and
    // the order number each thread counts from its own start).
    const { entry, ...head } = JSON.parse(`{${row.fields}}`) as { entry: Record<string, unknown> };
    const { latencyMs: _l, n: _n, ...same } = entry;
    return `trace ${JSON.stringify({ ...head, n: 0, entry: same })}`;
  });

/** Equal lists, or a failure that shows the first difference only (memories carry long vectors). */
function sameList(what: string, got: string[], want: string[]): void {
  const i = want.findIndex((w, k) => got[k] !== w);
  if (i >= 0 || got.length !== want.length)
    expect({
      what,
      at: i,
      got: got[i]?.slice(0, 600) ?? null,
      lengths: [got.length, want.length],
    }).toEqual({
      what,
      at: i,
      got: want[i]?.slice(0, 600) ?? null,
      lengths: [want.length, want.length],
    });
}

describe("minds on a thread of their own", () => {
  it.each([
    ["base-3", 8640],
    ["base-25", 3000],
  ])(
    "run a lockstep town (%s, %i steps) exactly as in one thread: every step's events, each save's journal, the minds' state",
    async (key, steps) => {
      const template = await loadTemplate(key);
      const journal = new MemoryJournal();
      const here = buildTown(template, {
        gateway: makeGateway(readLlmConfig({})),
        mode: "lockstep",
        seed: 11,
        journal,
      });
      const there = await threaded(template, 11);
      // Both start with the same news, so the day has things to pass on.
      const history = [
        {
          line: 1,
          name: "Edmund Hale",
          statements: [
            "Edmund Hale is organising a clean-up of the riverbank next Saturday at nine in the morning.",
          ],
        },
      ];
      expect(await there.mind.seedHistory(history, there.town.time)).toEqual(
        await here.mind.seedHistory(history, here.town.time),
      );

      let lines = 0;
      let journaled = 0;
      for (let step = 1; step <= steps; step++) {
        const a = await here.town.advance();
        const b = await there.town.advance();
        sameList(`events of step ${step}`, b.map(json), a.map(json));
        lines += a.filter((e) => e.kind === "said").length;
        if (step % 720 === 0 || step === steps) {
          // A save: the snapshot, and the journal up to it, from either thread.
          const sa = here.town.capture() as TownSnapshot;
          const ja = journal.drain();
          const sb = await there.town.capture();
          const jb = there.mind.journal.drain();
          sameList(`snapshot at step ${step}`, [json(sb)], [json(sa)]);
          sameList(`journal up to step ${step}`, journalJson(jb), journalJson(ja));
          journaled += ja.length;
          // The parts a store keeps as rows come as JSON made in the worker, the same as here.
          const agents = (sa.mind as { agents: Record<string, unknown>[] }).agents;
          for (const [i, ag] of agents.entries()) {
            for (const part of ROW_PARTS) {
              if (ag[part] === undefined) continue;
              expect(
                there.mind.journal.partJson?.(sb.mind as object, String(ag.id), part),
                `${String(ag.id)}'s ${part} at step ${step}`,
              ).toBe(JSON.stringify(ag[part]));
            }
            expect(
              there.mind.journal.partJson?.({}, String(agents[i].id), "spatial"),
            ).toBeUndefined();
          }
        }
      }
      // Not a quiet town: the residents talked and remembered (so the comparison meant something):
      // two talks at least (an offline talk is about three lines).
      expect(lines).toBeGreaterThanOrEqual(6);
      expect(journaled).toBeGreaterThan(100);
      const report = (await there.mind.refresh()).metrics;
      expect(report.calls).toBe(here.mind.context().gateway.metrics().calls);
    },
    120_000,
  );

  it("continue a save of minds from the caller's thread, and answer people as they would", async () => {
    const template = await loadTemplate("base-3");
    const here = buildTown(template, {
      gateway: makeGateway(readLlmConfig({})),
      mode: "lockstep",
      seed: 3,
    });
    for (let i = 0; i < 2500; i++) await here.town.advance();
    const saved = JSON.parse(json(here.town.snapshot())) as TownSnapshot;

    const there = await threaded(template, 3);
    there.town.restore(saved);
    await there.town.restored();
    const again = buildTown(template, {
      gateway: makeGateway(readLlmConfig({})),
      mode: "lockstep",
      seed: 3,
    });
    again.town.restore(saved);
    for (let i = 0; i < 300; i++)
      expect(json(await there.town.advance())).toBe(json(await again.town.advance()));

    const question = "What are you doing today, and who have you talked to?";
    const id = template.personas[0].id;
    expect(await there.mind.interview(id, question, { offTheRecord: true })).toBe(
      await again.mind.interview(id, question, { offTheRecord: true }),
    );
    const inspected = await there.mind.inspect(id, { limit: 5 });
    expect(inspected?.memories).toEqual(again.mind.inspect(id, { limit: 5 })?.memories);
    expect(await there.mind.inspect("nobody")).toBeUndefined();
  }, 60_000);

  it("refuse a bad save with the reason and keep the minds as they were", async () => {
    const template = await loadTemplate("base-3");
    const there = await threaded(template, 5);
    for (let i = 0; i < 50; i++) await there.town.advance();
    const good = await there.town.capture();
    there.town.restore({
      ...good,
      mind: {
        kind: "generative",
        v: 1,
        stats: {},
        agents: [{ id: template.personas[0].id, memory: "garbage" }],
      },
    });
    await expect(there.town.restored()).rejects.toThrow(/generative mind/);
    expect(json((await there.town.capture()).mind)).toBe(json(good.mind));
  }, 60_000);

  it("a thread that stops fails the calls waiting on it with the reason, and the town steps on", async () => {
    const template = await loadTemplate("base-3");
    const there = await threaded(template, 9);
    for (let i = 0; i < 5; i++) await there.town.advance();
    await there.mind.close();
    await expect(there.mind.inspect(template.personas[0].id)).rejects.toThrow(
      /minds' thread is closed/,
    );
    for (let i = 0; i < 200; i++) await there.town.advance();
    expect(there.town.mindErrors.length).toBeGreaterThan(0);
    expect(String(there.town.mindErrors.at(-1)!.error)).toMatch(/minds' thread/);
  }, 60_000);
});
