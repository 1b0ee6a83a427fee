// The minds' thread (see mindThread.ts): a town's GenerativeMind with its own gateway, built from
// the same settings as the process's, under the town's budget. Each message is a batch of calls,
// started in order in the seed scope each was made in; each answer goes back with the memory
// journal's changes made before it and, at most twice a second, the gateway's metrics.
import { workerData } from "node:worker_threads";
import { Redis } from "ioredis";
import pino from "pino";
import { BudgetedGateway } from "../llm/budget.ts";
import { makeGateway, readLlmConfig } from "../llm/index.ts";
import type { Gateway, GatewayLoad } from "../llm/prompt.ts";
import { traceKeepDays } from "../llm/trace.ts";
import { TurnTakingGateway } from "../llm/turns.ts";
import { redisEmbeddingCache, redisResponseCache } from "../llm/redisCache.ts";
import { mainPort, sendable, sendReply, type Reply } from "../threads/index.ts";
import type { AgentSelf } from "../world/mind.ts";
import { withTownSeed } from "../world/random.ts";
import { GenerativeMind } from "./generativeMind.ts";
import { MemoryJournal, partsJsonOf, rowFields, type MemoryChange } from "./memory/journal.ts";
import {
  eachCall,
  HeldPersonas,
  type CallBatch,
  type MindReplyMessage,
  type MindSnapshotReply,
  type MindStatus,
  type MindThreadInit,
  type PartitionCheckpoint,
  type SentCall,
  TicksHeld,
} from "./mindThread.ts";

/** While idle, the status goes out this often anyway (the budget's hour slides with the clock). */
const STATUS_EVERY_MS = 1_000;

/** The process's gateway as this worker makes it: the same settings, the shared caches, the town's budget. */
async function workerGateway(
  init: MindThreadInit,
): Promise<{ gateway: Gateway; base: Gateway; budget?: BudgetedGateway; close(): Promise<void> }> {
  // To stderr: a command line's stdout is its result.
  const log = pino({ level: init.logLevel ?? "info" }, pino.destination(2));
  let redis: Redis | undefined;
  let caches = {};
  if (init.redis) {
    // As the process's own: no offline queue, so a Redis away is a miss at once, not a wait.
    redis = new Redis(init.redis.url, {
      keyPrefix: init.redis.prefix,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 3_000,
    });
    redis.on("error", (err) =>
      log.debug({ err: err.message }, "redis connection error (minds' thread)"),
    );
    // Connected before the first ask (the process reached this Redis a moment ago); if not, every
    // cache read is a miss until the client reconnects on its own.
    await redis
      .connect()
      .catch((err: Error) =>
        log.warn(
          { err: err.message },
          "the minds' thread cannot reach Redis: its LLM caches miss for now",
        ),
      );
    caches = {
      responseCache: redisResponseCache(redis, { ttlSeconds: init.redis.ttlSeconds }),
      embeddingCache: redisEmbeddingCache(redis, { ttlSeconds: init.redis.ttlSeconds }),
    };
  }
  const base = makeGateway(readLlmConfig(init.env), { log, ...caches });
  // A live town's: one ask a turn, people's first (llm/turns.ts), so a person's words that come in
  // while a thousand residents think are answered next, not after them.
  const turns = init.turns ? new TurnTakingGateway(base) : base;
  const budget =
    init.budgetTokensPerHour !== undefined
      ? new BudgetedGateway(turns, init.budgetTokensPerHour)
      : undefined;
  return {
    gateway: budget ?? turns,
    base,
    budget,
    async close() {
      await base.close();
      redis?.disconnect();
    },
  };
}

// Started without its init, the worker has loaded its modules (most of its start) and waits for
// the init as its first message: a mind worker process keeps one such thread warm, so a
// partition taken over from a dead worker starts at once (server/cli/mindWorker.ts).
const init =
  (workerData as { init?: MindThreadInit }).init ??
  (await new Promise<MindThreadInit>((resolve) =>
    mainPort().once("message", (m: { init: MindThreadInit }) => resolve(m.init)),
  ));
let services: Awaited<ReturnType<typeof workerGateway>>;
let mind: GenerativeMind;
let journal: MemoryJournal | undefined;
try {
  services = await workerGateway(init);
  journal = init.journal ? new MemoryJournal() : undefined;
  mind = new GenerativeMind({
    gateway: services.gateway,
    personas: init.personas,
    addresses: init.addresses,
    layout: init.layout,
    journal,
    settings: init.settings,
    // The trace goes with the journal's rows (TRACE_KEEP_DAYS=0: none).
    ...(traceKeepDays(init.env) > 0 ? {} : { trace: false as const }),
  });
  sendReply({ id: 0, ready: true }, "the minds' thread");
} catch (err) {
  sendReply({ id: 0, ready: false, error: sendable(err) }, "the minds' thread");
  throw err;
}

