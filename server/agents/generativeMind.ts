// The generative agent mind (Park et al. 2023) behind the Mind seam: one instance serves every
// resident of a town. Each tick, in the original's order (§3.0): spatial memory grows from what is
// in view; conversation notices are remembered; perceived events become observations (scored in
// batches); reflection runs when enough importance piled up; a newly seen resident may get a
// reaction (talk, wait); an agent whose action is over gets its next task from the day plan.
// A tick that brings nothing new costs a string comparison.
import { formatDate } from "../../shared/time.ts";
import type { Gateway } from "../llm/prompt.ts";
import { traceKeepDays, traced, type TraceSink } from "../llm/trace.ts";
import { forAPerson } from "../llm/turns.ts";
import { startOfDay } from "../world/clock.ts";
import type { PerceivedEvent } from "../world/perception.ts";
import { Address } from "../../shared/address.ts";
import { conversationEnded, release } from "./converse.ts";
import { decisionOf, type PlannedTask } from "./execute.ts";
import { interview, type InterviewOptions } from "./interview.ts";
import { MemoryStream } from "./memory/stream.ts";
import type { MemoryJournal } from "./memory/journal.ts";
import { PAPER_RETRIEVAL, type MemoryPort, type RetrievalSettings } from "./memory/port.ts";
import {
  agentDataKeys,
  parseMindSnapshot,
  savedAgent,
  type AgentData,
  type MindSnapshot,
} from "./snapshot.ts";
import type {
  AgentSelf,
  Approach,
  HeardWords,
  InterviewQuestion,
  Mind,
  MindInput,
  MindOutput,
  Overheard,
  Reply,
  Whisper,
} from "../world/mind.ts";
import { hhmm } from "./language/time.ts";
import { aboutTheFuture, importanceOf } from "./language/importance.ts";
import { newsRecord } from "./language/news.ts";
import { youToThirdPerson } from "./language/person.ts";
import { unawareIn } from "./language/facts.ts";
import { flushDue, flushObservations, lookLine, perceive } from "./perceive.ts";
import type { Persona } from "../../shared/persona.ts";
import { asleep, nextTask } from "./plan.ts";
import { react, reactToPerson, remarkableObject } from "./react.ts";
import { countsTowardReflection, reflect, reflectionDue } from "./reflect.ts";
import { mindSettings, type MindSettings } from "./settings.ts";
import { SpatialMemory } from "./memory/spatial.ts";
import {
  newAgentState,
  peopleFor,
  placeNames,
  rememberOne,
  type AgentState,
  type MindContext,
  type MindStats,
} from "./state.ts";
import { hear, overhear } from "./visitorChat.ts";
import { announcementsIn, departuresIn } from "./announcement.ts";
import { inlineSpeech } from "../../shared/text.ts";
import { loadHistory, whisperThoughts, type HistoryRow } from "./whisper.ts";
import type { MemoryType } from "./memory/port.ts";
import { notePronoun } from "./language/pronouns.ts";
import { pronounOf } from "./language/realise.ts";
import type { TownLayout } from "../world/layout.ts";

export interface GenerativeMindOptions {
  gateway: Gateway;
  /** The town's residents (others are added when the Town first ticks them). */
  personas?: readonly Persona[];
  /** Every address of the town: each resident starts knowing its whole home. */
  addresses?: readonly Address[];
  /** Where the town's sectors lie (world/layout.ts), for saying where a place is. */
  layout?: TownLayout;
  settings?: Partial<MindSettings>;
  retrieval?: Partial<RetrievalSettings>;
  /** Makes an agent's memory stream (default: the built-in stream, memory/stream.ts); saves are loaded into a fresh one. */
  memory?: (persona: Persona) => MemoryPort;
  /** Journals the built-in streams' changes, for a store that keeps memories as rows (memory/journal.ts). */
  journal?: MemoryJournal;
  /** Where each ask of a resident's mind is traced (llm/trace.ts; default: the journal, when there
   *  is one); false: not traced. */
  trace?: TraceSink | false;
}

