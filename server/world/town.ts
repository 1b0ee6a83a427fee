// The Town: a pure simulation of one town. Given its map, its residents, a mind and a seed it
// steps deterministically; everything that changes comes out as TownEvents. It knows nothing
// of Colyseus, HTTP or databases (docs/ARCHITECTURE.md, "The shape").
//
// Each kind of thing in the town is its own module under town/, with its step logic and its saved
// form (after AI Town's engine): residents, their conversations, people's chats with them,
// people's avatars and objects. The Town owns the clock, wires them in advance() and routes
// people's commands in apply().
import { CHAT_IDLE_SECONDS, STEP_SECONDS } from "../../shared/constants.ts";
import type { TownEvent } from "../../shared/events.ts";
import type { ChatLine, ChatMember } from "../../shared/messages.ts";
import type { Persona } from "../../shared/persona.ts";
import type { AgentView, AvatarView } from "../../shared/view.ts";
import { timeAtStep } from "./clock.ts";
import type { Command, CommandResult } from "./commands.ts";
import type { Mind } from "./mind.ts";
import { PathFinder } from "./path.ts";
import { groupByArena, type WorldEvent } from "./perception.ts";
import { callWithTownSeed, withTownSeed } from "./random.ts";
import type { TownSnapshot } from "./snapshot.ts";
import type { Address } from "./tile.ts";
import { AnswerSignal } from "./town/answerSignal.ts";
import { announce } from "./town/announcements.ts";
import { Asks } from "./town/asks.ts";
import { ResidentChanges } from "./town/residentChanges.ts";
import { Avatars, DEFAULT_AVATAR_SPRITES } from "./town/avatars.ts";
import { Chats } from "./town/chats.ts";
import { Conversations } from "./town/conversations.ts";
import { Objects } from "./town/objects.ts";
import { personAway, personLeaves } from "./town/presence.ts";
import { Deadlines, pending, type Pending } from "./town/pending.ts";
import { DEFAULT_SENSES, Residents, viewOf, type Resident, type Senses } from "./town/residents.ts";
import type { TownMap } from "./townMap.ts";

export type StepMode = "lockstep" | "live";
export { DEFAULT_SENSES, type Senses };
export type { AgentView, AvatarView };

export interface TownOptions {
  template: string;
  map: TownMap;
  personas: readonly Persona[];
  mind: Mind;
  mode: StepMode;
  seed?: number;
  stepSeconds?: number;
  senses?: Senses;
  /** Sprite rows avatars are drawn with (residents use theirs from the persona file). */
  avatarSprites?: readonly number[];
  /** Real milliseconds of silence that end a person's talk with a resident. */
  chatIdleMs?: number;
  /**
   * Real milliseconds after which the Town gives up on a mind's answer (recorded in mindErrors;
   * the resident goes on as when its mind fails). Default: MIND_TIMEOUT_MS in live mode; none in
   * lockstep, where a run waits for every answer (the gateway bounds each model call).
   */
  mindTimeoutMs?: number;
}

/** Live towns give up on an answer after this long: several model calls, each with retries, fit. */
export const MIND_TIMEOUT_MS = 5 * 60_000;

/** How many mind failures the Town keeps for logs and health. */
const MIND_ERRORS_KEPT = 100;

export class Town {
  readonly template: string;
  readonly map: TownMap;
  readonly mode: StepMode;
  readonly stepSeconds: number;
  readonly senses: Senses;
  readonly mind: Mind;
  private readonly residents: Residents;
  private readonly objects: Objects;
  private readonly conversations: Conversations;
  private readonly avatars: Avatars;
  private readonly chats: Chats;
  private readonly asks: Asks;
  private readonly changes: ResidentChanges;
  /** The town's seed: every draw of its rules and its minds derives from it (random.ts). */
  private seedValue: number;
  private mindRestore: Promise<void> = Promise.resolve();
  private stepIndex = 0;
  /** Tells the room that answers to people came between steps. */
  private readonly answerSignal = new AnswerSignal();
  /** When the Town gives up on minds' answers (none: it waits for every one). */
  private readonly deadlines: Deadlines | undefined;
  /** Failures of minds, for logs and health: the Town never throws because a mind did. */
  readonly mindErrors: { agentId: string; error: unknown }[] = [];
  /** The town's path finder (its cache's hit rate is read by bench/). */
  readonly paths: PathFinder;

