// npm run mind-worker: a process that runs towns' minds for servers that keep them in Redis
// (MIND_WORKERS=redis, server/scale/mindQueue.ts). Start any number, on any machine that reaches
// the Redis at REDIS_URL; each takes its share of the open partitions (the open ones over the
// workers alive), runs each on a worker thread of its own (agents/mindWorker.ts) fed from the
// partition's input stream, and writes the thread's messages to its output stream. It holds a
// partition by a lease renewed every second; when a worker dies its partitions are taken over.
// The language model is this process's own (its environment, as for npm start).
import { Redis } from "ioredis";
import { hostname } from "node:os";
import { deserialize, serialize } from "node:v8";
import { Worker } from "node:worker_threads";
import { callsIn, type CallBatch, type MindThreadInit } from "../agents/mindThread.ts";
import type { Reply } from "../threads/index.ts";
import { LEASE_MS, mindKeys } from "../scale/mindQueue.ts";

const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const me = `${hostname()}:${process.pid}`;
const MIND_KEYS = mindKeys(process.env.MIND_QUEUE_PREFIX || undefined);
/** The id of the call that takes a checkpoint back (a checkpoint's own are -1, -2, ...). */
const RESUME_ID = Number.MIN_SAFE_INTEGER;
/** How often a partition's state is checkpointed (a takeover then runs only the calls since). */
const CHECKPOINT_MS = Number(process.env.MIND_CHECKPOINT_MS) || 30_000;
const cmd = new Redis(url, { maxRetriesPerRequest: null });
const log = (msg: string) => process.stderr.write(`[mind-worker ${me}] ${msg}\n`);

interface Held {
  worker: Worker;
  reader: Redis;
  stopped: boolean;
  /** Calls given to the thread and answered by it. */
  posted: number;
  answered: number;
  /** The input stream's id of the last call given. */
  last: string;
  /** The last checkpoint asked for: when, up to which call, its call's id (below 0). */
  checkpointAt: number;
  checkpointUpTo: string;
  checkpointId: number;
}
const held = new Map<string, Held>();

/** A minds' thread with its modules loaded, waiting for a partition's init (agents/mindWorker.ts). */
function startThread(): Worker {
  const w = new Worker(new URL("../threads/threadBoot.mjs", import.meta.url), {
    workerData: { entry: new URL("../agents/mindWorker.ts", import.meta.url).href },
  });
  w.on("error", (err) => {
    if (warm === w) warm = null;
    log(`a waiting minds' thread failed: ${err.message}`);
  });
  return w;
}
let warm: Worker | null = startThread();

/** Renews a lease only while it is still this worker's. */
const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

async function drop(partition: string, why: string): Promise<void> {
  const h = held.get(partition);
  if (!h) return;
  held.delete(partition);
  h.stopped = true;
  h.reader.disconnect();
  await h.worker.terminate();
  await cmd.eval(RELEASE, 1, MIND_KEYS.part(partition, "lease"), me).catch(() => {});
  log(`let partition ${partition} go: ${why}`);
}