/** A resident's whole state on its way from one mind of a town to another (exportAgents). */
export interface MovedAgent {
  saved: MindSnapshot["agents"][number];
  scored: [string, number][];
  relationshipAt: [string, number][];
  sectors: string[];
}

export interface InspectedMemory {
  type: MemoryType;
  description: string;
  importance: number;
  created: number;
}

export interface AgentInspection {
  persona: Persona;
  currently: string;
  action: string;
  address: string;
  plan: {
    date: string;
    wakeUp: string;
    items: string[];
    schedule: { start: string; end: string; task: string; place?: string }[];
    /** Decomposed tasks from now on (the next hour or two). */
    next: { start: string; end: string; task: string; address: string; emoji: string }[];
  } | null;
  /** Newest first. */
  memories: InspectedMemory[];
}

const STALE_CLAIM_MS = 15 * 60_000;
const MAX_EMBED_CACHE = 50_000;
/** How many public places a resident of a big town knows from the start: its neighbourhood's. */
const NEIGHBOURHOOD = 12;

export class GenerativeMind implements Mind {
  readonly settings: MindSettings;
  readonly stats: MindStats = {
    observations: 0,
    reflections: 0,
    conversations: 0,
    retrievals: 0,
    plans: 0,
    decompositions: 0,
    plansReused: 0,
  };
  private readonly gateway: Gateway;
  private readonly agents = new Map<string, AgentState>();
  private readonly addresses: readonly Address[];
  private readonly retrieval: RetrievalSettings;
  private readonly makeMemory: (p: Persona) => MemoryPort;
  private readonly embedCache = new Map<string, Float32Array>();
  /** What each resident last saw, field by field, beside the signature it saved of it: the same
   *  sight again (most steps) is told without writing the signature out. */
  private readonly lastSight = new WeakMap<
    AgentState,
    { sig: string; fields: unknown[]; seen: readonly PerceivedEvent[] }
  >();
  private readonly names = new Set<string>();
  /** Ids of the residents who moved in while the town ran: known to nobody until met. */
  private readonly newcomers = new Set<string>();
  private peopleList?: readonly string[];
  private readonly ctx: MindContext;

  constructor(opts: GenerativeMindOptions) {
    this.gateway = opts.gateway;
    this.settings = mindSettings(opts.settings);
    this.addresses = opts.addresses ?? [];
    this.layout = opts.layout;
    this.retrieval = { ...PAPER_RETRIEVAL, ...opts.retrieval };
    const journal = opts.journal;
    const stream = () =>
      new MemoryStream(this.retrieval, countsTowardReflection(this.settings.reflectionCounts));
    this.makeMemory = opts.memory ?? ((p) => (journal ? journal.attach(p.id, stream()) : stream()));
    this.ctx = {
      gateway: this.gateway,
      settings: this.settings,
      agents: this.agents,
      stats: this.stats,
      embed: (texts) => this.embed(texts),
      // One list while nobody moves in or changes (its users index it once, language/names.ts).
      people: () => (this.peopleList ??= [...this.agents.values()].map((a) => a.persona.name)),
      newcomers: this.newcomers,
      isResident: (name) => this.names.has(name),
      sectors: () => {
        this.addressesOf(undefined);
        return (this.sectorList ??= [...this.bySector!.keys()].filter((k): k is string => !!k));
      },
      addressesIn: (sector) => this.addressesOf(sector),
      layout: () => this.layout,
      isHome: (sector) => {
        this.publicPlaces();
        return this.homeSectors!.has(sector);
      },
    };
    for (const p of opts.personas ?? []) this.add(p);
    const sink =
      opts.trace === false || (opts.trace === undefined && traceKeepDays(process.env) === 0)
        ? undefined
        : (opts.trace ?? opts.journal);
    if (sink) this.traceTurns(sink);
  }