  constructor(opts: TownOptions) {
    this.template = opts.template;
    this.map = opts.map;
    this.mode = opts.mode;
    this.mind = opts.mind;
    this.senses = opts.senses ?? DEFAULT_SENSES;
    this.stepSeconds = opts.stepSeconds ?? STEP_SECONDS;
    const timeoutMs = opts.mindTimeoutMs ?? (opts.mode === "live" ? MIND_TIMEOUT_MS : Infinity);
    this.deadlines = Number.isFinite(timeoutMs) ? new Deadlines(timeoutMs) : undefined;
    this.seedValue = opts.seed ?? 1;
    const paths = new PathFinder(opts.map.width, opts.map.height, opts.map.blocked);
    this.paths = paths;
    this.objects = new Objects(opts.map);
    this.residents = new Residents(opts.personas, opts.map, paths, this.objects, this.senses);
    this.conversations = new Conversations(this.residents, this.stepSeconds);
    this.avatars = new Avatars(opts.map, paths, opts.avatarSprites ?? DEFAULT_AVATAR_SPRITES);
    this.chats = new Chats({
      residents: this.residents,
      avatars: this.avatars,
      conversations: this.conversations,
      mind: opts.mind,
      idleMs: opts.chatIdleMs ?? CHAT_IDLE_SECONDS * 1000,
      visionRadius: this.senses.visionRadius,
      now: () => this.time,
      ask: (work) => this.ask(work),
      onMindError: (agentId, error) => this.mindFailed(agentId, error),
      onAnswer: this.answerSignal.came,
    });
    this.asks = new Asks({
      residents: this.residents,
      mind: opts.mind,
      now: () => this.time,
      ask: (work) => this.ask(work),
      onMindError: (agentId, error) => this.mindFailed(agentId, error),
      onAnswer: this.answerSignal.came,
    });
    this.changes = new ResidentChanges({
      residents: this.residents,
      conversations: this.conversations,
      chats: this.chats,
      map: opts.map,
      mind: opts.mind,
      now: () => this.time,
      onMindError: (agentId, error) => this.mindFailed(agentId, error),
    });
  }

  get step(): number {
    return this.stepIndex;
  }

  get time(): number {
    return timeAtStep(this.map.start, this.stepIndex, this.stepSeconds);
  }

  get seed(): number {
    return this.seedValue;
  }

  /**
   * Asks the mind something as this town's work (its draws derive from the town's seed); the
   * answer is adopted when it is done, or given up on in time.
   */
  private ask<T>(work: () => Promise<T>): Pending<T> {
    const seed = this.seedValue;
    const seeded = this.mind.seedAtCall ? callWithTownSeed : withTownSeed;
    return pending(() => seeded(seed, work), this.deadlines);
  }

  /**
   * Advances the town by one step: conversations speak and end, finished thoughts are adopted,
   * every mind hears what its agent perceives, and walking agents move one tile. Lockstep waits
   * for every mind; live mode waits only for minds that answer at once.
   */
  async advance(): Promise<TownEvent[]> {
    this.answerSignal.stepping = true;
    try {
      return await this.takeStep();
    } finally {
      this.answerSignal.stepping = false;
    }
  }

