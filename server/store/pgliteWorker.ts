// The embedded database's thread (see pgliteThread.ts): opens PGlite where it was asked to, then
// answers the main thread's queries, execs and transactions in the order they arrive. A
// transaction's handle stays open here until the main thread ends it.
import { workerData } from "node:worker_threads";
import { messages, type PGlite, type Results, type Transaction } from "@electric-sql/pglite";
import { createPGlite } from "./embedded.ts";
import type { OpenRequest, Request } from "./pgliteThread.ts";
import { mainPort, sendable, sendReply, type Ready, type Reply } from "../threads/index.ts";

const send = (r: Reply | Ready) => sendReply(r, "the embedded database");

// PostgreSQL's errors carry their fields (code, detail, ...) as own string properties (PGlite
// also attaches the query and its options, parsers included, which are not sent).
const sent = (err: unknown) =>
  sendable(err, (e) =>
    e instanceof messages.DatabaseError
      ? Object.fromEntries(
          Object.entries(e).filter(([, v]) => typeof v === "string" || typeof v === "number"),
        )
      : undefined,
  );

/** Open transactions: their handle, and how to end them (return to commit, throw to roll back). */
const open = new Map<
  number,
  { tx: Transaction; end: (rollback: boolean) => void; done: Promise<unknown> }
>();

// Values of these types come back as the text PostgreSQL gave (the caller parses them).
const rawParsers = (types: number[] | undefined) =>
  types ? Object.fromEntries(types.map((t) => [t, (v: string) => v])) : undefined;

/** Where a query runs: its open transaction, or the database. */
function target(db: PGlite, tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return db;
  const t = open.get(tx);
  if (!t) throw new Error(`transaction ${tx} is not open`);
  return t.tx;
}

/** A result as it is sent (PGlite's may carry more than can be cloned). */
const plain = (r: Results) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

async function handle(db: PGlite, m: Request): Promise<unknown> {
  switch (m.op) {
    case "query": {
      const parsers = rawParsers(m.raw);
      return plain(
        await target(db, m.tx).query(m.sql, m.params, {
          rowMode: m.rowMode,
          ...(parsers ? { parsers } : {}),
        }),
      );
    }
    case "exec":
      return (await target(db, m.tx).exec(m.sql)).map(plain);
    case "begin":
      return new Promise<number>((begun, failed) => {
        const done = db.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              open.set(m.id, {
                tx,
                end: (back) => (back ? rollback(new Error("rolled back")) : commit()),
                done,
              });
              begun(m.id);
            }),
        );
        done.catch(failed);
      });
    case "end": {
      const t = open.get(m.tx);
      if (!t) throw new Error(`transaction ${m.tx} is not open`);
      open.delete(m.tx);
      t.end(m.rollback);
      try {
        await t.done;
      } catch (err) {
        if (!m.rollback) throw err;
      }
      return null;
    }
    case "close":
      await db.close();
      return null;
  }
}

try {
  const req = (workerData as { open: OpenRequest }).open;
  const db = await createPGlite(req.dir, req.isNew, req.inMemory);
  mainPort().on("message", (m: Request) => {
    handle(db, m).then(
      (value) => send({ id: m.id, ok: true, value }),
      (err: unknown) => send({ id: m.id, ok: false, error: sent(err) }),
    );
  });
  send({ id: 0, ready: true });
} catch (err) {
  send({ id: 0, ready: false, error: sent(err) });
}