  /** Each turn of a resident (its step, what a person says or asks it) runs in a trace scope. */
  private traceTurns(sink: TraceSink): void {
    const turn = <A extends unknown[], R>(
      method: (...args: A) => Promise<R>,
      who: (...args: A) => [string, number | undefined],
    ) =>
      ((...args: A): Promise<R> => {
        const [agentId, now] = who(...args);
        const time = now ?? this.agents.get(agentId)?.now ?? 0;
        return traced(agentId, time, sink, () => method(...args));
      }) as (...args: A) => Promise<R>;
    const byInput = (i: { agent: AgentSelf; now: number }): [string, number] => [i.agent.id, i.now];
    this.tick = turn(this.tick.bind(this), byInput);
    this.hear = turn(this.hear.bind(this), byInput);
    this.approached = turn(this.approached.bind(this), byInput);
    this.overhear = turn(this.overhear.bind(this), byInput);
    this.interview = turn(
      this.interview.bind(this),
      (id: string, _q: string, o?: InterviewOptions) => [id, o?.now],
    );
    this.whisper = turn(this.whisper.bind(this), (id: string, _t: string, now?: number) => [
      id,
      now,
    ]);
  }

  /** The map's addresses in a sector, in the map's order (grouped once: a town of a thousand
   *  homes would otherwise read every address of the map for each resident). */
  private addressesOf(sector: string | undefined): readonly string[] {
    if (!this.bySector) {
      this.bySector = new Map();
      for (const a of this.addresses) {
        const key = Address.parse(a).sector;
        const list = this.bySector.get(key);
        if (list) list.push(a);
        else this.bySector.set(key, [a]);
      }
    }
    return this.bySector.get(sector) ?? [];
  }
  private bySector?: Map<string | undefined, string[]>;

  /** The town's public places (every sector that is nobody's home: no bedroom, no bed) with their
   *  rooms and things, as a resident of the town knows them before it has walked in today (the
   *  original seeds each persona's spatial memory with its home and the town's public places).
   *  Others' homes are known only as their habits or sight add them. Read once per town. */
  private publicPlaces(): readonly string[] {
    if (!this.publicList) {
      this.addressesOf(undefined);
      this.homeSectors = new Set(
        [...this.bySector!]
          .filter(([sector, list]) => sector && SpatialMemory.from(list).isHome(sector))
          .map(([sector]) => sector!),
      );
      this.publicList = [...this.bySector!.keys()].filter(
        (sector): sector is string => !!sector && !this.homeSectors!.has(sector),
      );
    }
    return this.publicList;
  }

  /** The public places a resident knows from the start: in a town of a few streets all of them; in
   *  a big one those of its neighbourhood, the nearest `NEIGHBOURHOOD` to its home (what it knows
   *  is then the same size in any town, so its prompts and answers cost the same at 1,000 as at
   *  25; the rest it learns by going there or being told). */
  private publicPlacesNear(homeSector: string | undefined): string[] {
    const all = this.publicPlaces();
    const layout = this.layout;
    const home = layout?.sectors.find((x) => x.sector === homeSector);
    let chosen: readonly string[] = all;
    if (all.length > NEIGHBOURHOOD && layout && home) {
      const centre = (b: { x0: number; x1: number; y0: number; y1: number }) => [
        (b.x0 + b.x1) / 2,
        (b.y0 + b.y1) / 2,
      ];
      const [hx, hy] = centre(home);
      const at = new Map(layout.sectors.map((b) => [b.sector, centre(b)]));
      const far = (sector: string) => {
        const c = at.get(sector);
        return c ? Math.hypot(c[0] - hx, c[1] - hy) : Infinity;
      };
      chosen = [...all].sort((a, b) => far(a) - far(b)).slice(0, NEIGHBOURHOOD);
    }
    return chosen.flatMap((sector) => this.addressesOf(sector));
  }
  private publicList?: string[];
  private layout?: TownLayout;
  private homeSectors?: Set<string>;
  private sectorList?: string[];