function status(): MindStatus {
  const load = (services.base as { load?: GatewayLoad }).load;
  return {
    engine: services.gateway.engine,
    metrics: services.gateway.metrics(),
    exhausted: services.budget?.exhausted() ?? false,
    stats: { ...mind.stats },
    ...(load ? { load: { ...load } } : {}),
  };
}

/** The personas put back into inputs (the main thread leaves out those the worker has). */
const personas = new HeldPersonas(init.personas);
const full = <I extends { agent: AgentSelf }>(input: I): I => personas.full(input);
/** The last tick of each agent, to make a "tickAgain" whole. */
const ticks = new TicksHeld();

/** In a pool: the residents this worker holds (it journals, saves and reports only them). */
let owned: Set<string> | undefined = init.owned ? new Set(init.owned) : undefined;
/** Changes of residents since moved out, drained while they were held: they go with the next message. */
const kept: MemoryChange[] = [];

/** The journal's changes of the residents held (the mind's others are stand-ins, see MindThreadInit.owned). */
function drained(): MemoryChange[] {
  const all = journal?.drain() ?? [];
  const mine = owned
    ? all.filter((c) => (c.kind !== "add" && c.kind !== "touch") || owned!.has(c.agent))
    : all;
  if (kept.length === 0) return mine;
  return [...kept.splice(0), ...mine];
}

/** Calls started and not yet answered, with the residents they touch. */
const inflight = new Map<number, { touches: readonly string[]; done: Promise<unknown> }>();

/** Moves residents out once the calls started before that touch them are done. */
async function exportAgents(ids: string[]): Promise<unknown> {
  const moving = new Set(ids);
  const before = [...inflight.values()].filter((f) => f.touches.some((t) => moving.has(t)));
  await Promise.all(before.map((f) => f.done.catch(() => {})));
  kept.push(...drained()); // their changes so far, while they are still held here
  const moved = mind.exportAgents(ids);
  for (const id of ids) {
    owned?.delete(id);
    engagedSent.delete(id);
  }
  return moved;
}

/** Takes a checkpoint back: the personas as they were, the residents held, the counters. */
async function resume(cp: PartitionCheckpoint): Promise<null> {
  for (const p of cp.personas) {
    await mind.residentChanged(p);
    // A tick sent without its persona gets the one as edited, not the template's (see full()).
    personas.changed(p);
  }
  mind.importAgents(cp.agents);
  Object.assign(mind.stats, cp.stats);
  owned = cp.owned ? new Set(cp.owned) : undefined;
  ticks.load(cp.ticks ?? []);
  engagedSent.clear();
  journal?.drain(); // loading is no change
  return null;
}

/** What was last reported of each held resident's engagement (MindReplyMessage.engaged). */
const engagedSent = new Map<string, string>();

function engagedChanges(): Record<string, string> | undefined {
  if (!owned) return undefined;
  let out: Record<string, string> | undefined;
  for (const id of owned) {
    const e = mind.agent(id)?.engagedWith ?? "";
    if ((engagedSent.get(id) ?? "") === e) continue;
    engagedSent.set(id, e);
    (out ??= {})[id] = e;
  }
  return out;
}

