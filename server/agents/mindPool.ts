// A town's minds over a pool of threads (issue 33): its residents partitioned over MIND_THREADS
// workers (mindWorker.ts, each a MindThread), so a big town's thinking uses every core while the
// room's thread only steps the world. It stands behind the Mind port as one MindThread does.
//
// Why not a task pool (piscina and the like): those send each task to whichever worker is free,
// for work without state. A mind is its residents' memories, plans and claims on each other; a
// resident's calls must reach the one worker that holds it, in the order they were made.
//
// Residents meet: one resident's step reads and changes another's state (reacting to someone
// seen, claiming them for a conversation and writing both sides of it, ending it). So each worker
// knows every resident, but holds (journals, saves, reports) only its own; and the calls of one
// turn of the event loop are grouped by who may touch whom (the resident, the residents it
// perceives, those named in its notices or engaged with it, as the workers report). A group is
// brought onto one worker before its calls go out: a resident held elsewhere moves over with its
// whole state (GenerativeMind.exportAgents), once the calls that touch it there are done. A
// resident whose group is itself alone goes back to its home worker. Groups share nothing, and in
// a group the calls start in the order they were made, on one thread, as with a single thread:
// a lockstep town with the same seed runs the same with 1 and with N threads
// (test/integration/mind-pool.test.ts).
import type { Persona } from "../../shared/persona.ts";
import type { GatewayLoad, LlmMetrics } from "../llm/prompt.ts";
import type {
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
import { callWithTownSeed, townSeed } from "../world/random.ts";
import type { AgentInspection, MovedAgent } from "./generativeMind.ts";
import type { InterviewOptions } from "./interview.ts";
import type { JournalFeed, MemoryChange } from "./memory/journal.ts";
import {
  MindThread,
  type MindStatus,
  type MindThreadHooks,
  type MindThreadInit,
  type Stamped,
} from "./mindThread.ts";
import type { MindStats } from "./state.ts";
import { loadHistory, type HistoryRow } from "./whisper.ts";

/** The pool's threads as it needs them (a MindThread; a remote worker's stand-in the same). */
export type PoolMember = MindThread;

/** Starts one member with its residents (the pool's default: a worker thread). */
export type StartMember = (init: MindThreadInit, hooks: MindThreadHooks) => Promise<PoolMember>;

interface Pending {
  /** The resident the call is for, if it is for one. */
  agent?: string;
  /** Residents the call may read or change besides. */
  links: string[];
  seed?: number;
  run: (t: PoolMember) => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
}

/** Sums metrics and counters field by field (strings: the first's). */
function summed<T>(values: T[]): T {
  const add = (a: unknown, b: unknown): unknown => {
    if (typeof a === "number" && typeof b === "number") return a + b;
    if (a && b && typeof a === "object" && typeof b === "object") {
      const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
      for (const [k, v] of Object.entries(b)) out[k] = k in out ? add(out[k], v) : v;
      return out;
    }
    return a ?? b;
  };
  return values.reduce((a, b) => add(a, b) as T);
}

/** Small union-find over resident ids. */
class Groups {
  private readonly up = new Map<string, string>();
  find(x: string): string {
    let r = x;
    while (this.up.has(r) && this.up.get(r) !== r) r = this.up.get(r)!;
    if (!this.up.has(x)) this.up.set(x, x);
    return r;
  }
  join(a: string, b: string): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.up.set(rb, ra);
  }
  members(): Map<string, string[]> {
    const out = new Map<string, string[]>();
    for (const x of this.up.keys()) {
      const r = this.find(x);
      out.set(r, [...(out.get(r) ?? []), x]);
    }
    return out;
  }
}

/** The pool's journal: its threads' changes in the order they arrived (a resident's in order across a move). */
class PoolJournal implements JournalFeed {
  /** Per merged snapshot state: each resident's thread state, for its parts' JSON. */
  readonly states = new WeakMap<object, Map<string, { member: PoolMember; state: object }>>();
  constructor(private readonly members: () => PoolMember[]) {}
  drain(): MemoryChange[] {
    const all: Stamped[] = [];
    for (const m of this.members()) for (const s of m.journal.drainStamped()) all.push(s);
    return all.sort((a, b) => a[0] - b[0]).map(([, c]) => c);
  }
  backfill(): void {
    for (const m of this.members()) m.journal.backfill();
  }
  partJson(mind: object, agent: string, part: string): string | undefined {
    const from = this.states.get(mind)?.get(agent);
    return from ? from.member.journal.partJson(from.state, agent, part) : undefined;
  }
}