  /** Every resident's pronoun noted as it joins the mind, not when its persona is first read in
   *  a talk: "Grace told me that she ..." then reads the same in every minds' thread (each holds
   *  all personas) whichever residents it has talked about so far. */
  private notePronounOf(p: Persona): void {
    notePronoun(p.name, pronounOf(`${p.learned} ${p.currently} ${p.lifestyle}`));
  }

  private add(persona: Persona): AgentState {
    const spatial = new SpatialMemory();
    spatial.world = Address.parse(persona.home).world;
    const homeSector = Address.parse(persona.home).sector;
    // Its home, and the places of its habits ("known places").
    spatial.addAll(this.addressesOf(homeSector));
    spatial.add(persona.home);
    spatial.addAll(persona.schedule.map((h) => h.address));
    spatial.addAll(this.publicPlacesNear(homeSector));
    const s = newAgentState(persona, this.makeMemory(persona), spatial);
    this.agents.set(persona.id, s);
    this.names.add(persona.name);
    this.notePronounOf(persona);
    this.peopleList = undefined;
    return s;
  }

  private agentFor(self: AgentSelf): AgentState {
    return this.agents.get(self.id) ?? this.add(self.persona);
  }

  /** The agent's state (tests and tools). */
  agent(id: string): AgentState | undefined {
    return this.agents.get(id);
  }

  private async embed(texts: string[]): Promise<Float32Array[]> {
    const missing = [...new Set(texts.filter((t) => !this.embedCache.has(t)))];
    if (missing.length) {
      const vectors = await this.gateway.embed(missing);
      if (this.embedCache.size + missing.length > MAX_EMBED_CACHE) this.embedCache.clear();
      missing.forEach((t, i) => this.embedCache.set(t, vectors[i]));
    }
    return texts.map((t) => this.embedCache.get(t)!);
  }

  private fresh(
    s: AgentState,
    perceived: readonly PerceivedEvent[],
    now: number,
  ): PerceivedEvent[] {
    const last = this.lastSight.get(s);
    // The town hands the same array while nothing in view changed (Residents.perceptionOf).
    if (last && last.seen === perceived && last.sig === s.lastSeen) return [];
    if (last && last.sig === s.lastSeen && last.fields.length === perceived.length * 3) {
      let same = true;
      for (let i = 0; same && i < perceived.length; i++) {
        const e = perceived[i];
        same =
          e.subject === last.fields[3 * i] &&
          e.predicate === last.fields[3 * i + 1] &&
          e.object === last.fields[3 * i + 2];
      }
      if (same) {
        last.seen = perceived;
        return [];
      }
    }
    let sig = "";
    for (const e of perceived) sig += `${lookLine(e)}\n`;
    this.lastSight.set(s, {
      sig,
      fields: perceived.flatMap((e) => [e.subject, e.predicate, e.object]),
      seen: perceived,
    });
    if (sig === s.lastSeen) return [];
    const lastLook = s.lastSeen;
    s.lastSeen = sig;
    return perceive(this.ctx, s, perceived, now, lastLook);
  }

