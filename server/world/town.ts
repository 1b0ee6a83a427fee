// The Town: a pure simulation of one town. Given its map, its residents, a mind and a seed it
// steps deterministically; everything that changes comes out as TownEvents. It knows nothing
// of Colyseus, HTTP or databases (DESIGN.md, "The shape").
import { AVATAR_TILES_PER_SECOND, STEP_SECONDS } from "../../shared/constants.ts";
import type { ConversationLine, Decision, Mind, MindOutput, Notice } from "../agents/mind.ts";
import type { Persona } from "../agents/persona.ts";
import { timeAtStep } from "./clock.ts";
import { refuse, type Command, type CommandResult } from "./commands.ts";
import type { TownEvent } from "./events.ts";
import { PathFinder } from "./path.ts";
import { arenaOf, perceive, type WorldEvent } from "./perception.ts";
import { hashString, Random } from "./random.ts";
import type { TownSnapshot } from "./snapshot.ts";
import type { Address, Tile } from "./tile.ts";
import type { TownMap } from "./townMap.ts";

export type StepMode = "lockstep" | "live";

/** How far and how much residents notice (the paper's defaults; minds may hold their own). */
export interface Senses {
  visionRadius: number;
  attentionBandwidth: number;
}
export const DEFAULT_SENSES: Senses = { visionRadius: 8, attentionBandwidth: 8 };

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
}

/** An agent's body and current action, as the Town keeps it. */
interface Resident {
  readonly id: string;
  readonly persona: Persona;
  x: number;
  y: number;
  action: string;
  emoji: string;
  address: Address;
  predicate: string;
  object: string;
  objectState: string;
  talkingTo: string;
  /** Game time when the current action is over. */
  until: number;
  path: Tile[];
  thinking: Thought | null;
  notices: Notice[];
  /** Tile at the last tick, to tell the mind only about new views. */
  lastSeenFrom: number;
}

type Thought = { done: boolean; output?: MindOutput | null; error?: unknown; promise: Promise<void> };

interface Avatar {
  id: string;
  name: string;
  role: string;
  x: number;
  y: number;
  sprite: number;
  path: Tile[];
  /** Fraction of the next tile walked. */
  progress: number;
}

interface Conversation {
  a: string;
  b: string;
  lines: ConversationLine[];
  topic: string;
  started: number;
  until: number;
  /** Lines already said aloud (they are spread over the conversation's time). */
  spoken: number;
}

interface ObjectStatus {
  state: string;
  by: string;
  /** The resident whose action holds the state; "" when a person set it. */
  holder: string;
}

export interface AgentView {
  id: string; name: string; x: number; y: number; action: string; emoji: string; address: Address; talkingTo: string; sprite: number;
}
export interface AvatarView { id: string; name: string; role: string; x: number; y: number; sprite: number }

const DEFAULT_AVATAR_SPRITES = [8, 9, 10, 11, 12, 13, 14, 15];
const NO_EVENTS: WorldEvent[] = [];
const NO_PERCEPTIONS: ReturnType<typeof perceive> = [];

export class Town {
  readonly template: string;
  readonly map: TownMap;
  readonly mode: StepMode;
  readonly stepSeconds: number;
  readonly senses: Senses;
  readonly mind: Mind;
  private readonly paths: PathFinder;
  private readonly residents: Resident[];
  private readonly byId = new Map<string, Resident>();
  private readonly avatars = new Map<string, Avatar>();
  private readonly avatarSprites: readonly number[];
  private readonly objects = new Map<Address, ObjectStatus>();
  private conversations: Conversation[] = [];
  /** Addresses in view from each tile, computed on first visit (the map does not change). */
  private readonly viewCache = new Map<number, readonly Address[]>();
  private random: Random;
  private stepIndex = 0;
  /** Failures of minds, for logs and health: the Town never throws because a mind did. */
  readonly mindErrors: { agentId: string; error: unknown }[] = [];

