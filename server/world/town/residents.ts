// The residents: each one's body (where it stands, where it walks), its current action, what it
// perceives each step and the answer its mind is working on. Residents are saved; a restored
// resident steps exactly as the uninterrupted one would.
import { z } from "zod";
import type { TownEvent } from "../../../shared/events.ts";
import type { Persona } from "../../../shared/persona.ts";
import { Facing, facingToward, TALK_EMOJI, type AgentView } from "../../../shared/view.ts";
import type { AgentSelf, Decision, MindInput, Notice } from "../mind.ts";
import type { PathFinder } from "../path.ts";
import { arenaOf, perceive, type WorldEvent } from "../perception.ts";
import { Address } from "../../../shared/address.ts";
import type { Tile } from "../tile.ts";
import type { TownMap } from "../townMap.ts";
import type { Objects } from "./objects.ts";
import { bodyOf, type Resident, type Thought } from "./body.ts";

export const ResidentSnapshot = z.object({
  id: z.string(),
  x: z.number().int(),
  y: z.number().int(),
  action: z.string(),
  emoji: z.string(),
  address: z.string(),
  until: z.number().nullable(),
  predicate: z.string().default(""),
  object: z.string().default(""),
  objectState: z.string().default(""),
  talkingTo: z.string().default(""),
  /** Which way it looks (older saves: down). */
  facing: Facing.catch("down").default("down"),
  /** Tiles still to walk, [x, y] each; older saves recompute the path. */
  path: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
  /** Its walk waits to be searched: its place among those waiting (Residents.unsearched). */
  unsearched: z.number().int().optional(),
  /** Things that happened to the agent that its mind has not heard yet (Notice in ../mind.ts). */
  notices: z.array(z.unknown()).optional(),
  /** Tile index the agent last looked from (spatial memory), -1 for none. */
  lastSeenFrom: z.number().int().optional(),
  /** Retired and on its way out of town (town/retireResident.ts). */
  leaving: z.object({ by: z.string(), until: z.number() }).optional(),
});
export const ResidentsSnapshot = z.array(ResidentSnapshot);
/** What a moderator may change of a persona. */
export const PersonaEdits = z
  .object({ currently: z.string(), lifestyle: z.string(), innate: z.string() })
  .partial();
export type PersonaEdits = z.infer<typeof PersonaEdits>;
export type ResidentsSnapshot = z.infer<typeof ResidentsSnapshot>;

/** How far and how much residents notice (the paper's defaults; minds may hold their own). */
export interface Senses {
  visionRadius: number;
  attentionBandwidth: number;
}
export const DEFAULT_SENSES: Senses = { visionRadius: 8, attentionBandwidth: 8 };

export type { Resident, Thought } from "./body.ts";

const NO_EVENTS: WorldEvent[] = [];
const NO_PERCEPTIONS: ReturnType<typeof perceive> = [];
const NO_ADDRESSES: readonly Address[] = [];

/** What others notice of a resident, and the action it was made for (see Residents.worldEvents). */
interface Noticed {
  event: WorldEvent;
  action: string;
  joinable: boolean;
}

/** An arena's events when last looked at, and their version: a new one whenever they changed. */
interface ArenaSeen {
  events: readonly WorldEvent[];
  version: number;
  /** The think() that looked last. */
  look: number;
}

/** A resident's last perception and what it was made of (see Residents.perceptionOf). */
interface Perception {
  x: number;
  y: number;
  arena: Address;
  version: number;
  name: string;
  radius: number;
  bandwidth: number;
  perceived: ReturnType<typeof perceive>;
}

/** Walks to adopted actions a step searches; more wait for the next step. */
export const SEARCHES_PER_STEP = 16;

