// A town's minds on a thread of their own (issue 16). The GenerativeMind runs in a worker
// (mindWorker.ts) with its own gateway, and this class stands in for it behind the Mind port, so
// the room's thread only steps the town: memory, retrieval, prompt rendering, the offline engine
// and token counting all run in the worker.
//
// Determinism: the calls made in one turn of the main thread's event loop (a step asks every
// resident that has something new) go over as one message, and the worker starts them in that
// order, each in the town's seed scope (random.ts) as the Town made it. The minds then interleave
// exactly as in one thread, so a lockstep town with the same seed runs the same either way
// (test/integration/mind-thread.test.ts).
//
// Memory rows: every reply carries the journal's changes made before it, so when a snapshot's
// answer arrives the journal here holds exactly what the snapshot's mark must cover.
import type { Persona } from "../../shared/persona.ts";
import type { GatewayLoad, LlmMetrics } from "../llm/prompt.ts";
import { ThreadClient, type CallChannel, type Replies, type Reply } from "../threads/index.ts";
import type {
  AgentSelf,
  Approach,
  HeardWords,
  InterviewQuestion,
  Mind,
  MindInput,
  MindOutput,
  Overheard,
  Reply as MindReply,
  Whisper,
} from "../world/mind.ts";
import type { PerceivedEvent } from "../world/perception.ts";
import { townSeed } from "../world/random.ts";
import type { Address } from "../world/tile.ts";
import type { TownLayout } from "../world/layout.ts";
import type { AgentInspection, MovedAgent } from "./generativeMind.ts";
import type { InterviewOptions } from "./interview.ts";
import type { JournalFeed, MemoryChange, PartsJson } from "./memory/journal.ts";
import type { MindSettings } from "./settings.ts";
import type { MindStats } from "./state.ts";
import type { HistoryRow } from "./whisper.ts";

/** What the worker is started with (all of it structured-cloneable). */
export interface MindThreadInit {
  personas: readonly Persona[];
  addresses: readonly Address[];
  /** Where the town's sectors lie (world/layout.ts). */
  layout?: TownLayout;
  /** The environment the worker's gateway reads its language-model settings from (readLlmConfig). */
  env: Record<string, string | undefined>;
  /** Journal the memories, for a store that keeps them as rows. */
  journal: boolean;
  /** The town's model budget in tokens per hour (people's asks are answered offline past it); none: no budget. */
  budgetTokensPerHour?: number;
  /** The LLM caches shared through Redis, as the process uses them. */
  redis?: { url: string; prefix: string; ttlSeconds: number };
  settings?: Partial<MindSettings>;
  /** The worker's log level (pino). */
  logLevel?: string;
  /**
   * A live town's: the worker's gateway takes one ask a turn of its event loop, a person's asks
   * first (llm/turns.ts, as the process's own gateway), so what people say is answered before
   * the residents' own thinking queued before it. Headless runs leave it off (their lockstep
   * steps wait for every mind, and their minds interleave as on one thread).
   */
  turns?: boolean;
  /**
   * In a pool (mindPool.ts): the residents this worker holds at its start. Its mind knows every
   * resident of the town, but journals, saves and reports only those it holds. None: all.
   */
  owned?: string[];
}

/** What the worker reports beside its answers. */
export interface MindStatus {
  engine: string;
  metrics: LlmMetrics;
  /** The town's model budget is spent. */
  exhausted: boolean;
  stats: MindStats;
  load?: GatewayLoad;
}