export class MindPool implements Mind {
  /** The seed is read in tick and the like, sent with the call (Mind.seedAtCall). */
  readonly seedAtCall = true;
  readonly journal: PoolJournal;
  private batch: Pending[] = [];
  /** Where each resident is held now, and its home (where it goes back when alone). */
  private readonly owner = new Map<string, number>();
  private readonly home = new Map<string, number>();
  /** Residents in the order the minds know them (a save lists them so). */
  private readonly order: string[] = [];
  /** Whom each resident is engaged with, as the workers report. */
  private readonly engaged = new Map<string, string>();
  /** Residents' names in lower case, to their ids (a history names them). */
  private readonly names = new Map<string, string>();

  private constructor(private readonly members: PoolMember[]) {
    this.journal = new PoolJournal(() => this.members);
  }

  /** Starts `threads` workers, the residents dealt out in turn. */
  static async start(
    init: MindThreadInit,
    threads: number,
    startMember: StartMember = (i, h) => MindThread.start(i, h),
  ): Promise<MindPool> {
    const n = Math.max(1, Math.floor(threads));
    const homes = init.personas.map((_p, i) => i % n);
    const arrivals = { n: 0 };
    const made: { pool?: MindPool } = {};
    const hooks: MindThreadHooks = {
      arrivals,
      onEngaged: (e) => made.pool?.tookEngaged(e),
    };
    // Each worker's share of the town's budget: the pool spends no more than one thread would.
    const budget =
      init.budgetTokensPerHour !== undefined ? init.budgetTokensPerHour / n : undefined;
    const started = await Promise.allSettled(
      Array.from({ length: n }, (_x, k) =>
        startMember(
          {
            ...init,
            ...(budget !== undefined ? { budgetTokensPerHour: budget } : {}),
            owned: init.personas.filter((_p, i) => homes[i] === k).map((p) => p.id),
          },
          hooks,
        ),
      ),
    );
    const members = started.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const failed = started.find((r) => r.status === "rejected");
    if (failed) {
      await Promise.all(members.map((m) => m.close()));
      throw failed.reason;
    }
    const pool = (made.pool = new MindPool(members));
    init.personas.forEach((p, i) => {
      pool.place(p.id, homes[i]);
      pool.names.set(p.name.toLowerCase(), p.id);
    });
    return pool;
  }

  /** How many threads the pool runs. */
  get size(): number {
    return this.members.length;
  }

  /** Residents moved between threads so far (a figure for benches). */
  moves = 0;

  private place(id: string, k: number): void {
    if (!this.home.has(id)) this.order.push(id);
    this.home.set(id, k);
    this.owner.set(id, k);
  }

  private tookEngaged(e: Record<string, string>): void {
    for (const [id, w] of Object.entries(e)) {
      if (w) this.engaged.set(id, w);
      else this.engaged.delete(id);
    }
  }

