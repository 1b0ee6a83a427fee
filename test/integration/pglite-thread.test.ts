// The embedded database on a thread of its own (server/store/pgliteThread.ts): the caller's event
// loop keeps turning while PGlite works, and queries, transactions and PostgreSQL's errors behave
// as with PGlite in the same thread.
import { afterEach, describe, expect, it } from "vitest";
import { messages } from "@electric-sql/pglite";
import { openEmbedded, type EmbeddedDatabase } from "../../server/store/embedded.ts";
import { sleep } from "../helpers/wait.ts";

const open: EmbeddedDatabase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()));
});

async function db(thread: boolean) {
  const d = await openEmbedded("memory://", { thread });
  open.push(d);
  return d;
}

/** How many times a 1 ms timer ran while `work` was under way. */
async function timerTurnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0;
  const timer = setInterval(() => turns++, 1);
  // Time on purpose: let the timer start before the work does.
  await sleep(5);
  const before = turns;
  await work();
  const during = turns - before;
  clearInterval(timer);
  return during;
}

// A query that keeps PostgreSQL busy for a few hundred milliseconds.
const HEAVY = "SELECT sum(length(md5(g::text))) AS n FROM generate_series(1, 400000) g";

describe("the embedded database on its own thread", () => {
  it("keeps the caller's event loop turning while a query runs (and in the same thread it does not)", async () => {
    const threaded = await db(true);
    const inline = await db(false);
    const offThread = await timerTurnsDuring(() => threaded.pglite.query(HEAVY));
    const onThread = await timerTurnsDuring(() => inline.pglite.query(HEAVY));
    expect(offThread).toBeGreaterThanOrEqual(20);
    expect(onThread).toBeLessThanOrEqual(2);
    // Same answer either way.
    expect((await threaded.pglite.query<{ n: number }>(HEAVY)).rows).toEqual(
      (await inline.pglite.query<{ n: number }>(HEAVY)).rows,
    );
  });

  it("commits a transaction, rolls one back on an error, and hands PostgreSQL's errors over as PGlite's own", async () => {
    const d = await db(true);
    await d.pglite.exec("CREATE TABLE t (a int PRIMARY KEY, b bytea)");
    const bytes = new Uint8Array([0, 1, 2, 255]);
    await d.pglite.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (1, $1)", [bytes]);
      await tx.query("INSERT INTO t VALUES (2, NULL)");
    });
    const failed = await d.pglite
      .transaction(async (tx) => {
        await tx.query("INSERT INTO t VALUES (3, NULL)");
        await tx.query("INSERT INTO t VALUES (1, NULL)");
      })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(messages.DatabaseError);
    expect((failed as { code?: string }).code).toBe("23505");
    // An explicit rollback leaves nothing either.
    await d.pglite.transaction(async (tx) => {
      await tx.query("INSERT INTO t VALUES (4, NULL)");
      await tx.rollback();
    });
    const rows = (
      await d.pglite.query<{ a: number; b: Uint8Array | null }>("SELECT a, b FROM t ORDER BY a")
    ).rows;
    expect(rows.map((r) => r.a)).toEqual([1, 2]);
    expect([...(rows[0].b ?? [])]).toEqual([...bytes]);
    // Parsers given by the caller (as Prisma's adapter gives them) see the column's text.
    const parsed = await d.pglite.query<unknown[]>("SELECT a, b FROM t WHERE a = 1", [], {
      rowMode: "array",
      parsers: { 17: (text: string) => `parsed ${text}` },
    });
    expect(parsed.rows).toEqual([[1, "parsed \\x000102ff"]]);
  });

  it("answers after it is closed with an error, not silence", async () => {
    const d = await openEmbedded("memory://", { thread: true });
    await d.close();
    await expect(d.pglite.query("SELECT 1")).rejects.toThrow(/embedded database/);
  });
});