/** One call of the GenerativeMind, by method name with its arguments. */
export type MindCall =
  | { method: "tick"; args: [MindInput] }
  // The agent's last tick again at a new time (see TicksSent): [agent id, now].
  | { method: "tickAgain"; args: [string, number] }
  // Consecutive "tickAgain" calls as sent (MindThread.flush): agent ids, now; the calls' ids
  // follow the first one's. The worker starts them one by one, in order.
  | { method: "ticksAgain"; args: [string[], number] }
  | { method: "hear"; args: [HeardWords] }
  | { method: "approached"; args: [Approach] }
  | { method: "overhear"; args: [Overheard] }
  | { method: "answerInterview"; args: [InterviewQuestion] }
  | { method: "takeWhisper"; args: [Whisper] }
  | { method: "snapshot"; args: [] }
  | { method: "restore"; args: [unknown] }
  | { method: "addResident"; args: [Persona] }
  | { method: "residentChanged"; args: [Persona, { now: number; statements: string[] }?] }
  | { method: "backfill"; args: [] }
  | { method: "inspect"; args: [string, { limit?: number }] }
  | { method: "report"; args: [string] }
  | { method: "seedHistory"; args: [string | readonly HistoryRow[], number] }
  | { method: "interview"; args: [string, string, InterviewOptions] }
  | { method: "whisper"; args: [string, string, number | undefined] }
  | { method: "status"; args: [] }
  | { method: "close"; args: [] }
  // A pool's (mindPool.ts): residents moved out, moved in, held after a restore.
  | { method: "exportAgents"; args: [string[]] }
  | { method: "importAgents"; args: [MovedAgent[]] }
  | { method: "own"; args: [string[]] }
  // A mind worker process's (cli/mindWorker.ts): the partition's state, and taking it back.
  | { method: "checkpoint"; args: [] }
  | { method: "resume"; args: [PartitionCheckpoint] };

/**
 * The personas the worker holds, to put back into the inputs the main thread sends without them
 * (see MindThread.lean): each as the Town has it now. The worker is started with the town's
 * personas and told of every change in order, before any input that follows it (a moderator's
 * edit, a newcomer): an input never carries a persona older than the Town's.
 */
export class HeldPersonas {
  private readonly byId: Map<string, Persona>;

  constructor(personas: readonly Persona[]) {
    this.byId = new Map(personas.map((p) => [p.id, p]));
  }

  /** A resident moved in or was changed: its persona as the Town has it now. */
  changed(p: Persona): void {
    this.byId.set(p.id, p);
  }

  /** The input with its agent's persona back (an input that has one keeps it). */
  full<I extends { agent: AgentSelf }>(input: I): I {
    if (input.agent.persona) return input;
    const persona = this.byId.get(input.agent.id);
    if (!persona) throw new Error(`the minds' thread has no persona for "${input.agent.id}"`);
    return { ...input, agent: { ...input.agent, persona } };
  }
}

/**
 * The last tick sent for each agent, on the main thread: a tick that repeats it but for the time
 * (the same perceived events, the agent where it was doing what it did, nothing in view it was
 * not sent, no notices) goes as "tickAgain" with the agent's id and the time, not copied across
 * whole. Most of a big town's residents see the same every step (a bed being slept in, the
 * household asleep): their ticks were most of what the room's thread spent posting.
 */
export class TicksSent {
  private readonly last = new Map<string, MindInput>();

  /** Whether `input` (as sent: lean, only new addresses in view) repeats the agent's last tick; else it becomes the last. */
  again(input: MindInput): boolean {
    if (this.repeats(input, false)) return true;
    this.took(input);
    return false;
  }

  /**
   * Whether `input` repeats the agent's last tick; `leanLater`: its persona, if any, is left out
   * when it is sent (checked before the input is made lean: most ticks repeat and need no copy).
   */
  repeats(input: MindInput, leanLater: boolean): boolean {
    const last = this.last.get(input.agent.id);
    return last !== undefined && repeats(last, input, leanLater);
  }

  /** A tick as sent (lean): the agent's last from now on. */
  took(input: MindInput): void {
    this.last.set(input.agent.id, input);
  }

  /** A restore: the worker's minds start over (it forgets what it held, see TicksHeld.clear). */
  clear(): void {
    this.last.clear();
  }
}