  async tick(input: MindInput): Promise<MindOutput | null> {
    const s = this.agentFor(input.agent);
    const now = input.now;
    s.now = now;
    const ctx = this.ctx;
    if (!s.seeded) await this.seedOwnLife(s, now);
    if (input.inView.length) s.spatial.addAll(input.inView);
    this.dropStaleClaim(s, input);
    for (const n of input.notices) {
      if (n.kind === "conversationEnded") await conversationEnded(ctx, s, n, now);
      else if (n.kind === "conversationRefused") release(s, this.agents.get(n.withId));
    }
    // News a moderator announced is perceived like anything seen, wherever the agent stands; so is
    // a departure from town, by those who knew of the one who left.
    const heard = announcementsIn(input.notices, input.agent);
    if (input.notices.some((n) => n.kind === "departed")) {
      const known = new Set(peopleFor(ctx, s));
      heard.push(...departuresIn(input.notices, input.agent, (name) => known.has(name)));
    }
    const perceived = heard.length ? [...heard, ...input.perceived] : input.perceived;
    const fresh = perceived.length ? this.fresh(s, perceived, now) : [];
    // A sleeper makes no calls (restWhileAsleep): what it perceived waits for it to wake, but for
    // a thing a person changed (a fire, a flood), which the object reaction weighs, asleep or not.
    const resting = ctx.settings.restWhileAsleep && asleep(s);
    const wakes = resting ? fresh.filter((e) => remarkableObject(e)) : fresh;
    if (!input.needsAction && fresh.length === 0 && input.notices.length === 0) {
      if (resting || !flushDue(ctx, s, now)) return null;
      await flushObservations(ctx, s);
      if (reflectionDue(ctx, s, now)) await reflect(ctx, s, now);
      return null;
    }
    // News is taken in at once (it may change today's plans); a sleeper takes it in on waking.
    if (!resting && (heard.length > 0 || flushDue(ctx, s, now))) await flushObservations(ctx, s);
    if (!resting && reflectionDue(ctx, s, now)) await reflect(ctx, s, now);
    if (wakes.length && !input.agent.talkingTo) {
      const out = await react(ctx, s, input, wakes);
      if (out?.conversation) {
        const other = this.agents.get(out.conversation.with);
        for (const x of [s, other])
          if (x)
            x.current = {
              task: undefined,
              action: out.conversation.topic,
              address: x.current?.address ?? "",
              until: out.conversation.until,
            };
        return out;
      }
      if (out) return out;
    }
    if (input.needsAction && !input.agent.talkingTo) {
      const task: PlannedTask = await nextTask(ctx, s, now);
      const decision = decisionOf(task, startOfDay(now));
      s.current = { task, action: task.task, address: task.address, until: decision.until };
      return { action: decision };
    }
    return null;
  }

  /**
   * The persona's "currently" enters the stream as the resident's own thoughts when its life
   * starts (the original seeds a persona's status and its history whispers as memories), so it
   * can speak of its own plans in any words and bring them up when it meets people.
   */
  private async seedOwnLife(s: AgentState, now: number): Promise<void> {
    s.seeded = true;
    s.seededOn = now;
    const sentences = s.persona.currently
      .split(/(?<=[.!?])\s+/)
      .map((t) => t.trim())
      // (What its persona says it has not noticed is the narrator's, no thought of its own.)
      .filter((t) => t && !unawareIn(t));
    const people = peopleFor(this.ctx, s);
    for (const t of sentences) {
      const thought = youToThirdPerson(t, s.persona.name);
      const weight = importanceOf(thought, { at: now, people });
      // An event of its own it tells of (weighty, or ahead) as a record, so it travels in its own
      // words. (Its standing situation, "is building bookshelves", makes none: told as a record
      // before anything heard, it crowded fresh news out of talk; bench/RESULTS.md.)
      const facts =
        weight >= 5 || aboutTheFuture(thought, now)
          ? newsRecord(thought, s.persona.name, now, placeNames(s), people).filter((f) => f.event)
          : [];
      await rememberOne(this.ctx, s, "thought", now, thought, Math.max(5, weight), {
        predicate: "is",
        object: "currently",
        ...(facts.length ? { facts } : {}),
      });
    }
  }

  /** A claim on a conversation partner that never turned into a conversation is let go. */
  private dropStaleClaim(s: AgentState, input: MindInput): void {
    if (!s.engagedWith || input.agent.talkingTo) return;
    if (input.now - s.engagedSince > STALE_CLAIM_MS) release(s, this.agents.get(s.engagedWith));
  }

  /** Everything the faculties share (tests drive single faculties with it). */
  context(): MindContext {
    return this.ctx;
  }

  // ------------------------------------------------------------------ people's tools