  constructor(opts: TownOptions) {
    this.template = opts.template;
    this.map = opts.map;
    this.mode = opts.mode;
    this.mind = opts.mind;
    this.senses = opts.senses ?? DEFAULT_SENSES;
    this.stepSeconds = opts.stepSeconds ?? STEP_SECONDS;
    this.random = new Random(opts.seed ?? 1);
    this.avatarSprites = opts.avatarSprites ?? DEFAULT_AVATAR_SPRITES;
    this.paths = new PathFinder(opts.map.width, opts.map.height, opts.map.blocked);
    this.residents = [...opts.personas]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((persona) => {
        const spawn = opts.map.spawns.get(persona.spawn);
        if (!spawn) throw new Error(`resident "${persona.id}": no spawn point "${persona.spawn}" in the map`);
        return {
          id: persona.id, persona, x: spawn.x, y: spawn.y, action: "", emoji: "", address: "", predicate: "", object: "", objectState: "",
          talkingTo: "", until: -Infinity, path: [], thinking: null, notices: [], lastSeenFrom: -1,
        };
      });
    for (const r of this.residents) this.byId.set(r.id, r);
  }

  get step(): number {
    return this.stepIndex;
  }

  get time(): number {
    return timeAtStep(this.map.start, this.stepIndex, this.stepSeconds);
  }

  /** Randomness for rules that need it, seeded and saved with the town. */
  get rng(): Random {
    return this.random;
  }