/** Whether a tick repeats the last one but for the time. */
function repeats(last: MindInput, input: MindInput, leanLater = false): boolean {
  if (input.inView.length > 0 || input.notices.length > 0 || last.notices.length > 0) return false;
  if (input.needsAction !== last.needsAction) return false;
  const a = input.agent;
  const b = last.agent;
  if ((a.persona !== undefined && !leanLater) || b.persona !== undefined) return false; // sent whole
  if (
    a.x !== b.x ||
    a.y !== b.y ||
    a.action !== b.action ||
    a.address !== b.address ||
    a.talkingTo !== b.talkingTo
  )
    return false;
  if (input.perceived === last.perceived) return true;
  if (input.perceived.length !== last.perceived.length) return false;
  for (let i = 0; i < input.perceived.length; i++)
    if (!samePerceived(input.perceived[i], last.perceived[i])) return false;
  return true;
}

/** Whether two perceived events are the same in every field (test/unit/mind-ticks.test.ts changes each). */
function samePerceived(a: PerceivedEvent, b: PerceivedEvent): boolean {
  return (
    a === b ||
    (a.x === b.x &&
      a.y === b.y &&
      a.distance === b.distance &&
      a.subject === b.subject &&
      a.predicate === b.predicate &&
      a.object === b.object &&
      a.address === b.address &&
      a.description === b.description &&
      a.doing === b.doing &&
      a.by === b.by &&
      a.byPerson === b.byPerson &&
      a.joinable === b.joinable &&
      (a.actor === b.actor ||
        (a.actor !== undefined &&
          b.actor !== undefined &&
          a.actor.kind === b.actor.kind &&
          a.actor.id === b.actor.id)))
  );
}

/**
 * The worker's side of TicksSent: each agent's last tick as sent, to make "tickAgain" whole again
 * (a copy: nothing a mind keeps of one tick is shared with the next). In a partition's checkpoint.
 */
export class TicksHeld {
  private readonly last = new Map<string, MindInput>();

  /** A tick as sent: the agent's last from now on. */
  took(input: MindInput): MindInput {
    this.last.set(input.agent.id, input);
    return input;
  }

  /** The agent's last tick again at `now` (nothing in view that is new, no notices). */
  again(id: string, now: number): MindInput {
    const last = this.last.get(id);
    if (!last) throw new Error(`the minds' thread has no tick of "${id}" to repeat`);
    return {
      agent: { ...last.agent },
      now,
      perceived: last.perceived.map((e) => (e.actor ? { ...e, actor: { ...e.actor } } : { ...e })),
      inView: [],
      needsAction: last.needsAction,
      notices: [],
    };
  }

  clear(): void {
    this.last.clear();
  }

  /** For a checkpoint. */
  all(): MindInput[] {
    return [...this.last.values()];
  }

  /** From a checkpoint. */
  load(inputs: readonly MindInput[]): void {
    this.last.clear();
    for (const i of inputs) this.last.set(i.agent.id, i);
  }
}

/** A worker's whole state (a partition's, for a worker process to take over from without replaying it all). */
export interface PartitionCheckpoint {
  personas: Persona[];
  agents: MovedAgent[];
  stats: MindStats;
  owned?: string[];
  /** The last tick sent of each agent (TicksHeld); none in older checkpoints. */
  ticks?: MindInput[];
}

/**
 * A call as sent: its id, the seed of the town whose work it is, and in a pool the residents
 * whose state it may read or change (a move out waits for the calls that touch the movers).
 */
export type SentCall = MindCall & { id: number; seed?: number; touches?: string[] };
/** The main thread's one kind of message: calls to start in order. */
export interface CallBatch {
  calls: SentCall[];
}

/**
 * The calls with each run of "tickAgain" (consecutive ids, the same time and seed, touching no
 * resident named) as one "ticksAgain": most of a big town's ticks a step, and a message of a few
 * objects clones much faster than one of a thousand.
 */
