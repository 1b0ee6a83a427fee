// A town's minds over a pool of threads (server/agents/mindPool.ts, MIND_THREADS): the same seed
// gives the same run with 1 thread and with 3, down to every step's events, the minds' saved
// state and the memories journaled, though residents who meet move between the threads.
import { afterEach, describe, expect, it } from "vitest";
import { rowFields, type MemoryChange } from "../../server/agents/memory/journal.ts";
import { MindPool } from "../../server/agents/mindPool.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { buildThreadedTown } from "../../server/townFactory.ts";

const minds: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(minds.splice(0).map((m) => m.close()));
});

/** Float32Arrays (embeddings) as plain arrays, so two snapshots compare as JSON. */
const json = (v: unknown) =>
  JSON.stringify(v, (_k, x: unknown) => (x instanceof Float32Array ? Array.from(x) : x));

/** The rows a journal writes, in a fixed order (threads journal side by side), without what a
 *  thread cannot repeat in a trace (its latency, and the order number it counts from its start). */
const rows = (changes: MemoryChange[]) =>
  changes
    .map((c) => {
      const row = rowFields(c);
      if (row.table !== "trace") return `${row.table} ${row.fields}`;
      const { entry, ...head } = JSON.parse(`{${row.fields}}`) as {
        entry: Record<string, unknown>;
      };
      const { latencyMs: _l, n: _n, ...same } = entry;
      return `trace ${JSON.stringify({ ...head, n: 0, entry: same })}`;
    })
    .sort();

describe("minds over a pool of threads", () => {
  it("run a lockstep base-25 town the same with 1 thread and with 3: every step's events, the saved minds, the rows", async () => {
    const template = await loadTemplate("base-25");
    const build = async (threads: number) => {
      const built = await buildThreadedTown(template, {
        mode: "lockstep",
        seed: 11,
        threads,
        minds: { env: {}, journal: true },
      });
      minds.push(built.mind);
      return built;
    };
    const one = await build(1);
    const three = await build(3);
    expect(three.mind).toBeInstanceOf(MindPool);
    expect((three.mind as MindPool).size).toBe(3);

    let said = 0;
    for (let step = 1; step <= 1000; step++) {
      const a = await one.town.advance();
      const b = await three.town.advance();
      const [ja, jb] = [a.map(json), b.map(json)];
      if (jb.join("\n") !== ja.join("\n"))
        expect({ step, events: jb }).toEqual({ step, events: ja });
      said += a.filter((e) => e.kind === "said").length;
    }
    // The run had residents talking, so residents of different threads met and moved.
    expect(said).toBeGreaterThan(10);
    expect((three.mind as MindPool).moves).toBeGreaterThan(0);

    const [sa, sb] = [await one.town.capture(), await three.town.capture()];
    expect(json(sb)).toBe(json(sa));
    const [ra, rb] = [rows(one.mind.journal.drain()), rows(three.mind.journal.drain())];
    expect(rb.length).toBe(ra.length);
    expect(rb).toEqual(ra);
  }, 600_000);
});