  /**
   * What people ask runs under the town's budget, if the gateway keeps one (llm/budget.ts), and
   * before the residents' own thinking on a gateway that takes turns (llm/turns.ts).
   */
  private forPeople<T>(work: () => Promise<T>): Promise<T> {
    return forAPerson(() => (this.gateway.forPeople ? this.gateway.forPeople(work) : work()));
  }

  /** A person talks to the agent: remembered as said by that person, answered in character. */
  hear(input: HeardWords): Promise<Reply> {
    return this.forPeople(() => this.answerPerson(input));
  }

  private async answerPerson(input: HeardWords): Promise<Reply> {
    const s = this.agentFor(input.agent);
    s.now = Math.max(s.now, input.now);
    // A person's name and words enter prompts and memories as one clean line each (shared/text.ts).
    const clean = <L extends { name: string; text: string }>(l: L): L => ({
      ...l,
      name: inlineSpeech(l.name),
      text: inlineSpeech(l.text),
    });
    return hear(this.ctx, s, {
      ...input,
      speaker: { ...input.speaker, name: inlineSpeech(input.speaker.name) },
      words: input.words.map(inlineSpeech),
      soFar: input.soFar.map(clean),
    });
  }

  /** The reaction step for a person walking up or speaking: does the agent stop and turn to them? */
  async approached(input: Approach): Promise<boolean> {
    const s = this.agentFor(input.agent);
    s.now = Math.max(s.now, input.now);
    // A person waits for it: before the residents' own thinking (llm/turns.ts).
    return forAPerson(() =>
      reactToPerson(this.ctx, s, {
        ...input,
        person: { ...input.person, name: inlineSpeech(input.person.name) },
        words: input.words.map(inlineSpeech),
        company: input.company.map(inlineSpeech),
      }),
    );
  }

  /** Words said to someone else in a group talk the agent is in: remembered with who said them. */
  async overhear(input: Overheard): Promise<void> {
    const s = this.agentFor(input.agent);
    s.now = Math.max(s.now, input.now);
    await overhear(this.ctx, s, {
      ...input,
      speaker: { ...input.speaker, name: inlineSpeech(input.speaker.name) },
      to: inlineSpeech(input.to),
      text: inlineSpeech(input.text),
    });
  }

  /** Answers a question in character from retrieved memories (see interview.ts); a person's ask. */
  async interview(agentId: string, question: string, opts: InterviewOptions = {}): Promise<string> {
    const s = this.agents.get(agentId);
    if (!s) throw new Error(`no resident "${agentId}"`);
    return this.forPeople(() =>
      interview(this.ctx, s, inlineSpeech(question), {
        ...opts,
        ...(opts.interviewer !== undefined ? { interviewer: inlineSpeech(opts.interviewer) } : {}),
      }),
    );
  }

  /** An inner voice: the text becomes the agent's thought. Returns what it now thinks. */
  async whisper(
    agentId: string,
    text: string,
    now?: number,
    voice = "inner voice",
  ): Promise<string[]> {
    const s = this.agents.get(agentId);
    if (!s) throw new Error(`no resident "${agentId}"`);
    // A moderator waits for what the resident now thinks: before its own thinking (llm/turns.ts).
    const made = await forAPerson(() =>
      whisperThoughts(this.ctx, s, [inlineSpeech(text)], now ?? s.now, voice),
    );
    return made.map((m) => m.description);
  }

  /** The Town's interview (a person's command): see interview(). */
  answerInterview(q: InterviewQuestion): Promise<string> {
    return this.interview(q.agent.id, q.question, {
      offTheRecord: q.offTheRecord,
      interviewer: q.interviewer,
      now: q.now,
    });
  }

  /** The Town's whisper (a moderator's command): see whisper(). */
  takeWhisper(w: Whisper): Promise<string[]> {
    return this.whisper(w.agent.id, w.text, w.now);
  }