function run(c: SentCall): unknown {
  switch (c.method) {
    case "tick":
      return mind.tick(full(ticks.took(c.args[0])));
    case "tickAgain":
      return mind.tick(full(ticks.again(...c.args)));
    case "ticksAgain":
      throw new Error("a run of ticks again is started one by one (eachCall)");
    case "hear":
      return mind.hear(full(c.args[0]));
    case "approached":
      return mind.approached(full(c.args[0]));
    case "overhear":
      return mind.overhear(full(c.args[0]));
    case "answerInterview":
      return mind.answerInterview(full(c.args[0]));
    case "takeWhisper":
      return mind.takeWhisper(full(c.args[0]));
    case "snapshot": {
      // The journal up to the snapshot goes with it (the reply's own carries what came after),
      // and, for a store that keeps rows, the parts it writes as rows, as JSON made here.
      const state = mind.snapshot(owned);
      return {
        state,
        journal: rows(drained()),
        ...(journal ? { parts: partsJsonOf(state) } : {}),
      } satisfies MindSnapshotReply;
    }
    case "addResident":
      personas.changed(c.args[0]);
      mind.addResident(c.args[0]);
      return null;
    case "residentChanged":
      // Inputs after an edit carry the edited persona, not the one the worker was started with.
      personas.changed(c.args[0]);
      return mind.residentChanged(...c.args);
    case "restore":
      ticks.clear();
      mind.restore(...c.args);
      journal?.drain(); // the changes of the history before (the main thread drops them too)
      kept.length = 0;
      return null;
    case "backfill":
      if (!journal) throw new Error("this town's minds keep no journal");
      return journal.backfill();
    case "inspect":
      return mind.inspect(...c.args);
    case "report":
      return mind.report(...c.args);
    case "seedHistory":
      return mind.seedHistory(...c.args);
    case "interview":
      return mind.interview(...c.args);
    case "whisper":
      return mind.whisper(...c.args);
    case "status":
      return status();
    case "close":
      return services.close().then(() => null);
    case "exportAgents":
      return exportAgents(c.args[0]);
    case "importAgents":
      mind.importAgents(c.args[0]);
      for (const m of c.args[0]) owned?.add(m.saved.id);
      return null;
    case "own":
      owned = new Set(c.args[0]);
      engagedSent.clear();
      return null;
    case "checkpoint": {
      const personas = mind.personas();
      const ids = owned ? [...owned] : personas.map((p) => p.id);
      return {
        personas,
        agents: mind.exportAgents(ids, true),
        stats: { ...mind.stats },
        ...(owned ? { owned: [...owned] } : {}),
        ticks: ticks.all(),
      } satisfies PartitionCheckpoint;
    }
    case "resume":
      return resume(c.args[0]);
  }
}

/** What the metrics counted when the status was last sent: they changed when this does. */
let countedSent = -1;
let statusSent = 0;

/** The status, when the metrics changed since the last one sent (an answer's metrics go with it) or a while has passed. */
function statusIfDue(): MindStatus | undefined {
  const s = status();
  const m = s.metrics;
  const counted = m.asks + m.calls + m.failures + m.embeddings.calls + m.embeddings.texts;
  const now = Date.now();
  if (counted === countedSent && now - statusSent < STATUS_EVERY_MS) return undefined;
  countedSent = counted;
  statusSent = now;
  return s;
}

// While nothing is asked, the status still goes out now and then.
setInterval(() => {
  if (Date.now() - statusSent >= STATUS_EVERY_MS)
    mainPort().postMessage({ replies: [], status: statusIfDue() } satisfies MindReplyMessage);
}, STATUS_EVERY_MS).unref();
let outbox: Reply[] = [];

/** The journal's changes as their rows' text, written here rather than on the room's thread. */
function rows(changes: MemoryChange[]): MemoryChange[] {
  return changes.map(rowFields);
}

/** Answers go back together, once the calls of this turn have done what they could. */
function reply(r: Reply): void {
  outbox.push(r);
  if (outbox.length === 1) setImmediate(flush);
}

function flush(): void {
  const replies = outbox;
  outbox = [];
  const m: MindReplyMessage = { replies };
  const changes = drained();
  if (changes.length) m.journal = rows(changes);
  const engaged = engagedChanges();
  if (engaged) m.engaged = engaged;
  const s = statusIfDue();
  if (s) m.status = s;
  try {
    mainPort().postMessage(m);
  } catch {
    // An answer could not be cloned: each goes alone, and the one that cannot says why (the
    // journal goes with the first: rows must not be lost).
    for (const [i, r] of replies.entries()) {
      const one: MindReplyMessage = {
        replies: [r],
        ...(i === 0 && m.journal ? { journal: m.journal } : {}),
        ...(i === 0 && m.engaged ? { engaged: m.engaged } : {}),
      };
      try {
        mainPort().postMessage(one);
      } catch (err) {
        mainPort().postMessage({
          ...one,
          replies: [
            {
              id: r.id,
              ok: false,
              error: {
                message: `the minds' answer could not be sent: ${(err as Error).message}`,
                name: "Error",
              },
            },
          ],
        });
      }
    }
  }
}

function start(c: SentCall): void {
  let answer: Promise<unknown>;
  try {
    answer = Promise.resolve(c.seed === undefined ? run(c) : withTownSeed(c.seed, () => run(c)));
  } catch (err) {
    answer = Promise.reject(err instanceof Error ? err : new Error(String(err)));
  }
  if (c.touches) {
    inflight.set(c.id, { touches: c.touches, done: answer });
    void answer.finally(() => inflight.delete(c.id)).catch(() => {});
  }
  answer.then(
    (value) => reply({ id: c.id, ok: true, value }),
    (err: unknown) => reply({ id: c.id, ok: false, error: sendable(err) }),
  );
}

mainPort().on("message", (m: CallBatch) => {
  eachCall(m.calls, start);
});