async function take(partition: string): Promise<void> {
  const initData = await cmd.getBuffer(MIND_KEYS.part(partition, "init"));
  if (!initData) {
    await cmd.eval(RELEASE, 1, MIND_KEYS.part(partition, "lease"), me);
    return;
  }
  const sent = deserialize(initData) as MindThreadInit;
  const init: MindThreadInit = {
    ...sent,
    env: { ...process.env },
    ...(sent.redis ? { redis: { ...sent.redis, url } } : {}),
  };
  const worker = warm ?? startThread();
  warm = null;
  worker.postMessage({ init });
  const h: Held = {
    worker,
    reader: new Redis(url, { maxRetriesPerRequest: null }),
    stopped: false,
    posted: 0,
    answered: 0,
    last: "0",
    checkpointAt: Date.now(),
    checkpointUpTo: "0",
    checkpointId: 0, // none asked yet
  };
  held.set(partition, h);
  log(`took partition ${partition}`);
  const out = MIND_KEYS.part(partition, "out");
  const input = MIND_KEYS.part(partition, "in");
  const cpKey = MIND_KEYS.part(partition, "checkpoint");
  const took = performance.now();
  let started: () => void = () => {};
  const ready = new Promise<void>((resolve) => (started = resolve));
  worker.on("message", (m: { ready?: boolean; replies?: Reply[] }) => {
    if (m.ready !== undefined) {
      log(
        `partition ${partition}: minds ${m.ready ? "started" : "failed to start"} in ${Math.round(performance.now() - took)} ms`,
      );
      started();
      warm ??= startThread(); // the next one to take over, loaded meanwhile
    }
    if (m.replies) {
      // This worker's own calls (a checkpoint, a resume) have ids below 0: not the town's.
      const own = m.replies.filter((r) => r.id < 0);
      if (own.length) m.replies = m.replies.filter((r) => r.id >= 0);
      h.answered += m.replies.length;
      for (const r of own) {
        if (r.id === h.checkpointId && r.ok) void saveCheckpoint(h, r.value);
        else if (!r.ok) log(`partition ${partition}: ${r.error.message}`);
      }
    }
    if (!h.stopped) void cmd.xadd(out, "*", "m", serialize(m)).catch(() => {});
    checkpoint(h); // everything answered: the moment a checkpoint is exact
  });
  worker.on("error", (err) => void drop(partition, `its minds failed: ${err.message}`));
  worker.on("exit", () => void drop(partition, "its minds stopped"));

  async function saveCheckpoint(at: Held, state: unknown): Promise<void> {
    const upTo = at.checkpointUpTo;
    await cmd.set(cpKey, serialize({ upTo, state }));
    // The calls it covers are not needed again.
    await cmd.xtrim(input, "MINID", upTo);
    log(`partition ${partition}: checkpoint up to ${upTo}`);
  }

  // The calls since the last checkpoint (or since the partition opened), in order: a partition
  // taken over starts from its checkpoint and runs the calls after it again.
  void (async () => {
    await ready;
    let last = "0";
    const cp = await cmd.getBuffer(cpKey);
    if (cp) {
      const { upTo, state } = deserialize(cp) as { upTo: string; state: unknown };
      worker.postMessage({ calls: [{ method: "resume", id: RESUME_ID, args: [state] }] });
      last = upTo;
      h.checkpointUpTo = upTo;
      log(`partition ${partition}: resumed from its checkpoint at ${upTo}`);
    }
    while (!h.stopped) {
      let got: [Buffer, [Buffer, Buffer[]][]][] | null;
      try {
        got = await h.reader.xreadBuffer("BLOCK", 1000, "STREAMS", input, last);
      } catch {
        if (h.stopped) return;
        await new Promise((r) => setTimeout(r, 200)); // poll: Redis away, try again
        continue;
      }
      for (const [, entries] of got ?? [])
        for (const [id, fields] of entries) {
          last = id.toString();
          const batch = deserialize(fields[1]) as CallBatch;
          h.posted += callsIn(batch); // a run of ticks again is several calls
          h.last = last;
          worker.postMessage(batch);
        }
    }
  })();
}

/**
 * A checkpoint of each partition held, now and then, when its thread has answered everything it
 * was given (so the state is exactly that after the calls up to the last one read).
 */
function checkpoint(h: Held): void {
  if (h.stopped || h.posted !== h.answered || h.last === h.checkpointUpTo) return;
  if (Date.now() - h.checkpointAt < CHECKPOINT_MS) return;
  h.checkpointAt = Date.now();
  h.checkpointUpTo = h.last;
  h.checkpointId -= 1;
  h.worker.postMessage({ calls: [{ method: "checkpoint", id: h.checkpointId, args: [] }] });
}

/** Heartbeat, leases renewed, partitions closed let go. */
async function beat(): Promise<void> {
  await cmd.zadd(MIND_KEYS.workers, Date.now(), me);
  const open = new Set(await cmd.smembers(MIND_KEYS.open));
  for (const p of [...held.keys()]) {
    if (!open.has(p)) {
      await drop(p, "the town closed it");
      continue;
    }
    const ok = await cmd.eval(RENEW, 1, MIND_KEYS.part(p, "lease"), me, LEASE_MS);
    if (ok !== 1) await drop(p, "its lease went to another worker");
  }
}

/** Takes one more open partition while this worker holds less than its share. */
async function claim(): Promise<void> {
  const now = Date.now();
  await cmd.zremrangebyscore(MIND_KEYS.workers, 0, now - 3 * LEASE_MS);
  const alive = Math.max(1, await cmd.zcount(MIND_KEYS.workers, now - LEASE_MS, "+inf"));
  const open = (await cmd.smembers(MIND_KEYS.open)).sort();
  const share = Math.ceil(open.length / alive);
  if (held.size >= share) return;
  for (const p of open) {
    if (held.has(p)) continue;
    const got = await cmd.set(MIND_KEYS.part(p, "lease"), me, "PX", LEASE_MS, "NX");
    if (got === "OK") {
      await take(p);
      return;
    }
  }
}

let stopping = false;
async function loop(what: () => Promise<void>, everyMs: number): Promise<void> {
  while (!stopping) {
    await what().catch((err: Error) => log(`redis: ${err.message}`));
    await new Promise((r) => setTimeout(r, everyMs)); // poll: leases and open partitions
  }
}

for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.once(sig, () => {
    stopping = true;
    void Promise.all([...held.keys()].map((p) => drop(p, "the worker stops")))
      .then(() => cmd.zrem(MIND_KEYS.workers, me))
      .finally(() => process.exit(0));
  });

log(`running minds for ${url.replace(/\/\/[^@]*@/, "//")}`);
void loop(beat, 1_000);
void loop(() => Promise.resolve(held.forEach(checkpoint)), 250);
void loop(claim, 300);