  private async takeStep(): Promise<TownEvent[]> {
    this.stepIndex++;
    const now = this.time;
    const events: TownEvent[] = [{ kind: "clockTicked", step: this.stepIndex, time: now }];
    this.conversations.advance(now, events);
    this.settleAnswersToPeople(events);
    this.residents.searchWaiting(events);
    for (const r of this.residents.all) if (r.thinking?.done) this.adopt(r, events);

    this.residents.think(now, groupByArena(this.worldEvents()), (input) =>
      this.ask(() => this.mind.tick(input)),
    );
    const waiting = this.residents.all
      .filter((r) => r.thinking && !r.thinking.done)
      .map((r) => r.thinking!.promise);
    waiting.push(...this.chats.pending(), ...this.asks.waiting());
    if (waiting.length > 0) {
      if (this.mode === "lockstep") await Promise.all(waiting);
      // Live: a macrotask's grace lets minds that need no model answer in this very step.
      else
        await Promise.race([
          Promise.all(waiting),
          new Promise((resolve) => setTimeout(resolve, 0)),
        ]);
    }
    for (const r of this.residents.all) if (r.thinking?.done) this.adopt(r, events);
    this.settleAnswersToPeople(events);
    this.residents.walk(events);
    this.changes.departures(events);
    return events;
  }

  /** Takes up what a resident's mind answered: a conversation, else an action. */
  private adopt(r: Resident, events: TownEvent[]): void {
    const thought = r.thinking!;
    r.thinking = null;
    if (thought.error !== undefined) {
      // The mind failed or did not answer in time: keep doing what it was doing and ask again in
      // a game minute.
      this.mindFailed(r.id, thought.error);
      if (this.time >= r.until) r.until = this.time + 60_000;
      return;
    }
    const out = thought.output;
    if (!out || r.talkingTo || r.leaving) return; // a talk that began meanwhile outranks the plan
    if (out.join && this.chats.joinResident(r, out.join.with, events)) return;
    if (out.conversation && this.conversations.request(r, out.conversation, this.time, events))
      return;
    if (out.action)
      this.residents.startAction(r, out.action, this.time, this.stepSeconds, events, true);
  }

  /** Says residents' answers to people that came: in talks, interviews and whispers. */
  private settleAnswersToPeople(events: TownEvent[]): void {
    this.chats.tick(0, events);
    this.asks.settle(events);
  }

  /**
   * Tells `listener` when minds' answers to people come (between steps; once for those that come
   * together): it takes them with takeAnswers() at once instead of waiting for tickHumans.
   * Undefined stops telling.
   */
  onAnswer(listener: (() => void) | undefined): void {
    this.answerSignal.listen(listener);
  }

  /** The answers to people that came, said (talks, interviews, whispers). */
  takeAnswers(): TownEvent[] {
    const events: TownEvent[] = [];
    this.settleAnswersToPeople(events);
    return events;
  }

  private mindFailed(agentId: string, error: unknown): void {
    this.mindErrors.push({ agentId, error });
    if (this.mindErrors.length > MIND_ERRORS_KEPT) this.mindErrors.shift();
  }

  /** Everything a resident could notice this step: residents, people, objects. */
  private worldEvents(): WorldEvent[] {
    const out: WorldEvent[] = [];
    this.residents.worldEvents(out, (id) => this.chats.joinable(id));
    this.avatars.worldEvents(out);
    this.objects.worldEvents(out);
    return out;
  }

  /** Applies a person's command at once (between steps). */
  apply(cmd: Command): CommandResult {
    switch (cmd.kind) {
      case "joinAvatar":
        return this.avatars.join(cmd);
      case "leaveAvatar":
        return personLeaves(this.avatars, this.chats, cmd.avatarId);
      case "avatarAway":
        return personAway(this.avatars, this.chats, cmd);
      case "moveAvatar":
        return this.avatars.move(cmd);
      case "say":
        return this.chats.say(cmd);
      case "setObjectState":
        return this.objects.set(cmd.address, cmd.state, cmd.by);
      case "interview":
        return this.asks.interview(cmd);
      case "whisper":
        return this.asks.whisper(cmd);
      case "announce":
        return announce(cmd, this.residents, this.map, this.time);
      case "addResident":
      case "editResident":
      case "retireResident":
        return this.changes.apply(cmd);
    }
  }

