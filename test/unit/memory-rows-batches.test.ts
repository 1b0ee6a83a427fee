// A long run of rows (thirty steps of residents' traced prompts) is written in statements of
// bounded size, with the room's event loop turning between them, instead of one statement whose
// JSON is built and handed over in one stall.
import { describe, expect, it } from "vitest";
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { MemoryChange } from "../../server/agents/memory/journal.ts";
import { BATCH_CHARS, MemoryRows } from "../../server/store/memoryRows.ts";
import type { RawSql } from "../../server/store/rawSql.ts";

function fakeDb() {
  const statements: (string | number | null)[][] = [];
  const turns: number[] = [];
  let turn = 0;
  const tick = () => {
    turn++;
    if (turn < 10_000) setImmediate(tick);
  };
  setImmediate(tick);
  const raw: RawSql = {
    query: async <R>(_sql: string, params: (string | number | null)[]) => {
      statements.push(params);
      turns.push(turn);
      // The database answers on another thread: a later turn of the loop.
      await new Promise((resolve) => setImmediate(resolve));
      return [] as R[];
    },
    close: async () => {},
  };
  const none = { deleteMany: async () => ({ count: 0 }) };
  const prisma = {
    memory: none,
    memoryTouch: none,
    mindPart: none,
    objectState: none,
    mindTrace: none,
  } as unknown as PrismaClient;
  return { db: { prisma, raw }, statements, turns, stop: () => (turn = 10_000) };
}

/** A traced prompt of Wilhelmina Okafor's, about `n` characters of text. */
function trace(i: number, n: number): MemoryChange {
  const prompt = `Wilhelmina Okafor, a beekeeper, thinks about her hives (${i}). `.repeat(n / 60);
  return {
    kind: "row",
    table: "trace",
    fields: JSON.stringify({
      agentId: "wilhelmina",
      time: 1_000 * i,
      n: i,
      prompt,
      entry: { answer: "She checks the north hive." },
    }).slice(1, -1),
  };
}

describe("memory rows written in bounded statements", () => {
  it("writes 300 traced prompts of 4 KB in statements of at most BATCH_CHARS, a turn of the loop apart, each once and in order", async () => {
    const { db, statements, turns, stop } = fakeDb();
    let queued: MemoryChange[] = [];
    const journal = { drain: () => queued.splice(0), backfill: () => {} };
    const rows = new MemoryRows(db, "town-1", journal, 0);
    queued = Array.from({ length: 300 }, (_, i) => trace(i, 4_000));
    rows.drain();
    await rows.flush();
    stop();
    const traces = statements.map((p) => JSON.parse(String(p[5])) as { seq: number }[]);
    expect(traces.flat().map((r) => r.seq)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(statements.length).toBeGreaterThan(4);
    for (const p of statements)
      expect(p.slice(1).reduce((n: number, v) => n + String(v).length, 0)).toBeLessThan(
        BATCH_CHARS + 10_000,
      );
    // Each statement in a later turn of the event loop than the one before.
    for (let i = 1; i < turns.length; i++) expect(turns[i]).toBeGreaterThan(turns[i - 1]);
    expect(rows.buffered).toBe(0);
  });

  it("writes a few small rows in one statement", async () => {
    const { db, statements, stop } = fakeDb();
    let queued: MemoryChange[] = [];
    const journal = { drain: () => queued.splice(0), backfill: () => {} };
    const rows = new MemoryRows(db, "town-1", journal, 0);
    queued = Array.from({ length: 40 }, (_, i) => trace(i, 300));
    rows.drain();
    await rows.flush();
    stop();
    expect(statements.length).toBe(1);
    expect(JSON.parse(String(statements[0][5]))).toHaveLength(40);
  });
});
