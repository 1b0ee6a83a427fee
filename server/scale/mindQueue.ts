// Minds beyond the machine (issue 33, MIND_WORKERS=redis): a town's residents partitioned as over
// a pool of threads (agents/mindPool.ts), each partition run by whichever mind worker process
// (`npm run mind-worker`, server/cli/mindWorker.ts) holds its lease, on this machine or another.
//
// Through Redis streams (ioredis), not a job queue (BullMQ): a partition is a mind with state,
// and its calls must be run in order by one worker; a job queue hands independent jobs to any
// worker. Each partition has an input stream (the calls, as mindWorker.ts's batches) and an
// output stream (its messages), both kept in Redis. A worker holds a partition by a lease it
// renews every second; if it dies, the lease lapses, another worker takes the partition, starts
// from its last checkpoint and runs the calls of the input stream since then again: the minds are
// deterministic (every draw from the town's seed), so the partition's state comes back as it was,
// and the calls not answered yet are answered. What the town already had (answers, journal rows)
// is not taken twice.
//
// Keys (under a prefix, MIND_QUEUE_PREFIX, default `minds:`): `open` (the partitions to run),
// `workers` (worker heartbeats), `p:<partition>:init|in|out|lease|checkpoint`. A worker checkpoints
// each partition it holds now and then (MIND_CHECKPOINT_MS, default 30 s) when it has answered
// every call it was given, and trims the input stream to the calls after it: a takeover starts
// from the checkpoint and runs only those again. The town trims the output stream to what it
// has not read yet as it reads it, so neither stream grows with the length of a run.
import { Redis } from "ioredis";
import { randomUUID } from "node:crypto";
import { deserialize, serialize } from "node:v8";
import type { MindReplyMessage, MindThreadInit } from "../agents/mindThread.ts";
import { MindThread } from "../agents/mindThread.ts";
import type { StartMember } from "../agents/mindPool.ts";
import { plainError, type CallChannel } from "../threads/index.ts";

export type PartKey = "init" | "in" | "out" | "lease" | "checkpoint";
/** The queue's keys under `prefix` (servers and workers of one town must use the same). */
export function mindKeys(prefix = "minds:") {
  return {
    open: `${prefix}open`,
    workers: `${prefix}workers`,
    part: (p: string, what: PartKey) => `${prefix}p:${p}:${what}`,
  };
}
export type MindKeys = ReturnType<typeof mindKeys>;
/** A worker's lease on a partition lapses this long after its last renewal. */
export const LEASE_MS = 3_000;

/** A memory row's resident and id (rows the worker wrote, agents/memory/journal.ts rowFields). */
function memoryRowId(fields: string): { agent: string; id: number } | null {
  const agent = /"agentId":"((?:[^"\\]|\\.)*)"/.exec(fields)?.[1];
  const id = /"memId":(\d+)/.exec(fields)?.[1];
  return agent !== undefined && id !== undefined ? { agent, id: Number(id) } : null;
}