  /**
   * Advances the town by one step: conversations speak and end, finished thoughts are adopted,
   * every mind hears what its agent perceives, and walking agents move one tile. Lockstep waits
   * for every mind; live mode waits only for minds that answer at once.
   */
  async advance(): Promise<TownEvent[]> {
    this.stepIndex++;
    const now = this.time;
    const events: TownEvent[] = [{ kind: "clockTicked", step: this.stepIndex, time: now }];
    this.advanceConversations(now, events);
    for (const r of this.residents) if (r.thinking?.done) this.adopt(r, events);

    const world = this.worldEventsByArena();
    for (const r of this.residents) {
      if (r.thinking) continue; // still thinking: what it perceives meanwhile is seen next time
      const here = r.y * this.map.width + r.x;
      const arena = arenaOf(this.map.addressAt(r.x, r.y));
      const candidates = world.get(arena) ?? NO_EVENTS;
      const perceived = candidates.length <= 1 && candidates[0]?.subject === r.persona.name ? NO_PERCEPTIONS
        : perceive({ x: r.x, y: r.y, arena, radius: this.senses.visionRadius, bandwidth: this.senses.attentionBandwidth }, candidates, r.persona.name);
      const inView = here !== r.lastSeenFrom ? this.addressesInView(r.x, r.y) : [];
      const needsAction = !r.talkingTo && now >= r.until;
      if (!needsAction && perceived.length === 0 && inView.length === 0 && r.notices.length === 0) continue;
      r.lastSeenFrom = here;
      const notices = r.notices;
      r.notices = [];
      r.thinking = this.think(r, { agent: this.self(r), now, perceived, inView, needsAction, notices });
    }
    const pending = this.residents.filter((r) => r.thinking && !r.thinking.done).map((r) => r.thinking!.promise);
    if (pending.length > 0) {
      if (this.mode === "lockstep") await Promise.all(pending);
      // Live: a macrotask's grace lets minds that need no model answer in this very step.
      else await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 0))]);
    }
    for (const r of this.residents) if (r.thinking?.done) this.adopt(r, events);
    this.walk(events);
    return events;
  }

  private self(r: Resident) {
    return { id: r.id, persona: r.persona, x: r.x, y: r.y, action: r.action, address: r.address, talkingTo: r.talkingTo };
  }

  private think(r: Resident, input: Parameters<Mind["tick"]>[0]): Thought {
    const thought: Thought = { done: false, promise: Promise.resolve() };
    let answer: Promise<MindOutput | null>;
    try {
      answer = this.mind.tick(input);
    } catch (error) {
      answer = Promise.reject(error);
    }
    thought.promise = answer.then(
      (output) => { thought.output = output; thought.done = true; },
      (error: unknown) => { thought.error = error; thought.done = true; },
    );
    return thought;
  }

  private adopt(r: Resident, events: TownEvent[]): void {
    const thought = r.thinking!;
    r.thinking = null;
    if (thought.error !== undefined) {
      // The mind failed: keep doing what it was doing and ask again in a game minute.
      this.mindErrors.push({ agentId: r.id, error: thought.error });
      if (this.mindErrors.length > 100) this.mindErrors.shift();
      if (this.time >= r.until) r.until = this.time + 60_000;
      return;
    }
    const out = thought.output;
    if (!out || r.talkingTo) return; // a conversation that began meanwhile outranks the plan
    if (out.conversation) {
      const other = this.byId.get(out.conversation.with);
      const reason = !other ? "no such resident" : other === r ? "cannot talk to oneself" : other.talkingTo ? `${other.persona.name} is talking to someone else` : "";
      if (reason) r.notices.push({ kind: "conversationRefused", withId: out.conversation.with, reason });
      else return this.startConversation(r, other!, out.conversation.lines, out.conversation.topic, out.conversation.until, events);
    }
    if (out.action) this.startAction(r, out.action, events);
  }

  private startAction(r: Resident, d: Decision, events: TownEvent[]): void {
    this.releaseObject(r, events);
    const address = this.map.hasAddress(d.address) ? d.address : r.persona.home;
    r.action = d.action;
    r.emoji = d.emoji;
    r.address = address;
    r.predicate = d.predicate ?? "is";
    r.object = d.object ?? d.action;
    r.objectState = address.split(":").length === 4 ? (d.objectState ?? "") : "";
    r.until = Math.max(d.until, this.time + this.stepSeconds * 1000);
    r.path = this.paths.find(r, this.map.tilesOf(address)) ?? [];
    events.push({ kind: "actionStarted", agentId: r.id, action: r.action, emoji: r.emoji, address, talkingTo: "" });
    if (r.path.length === 0) this.holdObject(r, events);
  }

  private startConversation(a: Resident, b: Resident, lines: ConversationLine[], topic: string, until: number, events: TownEvent[]): void {
    const now = this.time;
    const end = Math.max(until, now + this.stepSeconds * 1000 * Math.max(2, lines.length));
    this.conversations.push({ a: a.id, b: b.id, lines, topic, started: now, until: end, spoken: 0 });
    for (const [self, other] of [[a, b], [b, a]] as const) {
      this.releaseObject(self, events);
      self.talkingTo = other.id;
      self.action = topic;
      self.emoji = "💬";
      self.predicate = "chat with";
      self.object = other.persona.name;
      self.objectState = "";
      self.until = end;
      self.path = [];
      events.push({ kind: "actionStarted", agentId: self.id, action: topic, emoji: "💬", address: this.map.addressAt(self.x, self.y), talkingTo: other.id });
    }
    // The one who started it walks up to the other, who waits.
    const near = [{ x: b.x + 1, y: b.y }, { x: b.x - 1, y: b.y }, { x: b.x, y: b.y + 1 }, { x: b.x, y: b.y - 1 }];
    a.path = this.paths.find(a, near) ?? [];
  }

  /** Says the lines that are due and ends conversations whose time is up. */
  private advanceConversations(now: number, events: TownEvent[]): void {
    const ongoing: Conversation[] = [];
    for (const c of this.conversations) {
      const span = Math.max(1, c.until - c.started);
      const due = now >= c.until ? c.lines.length : Math.floor(((now - c.started) / span) * c.lines.length) + 1;
      while (c.spoken < Math.min(due, c.lines.length)) {
        const line = c.lines[c.spoken++];
        events.push({ kind: "said", speaker: line.speaker, listener: line.speaker === c.a ? c.b : c.a, text: line.text });
      }
      if (now < c.until) {
        ongoing.push(c);
        continue;
      }
      for (const [selfId, otherId] of [[c.a, c.b], [c.b, c.a]]) {
        const self = this.byId.get(selfId)!;
        const other = this.byId.get(otherId)!;
        self.talkingTo = "";
        self.until = now; // the mind chooses what comes next
        self.notices.push({ kind: "conversationEnded", withId: other.id, withName: other.persona.name, lines: c.lines, topic: c.topic, started: c.started });
        events.push({ kind: "actionStarted", agentId: self.id, action: self.action, emoji: self.emoji, address: self.address || this.map.addressAt(self.x, self.y), talkingTo: "" });
      }
    }
    this.conversations = ongoing;
  }

  /** When an agent stands at the object its action uses, the object takes the action's state. */
  private holdObject(r: Resident, events: TownEvent[]): void {
    if (!r.objectState) return;
    const current = this.objects.get(r.address);
    if (current && !current.holder) return; // a state a person set outranks an agent's use
    this.objects.set(r.address, { state: r.objectState, by: r.persona.name, holder: r.id });
    events.push({ kind: "objectChanged", address: r.address, state: r.objectState, by: r.persona.name });
  }

  private releaseObject(r: Resident, events: TownEvent[]): void {
    for (const [address, s] of this.objects) {
      if (s.holder !== r.id) continue;
      this.objects.delete(address);
      events.push({ kind: "objectChanged", address, state: "", by: r.persona.name });
    }
  }

  private walk(events: TownEvent[]): void {
    for (const r of this.residents) {
      const next = r.path.shift();
      if (!next) continue;
      r.x = next.x;
      r.y = next.y;
      events.push({ kind: "agentMoved", agentId: r.id, x: r.x, y: r.y });
      if (r.path.length === 0 && !r.talkingTo) this.holdObject(r, events);
    }
  }

  /** Everything a resident could notice this step, grouped by arena (only its own arena counts). */
  private worldEventsByArena(): Map<Address, WorldEvent[]> {
    const byArena = new Map<Address, WorldEvent[]>();
    for (const e of this.worldEvents()) {
      const arena = arenaOf(e.address);
      if (!arena) continue;
      let list = byArena.get(arena);
      if (!list) byArena.set(arena, (list = []));
      list.push(e);
    }
    return byArena;
  }

  private worldEvents(): WorldEvent[] {
    const out: WorldEvent[] = [];
    for (const r of this.residents) {
      if (!r.action) continue;
      out.push({
        subject: r.persona.name, predicate: r.predicate, object: r.object, description: `${r.persona.name} is ${r.action}`,
        address: this.map.addressAt(r.x, r.y), x: r.x, y: r.y, actor: { kind: "agent", id: r.id },
      });
    }
    for (const a of this.avatars.values()) {
      out.push({
        subject: a.name, predicate: "is", object: "visiting", description: `${a.name} (${a.role === "visitor" ? "a visitor" : `a ${a.role}`}) is here`,
        address: this.map.addressAt(a.x, a.y), x: a.x, y: a.y, actor: { kind: "avatar", id: a.id },
      });
    }
    for (const [address, s] of this.objects) {
      const tile = this.map.tilesOf(address)[0];
      if (!tile) continue;
      const name = address.split(":").at(-1)!;
      out.push({ subject: address, predicate: "is", object: s.state, description: `${name} is ${s.state}`, address, x: tile.x, y: tile.y, by: s.by });
    }
    return out;
  }

  /**
   * Distinct addresses of the tiles within vision (spatial memory). Unlike events, places in
   * other arenas count too: a resident learns a room exists by seeing into it.
   */
  private addressesInView(x: number, y: number): readonly Address[] {
    const key = y * this.map.width + x;
    let cached = this.viewCache.get(key);
    if (!cached) this.viewCache.set(key, (cached = this.computeView(x, y)));
    return cached;
  }

  private computeView(x: number, y: number): Address[] {
    const r = this.senses.visionRadius;
    const seen = new Set<Address>();
    for (let ty = Math.max(0, y - r); ty <= Math.min(this.map.height - 1, y + r); ty++) {
      for (let tx = Math.max(0, x - r); tx <= Math.min(this.map.width - 1, x + r); tx++) {
        const a = this.map.addressAt(tx, ty);
        if (a) seen.add(a);
      }
    }
    return [...seen].sort();
  }

  /** Applies a person's command at once (between steps). */
  apply(cmd: Command): CommandResult {
    switch (cmd.kind) {
      case "joinAvatar": {
        if (this.avatars.has(cmd.avatarId)) return refuse("bad_message", "already in the town");
        const spawn = this.map.spawns.get("visitors") ?? this.map.spawns.values().next().value;
        if (!spawn) return refuse("unavailable", "this town has no spawn point");
        const sprite = this.avatarSprites[hashString(cmd.name) % this.avatarSprites.length];
        const a: Avatar = { id: cmd.avatarId, name: cmd.name, role: cmd.role, x: spawn.x, y: spawn.y, sprite, path: [], progress: 0 };
        this.avatars.set(a.id, a);
        return { ok: true, events: [{ kind: "avatarJoined", avatarId: a.id, name: a.name, role: a.role, x: a.x, y: a.y, sprite }] };
      }
      case "leaveAvatar": {
        if (!this.avatars.delete(cmd.avatarId)) return refuse("not_found", "no such avatar");
        return { ok: true, events: [{ kind: "avatarLeft", avatarId: cmd.avatarId }] };
      }
      case "moveAvatar": {
        const a = this.avatars.get(cmd.avatarId);
        if (!a) return refuse("not_found", "no such avatar");
        if (!this.map.isWalkable(cmd.x, cmd.y)) return refuse("unreachable", `tile ${cmd.x},${cmd.y} is not walkable`);
        const path = this.paths.find(a, [{ x: cmd.x, y: cmd.y }]);
        if (!path) return refuse("unreachable", `no path to ${cmd.x},${cmd.y}`);
        if (a.path.length === 0) a.progress = 0;
        a.path = path;
        return { ok: true, events: [] };
      }
    }
  }

  /** Walks avatars in real time between steps. */
  tickHumans(dtMs: number): TownEvent[] {
    const events: TownEvent[] = [];
    for (const a of this.avatars.values()) {
      if (a.path.length === 0) continue;
      a.progress += (dtMs / 1000) * AVATAR_TILES_PER_SECOND;
      let moved = false;
      while (a.progress >= 1 && a.path.length > 0) {
        const next = a.path.shift()!;
        a.x = next.x;
        a.y = next.y;
        a.progress -= 1;
        moved = true;
      }
      if (a.path.length === 0) a.progress = 0;
      if (moved) events.push({ kind: "avatarMoved", avatarId: a.id, x: a.x, y: a.y });
    }
    return events;
  }

  agentViews(): AgentView[] {
    return this.residents.map((r) => ({
      id: r.id, name: r.persona.name, x: r.x, y: r.y, action: r.action, emoji: r.emoji, address: r.address, talkingTo: r.talkingTo, sprite: r.persona.sprite,
    }));
  }

  avatarViews(): AvatarView[] {
    return [...this.avatars.values()].map(({ id, name, role, x, y, sprite }) => ({ id, name, role, x, y, sprite }));
  }

  agent(id: string): AgentView | undefined {
    return this.agentViews().find((a) => a.id === id);
  }

  persona(id: string): Persona | undefined {
    return this.byId.get(id)?.persona;
  }

  /** Objects whose state is not idle. */
  objectStates(): { address: Address; state: string; by: string }[] {
    return [...this.objects].map(([address, s]) => ({ address, state: s.state, by: s.by }));
  }

  /** Everything needed to continue this town later (avatars are people: they do not persist). */
  snapshot(): TownSnapshot {
    return {
      version: 1,
      template: this.template,
      step: this.stepIndex,
      time: this.time,
      seed: this.random.seed,
      agents: this.residents.map((r) => ({
        id: r.id, x: r.x, y: r.y, action: r.action, emoji: r.emoji, address: r.address,
        until: Number.isFinite(r.until) ? r.until : null,
        predicate: r.predicate, object: r.object, objectState: r.objectState, talkingTo: r.talkingTo,
      })),
      objects: [...this.objects].map(([address, s]) => ({ address, ...s })),
      conversations: this.conversations.map((c) => ({ ...c, lines: c.lines.map((l) => ({ ...l })) })),
      mind: this.mind.snapshot?.(),
    };
  }

  /** Continues from a snapshot taken of a town with the same template. */
  restore(s: TownSnapshot): void {
    if (s.template !== this.template) throw new Error(`snapshot of "${s.template}" cannot restore a "${this.template}" town`);
    this.stepIndex = s.step;
    this.random = new Random(s.seed);
    for (const saved of s.agents) {
      const r = this.byId.get(saved.id);
      if (!r) continue; // a resident removed from the template since the save
      // A tile that became blocked since the save (an edited map) leaves the agent at its spawn.
      if (this.map.isWalkable(saved.x, saved.y)) {
        r.x = saved.x;
        r.y = saved.y;
      }
      Object.assign(r, {
        action: saved.action, emoji: saved.emoji, address: saved.address, until: saved.until ?? -Infinity,
        predicate: saved.predicate, object: saved.object, objectState: saved.objectState, talkingTo: saved.talkingTo,
        thinking: null, notices: [], lastSeenFrom: -1,
      });
      r.path = saved.address && !saved.talkingTo ? (this.paths.find(r, this.map.tilesOf(saved.address)) ?? []) : [];
    }
    this.objects.clear();
    for (const o of s.objects) this.objects.set(o.address, { state: o.state, by: o.by, holder: o.holder });
    this.conversations = s.conversations.filter((c) => this.byId.has(c.a) && this.byId.has(c.b)).map((c) => ({ ...c }));
    if (s.mind !== undefined) this.mind.restore?.(s.mind);
  }
}