export function runsOfTicksAgain(calls: SentCall[]): SentCall[] {
  const out: SentCall[] = [];
  let run: Extract<SentCall, { method: "ticksAgain" }> | undefined;
  for (const c of calls) {
    if (c.method !== "tickAgain" || c.touches) {
      out.push(c);
      run = undefined;
      continue;
    }
    const [agent, now] = c.args;
    if (run && run.id + run.args[0].length === c.id && run.args[1] === now && run.seed === c.seed)
      run.args[0].push(agent);
    else {
      run = { method: "ticksAgain", args: [[agent], now], id: c.id };
      if (c.seed !== undefined) run.seed = c.seed;
      out.push(run);
    }
  }
  return out;
}

/** The calls one at a time, as they were sent (runsOfTicksAgain undone). */
export function eachCall(calls: readonly SentCall[], start: (c: SentCall) => void): void {
  for (const c of calls) {
    if (c.method !== "ticksAgain") {
      start(c);
      continue;
    }
    const [agents, now] = c.args;
    for (let i = 0; i < agents.length; i++) {
      const one: SentCall = { method: "tickAgain", args: [agents[i], now], id: c.id + i };
      if (c.seed !== undefined) one.seed = c.seed;
      start(one);
    }
  }
}

/** How many calls a batch holds. */
export function callsIn(batch: CallBatch): number {
  let n = 0;
  eachCall(batch.calls, () => n++);
  return n;
}
/**
 * The worker's message: the answers ready at one turn of its event loop, with the journal's
 * changes made up to then (a snapshot's answer holds those up to it) and now and then its status.
 */
export type MindReplyMessage = Replies & {
  journal?: MemoryChange[];
  status?: MindStatus;
  /** In a pool: whom each resident held is engaged with, when that changed ("" : nobody). */
  engaged?: Record<string, string>;
};

/** The minds' state for a save, with the journal's changes made up to it (taken together in the worker). */
export interface MindSnapshotReply {
  state: unknown;
  journal: MemoryChange[];
  /** With a journal: the residents' row parts as JSON, made in the worker. */
  parts?: PartsJson;
}

/** A journaled change with the number of its arrival. */
export type Stamped = [number, MemoryChange];

/**
 * The journal of a mind in a worker: the changes arrive with the worker's replies. A snapshot's
 * answer brings the changes up to the snapshot; those that came after it in the worker (with the
 * same message) are held back until the next drain, so a save's mark covers exactly its snapshot.
 */
export class ThreadJournal implements JournalFeed {
  private changes: Stamped[] = [];
  private held: Stamped[] | null = null;
  /**
   * The id of a backfill or a restore asked for: what arrives before its answer is dropped (a
   * backfill holds it; a restore starts another history), what comes with it and after is kept.
   */
  private resetId: number | null = null;

  /** `arrivals` counts the changes of every thread of a pool as they arrive (see drainStamped). */
  constructor(
    private readonly askBackfill: () => number,
    private readonly arrivals: { n: number } = { n: 0 },
  ) {}

  /** Takes a message's changes in the worker's order: its answers', then its own. */
  receive(m: MindReplyMessage, snapshotOf: (r: Reply) => MindSnapshotReply | undefined): void {
    for (const r of m.replies) {
      if (this.resetId !== null) {
        if (r.id === this.resetId) this.reset(null);
        continue;
      }
      const snapshot = snapshotOf(r);
      if (!snapshot) continue;
      this.take(snapshot.journal);
      this.held ??= []; // what comes after the snapshot waits for the drain that takes it
    }
    if (this.resetId === null && m.journal) this.take(m.journal);
  }

  private take(changes: MemoryChange[]): void {
    const into = this.held ?? this.changes;
    for (const c of changes) into.push([this.arrivals.n++, c]);
  }

  /** The row parts' JSON of snapshots given out, by the state object handed to the caller. */
  private readonly parts = new WeakMap<object, PartsJson>();

  /** Remembers the parts' JSON that came with a snapshot's state. */
  gave(state: unknown, parts: PartsJson | undefined): void {
    if (parts && state && typeof state === "object") this.parts.set(state, parts);
  }