export class Residents {
  /** In id order: the order every step visits them in. */
  private list: Resident[];
  private readonly byId = new Map<string, Resident>();
  /** Addresses in view from each tile (by index), computed on first visit (the map does not change). */
  private readonly viewCache: (readonly Address[] | undefined)[];
  /** The arena of each tile (by index), read on first visit: every resident's, every step. */
  private readonly arenaByTile: (Address | undefined)[];
  /** What others notice of each resident, the same object while it stays the same. */
  private readonly noticed = new Map<Resident, Noticed>();
  /** Each arena's events as last looked at (see arenaVersion). */
  private readonly arenas = new Map<Address, ArenaSeen>();
  private versions = 0;
  private looks = 0;
  /** Each resident's last perception (see perceptionOf). */
  private readonly perceptions = new Map<Resident, Perception>();
  /**
   * Residents whose walk to an adopted action waits to be searched, first come first searched:
   * a step searches at most SEARCHES_PER_STEP (a town-1000 hour that wakes hundreds at once
   * searched them all in one step). One waiting stands still and starts walking a step later.
   */
  private readonly unsearched = new Set<Resident>();
  private searchesLeft = SEARCHES_PER_STEP;

  constructor(
    personas: readonly Persona[],
    private readonly map: TownMap,
    private readonly paths: PathFinder,
    private readonly objects: Objects,
    readonly senses: Senses,
  ) {
    this.list = [...personas]
      .sort((a, b) => a.id.localeCompare(b.id))
      .map((persona) => {
        const spawn = map.spawns.get(persona.spawn);
        if (!spawn)
          throw new Error(`resident "${persona.id}": no spawn point "${persona.spawn}" in the map`);
        return bodyOf(persona, spawn);
      });
    for (const r of this.list) this.byId.set(r.id, r);
    this.viewCache = new Array<readonly Address[] | undefined>(map.width * map.height);
    this.arenaByTile = new Array<Address | undefined>(map.width * map.height);
  }

  /** Those who moved in while the town ran (not in its template), in the order they came. */
  readonly added: Persona[] = [];

  /** Ids of those who left town (retired), in the order they left (saved: they do not come back). */
  readonly retired: string[] = [];

  /** Changes moderators made to residents' personas since the template, by id (saved). */
  readonly edited: Record<string, PersonaEdits> = {};

  /** A resident's persona as a moderator changed it. */
  edit(r: Resident, changes: PersonaEdits): void {
    r.persona = { ...r.persona, ...changes };
    this.edited[r.id] = { ...this.edited[r.id], ...changes };
  }

  get all(): readonly Resident[] {
    return this.list;
  }

  /** A resident who moves in while the town runs, standing at `at` (in id order with the rest). */
  add(persona: Persona, at: Tile): Resident {
    const r = bodyOf(persona, at);
    const i = this.list.findIndex((x) => x.id.localeCompare(r.id) > 0);
    this.list.splice(i < 0 ? this.list.length : i, 0, r);
    this.byId.set(r.id, r);
    this.added.push(persona);
    return r;
  }

  get(id: string): Resident | undefined {
    return this.byId.get(id);
  }

  /** A retired resident leaves town: out of the town's list (its persona stays in `added`). */
  remove(r: Resident, events: TownEvent[]): void {
    this.objects.release(holder(r), events);
    this.list = this.list.filter((x) => x !== r);
    this.byId.delete(r.id);
    this.noticed.delete(r);
    this.perceptions.delete(r);
    this.unsearched.delete(r);
    this.retired.push(r.id);
  }

  /**
   * Asks the mind of every resident that has something new to think about: its action is over,
   * it perceives something, it reached a new tile, or something happened to it. A resident still
   * thinking perceives meanwhile nothing it would not see next time.
   */
  think(
    now: number,
    world: ReadonlyMap<Address, WorldEvent[]>,
    ask: (input: MindInput) => Thought,
  ): void {
    const look = ++this.looks;
    for (const r of this.all) {
      if (r.thinking || r.leaving) continue; // one leaving town has nothing more to decide here
      const here = r.y * this.map.width + r.x;
      let arena = this.arenaByTile[here];
      if (arena === undefined)
        this.arenaByTile[here] = arena = arenaOf(this.map.addressAt(r.x, r.y));
      const perceived = this.perceptionOf(r, arena, world.get(arena) ?? NO_EVENTS, look);
      const inView = here !== r.lastSeenFrom ? this.addressesInView(r.x, r.y) : NO_ADDRESSES;
      const needsAction = !r.talkingTo && now >= r.until;
      if (!needsAction && perceived.length === 0 && inView.length === 0 && r.notices.length === 0)
        continue;
      r.lastSeenFrom = here;
      const notices = r.notices;
      r.notices = [];
      r.thinking = ask({ agent: self(r), now, perceived, inView, needsAction, notices });
    }
  }

