// The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: every
// query runs synchronously in wasm on the thread that owns it, so an autosave's rows (with a
// model's 1536-d embeddings, megabytes) held the room's event loop for hundreds of milliseconds.
// Here PGlite lives in a worker (pgliteWorker.ts) and this class stands in for it with the part
// of its API the store uses (query, exec, transaction, close), so Prisma's PGlite adapter, the raw
// row reads and writes and the migrations run unchanged. Messages are structured clones; a
// transaction keeps its worker-side handle open between messages, as PGlite's own does.
import { messages, type Results } from "@electric-sql/pglite";
import { plainError, ThreadClient, type SentError } from "../threads/index.ts";

type Parser = (value: string, typeId: number) => unknown;
export interface QueryOptions {
  rowMode?: "array" | "object";
  /** Value parsers by type id (Prisma's adapter brings its own): applied here, to the raw text. */
  parsers?: Record<number, Parser>;
}

/** The part of PGlite (and of its transactions) that the store uses. */
export interface PGliteQueries {
  query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<R>>;
  exec(sql: string): Promise<Results[]>;
}
export interface PGliteTx extends PGliteQueries {
  rollback(): Promise<void>;
  readonly closed: boolean;
}
export interface PGliteLike extends PGliteQueries {
  transaction<T>(fn: (tx: PGliteTx) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** Where and how the worker opens the database (embedded.ts decides). */
export interface OpenRequest {
  dir: string;
  isNew: boolean;
  inMemory: boolean;
}

export type Request =
  | {
      id: number;
      op: "query";
      tx?: number;
      sql: string;
      params?: unknown[];
      rowMode?: "array" | "object";
      raw?: number[];
    }
  | { id: number; op: "exec"; tx?: number; sql: string }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; rollback: boolean }
  | { id: number; op: "close" };

/** A request as the caller gives it (the id is added when sent). */
type Unsent = Request extends infer R ? (R extends Request ? Omit<R, "id"> : never) : never;

/** A PostgreSQL error comes back as PGlite's own DatabaseError (Prisma's adapter maps it by class). */
function revive(e: SentError): Error {
  if (!e.fields) return plainError(e);
  const err = new messages.DatabaseError(e.message, 0, "error");
  Object.assign(err, e.fields);
  return err;
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parse<R>(
  res: Results<R>,
  parsers: Record<number, Parser> | undefined,
  rowMode: "array" | "object",
): Results<R> {
  if (!parsers) return res;
  const columns = res.fields
    .map((f, i) => ({ i, name: f.name, parser: parsers[f.dataTypeID], type: f.dataTypeID }))
    .filter((c) => c.parser);
  if (!columns.length) return res;
  for (const row of res.rows as unknown[]) {
    for (const c of columns) {
      if (rowMode === "array") {
        const r = row as unknown[];
        if (r[c.i] !== null) r[c.i] = c.parser(r[c.i] as string, c.type);
      } else {
        const r = row as Record<string, unknown>;
        if (r[c.name] !== null) r[c.name] = c.parser(r[c.name] as string, c.type);
      }
    }
  }
  return res;
}

export class PGliteThread implements PGliteLike {
  private closing = false;

  private constructor(private readonly thread: ThreadClient) {}

  /** Starts the worker and opens the database in it; rejects with the worker's reason. */
  static async open(req: OpenRequest): Promise<PGliteThread> {
    return new PGliteThread(
      await ThreadClient.start(
        new URL("./pgliteWorker.ts", import.meta.url),
        { open: req },
        { what: "the embedded database's thread", revive },
      ),
    );
  }

  get closed(): boolean {
    return this.closing || this.thread.stopped !== null;
  }

  private call<T>(req: Unsent): Promise<T> {
    return this.thread.call<T>(req);
  }

  private async queryOn<R>(
    tx: number | undefined,
    sql: string,
    params?: unknown[],
    options: QueryOptions = {},
  ): Promise<Results<R>> {
    const rowMode = options.rowMode ?? "object";
    const raw = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    const res = await this.call<Results<R>>({ op: "query", tx, sql, params, rowMode, raw });
    return parse(res, options.parsers, rowMode);
  }

  query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<R>> {
    return this.queryOn<R>(undefined, sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.call<Results[]>({ op: "exec", sql });
  }

  async transaction<T>(fn: (tx: PGliteTx) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: "begin" });
    let rollback = false;
    let ended = false;
    const tx: PGliteTx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.queryOn<R>(id, sql, params, options),
      exec: (sql: string) => this.call<Results[]>({ op: "exec", tx: id, sql }),
      rollback: () => {
        rollback = true;
        return Promise.resolve();
      },
      get closed() {
        return ended;
      },
    };
    let value: T;
    try {
      value = await fn(tx);
    } catch (err) {
      ended = true;
      await this.call({ op: "end", tx: id, rollback: true }).catch(() => {});
      throw err;
    }
    ended = true;
    await this.call({ op: "end", tx: id, rollback });
    return value;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closing = true;
    try {
      await this.call({ op: "close" });
    } finally {
      await this.thread.terminate("the embedded database is closed");
    }
  }
}