  partJson(mind: object, agent: string, part: string): string | undefined {
    return this.parts.get(mind)?.[agent]?.[part as keyof PartsJson[string]];
  }

  drain(): MemoryChange[] {
    return this.drainStamped().map(([, c]) => c);
  }

  /** The drain with each change's arrival number: a pool orders its threads' changes by them. */
  drainStamped(): Stamped[] {
    const out = this.changes;
    this.changes = this.held ?? [];
    this.held = null;
    return out;
  }

  backfill(): void {
    this.reset(this.askBackfill());
  }

  /** Drops what arrives until the answer `id` (see resetId); null: from now on nothing more. */
  reset(id: number | null): void {
    this.changes = [];
    this.held = null;
    this.resetId = id;
  }
}

export interface MindThreadHooks {
  /** Counts journal arrivals across the threads of a pool (ThreadJournal). */
  arrivals?: { n: number };
  /** Sees each message's engagements (a pool's). */
  onEngaged?: (engaged: Record<string, string>) => void;
}

export class MindThread implements Mind {
  /** The seed is read in send, while a call is made, and goes with it (Mind.seedAtCall). */
  readonly seedAtCall = true;
  readonly journal: ThreadJournal;
  private readonly journalIn: ThreadJournal;
  private batch: SentCall[] = [];
  /** Calls sent after waitFor(p) go out once p settled (and those held before them went). */
  private gate: Promise<void> | null = null;
  /** The residents the calls being sent touch (a pool's, see SentCall). */
  private touching: string[] | undefined;
  private statusSeen!: MindStatus;
  /** Addresses in view sent to the worker, per agent (see newInView). */
  private readonly sentInView = new Map<string, Set<string>>();
  /** The last tick sent of each agent (a repeat goes as "tickAgain"). */
  private readonly ticksSent = new TicksSent();
  /** Ids of snapshots asked for (their answers carry the journal up to them). */
  private readonly snapshots = new Set<number>();

  private constructor(
    private readonly thread: CallChannel,
    /** Ids of the residents whose personas the worker was given. */
    private readonly residents: ReadonlySet<string>,
    private readonly hooks: MindThreadHooks = {},
  ) {
    this.journalIn = new ThreadJournal(() => this.askBackfill(), hooks.arrivals);
    this.journal = this.journalIn;
  }

  /** Starts the worker; rejects with its reason (a gateway that cannot be made, say). */
  static start(init: MindThreadInit, hooks?: MindThreadHooks): Promise<MindThread> {
    return MindThread.over(
      (onMessage) =>
        ThreadClient.start<MindReplyMessage>(
          new URL("./mindWorker.ts", import.meta.url),
          { init },
          { what: "the minds' thread", onMessage },
        ),
      init,
      hooks,
    );
  }

  /**
   * The minds behind a channel `open` makes (mindWorker.ts's calls and replies, on a thread here
   * or in a worker process far away), given the messages to see before their calls settle.
   */
  static async over(
    open: (onMessage: (m: MindReplyMessage) => void) => Promise<CallChannel>,
    init: MindThreadInit,
    hooks?: MindThreadHooks,
  ): Promise<MindThread> {
    const made: { mind?: MindThread } = {};
    // The journal's changes and the status are read from every message, before its call settles.
    const thread = await open((m) => made.mind?.received(m));
    const mind = (made.mind = new MindThread(
      thread,
      new Set(init.personas.map((p) => p.id)),
      hooks,
    ));
    try {
      await mind.refresh();
    } catch (err) {
      await thread.terminate("the minds' thread did not answer");
      throw err;
    }
    return mind;
  }

  private received(m: MindReplyMessage): void {
    this.journalIn.receive(m, (r) =>
      this.snapshots.delete(r.id) && r.ok ? (r.value as MindSnapshotReply) : undefined,
    );
    if (m.status) this.statusSeen = m.status;
    if (m.engaged) this.hooks.onEngaged?.(m.engaged);
  }