/** The main side of one partition: its calls into the input stream, its messages out of the other. */
export class RedisChannel implements CallChannel {
  private next = 1;
  private readonly pending = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void }
  >();
  private failure: Error | null = null;
  private closed = false;
  private readyWaiter?: (ok: boolean, err?: Error) => void;

  private constructor(
    private readonly cmd: Redis,
    private readonly reader: Redis,
    readonly partition: string,
    private readonly keys: MindKeys,
    private readonly onMessage: (m: MindReplyMessage) => void,
    /** The newest memory id taken per resident, shared by a town's partitions (residents move). */
    private readonly seen: Map<string, number>,
  ) {}

  /** Opens a partition for the workers and waits until one has started its minds. */
  static async open(
    url: string,
    partition: string,
    init: MindThreadInit,
    onMessage: (m: MindReplyMessage) => void,
    opts: { seen: Map<string, number>; keys: MindKeys; readyMs?: number },
  ): Promise<RedisChannel> {
    const cmd = new Redis(url, { maxRetriesPerRequest: null });
    const reader = new Redis(url, { maxRetriesPerRequest: null });
    const ch = new RedisChannel(cmd, reader, partition, opts.keys, onMessage, opts.seen);
    const k = (w: PartKey) => opts.keys.part(partition, w);
    // The workers read the language-model settings and Redis from their own environment.
    const sent: MindThreadInit = { ...init, env: {} };
    await cmd
      .multi()
      .del(k("in"), k("out"), k("checkpoint"))
      .set(k("init"), serialize(sent))
      .exec();
    await cmd.sadd(opts.keys.open, partition);
    const ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `no mind worker took the town's minds (partition ${partition}) within ${opts.readyMs ?? 60_000} ms: start one with npm run mind-worker (MIND_WORKERS=redis)`,
            ),
          ),
        opts.readyMs ?? 60_000,
      );
      ch.readyWaiter = (ok, err) => {
        clearTimeout(timer);
        if (ok) resolve();
        else reject(err ?? new Error("the minds did not start"));
      };
    });
    void ch.read();
    try {
      await ready;
    } catch (err) {
      await ch.terminate((err as Error).message);
      throw err;
    }
    return ch;
  }

  get stopped(): Error | null {
    return this.failure;
  }

  expect<T>(): { id: number; answer: Promise<T> } {
    const id = this.next++;
    if (this.failure) return { id, answer: Promise.reject(this.failure) };
    const answer = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
    return { id, answer };
  }

  post(message: unknown, ids: readonly number[]): void {
    if (this.failure) return;
    this.cmd
      .xadd(this.keys.part(this.partition, "in"), "*", "m", serialize(message))
      .catch((err: Error) => {
        for (const id of ids) {
          const p = this.pending.get(id);
          this.pending.delete(id);
          p?.reject(new Error(`could not send to the mind workers: ${err.message}`));
        }
      });
  }

  private async read(): Promise<void> {
    let last = "0";
    const out = this.keys.part(this.partition, "out");
    while (!this.closed) {
      let got: [Buffer, [Buffer, Buffer[]][]][] | null;
      try {
        got = await this.reader.xreadBuffer("BLOCK", 1000, "STREAMS", out, last);
      } catch {
        if (this.closed) return;
        await new Promise((r) => setTimeout(r, 200)); // poll: Redis away, try again
        continue;
      }
      for (const [, entries] of got ?? [])
        for (const [id, fields] of entries) {
          last = id.toString();
          this.take(deserialize(fields[1]) as MindReplyMessage | { id: 0; ready: boolean });
        }
      // What was read is taken (this side is the stream's only reader): the stream keeps only
      // the last message read, so a long run does not grow Redis.
      if (got) void this.cmd.xtrim(out, "MINID", last).catch(() => {});
    }
  }

  private take(m: MindReplyMessage | { id: 0; ready: boolean; error?: unknown }): void {
    if (!("replies" in m)) {
      // A worker started the minds (again, after another died: then nothing waits for it).
      this.readyWaiter?.(
        m.ready,
        m.ready ? undefined : plainError(m.error as { message: string; name: string }),
      );
      this.readyWaiter = undefined;
      return;
    }
    // A worker that took the partition over answers again what was answered: those messages'
    // rows and engagements were taken with the first answers.
    const again = m.replies.length > 0 && m.replies.every((r) => !this.pending.has(r.id));
    if (again) {
      delete m.journal;
      delete m.engaged;
    } else if (m.journal) {
      m.journal = m.journal.filter((c) => {
        if (c.kind !== "row" || c.table !== "memory") return true;
        const row = memoryRowId(c.fields);
        if (!row) return true;
        if ((this.seen.get(row.agent) ?? -1) >= row.id) return false;
        this.seen.set(row.agent, row.id);
        return true;
      });
    }
    this.onMessage(m);
    for (const r of m.replies) {
      const p = this.pending.get(r.id);
      if (!p) continue;
      this.pending.delete(r.id);
      if (r.ok) p.resolve(r.value);
      else p.reject(plainError(r.error));
    }
  }

  async terminate(reason: string): Promise<void> {
    this.failure ??= new Error(reason);
    for (const p of this.pending.values()) p.reject(this.failure);
    this.pending.clear();
    this.closed = true;
    const k = (w: PartKey) => this.keys.part(this.partition, w);
    await this.cmd
      .multi()
      .srem(this.keys.open, this.partition)
      .del(k("init"), k("in"), k("out"), k("checkpoint"))
      .exec()
      .catch(() => {});
    this.cmd.disconnect();
    this.reader.disconnect();
  }
}

/** A pool's members as partitions run by mind workers through Redis at `url` (MindPool.start). */
export function redisMembers(
  url: string,
  opts: { readyMs?: number; prefix?: string } = {},
): StartMember {
  const keys = mindKeys(opts.prefix);
  const run = randomUUID().slice(0, 8);
  const seen = new Map<string, number>();
  let n = 0;
  return (init, hooks) => {
    const partition = `${run}.${n++}`;
    return MindThread.over(
      (onMessage) =>
        RedisChannel.open(url, partition, init, onMessage, {
          seen,
          keys,
          ...(opts.readyMs ? { readyMs: opts.readyMs } : {}),
        }),
      init,
      hooks,
    );
  };
}