  /**
   * What the resident perceives among its arena's events: the last perception (the same array)
   * when it stands where it stood and its arena's events are the same objects as then, since
   * perceive() depends on nothing else. Most of a big town's residents stand still among others
   * who do (bench/RESULTS.md, "Ticks that repeat"); a mind on another thread then gets a tick
   * that repeats the last (mindThread.ts, TicksSent) at the cost of comparing a reference.
   */
  private perceptionOf(
    r: Resident,
    arena: Address,
    candidates: readonly WorldEvent[],
    look: number,
  ): ReturnType<typeof perceive> {
    const { visionRadius: radius, attentionBandwidth: bandwidth } = this.senses;
    const version = this.arenaVersion(arena, candidates, look);
    const name = r.persona.name;
    const last = this.perceptions.get(r);
    if (
      last &&
      last.version === version &&
      last.x === r.x &&
      last.y === r.y &&
      last.arena === arena &&
      last.name === name &&
      last.radius === radius &&
      last.bandwidth === bandwidth
    )
      return last.perceived;
    const perceived =
      candidates.length <= 1 && candidates[0]?.subject === name
        ? NO_PERCEPTIONS
        : perceive({ x: r.x, y: r.y, arena, radius, bandwidth }, candidates, name);
    const p = { x: r.x, y: r.y, arena, version, name, radius, bandwidth, perceived };
    this.perceptions.set(r, p);
    return perceived;
  }

  /**
   * The version of an arena's events: the same while they are the same objects in the same order
   * as when last looked at (events are never changed once made: a resident's, an object's and a
   * person's are made anew when what they tell changes), a new one otherwise.
   */
  private arenaVersion(arena: Address, events: readonly WorldEvent[], look: number): number {
    const seen = this.arenas.get(arena);
    if (!seen) {
      const version = ++this.versions;
      this.arenas.set(arena, { events, version, look });
      return version;
    }
    if (seen.look === look) return seen.version;
    seen.look = look;
    if (seen.events !== events && !sameEvents(seen.events, events)) seen.version = ++this.versions;
    seen.events = events;
    return seen.version;
  }

  /**
   * The resident takes up an action its mind chose and walks to where it happens; `budgeted`
   * (an action adopted in a step): its walk is searched within the step's searches, else it waits.
   */
  startAction(
    r: Resident,
    d: Decision,
    now: number,
    minSeconds: number,
    events: TownEvent[],
    budgeted = false,
  ): void {
    this.objects.release(holder(r), events);
    const address = this.map.hasAddress(d.address) ? d.address : r.persona.home;
    r.action = d.action;
    r.emoji = d.emoji;
    r.address = address;
    r.predicate = d.predicate ?? "is";
    r.object = d.object ?? d.action;
    r.objectState = Address.isObject(address) ? (d.objectState ?? "") : "";
    r.until = Math.max(d.until, now + minSeconds * 1000);
    this.unsearched.delete(r);
    const search = !budgeted || this.searchesLeft > 0;
    if (search) {
      if (budgeted) this.searchesLeft--;
      r.path = this.paths.findTo(r, address, this.map.tilesOf(address)) ?? [];
    } else {
      r.path = [];
      this.unsearched.add(r);
    }
    events.push({
      kind: "actionStarted",
      agentId: r.id,
      action: r.action,
      emoji: r.emoji,
      address,
      talkingTo: "",
    });
    if (search && r.path.length === 0)
      this.objects.hold(holder(r), r.address, r.objectState, events);
  }