  /** A call for a resident (and those it may touch), routed with the calls of this turn. */
  private forAgent<T>(
    agent: string,
    links: readonly string[],
    run: (t: PoolMember) => Promise<T>,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const seed = townSeed();
      this.batch.push({
        agent,
        links: [...links],
        ...(seed !== undefined ? { seed } : {}),
        run,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      if (this.batch.length === 1) queueMicrotask(() => this.flush());
    });
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    const calls = this.batch;
    this.batch = [];
    const groups = new Groups();
    for (const c of calls) {
      if (!c.agent || !this.owner.has(c.agent)) continue;
      groups.find(c.agent);
      const e = this.engaged.get(c.agent);
      for (const l of e ? [...c.links, e] : c.links) if (this.owner.has(l)) groups.join(c.agent, l);
    }
    // Each group's worker: its first caller's; one resident alone goes home.
    const target = new Map<string, number>();
    for (const c of calls) {
      if (!c.agent || !this.owner.has(c.agent)) continue;
      const root = groups.find(c.agent);
      if (target.has(root)) continue;
      target.set(root, this.owner.get(c.agent)!);
    }
    const moves = new Map<string, { from: number; to: number; ids: string[] }>();
    for (const [root, members] of groups.members()) {
      let to = target.get(root)!;
      if (members.length === 1 && this.home.get(members[0]) !== to) to = this.home.get(members[0])!;
      for (const id of members) {
        const from = this.owner.get(id)!;
        if (from === to) continue;
        const key = `${from}>${to}`;
        const m = moves.get(key) ?? { from, to, ids: [] };
        m.ids.push(id);
        moves.set(key, m);
        this.owner.set(id, to);
      }
    }
    // Out first, everywhere; then in: no worker waits for one that waits for it.
    const arriving: { to: number; out: Promise<MovedAgent[]>; ids: string[] }[] = [];
    for (const m of moves.values()) {
      const src = this.members[m.from];
      const out = src.touchingOnly(m.ids, () => src.exportAgents(m.ids));
      arriving.push({ to: m.to, out, ids: m.ids });
      this.moves += m.ids.length;
    }
    for (const a of arriving) {
      const dst = this.members[a.to];
      const moved: MovedAgent[] = [];
      dst.waitFor(a.out.then((list) => moved.push(...list)));
      void dst.importAgents(moved).catch(() => {}); // a failed move shows in the calls after it
    }
    for (const c of calls) {
      const k = c.agent !== undefined ? (this.owner.get(c.agent) ?? 0) : 0;
      const t = this.members[k];
      const touches = c.agent ? [c.agent, ...c.links] : [];
      const go = () => t.touchingOnly(touches, () => c.run(t));
      // A member reads the seed while its call is made (it sends it along).
      const answer = c.seed === undefined ? go() : callWithTownSeed(c.seed, go);
      answer.then(c.resolve, c.reject);
    }
  }

  /** The residents a step's input may touch besides its own: those it sees, those its notices name. */
  private static linksOf(input: MindInput): string[] {
    const out: string[] = [];
    for (const e of input.perceived) if (e.actor?.kind === "agent") out.push(e.actor.id);
    for (const n of input.notices) if ("withId" in n && n.withId) out.push(n.withId);
    if (input.agent.talkingTo) out.push(input.agent.talkingTo);
    return out;
  }

  // ------------------------------------------------------------------ the Mind port

  tick(input: MindInput): Promise<MindOutput | null> {
    return this.forAgent(input.agent.id, MindPool.linksOf(input), (t) => t.tick(input));
  }
  hear(input: HeardWords): Promise<MindReply> {
    return this.forAgent(input.agent.id, [], (t) => t.hear(input));
  }
  approached(input: Approach): Promise<boolean> {
    return this.forAgent(input.agent.id, [], (t) => t.approached(input));
  }
  overhear(input: Overheard): Promise<void> {
    return this.forAgent(input.agent.id, [], (t) => t.overhear(input));
  }
  answerInterview(q: InterviewQuestion): Promise<string> {
    return this.forAgent(q.agent.id, [], (t) => t.answerInterview(q));
  }
  takeWhisper(w: Whisper): Promise<string[]> {
    return this.forAgent(w.agent.id, [], (t) => t.takeWhisper(w));
  }

  /** The minds' state for a save: each thread's residents, in the order the minds know them. */
  async snapshot(): Promise<unknown> {
    await this.settled();
    const states = await Promise.all(this.members.map((m) => m.snapshot()));
    type Snap = { agents: { id: string }[]; stats: MindStats };
    const from = new Map<string, { member: PoolMember; state: object; agent: unknown }>();
    states.forEach((s, k) => {
      for (const a of (s as Snap).agents)
        from.set(a.id, { member: this.members[k], state: s as object, agent: a });
    });
    const merged = {
      ...(states[0] as object),
      stats: summed(states.map((s) => (s as Snap).stats)),
      agents: this.order.flatMap((id) => (from.has(id) ? [from.get(id)!.agent] : [])),
    };
    this.journal.states.set(
      merged,
      new Map([...from].map(([id, f]) => [id, { member: f.member, state: f.state }])),
    );
    return merged;
  }

  /** Every call of this turn sent (a save or a restore comes after them, as on one thread). */
  private async settled(): Promise<void> {
    this.flush();
    await Promise.resolve();
  }