  /**
   * The input without the agent's persona when the worker has it (every resident of the town):
   * a persona is most of what a tick would copy across.
   */
  private lean<I extends { agent: AgentSelf }>(input: I): I {
    if (!this.residents.has(input.agent.id)) return input;
    const { persona: _persona, ...agent } = input.agent;
    return { ...input, agent: agent as AgentSelf };
  }

  /**
   * The input with only the addresses in view the worker was never sent for this agent: its
   * spatial memory is a set, so the others change nothing there (and walking, most tiles' views
   * repeat the last). A restore forgets what was sent.
   */
  private newInView(input: MindInput): MindInput {
    if (input.inView.length === 0) return input;
    let sent = this.sentInView.get(input.agent.id);
    if (!sent) this.sentInView.set(input.agent.id, (sent = new Set()));
    const fresh = input.inView.filter((a) => !sent.has(a));
    for (const a of fresh) sent.add(a);
    return fresh.length === input.inView.length ? input : { ...input, inView: fresh };
  }

  /** Sends `call` (a literal of the caller's own: it becomes the SentCall, not copied). */
  private send<T>(call: MindCall, sent?: (id: number) => void): Promise<T> {
    const { id, answer } = this.thread.expect<T>();
    sent?.(id);
    const seed = townSeed();
    const touches = this.touching;
    const c = call as SentCall;
    c.id = id;
    if (seed !== undefined) c.seed = seed;
    if (touches) c.touches = touches;
    this.batch.push(c);
    // Everything asked in this turn of the event loop goes over together, in order.
    if (this.batch.length === 1) queueMicrotask(() => this.flush());
    return answer;
  }

  private flush(): void {
    const calls = this.batch;
    this.batch = [];
    if (calls.length === 0) return;
    const post = () =>
      this.thread.post(
        { calls: runsOfTicksAgain(calls) } satisfies CallBatch,
        calls.map((c) => c.id),
      );
    if (this.gate) this.chain(post);
    else post();
  }

  /** Runs `work` after what the gate holds; the gate opens when nothing more is held. */
  private chain(work: () => unknown): void {
    const mine: Promise<void> = (this.gate ?? Promise.resolve()).then(work).then(
      () => {},
      () => {},
    );
    this.gate = mine;
    void mine.then(() => {
      if (this.gate === mine) this.gate = null;
    });
  }

  /**
   * Calls sent from now on go out once `p` settled, after those sent before (a pool moves a
   * resident in: its calls wait for the state). What was sent before goes out as it would.
   */
  waitFor(p: Promise<unknown>): void {
    this.flush();
    this.chain(() => p);
  }

  /** Sends the calls `work` makes as touching these residents (SentCall.touches). */
  touchingOnly<T>(residents: string[], work: () => T): T {
    this.touching = residents;
    try {
      return work();
    } finally {
      this.touching = undefined;
    }
  }

  /** Moves residents out: their whole states, once the calls that touch them are done. */
  exportAgents(ids: string[]): Promise<MovedAgent[]> {
    return this.send({ method: "exportAgents", args: [ids] });
  }
  /** Moves residents in; `moved` is read when the call goes out (after a waitFor). */
  importAgents(moved: MovedAgent[]): Promise<void> {
    return this.send({ method: "importAgents", args: [moved] });
  }
  /** The residents this worker holds (before a restore). */
  own(ids: string[]): Promise<void> {
    return this.send({ method: "own", args: [ids] });
  }

  private askBackfill(): number {
    let id = 0;
    // A thread that failed is reported by the calls that wait on it.
    this.send({ method: "backfill", args: [] }, (sent) => (id = sent)).catch(() => {});
    return id;
  }

  // ------------------------------------------------------------------ the Mind port