  /**
   * Seeds memories from a history file (CSV text in the original's format, or rows already read):
   * each statement becomes a thought of the named resident. Names not in the town are returned.
   */
  async seedHistory(
    history: string | readonly HistoryRow[],
    now: number,
  ): Promise<{ seeded: number; unknown: string[] }> {
    const rows = typeof history === "string" ? loadHistory(history) : history;
    const byName = new Map([...this.agents.values()].map((a) => [a.persona.name.toLowerCase(), a]));
    let seeded = 0;
    const unknown: string[] = [];
    for (const row of rows) {
      const s = byName.get(row.name.trim().toLowerCase());
      if (!s) {
        unknown.push(row.name);
        continue;
      }
      seeded += (await whisperThoughts(this.ctx, s, row.statements, now)).length;
    }
    return { seeded, unknown };
  }

  /** What GET /api/agents/:id shows: persona, today's plan with times, latest memories. */
  inspect(agentId: string, opts: { limit?: number } = {}): AgentInspection | undefined {
    const s = this.agents.get(agentId);
    if (!s) return undefined;
    const limit = Math.max(0, Math.min(500, opts.limit ?? 20));
    const sch = s.schedule;
    const minute = sch ? Math.floor((s.now - sch.day) / 60_000) : 0;
    return {
      persona: s.persona,
      currently: s.currently,
      action: s.current?.action ?? "",
      address: s.current?.address ?? "",
      plan: sch
        ? {
            date: formatDate(sch.day),
            wakeUp: hhmm(sch.wake),
            items: [...sch.items],
            schedule: sch.blocks.map((b) => ({
              start: hhmm(b.start),
              end: b.end >= 1440 ? "24:00" : hhmm(b.end),
              task: b.task,
              ...(b.place ? { place: b.place } : {}),
            })),
            next: sch.tasks
              .filter((t) => t.end > minute)
              .map((t) => ({
                start: hhmm(t.start),
                end: t.end >= 1440 ? "24:00" : hhmm(t.end),
                task: t.task,
                address: t.address,
                emoji: t.emoji,
              })),
          }
        : null,
      // Newest first by when they happened: observations are stored in batches, after the talks
      // and thoughts that came meanwhile (perceive.ts).
      memories: s.memory
        .latest(limit + 64)
        .sort((a, b) => b.created - a.created || b.id - a.id)
        .slice(0, limit)
        .map((m) => ({
          type: m.type,
          description: m.description,
          importance: m.importance,
          created: m.created,
        })),
    };
  }

  /** Counts for reports: memories, reflections (insight thoughts), conversations (chat memories). */
  report(
    agentId: string,
  ): { memories: number; reflections: number; conversations: number } | undefined {
    const s = this.agents.get(agentId);
    if (!s) return undefined;
    let reflections = 0;
    let conversations = 0;
    for (const m of s.memory.latest(s.memory.size)) {
      if (m.type === "thought" && m.predicate === "reflects") reflections++;
      if (m.type === "chat" && m.predicate === "chat with") conversations++;
    }
    return { memories: s.memory.size, reflections, conversations };
  }

  // ------------------------------------------------------------------ saves

  /** `only`: the residents saved (a pool's thread saves those it holds; default: all). */
  snapshot(only?: ReadonlySet<string>): MindSnapshot {
    const agents = [...this.agents.values()].filter((a) => !only || only.has(a.id));
    return { kind: "generative", v: 1, stats: { ...this.stats }, agents: agents.map(savedAgent) };
  }

  /**
   * Residents' whole states, to move them to another mind of the same town (a pool's thread,
   * agents/mindPool.ts): the memory stream in full even when it is journaled, and what a save
   * leaves out (scores given, when each relationship was written), so the mind that takes them
   * goes on exactly as this one would have. Here each becomes a newcomer again (`keep`: a copy,
   * for a checkpoint, and the residents stay).
   */
  exportAgents(ids: readonly string[], keep = false): MovedAgent[] {
    const out: MovedAgent[] = [];
    for (const id of ids) {
      const s = this.agents.get(id);
      if (!s) continue;
      const stream = s.memory as MemoryPort & { changes?: unknown };
      const changes = stream.changes;
      stream.changes = undefined; // a journaled stream's snapshot is its head only
      let memory: unknown;
      try {
        memory = stream.snapshot();
      } finally {
        stream.changes = changes;
      }
      out.push({
        saved: { ...savedAgent(s), memory },
        scored: [...s.scored],
        relationshipAt: [...s.relationshipAt],
        sectors: s.spatial.sectors(),
      });
      if (!keep) this.add(s.persona);
    }
    return out;
  }