  /** Every thread knows the newcomer; one holds it. */
  addResident(persona: Persona): Promise<void> {
    this.flush(); // after what was asked before, as on one thread
    if (!this.home.has(persona.id)) this.place(persona.id, this.order.length % this.size);
    this.names.set(persona.name.toLowerCase(), persona.id);
    const k = this.owner.get(persona.id)!;
    const sent = this.members.map((m) => m.addResident(persona));
    sent.push(this.members[k].own(this.heldBy(k)));
    return Promise.all(sent).then(() => {});
  }

  private heldBy(k: number): string[] {
    return this.order.filter((id) => this.owner.get(id) === k);
  }

  /** Every thread takes the new persona; the one holding the resident also what it was told. */
  residentChanged(persona: Persona, told?: { now: number; statements: string[] }): Promise<void> {
    this.names.set(persona.name.toLowerCase(), persona.id);
    return this.forAgent(persona.id, [], async (t) => {
      await Promise.all(
        this.members.map((m) =>
          m === t ? m.residentChanged(persona, told) : m.residentChanged(persona),
        ),
      );
    });
  }

  /** Each thread restores the residents it holds (all at home again), the counters on the first. */
  async restore(data: unknown): Promise<void> {
    await this.settled();
    const snap = data as { agents?: { id: string }[]; stats?: Record<string, number> };
    for (const id of this.order) this.owner.set(id, this.home.get(id)!);
    this.engaged.clear();
    const zero = snap.stats
      ? Object.fromEntries(Object.keys(snap.stats).map((k) => [k, 0]))
      : undefined;
    await Promise.all(
      this.members.map(async (m, k) => {
        const held = new Set(this.heldBy(k));
        await m.own([...held]);
        await m.restore({
          ...snap,
          ...(snap.stats ? { stats: k === 0 ? snap.stats : zero } : {}),
          agents: (snap.agents ?? []).filter((a) => held.has(a.id)),
        });
      }),
    );
  }

  // ------------------------------------------------------------------ tools

  inspect(agentId: string, opts: { limit?: number } = {}): Promise<AgentInspection | undefined> {
    return this.forAgent(agentId, [], (t) => t.inspect(agentId, opts));
  }
  report(
    agentId: string,
  ): Promise<{ memories: number; reflections: number; conversations: number } | undefined> {
    return this.forAgent(agentId, [], (t) => t.report(agentId));
  }
  /** Each statement goes to the thread holding its resident; unknown names to the first. */
  async seedHistory(
    history: string | readonly HistoryRow[],
    now: number,
  ): Promise<{ seeded: number; unknown: string[] }> {
    await this.settled();
    const rows = typeof history === "string" ? loadHistory(history) : history;
    const byName = this.names;
    const parts = this.members.map((): HistoryRow[] => []);
    for (const r of rows) {
      const id = byName.get(r.name.trim().toLowerCase());
      parts[id !== undefined ? (this.owner.get(id) ?? 0) : 0].push(r);
    }
    const out = await Promise.all(
      this.members.map((m, k) =>
        parts[k].length || k === 0
          ? m.seedHistory(parts[k], now)
          : Promise.resolve({ seeded: 0, unknown: [] }),
      ),
    );
    return {
      seeded: out.reduce((n, o) => n + o.seeded, 0),
      unknown: out.flatMap((o) => o.unknown),
    };
  }
  interview(agentId: string, question: string, opts: InterviewOptions = {}): Promise<string> {
    return this.forAgent(agentId, [], (t) => t.interview(agentId, question, opts));
  }
  whisper(agentId: string, text: string, now?: number): Promise<string[]> {
    return this.forAgent(agentId, [], (t) => t.whisper(agentId, text, now));
  }

  // ------------------------------------------------------------------ the gateways' side

  get engine(): string {
    return this.members[0].engine;
  }
  metrics(): LlmMetrics {
    return summed(this.members.map((m) => m.metrics()));
  }
  get load(): GatewayLoad | undefined {
    const loads = this.members.flatMap((m) => (m.load ? [m.load] : []));
    return loads.length ? summed(loads) : undefined;
  }
  get stats(): MindStats {
    return summed(this.members.map((m) => m.stats));
  }
  exhausted(): boolean {
    return this.members.some((m) => m.exhausted());
  }
  async refresh(): Promise<MindStatus> {
    const all = await Promise.all(this.members.map((m) => m.refresh()));
    return { ...summed(all), engine: all[0].engine, exhausted: all.some((s) => s.exhausted) };
  }
  async close(): Promise<void> {
    await Promise.all(this.members.map((m) => m.close()));
  }
}