  /**
   * A new step's searches: the walks that waited are searched first, in the order they came,
   * within the step's searches; those left wait on.
   */
  searchWaiting(events: TownEvent[]): void {
    this.searchesLeft = SEARCHES_PER_STEP;
    for (const r of this.unsearched) {
      if (this.searchesLeft === 0) break;
      this.searchesLeft--;
      this.unsearched.delete(r);
      r.path = this.paths.findTo(r, r.address, this.map.tilesOf(r.address)) ?? [];
      if (r.path.length === 0) this.objects.hold(holder(r), r.address, r.objectState, events);
    }
  }

  /** The resident stops what it does and turns to whom it talks with (a resident or a person). */
  startTalking(
    r: Resident,
    other: { id: string; name: string },
    action: string,
    events: TownEvent[],
  ): void {
    this.objects.release(holder(r), events);
    r.talkingTo = other.id;
    r.action = action;
    r.emoji = TALK_EMOJI;
    r.predicate = "chat with";
    r.object = other.name;
    r.objectState = "";
    r.path = [];
    this.unsearched.delete(r);
    events.push({
      kind: "actionStarted",
      agentId: r.id,
      action,
      emoji: TALK_EMOJI,
      address: this.map.addressAt(r.x, r.y),
      talkingTo: other.id,
    });
  }

  /** A talk is over: the resident's mind hears of it and chooses what comes next. */
  stopTalking(r: Resident, now: number, notice: Notice | null, events: TownEvent[]): void {
    r.talkingTo = "";
    r.until = now;
    if (notice) r.notices.push(notice);
    events.push({
      kind: "actionStarted",
      agentId: r.id,
      action: r.action,
      emoji: r.emoji,
      address: r.address || this.map.addressAt(r.x, r.y),
      talkingTo: "",
    });
  }

  /** Walks `r` to the nearest of some tiles (nowhere when none can be reached). */
  walkTo(r: Resident, tiles: readonly Tile[]): void {
    this.unsearched.delete(r);
    r.path = this.paths.find(r, tiles) ?? [];
  }

  /** Every walking resident takes one tile; one that arrives takes up its object. */
  walk(events: TownEvent[]): void {
    for (const r of this.all) {
      const next = r.path.shift();
      if (!next) continue;
      r.facing = facingToward(r, next);
      r.x = next.x;
      r.y = next.y;
      events.push({ kind: "agentMoved", agentId: r.id, x: r.x, y: r.y });
      if (r.path.length === 0 && !r.talkingTo)
        this.objects.hold(holder(r), r.address, r.objectState, events);
    }
  }

  /**
   * What others can notice of residents: "Ada Lin is making coffee", where she stands (and whether
   * anyone near may join her talk). The same object while all of it stays the same.
   */
  worldEvents(out: WorldEvent[], joinable: (id: string) => boolean): void {
    for (const r of this.all) {
      if (!r.action) continue;
      const j = joinable(r.id);
      const address = this.map.addressAt(r.x, r.y);
      const kept = this.noticed.get(r);
      const e = kept?.event;
      if (
        kept &&
        e &&
        kept.action === r.action &&
        kept.joinable === j &&
        e.x === r.x &&
        e.y === r.y &&
        e.address === address &&
        e.subject === r.persona.name &&
        e.predicate === r.predicate &&
        e.object === r.object
      ) {
        out.push(e);
        continue;
      }
      const event: WorldEvent = {
        subject: r.persona.name,
        predicate: r.predicate,
        object: r.object,
        description: `${r.persona.name} is ${r.action}`,
        doing: r.action,
        address,
        x: r.x,
        y: r.y,
        actor: { kind: "agent", id: r.id },
        ...(j ? { joinable: true } : {}),
      };
      this.noticed.set(r, { event, action: r.action, joinable: j });
      out.push(event);
    }
  }

