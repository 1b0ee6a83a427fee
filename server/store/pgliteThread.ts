// The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: every
// query runs synchronously in wasm on the thread that owns it, so an autosave's rows (with a
// model's 1536-d embeddings, megabytes) held the room's event loop for hundreds of milliseconds.
// Here PGlite lives in a worker (pgliteWorker.ts) and this class stands in for it with the part
// of its API the store uses (query, exec, transaction, close), so Prisma's PGlite adapter, the raw
// row reads and writes and the migrations run unchanged. Messages are structured clones; a
// transaction keeps its worker-side handle open between messages, as PGlite's own does.
import { Worker } from "node:worker_threads";
import { messages, type Results } from "@electric-sql/pglite";

type Parser = (value: string, typeId: number) => unknown;
export interface QueryOptions {
  rowMode?: "array" | "object";
  /** Value parsers by type id (Prisma's adapter brings its own): applied here, to the raw text. */
  parsers?: Record<number, Parser>;
}

/** The part of PGlite (and of its transactions) that the store uses. */
export interface PGliteQueries {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>>;
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
  | { id: number; op: "query"; tx?: number; sql: string; params?: unknown[]; rowMode?: "array" | "object"; raw?: number[] }
  | { id: number; op: "exec"; tx?: number; sql: string }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; rollback: boolean }
  | { id: number; op: "close" };

export interface SentError {
  message: string;
  name: string;
  /** A PostgreSQL error's fields (code, detail, constraint, ...). */
  fields?: Record<string, unknown>;
}

/** A request as the caller gives it (the id is added when sent). */
type Unsent = Request extends infer R ? (R extends Request ? Omit<R, "id"> : never) : never;

/** The answer to a request (by its id), or, once, with id 0, whether the database opened. */
export type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SentError };
export type Ready = { id: 0; ready: true } | { id: 0; ready: false; error: SentError };

/** A PostgreSQL error comes back as PGlite's own DatabaseError (Prisma's adapter maps it by class). */
function revive(e: SentError): Error {
  if (e.fields) {
    const err = new messages.DatabaseError(e.message, 0, "error");
    Object.assign(err, e.fields);
    return err;
  }
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}

/** Applies the caller's parsers to the columns the worker left as text. */
function parse<R>(res: Results<R>, parsers: Record<number, Parser> | undefined, rowMode: "array" | "object"): Results<R> {
  if (!parsers) return res;
  const columns = res.fields.map((f, i) => ({ i, name: f.name, parser: parsers[f.dataTypeID], type: f.dataTypeID })).filter((c) => c.parser);
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
  private next = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private stopped: Error | null = null;
  private closing = false;

  private constructor(private readonly worker: Worker) {
    worker.on("message", (r: Reply | Ready) => {
      if ("ready" in r) return;
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      this.idle();
      if (r.ok) p.resolve(r.value);
      else p.reject(revive(r.error));
    });
    const fail = (err: Error) => {
      this.stopped ??= err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on("error", (err) => fail(new Error(`the embedded database's thread failed: ${err.message}`, { cause: err })));
    worker.on("exit", (code) => fail(new Error(`the embedded database's thread stopped (exit ${code})`)));
    worker.unref();
  }

  /** Starts the worker and opens the database in it; rejects with the worker's reason. */
  static async open(req: OpenRequest): Promise<PGliteThread> {
    const worker = new Worker(new URL("./threadBoot.mjs", import.meta.url), {
      workerData: { entry: new URL("./pgliteWorker.ts", import.meta.url).href, open: req },
    });
    const ready = await new Promise<Ready>((resolve, reject) => {
      const onMessage = (r: Reply | Ready) => {
        if (!("ready" in r)) return;
        worker.off("message", onMessage);
        worker.off("error", reject);
        resolve(r);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
    }).catch(async (err: Error) => {
      await worker.terminate();
      throw err;
    });
    if (!ready.ready) {
      await worker.terminate();
      throw revive(ready.error);
    }
    return new PGliteThread(worker);
  }

  get closed(): boolean {
    return this.closing || this.stopped !== null;
  }

  // The worker keeps the process alive only while an answer is awaited (as PGlite in the same
  // thread would not keep it alive at all).
  private idle(): void {
    if (this.pending.size === 0) this.worker.unref();
  }

  private call<T>(req: Unsent): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.ref();
      this.worker.postMessage({ ...req, id });
    });
  }

  private async queryOn<R>(tx: number | undefined, sql: string, params?: unknown[], options: QueryOptions = {}): Promise<Results<R>> {
    const rowMode = options.rowMode ?? "object";
    const raw = options.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    const res = await this.call<Results<R>>({ op: "query", tx, sql, params, rowMode, raw });
    return parse(res, options.parsers, rowMode);
  }

  query<R = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<R>> {
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
      query: <R,>(sql: string, params?: unknown[], options?: QueryOptions) => this.queryOn<R>(id, sql, params, options),
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
    if (this.closing || this.stopped) return;
    this.closing = true;
    try {
      await this.call({ op: "close" });
    } finally {
      await this.worker.terminate();
      this.stopped ??= new Error("the embedded database is closed");
    }
  }
}
