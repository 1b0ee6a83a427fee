// The Town: a pure simulation of one town. Given its map, its residents, a mind and a seed it
// steps deterministically; everything that changes comes out as TownEvents. It knows nothing
// of Colyseus, HTTP or databases (DESIGN.md, "The shape").
import { AVATAR_TILES_PER_SECOND, CHAT_IDLE_SECONDS, STEP_SECONDS } from "../../shared/constants.ts";
import type { ConversationLine, Decision, Mind, MindOutput, Notice, Reply } from "./mind.ts";
import type { Persona } from "../../shared/persona.ts";
import { timeAtStep } from "./clock.ts";
import { refuse, type Command, type CommandResult } from "./commands.ts";
import type { TownEvent } from "../../shared/events.ts";
import type { AgentView, AvatarView } from "../../shared/view.ts";
import { PathFinder } from "./path.ts";
import { arenaOf, perceive, type WorldEvent } from "./perception.ts";
import { hashString, Random } from "./random.ts";
import { pickSpawn, spawnArea } from "./spawnArea.ts";
import type { TownSnapshot } from "./snapshot.ts";
import { inTalkRange, isGoodbye } from "./talk.ts";
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
  /** Real milliseconds of silence that end a person's talk with a resident. */
  chatIdleMs?: number;
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

type Pending<T> = { done: boolean; output?: T; error?: unknown; promise: Promise<void> };
type Thought = Pending<MindOutput | null>;

/** A person talking with a resident. Not saved: a restored town starts with nobody talking. */
interface VisitorChat {
  agentId: string;
  avatarId: string;
  name: string;
  role: string;
  lines: ConversationLine[];
  topic: string;
  started: number;
  /** The person's lines since the resident last started an answer. */
  unheard: ConversationLine[];
  reply: Pending<Reply> | null;
  /** Real milliseconds since the last words of either side. */
  quietMs: number;
  /** The talk ends once the pending answer is said (a goodbye). */
  ending: boolean;
}