  tick(input: MindInput): Promise<MindOutput | null> {
    const viewed = this.newInView(input);
    const leaned = this.residents.has(input.agent.id);
    if (this.ticksSent.repeats(viewed, leaned))
      return this.send({ method: "tickAgain", args: [input.agent.id, input.now] });
    const sent = leaned ? this.lean(viewed) : viewed;
    this.ticksSent.took(sent);
    return this.send({ method: "tick", args: [sent] });
  }
  hear(input: HeardWords): Promise<MindReply> {
    return this.send({ method: "hear", args: [this.lean(input)] });
  }
  approached(input: Approach): Promise<boolean> {
    return this.send({ method: "approached", args: [this.lean(input)] });
  }
  overhear(input: Overheard): Promise<void> {
    return this.send({ method: "overhear", args: [this.lean(input)] });
  }
  answerInterview(q: InterviewQuestion): Promise<string> {
    return this.send({ method: "answerInterview", args: [this.lean(q)] });
  }
  takeWhisper(w: Whisper): Promise<string[]> {
    return this.send({ method: "takeWhisper", args: [this.lean(w)] });
  }
  /** The minds' state for a save, as the worker has it when the request arrives. */
  async snapshot(): Promise<unknown> {
    const reply = await this.send<MindSnapshotReply>({ method: "snapshot", args: [] }, (id) =>
      this.snapshots.add(id),
    );
    this.journalIn.gave(reply.state, reply.parts);
    return reply.state;
  }
  /** Restores the minds; the journal's changes of the history before are dropped, here and there. */
  addResident(persona: Persona): Promise<void> {
    return this.send({ method: "addResident", args: [persona] });
  }

  residentChanged(persona: Persona, told?: { now: number; statements: string[] }): Promise<void> {
    return this.send({ method: "residentChanged", args: [persona, told] });
  }

  restore(data: unknown): Promise<void> {
    this.sentInView.clear();
    this.ticksSent.clear();
    return this.send({ method: "restore", args: [data] }, (id) => this.journalIn.reset(id));
  }

  // ------------------------------------------------------------------ tools (GenerativeMind's, answered later)

  inspect(agentId: string, opts: { limit?: number } = {}): Promise<AgentInspection | undefined> {
    return this.send({ method: "inspect", args: [agentId, opts] });
  }
  report(
    agentId: string,
  ): Promise<{ memories: number; reflections: number; conversations: number } | undefined> {
    return this.send({ method: "report", args: [agentId] });
  }
  seedHistory(
    history: string | readonly HistoryRow[],
    now: number,
  ): Promise<{ seeded: number; unknown: string[] }> {
    return this.send({ method: "seedHistory", args: [history, now] });
  }
  interview(agentId: string, question: string, opts: InterviewOptions = {}): Promise<string> {
    return this.send({ method: "interview", args: [agentId, question, opts] });
  }
  whisper(agentId: string, text: string, now?: number): Promise<string[]> {
    return this.send({ method: "whisper", args: [agentId, text, now] });
  }

  // ------------------------------------------------------------------ the gateway's side

  /** The worker's language engine: "offline" or the cheap model's name. */
  get engine(): string {
    return this.statusSeen.engine;
  }
  /** The worker's gateway metrics, as last reported (refresh() asks for them now). */
  metrics(): LlmMetrics {
    return this.statusSeen.metrics;
  }
  /** The worker's requests to a model in flight and queued, as last reported. */
  get load(): GatewayLoad | undefined {
    return this.statusSeen.load;
  }
  /** The minds' counters, as last reported. */
  get stats(): MindStats {
    return this.statusSeen.stats;
  }
  /** Whether the town's model budget is spent, as last reported. */
  exhausted(): boolean {
    return this.statusSeen.exhausted;
  }
  /** Asks the worker for its status now (metrics at the end of a run). */
  async refresh(): Promise<MindStatus> {
    this.statusSeen = await this.send<MindStatus>({ method: "status", args: [] });
    return this.statusSeen;
  }

  /** Closes the worker's gateway and stops the worker; later calls are refused. */
  async close(): Promise<void> {
    if (this.thread.stopped) return;
    await this.send({ method: "close", args: [] }).catch(() => {});
    await this.thread.terminate("the minds' thread is closed");
  }
}