  /** Every resident's persona, in the order the mind knows them. */
  personas(): Persona[] {
    return [...this.agents.values()].map((a) => a.persona);
  }

  /** Takes residents another mind of the town exported (exportAgents). */
  importAgents(moved: readonly MovedAgent[]): void {
    const snap = parseMindSnapshot({
      kind: "generative",
      v: 1,
      stats: { ...this.stats },
      agents: moved.map((m) => m.saved),
    });
    this.take(snap.agents);
    for (const m of moved) {
      const s = this.agents.get(m.saved.id);
      if (!s) continue;
      s.scored = new Map(m.scored);
      s.relationshipAt = new Map(m.relationshipAt);
      // The sectors in the order they were first known (a sector known without any of its
      // rooms is not among the saved addresses, and places are listed in this order).
      const world = s.spatial.world;
      s.spatial = SpatialMemory.from([
        ...m.sectors.map((x) => `${world}:${x}`),
        ...m.saved.spatial,
      ]);
      if (!s.spatial.world) s.spatial.world = world;
    }
  }

  /** A resident who moved in while the town runs: it knows its home and habits, nobody knows it yet. */
  addResident(persona: Persona): void {
    this.newcomers.add(persona.id);
    if (!this.agents.has(persona.id)) this.add(persona);
  }

  /** A moderator changed the resident: it thinks the change as its own and plans anew. */
  async residentChanged(
    persona: Persona,
    told?: { now: number; statements: string[] },
  ): Promise<void> {
    const s = this.agents.get(persona.id) ?? this.add(persona);
    s.persona = persona;
    this.names.add(persona.name);
    this.notePronounOf(persona);
    this.peopleList = undefined;
    if (!told) return;
    s.schedule = undefined;
    await whisperThoughts(this.ctx, s, told.statements, told.now);
  }

  restore(data: unknown): void {
    const snap = parseMindSnapshot(data);
    this.take(snap.agents);
    Object.assign(this.stats, { plansReused: 0 }, snap.stats);
  }

  /** Saved residents become the residents' state (a restore, a move from another mind). */
  private take(agents: ReturnType<typeof parseMindSnapshot>["agents"]): void {
    const snap = { agents };
    // Every stream is rebuilt before any resident changes: a bad stream leaves the mind as it was.
    const streams = new Map<string, MemoryPort>();
    for (const a of snap.agents) {
      const s = this.agents.get(a.id);
      if (!s) continue; // a resident no longer in the town
      const memory = this.makeMemory(s.persona);
      try {
        memory.load(a.memory);
      } catch (e) {
        throw new Error(
          `not a snapshot of a generative mind: the memory of "${a.id}" does not load (${e instanceof Error ? e.message.slice(0, 200) : String(e)})`,
          { cause: e },
        );
      }
      streams.set(a.id, memory);
    }
    for (const a of snap.agents) {
      const s = this.agents.get(a.id);
      if (!s) continue;
      // The decoded save is a fresh copy: its fields become the resident's.
      for (const k of agentDataKeys) (s as Record<keyof AgentData, unknown>)[k] = a[k];
      s.memory = streams.get(a.id)!;
      s.spatial = SpatialMemory.from(a.spatial);
      if (!s.spatial.world) s.spatial.world = Address.parse(s.persona.home).world;
      // (A save from before residents knew their town's public places.)
      s.spatial.addAll(this.publicPlacesNear(Address.parse(s.persona.home).sector));
      s.reflecting = false;
    }
    this.peopleList = undefined;
  }
}
