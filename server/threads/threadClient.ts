// The main thread's side of a worker that answers requests (the embedded database, a town's
// minds): each request gets an id, its answer settles the caller's promise, and the worker keeps
// the process alive only while an answer is awaited. If the worker fails or exits, every waiting
// call is rejected with the reason and later calls are refused at once.
import { Worker } from "node:worker_threads";

/** An error as it crosses the thread (class instances do not survive a structured clone). */
export interface SentError {
  message: string;
  name: string;
  /** Extra string or number fields (a PostgreSQL error's code, detail, ...). */
  fields?: Record<string, unknown>;
}

/** The answer to one request, by its id. */
export type Reply =
  { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SentError };
/** Several answers in one message (a worker that answers many requests at a time). */
export interface Replies {
  replies: Reply[];
}
/** The worker's first message: whether it started (id 0). */
export type Ready = { id: 0; ready: true } | { id: 0; ready: false; error: SentError };

/** An error as it is sent; `fields` picks what else of it must survive (see SentError). */
export function sendable(
  err: unknown,
  fields?: (e: Error) => Record<string, unknown> | undefined,
): SentError {
  const e = err instanceof Error ? err : new Error(String(err));
  const extra = fields?.(e);
  return { message: e.message, name: e.name, ...(extra ? { fields: extra } : {}) };
}

/** A sent error as a plain Error of the same name and message. */
export function plainError(e: SentError): Error {
  const err = new Error(e.message);
  err.name = e.name;
  return err;
}

export interface ThreadClientOptions<M> {
  /** What the thread is, for errors: "the embedded database's thread". */
  what: string;
  /** Turns a sent error back into an error (default: plainError). */
  revive?: (e: SentError) => Error;
  /** Sees every message before its reply settles a call (fields a worker adds to its replies). */
  onMessage?: (m: M) => void;
}

/** What a caller needs of a worker that answers requests: a thread here, or one far away. */
export interface CallChannel {
  /** The reason the worker is gone, or null while it runs. */
  readonly stopped: Error | null;
  expect<T>(): { id: number; answer: Promise<T> };
  post(message: unknown, ids: readonly number[]): void;
  terminate(reason: string): Promise<void>;
}

export class ThreadClient<M extends Reply | Replies = Reply> implements CallChannel {
  private next = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private failure: Error | null = null;

  private constructor(
    readonly worker: Worker,
    private readonly opts: ThreadClientOptions<M>,
  ) {
    const revive = opts.revive ?? plainError;
    worker.on("message", (m: M) => {
      opts.onMessage?.(m);
      const replies: Reply[] = "replies" in m ? m.replies : [m];
      for (const r of replies) {
        const p = this.pending.get(r.id);
        if (!p) continue;
        this.pending.delete(r.id);
        if (r.ok) p.resolve(r.value);
        else p.reject(revive(r.error));
      }
      this.idle();
    });
    worker.on("error", (err) =>
      this.fail(new Error(`${opts.what} failed: ${err.message}`, { cause: err })),
    );
    worker.on("exit", (code) => this.fail(new Error(`${opts.what} stopped (exit ${code})`)));
    worker.unref();
  }

  /**
   * Starts `entry` (a TypeScript module's URL) in a worker through threadBoot.mjs, with `data` as
   * its workerData besides the entry, and waits for its Ready message; rejects with its reason.
   */
  static async start<M extends Reply | Replies = Reply>(
    entry: URL,
    data: Record<string, unknown>,
    opts: ThreadClientOptions<M>,
  ): Promise<ThreadClient<M>> {
    const worker = new Worker(new URL("./threadBoot.mjs", import.meta.url), {
      workerData: { ...data, entry: entry.href },
    });
    const ready = await new Promise<Ready>((resolve, reject) => {
      const onMessage = (r: Ready | M) => {
        if (!("ready" in r)) return;
        worker.off("message", onMessage);
        worker.off("error", reject);
        resolve(r);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
      worker.once("exit", (code) =>
        reject(new Error(`${opts.what} stopped while starting (exit ${code})`)),
      );
    }).catch(async (err: Error) => {
      await worker.terminate();
      throw err;
    });
    if (!ready.ready) {
      await worker.terminate();
      throw (opts.revive ?? plainError)(ready.error);
    }
    return new ThreadClient<M>(worker, opts);
  }

  /** The reason the worker is gone, or null while it runs. */
  get stopped(): Error | null {
    return this.failure;
  }

  /** Calls waiting for their answer. */
  get waiting(): number {
    return this.pending.size;
  }

  /**
   * An id whose answer settles the promise, for a request the caller posts itself (several in
   * one message); see call() for one request in a message of its own.
   */
  expect<T>(): { id: number; answer: Promise<T> } {
    const id = this.next++;
    if (this.failure) return { id, answer: Promise.reject(this.failure) };
    // Refs and unrefs follow the first call awaited and the last answered, not each call (a
    // town-1000 step asks ~1,000).
    if (this.pending.size === 0) this.worker.ref();
    const answer = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
    return { id, answer };
  }

  /** Posts a message (after expect()); a failure to post rejects the calls it carried. */
  post(message: unknown, ids: readonly number[]): void {
    if (this.failure) return;
    try {
      this.worker.postMessage(message);
    } catch (err) {
      for (const id of ids) {
        const p = this.pending.get(id);
        this.pending.delete(id);
        p?.reject(
          new Error(`could not send to ${this.opts.what}: ${(err as Error).message}`, {
            cause: err,
          }),
        );
      }
      this.idle();
    }
  }

  /** Sends one request (its id added) and answers its reply. */
  call<T>(req: object): Promise<T> {
    const { id, answer } = this.expect<T>();
    this.post({ ...req, id }, [id]);
    return answer;
  }

  /** Stops the worker; waiting calls are rejected with `reason`. */
  async terminate(reason: string): Promise<void> {
    this.fail(new Error(reason));
    await this.worker.terminate();
  }

  // The worker keeps the process alive only while an answer is awaited.
  private idle(): void {
    if (this.pending.size === 0) this.worker.unref();
  }

  private fail(err: Error): void {
    this.failure ??= err;
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
    this.worker.unref();
  }
}