interface Avatar {
  id: string;
  name: string;
  role: string;
  x: number;
  y: number;
  sprite: number;
  path: Tile[];
  /**
   * Walking credit, in tiles: it grows at walking speed and a tile costs one. At rest it fills up
   * to one tile, so a walk from rest takes its first tile at once (the order itself) and nobody
   * walks faster than AVATAR_TILES_PER_SECOND on average, however often they send orders.
   */
  credit: number;
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

export type { AgentView, AvatarView };

/** Rounding slack of walking credit (sums of tick fractions). */
const CREDIT_EPSILON = 1e-9;
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
  /** People's talks with residents, by resident id. */
  private readonly chats = new Map<string, VisitorChat>();
  private readonly chatIdleMs: number;
  /** Addresses in view from each tile, computed on first visit (the map does not change). */
  private readonly viewCache = new Map<number, readonly Address[]>();
  private random: Random;
  /** Where people join, worked out at the first join (spawnArea.ts). */
  private visitorArea?: Tile[];
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
    this.chatIdleMs = opts.chatIdleMs ?? CHAT_IDLE_SECONDS * 1000;
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
    this.settleChats(events);
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
      r.thinking = this.think({ agent: this.self(r), now, perceived, inView, needsAction, notices });
    }
    const pending = this.residents.filter((r) => r.thinking && !r.thinking.done).map((r) => r.thinking!.promise);
    for (const c of this.chats.values()) if (c.reply && !c.reply.done) pending.push(c.reply.promise);
    if (pending.length > 0) {
      if (this.mode === "lockstep") await Promise.all(pending);
      // Live: a macrotask's grace lets minds that need no model answer in this very step.
      else await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 0))]);
    }
    for (const r of this.residents) if (r.thinking?.done) this.adopt(r, events);
    this.settleChats(events);
    this.walk(events);
    return events;
  }

  private self(r: Resident) {
    return { id: r.id, persona: r.persona, x: r.x, y: r.y, action: r.action, address: r.address, talkingTo: r.talkingTo };
  }

  private think(input: Parameters<Mind["tick"]>[0]): Thought {
    return pending(() => this.mind.tick(input));
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
        const spawn = pickSpawn((this.visitorArea ??= spawnArea(this.map)), [...this.avatars.values()]);
        if (!spawn) return refuse("unavailable", "this town has no walkable tile to join on");
        const sprite = this.avatarSprites[hashString(cmd.name) % this.avatarSprites.length];
        const a: Avatar = { id: cmd.avatarId, name: cmd.name, role: cmd.role, x: spawn.x, y: spawn.y, sprite, path: [], credit: 1 };
        this.avatars.set(a.id, a);
        return { ok: true, events: [{ kind: "avatarJoined", avatarId: a.id, name: a.name, role: a.role, x: a.x, y: a.y, sprite }] };
      }
      case "leaveAvatar": {
        if (!this.avatars.delete(cmd.avatarId)) return refuse("not_found", "no such avatar");
        const events: TownEvent[] = [];
        for (const c of this.chats.values()) if (c.avatarId === cmd.avatarId) this.endChat(c, events);
        events.push({ kind: "avatarLeft", avatarId: cmd.avatarId });
        return { ok: true, events };
      }
      case "say":
        return this.say(cmd);
      case "setObjectState":
        return this.setObjectState(cmd);
      case "moveAvatar": {
        const a = this.avatars.get(cmd.avatarId);
        if (!a) return refuse("not_found", "no such avatar");
        if (!this.map.isWalkable(cmd.x, cmd.y)) return refuse("unreachable", `tile ${cmd.x},${cmd.y} is not walkable`);
        const path = this.paths.find(a, [{ x: cmd.x, y: cmd.y }]);
        if (!path) return refuse("unreachable", `no path to ${cmd.x},${cmd.y}`);
        const atRest = a.path.length === 0;
        a.path = path;
        // From rest with a whole tile of credit, the first tile is taken now; a walk that is
        // under way only changes course (its next tile comes when its credit does).
        if (!atRest || !this.stepAvatar(a)) return { ok: true, events: [] };
        return { ok: true, events: [{ kind: "avatarMoved", avatarId: a.id, x: a.x, y: a.y }] };
      }
    }
  }

  private say(cmd: Extract<Command, { kind: "say" }>): CommandResult {
    const a = this.avatars.get(cmd.avatarId);
    if (!a) return refuse("not_found", "no such avatar");
    const r = this.byId.get(cmd.agentId);
    if (!r) return refuse("not_found", `no resident "${cmd.agentId}"`);
    const name = r.persona.name;
    if (!inTalkRange(a, r)) return refuse("too_far", `${name} is too far away to hear you: walk up to them first`);
    if (!this.mind.hear) return refuse("unavailable", "the residents of this town cannot be talked to");
    const events: TownEvent[] = [];
    let chat = this.chats.get(r.id);
    if (chat && chat.avatarId !== a.id) return refuse("busy", `${name} is talking with ${chat.name}`);
    if (!chat && r.talkingTo) return refuse("busy", `${name} is talking with ${this.byId.get(r.talkingTo)?.persona.name ?? "someone"}`);
    if (!chat) {
      // One talk at a time per person: turning to another resident ends the first talk.
      for (const c of this.chats.values()) if (c.avatarId === a.id) this.endChat(c, events);
      chat = { agentId: r.id, avatarId: a.id, name: a.name, role: a.role, lines: [], topic: `conversing with ${a.name}`, started: this.time, unheard: [], reply: null, quietMs: 0, ending: false };
      this.chats.set(r.id, chat);
      // The resident stops what it does and turns to the person.
      this.releaseObject(r, events);
      r.talkingTo = a.id;
      r.action = `talking with ${a.name}`;
      r.emoji = "💬";
      r.predicate = "chat with";
      r.object = a.name;
      r.objectState = "";
      r.path = [];
      events.push({ kind: "actionStarted", agentId: r.id, action: r.action, emoji: r.emoji, address: this.map.addressAt(r.x, r.y), talkingTo: a.id });
    }
    const line = { speaker: a.id, name: a.name, text: cmd.text };
    chat.lines.push(line);
    chat.unheard.push(line);
    chat.quietMs = 0;
    if (isGoodbye(cmd.text)) chat.ending = true;
    events.push({ kind: "avatarSaid", avatarId: a.id, name: a.name, agentId: r.id, text: cmd.text });
    if (!chat.reply) this.startReply(chat);
    return { ok: true, events };
  }

  /** Asks the resident's mind to answer what it heard; the answer is said when it arrives. */
  private startReply(chat: VisitorChat): void {
    const r = this.byId.get(chat.agentId)!;
    const unheard = new Set(chat.unheard);
    chat.unheard = [];
    // The talk so far, then the new words (an answer that came meanwhile counts as before them).
    const soFar = chat.lines.filter((l) => !unheard.has(l)).map((l) => ({ ...l }));
    const words = [...unheard].map((l) => l.text);
    const input = { agent: this.self(r), now: this.time, speaker: { id: chat.avatarId, name: chat.name, role: chat.role }, words, soFar };
    chat.reply = pending(() => this.mind.hear!(input));
  }

  /** Says the answers that arrived, asks again when more words came meanwhile, ends finished talks. */
  private settleChats(events: TownEvent[]): void {
    for (const chat of [...this.chats.values()]) {
      const reply = chat.reply;
      if (!reply?.done) continue;
      chat.reply = null;
      const r = this.byId.get(chat.agentId)!;
      if (reply.error !== undefined) {
        this.mindErrors.push({ agentId: r.id, error: reply.error });
        if (this.mindErrors.length > 100) this.mindErrors.shift();
      } else if (reply.output) {
        const text = reply.output.text.trim();
        if (text) {
          chat.lines.push({ speaker: r.id, name: r.persona.name, text });
          events.push({ kind: "said", speaker: r.id, listener: chat.avatarId, text });
        }
        if (reply.output.topic.trim()) chat.topic = reply.output.topic.trim();
        if (reply.output.end) chat.ending = true;
        chat.quietMs = 0;
      }
      if (chat.unheard.length > 0) this.startReply(chat);
      else if (chat.ending) this.endChat(chat, events);
    }
  }

  /** The resident walks on: its mind remembers the talk and chooses what comes next. */
  private endChat(chat: VisitorChat, events: TownEvent[]): void {
    if (this.chats.get(chat.agentId) !== chat) return;
    this.chats.delete(chat.agentId);
    const r = this.byId.get(chat.agentId)!;
    r.talkingTo = "";
    r.until = this.time;
    if (chat.lines.length > 0) {
      r.notices.push({ kind: "conversationEnded", withId: chat.avatarId, withName: chat.name, lines: chat.lines, topic: chat.topic, started: chat.started, visitor: true });
    }
    events.push({ kind: "actionStarted", agentId: r.id, action: r.action, emoji: r.emoji, address: r.address || this.map.addressAt(r.x, r.y), talkingTo: "" });
    events.push({ kind: "chatEnded", agentId: r.id, avatarId: chat.avatarId });
  }

  /** Ends talks whose person walked out of range or stayed silent too long (real time). */
  private checkChats(dtMs: number, events: TownEvent[]): void {
    for (const chat of [...this.chats.values()]) {
      const a = this.avatars.get(chat.avatarId);
      const r = this.byId.get(chat.agentId)!;
      if (!chat.reply) chat.quietMs += dtMs;
      if (!a || !inTalkRange(a, r) || chat.quietMs >= this.chatIdleMs) this.endChat(chat, events);
    }
  }

  private setObjectState(cmd: Extract<Command, { kind: "setObjectState" }>): CommandResult {
    if (cmd.address.split(":").length !== 4 || !this.map.hasAddress(cmd.address)) return refuse("not_found", `no object "${cmd.address.slice(0, 200)}" in this town`);
    const state = cmd.state.trim();
    if (!state || /^idle$/i.test(state)) {
      if (!this.objects.delete(cmd.address)) return { ok: true, events: [] };
      return { ok: true, events: [{ kind: "objectChanged", address: cmd.address, state: "", by: cmd.by }] };
    }
    // A person's state outranks a resident's use: the resident no longer holds it.
    this.objects.set(cmd.address, { state, by: cmd.by, holder: "" });
    return { ok: true, events: [{ kind: "objectChanged", address: cmd.address, state, by: cmd.by }] };
  }

  /** Whom each resident talks with among people (tests and tools). */
  chatsWithPeople(): { agentId: string; avatarId: string; lines: ConversationLine[] }[] {
    return [...this.chats.values()].map((c) => ({ agentId: c.agentId, avatarId: c.avatarId, lines: c.lines.map((l) => ({ ...l })) }));
  }

  /**
   * Walks avatars in real time between steps, says the answers residents have found and ends
   * talks that are over (people's talks run in real time, so they go on while the clock is paused).
   */
  tickHumans(dtMs: number): TownEvent[] {
    const events: TownEvent[] = [];
    this.settleChats(events);
    // Whole milliseconds times tiles per second, over 1000: exact for the usual ticks.
    const gain = (dtMs * AVATAR_TILES_PER_SECOND) / 1000;
    for (const a of this.avatars.values()) {
      a.credit += gain;
      let moved = false;
      while (this.stepAvatar(a)) moved = true;
      // At rest the credit stops at one tile: waiting does not buy a sprint.
      if (a.path.length === 0) a.credit = Math.min(1, a.credit);
      if (moved) events.push({ kind: "avatarMoved", avatarId: a.id, x: a.x, y: a.y });
    }
    if (this.chats.size > 0) this.checkChats(dtMs, events);
    return events;
  }

  /** Takes the next tile of an avatar's path if its credit pays for it. */
  private stepAvatar(a: Avatar): boolean {
    if (a.path.length === 0 || a.credit < 1 - CREDIT_EPSILON) return false;
    const next = a.path.shift()!;
    a.x = next.x;
    a.y = next.y;
    a.credit -= 1;
    return true;
  }

  agentViews(): AgentView[] {
    return this.residents.map(viewOf);
  }

  avatarViews(): AvatarView[] {
    return [...this.avatars.values()].map(({ id, name, role, x, y, sprite }) => ({ id, name, role, x, y, sprite }));
  }

  agent(id: string): AgentView | undefined {
    const r = this.residents.find((x) => x.id === id);
    return r && viewOf(r);
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
      // Talks with people are not saved (people do not persist): those residents resume free.
      agents: this.residents.map((r) => {
        const withPerson = this.chats.has(r.id);
        return {
          id: r.id, x: r.x, y: r.y, action: r.action, emoji: r.emoji, address: r.address,
          until: withPerson ? this.time : Number.isFinite(r.until) ? r.until : null,
          predicate: r.predicate, object: r.object, objectState: r.objectState, talkingTo: withPerson ? "" : r.talkingTo,
          // The rest of the walk, what the mind has not heard yet, and where it last looked: a
          // restored town steps exactly as the uninterrupted one would.
          path: r.path.map((t) => [t.x, t.y] as [number, number]), notices: structuredClone(r.notices), lastSeenFrom: r.lastSeenFrom,
        };
      }),
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
        thinking: null, notices: (saved.notices ?? []) as Notice[], lastSeenFrom: saved.lastSeenFrom ?? -1,
      });
      const path = saved.path?.map(([x, y]) => ({ x, y }));
      r.path = path && path.every((t) => this.map.isWalkable(t.x, t.y)) ? path
        : saved.address && !saved.talkingTo ? (this.paths.find(r, this.map.tilesOf(saved.address)) ?? []) : [];
    }
    this.objects.clear();
    for (const o of s.objects) this.objects.set(o.address, { state: o.state, by: o.by, holder: o.holder });
    this.conversations = s.conversations.filter((c) => this.byId.has(c.a) && this.byId.has(c.b)).map((c) => ({ ...c }));
    this.chats.clear();
    // Nobody talks to someone who is not in a saved conversation (an older save's talk with a person).
    const talking = new Set(this.conversations.flatMap((c) => [`${c.a}>${c.b}`, `${c.b}>${c.a}`]));
    for (const r of this.residents) {
      if (r.talkingTo && !talking.has(`${r.id}>${r.talkingTo}`)) {
        r.talkingTo = "";
        r.until = -Infinity;
        r.path = r.address ? (this.paths.find(r, this.map.tilesOf(r.address)) ?? []) : [];
      }
    }
    if (s.mind !== undefined) this.mind.restore?.(s.mind);
  }
}

/** Runs an answer-to-be without throwing: the Town adopts it when it is done. */
function pending<T>(ask: () => Promise<T>): Pending<T> {
  const p: Pending<T> = { done: false, promise: Promise.resolve() };
  let answer: Promise<T>;
  try {
    answer = ask();
  } catch (error) {
    answer = Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
  p.promise = answer.then(
    (output) => { p.output = output; p.done = true; },
    (error: unknown) => { p.error = error; p.done = true; },
  );
  return p;
}

/** What can be seen of a resident. */
function viewOf(r: Resident): AgentView {
  return { id: r.id, name: r.persona.name, x: r.x, y: r.y, action: r.action, emoji: r.emoji, address: r.address, talkingTo: r.talkingTo, sprite: r.persona.sprite };
}