  /**
   * Walks avatars in real time between steps, lets residents notice people walking up to them,
   * says the answers residents have found and ends talks that are over (people's talks run in
   * real time, so they go on while the clock is paused).
   */
  tickHumans(dtMs: number): TownEvent[] {
    const events: TownEvent[] = [];
    this.asks.settle(events);
    this.avatars.walk(dtMs, events);
    this.chats.tick(dtMs, events);
    return events;
  }

  /** Each resident–person pair talking, with the lines of their talk (tests and tools). */
  chatsWithPeople(): ReturnType<Chats["pairs"]> {
    return this.chats.pairs();
  }

  /** Who is in a group talk now (empty when it is over). */
  chatMembers(chat: string): ChatMember[] {
    return this.chats.members(chat);
  }

  /** The latest lines of a group talk. */
  chatLines(chat: string): ChatLine[] {
    return this.chats.lines(chat);
  }

  agentViews(): AgentView[] {
    return this.residents.all.map(viewOf);
  }

  avatarViews(): AvatarView[] {
    return this.avatars.views();
  }

  agent(id: string): AgentView | undefined {
    const r = this.residents.get(id);
    return r && viewOf(r);
  }

  persona(id: string): Persona | undefined {
    return this.residents.get(id)?.persona;
  }

  /** Objects whose state is not idle. */
  objectStates(): { address: Address; state: string; by: string }[] {
    return this.objects.states();
  }

  /**
   * Everything needed to continue this town later (avatars are people: they do not persist), for
   * a mind that answers at once (in this thread). See capture() for a mind on another thread.
   */
  snapshot(): TownSnapshot {
    const s = this.capture();
    if (s instanceof Promise) {
      s.catch(() => {});
      throw new Error("this town's minds run on another thread: use capture()");
    }
    return s;
  }

  /**
   * The snapshot as the mind gives its part: at once from a mind in this thread (nothing happens
   * between the world's part and the mind's), later from a mind on another thread (the world's
   * part is taken now, the mind's when the mind's thread comes to the request).
   */
  capture(): TownSnapshot | Promise<TownSnapshot> {
    const world = this.worldSnapshot();
    const mind: unknown = this.mind.snapshot?.();
    return mind instanceof Promise
      ? (mind as Promise<unknown>).then((m) => ({ ...world, mind: m }))
      : { ...world, mind };
  }

  /** The town without its minds' part (mind undefined): a restore of it leaves the minds as they are. */
  worldSnapshot(): TownSnapshot {
    return {
      version: 1,
      template: this.template,
      step: this.stepIndex,
      time: this.time,
      seed: this.seedValue,
      // Talks with people are not saved (people do not persist): those residents resume free.
      agents: this.residents.snapshot(this.time, (id) => this.chats.inTalk(id)),
      objects: this.objects.snapshot(),
      conversations: this.conversations.snapshot(),
      ...this.changes.snapshot(),
      mind: undefined,
    };
  }

  /** Continues from a snapshot taken of a town with the same template. */
  restore(s: TownSnapshot): void {
    if (s.template !== this.template)
      throw new Error(`snapshot of "${s.template}" cannot restore a "${this.template}" town`);
    this.stepIndex = s.step;
    this.seedValue = s.seed;
    this.changes.restore(s);
    this.residents.restore(s.agents);
    this.objects.restore(s.objects);
    this.conversations.restore(s.conversations);
    this.chats.clear();
    // Nobody talks to someone who is not in a saved conversation (an older save's talk with a person).
    this.residents.freeUnpaired(this.conversations.pairs());
    if (s.mind === undefined) return;
    // A mind on another thread restores in order before anything asked of it later; restored() tells how it went.
    this.mindRestore = Promise.resolve(this.mind.restore?.(s.mind));
    this.mindRestore.catch(() => {});
  }

  /** Resolves when the minds' part of the last restore is done; rejects with what went wrong. */
  restored(): Promise<void> {
    return this.mindRestore;
  }
}