  /**
   * Distinct addresses of the tiles within vision (spatial memory). Unlike events, places in
   * other arenas count too: a resident learns a room exists by seeing into it.
   */
  private addressesInView(x: number, y: number): readonly Address[] {
    const key = y * this.map.width + x;
    let cached = this.viewCache[key];
    if (!cached) this.viewCache[key] = cached = this.computeView(x, y);
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

  /**
   * The saved form. Residents talking with a person resume free (people do not persist); the rest
   * of each walk, what the mind has not heard yet and where it last looked are kept, so a
   * restored town steps exactly as the uninterrupted one would.
   */
  snapshot(now: number, withPerson: (id: string) => boolean): ResidentsSnapshot {
    const order = new Map([...this.unsearched].map((r, i) => [r, i]));
    return this.all.map((r) => {
      const chatting = withPerson(r.id);
      return {
        id: r.id,
        x: r.x,
        y: r.y,
        action: r.action,
        emoji: r.emoji,
        address: r.address,
        until: chatting ? now : Number.isFinite(r.until) ? r.until : null,
        predicate: r.predicate,
        object: r.object,
        objectState: r.objectState,
        talkingTo: chatting ? "" : r.talkingTo,
        facing: r.facing,
        path: r.path.map((t) => [t.x, t.y] as [number, number]),
        ...(this.unsearched.has(r) ? { unsearched: order.get(r) } : {}),
        notices: structuredClone(r.notices),
        lastSeenFrom: r.lastSeenFrom,
        ...(r.leaving ? { leaving: { ...r.leaving } } : {}),
      };
    });
  }

  restore(saved: ResidentsSnapshot): void {
    this.unsearched.clear();
    const waiting: [number, Resident][] = [];
    for (const s of saved) {
      const r = this.byId.get(s.id);
      if (!r) continue; // a resident removed from the template since the save
      // A tile that became blocked since the save (an edited map) leaves the agent at its spawn.
      if (this.map.isWalkable(s.x, s.y)) {
        r.x = s.x;
        r.y = s.y;
      }
      Object.assign(r, {
        action: s.action,
        emoji: s.emoji,
        address: s.address,
        until: s.until ?? -Infinity,
        predicate: s.predicate,
        object: s.object,
        objectState: s.objectState,
        talkingTo: s.talkingTo,
        facing: s.facing,
        thinking: null,
        notices: (s.notices ?? []) as Notice[],
        lastSeenFrom: s.lastSeenFrom ?? -1,
        leaving: s.leaving && { ...s.leaving },
      });
      if (s.unsearched !== undefined && s.address) {
        r.path = [];
        waiting.push([s.unsearched, r]);
        continue;
      }
      const path = s.path?.map(([x, y]) => ({ x, y }));
      r.path =
        path && path.every((t) => this.map.isWalkable(t.x, t.y))
          ? path
          : s.address && !s.talkingTo
            ? (this.paths.findTo(r, s.address, this.map.tilesOf(s.address)) ?? [])
            : [];
    }
    for (const [, r] of waiting.sort((a, b) => a[0] - b[0])) this.unsearched.add(r);
  }

  /** Nobody talks to someone they are not paired with (`a>b`): those resume their own action. */
  freeUnpaired(pairs: ReadonlySet<string>): void {
    for (const r of this.all) {
      if (r.talkingTo && !pairs.has(`${r.id}>${r.talkingTo}`)) {
        r.talkingTo = "";
        r.until = -Infinity;
        this.unsearched.delete(r);
        r.path = r.address
          ? (this.paths.findTo(r, r.address, this.map.tilesOf(r.address)) ?? [])
          : [];
      }
    }
  }
}

/** Whether two lists hold the same events in the same order. */
function sameEvents(a: readonly WorldEvent[], b: readonly WorldEvent[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** What a mind may read about the resident it drives. */
export function self(r: Resident): AgentSelf {
  return {
    id: r.id,
    persona: r.persona,
    x: r.x,
    y: r.y,
    action: r.action,
    address: r.address,
    talkingTo: r.talkingTo,
  };
}

/** What can be seen of a resident. */
export function viewOf(r: Resident): AgentView {
  return {
    id: r.id,
    name: r.persona.name,
    x: r.x,
    y: r.y,
    action: r.action,
    emoji: r.emoji,
    address: r.address,
    talkingTo: r.talkingTo,
    sprite: r.persona.sprite,
    facing: r.facing,
  };
}

const holder = (r: Resident) => ({ id: r.id, name: r.persona.name });
