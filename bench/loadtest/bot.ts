// One load-test bot: joins the town like a browser would (@colyseus/sdk), then goes about the town
// as a visitor would: walks to one of its places (a cafe, a park, a house: arenas, more often the
// larger ones), strolls there for a few moves and talks to a resident nearby, then goes on to
// another place. (`gather` keeps the older bot: random tiles within 8 of where it stands, and
// 30 % of its walks up to any resident, so the crowd stays around the visitors' spawn.) It measures
// the move-to-echo latency (sending `move` until a patch shows its own avatar on a new tile) and
// the bytes its websocket receives.
import { Client, type Room } from "@colyseus/sdk";
import { AVATAR_TILES_PER_SECOND } from "../../shared/constants.ts";
import { avatarAt, personAt, type TownState } from "../../shared/state.ts";
import { fromWire, WIRE_TYPES } from "../../shared/messages.ts";
import { flood } from "../../server/world/spawnArea.ts";
import type { TownMap } from "../../server/world/townMap.ts";

/**
 * How long the rules themselves take from a `move` to the avatar's first new tile, which the
 * load test subtracts from what it measures: none. An avatar at rest holds a whole tile of
 * walking credit (it fills at AVATAR_TILES_PER_SECOND, Town.tickHumans), and the order itself
 * takes the first tile of a walk from rest (Town.apply "moveAvatar"). A bot only times moves
 * from rest, after at least REST_MS without a new tile, longer than the credit takes to fill.
 * So echo = raw: the time to the first patch that shows the new tile (up to one patch interval,
 * 50 ms, plus the server's and the bot's own delays).
 */
export const RULES_DELAY_MS = 0;
/** A bot times a move only after this long at rest (more than one tile's walking time). */
export const REST_MS = 300;
if (REST_MS <= 1000 / AVATAR_TILES_PER_SECOND)
  throw new Error("REST_MS must exceed one tile's walking time");

export interface BotStats {
  joined: boolean;
  joinError?: string;
  /** Move-to-echo, milliseconds, as measured (RULES_DELAY_MS not subtracted). */
  echoes: number[];
  movesSent: number;
  movesLost: number;
  says: number;
  replies: number;
  /** Milliseconds from a hello to a resident until the first words said back to the bot. */
  replyMs: number[];
  errors: Record<string, number>;
  /** Bytes read from the socket (frames as received), at the start and end of the window. */
  bytesAtStart: number;
  bytesAtEnd: number;
  /** Other avatars whose positions the bot was sent (in its view), sampled once a second. */
  inView: number[];
  /** Residents whose positions the bot was sent (in its view), sampled once a second. */
  residentsInView: number[];
  /** Milliseconds from asking to join until its own avatar is in its state (a browser's "joining…"). */
  joinMs?: number;
  /**
   * Where the window's bytes went: payload bytes by kind of frame ("patch", "state", or a message's
   * type) and the frames' count (each frame adds 2-4 bytes of websocket header to the socket's count).
   */
  kinds: Record<string, number>;
  frames: number;
  /** What the patches of the window changed, as this bot decoded them (probe bots only). */
  changes?: PatchChanges;
}

/** Changes a probe bot saw in its decoded state over the window. */
export interface PatchChanges {
  /** Other avatars' moves in view (a new tile) and their arrivals into view. */
  avatarMoves: number;
  avatarEntries: number;
  /** Residents' field changes: position, facing, and the rest (action, emoji, talkingTo). */
  residentMoves: number;
  residentFacings: number;
  residentOther: number;
  clock: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A place a bot may go: an arena's tiles that can be walked to from the spawn. */
export interface Place {
  arena: string;
  tiles: { x: number; y: number }[];
}

/** Residents within this many tiles are "nearby": a visitor at a place talks to those. */
const NEARBY = 10;

/**
 * The places of a town for bots spread as people would: the arenas, each with its tiles that can
 * be walked to from (x, y).
 */
export function placesFrom(map: TownMap, x: number, y: number): Place[] {
  const byArena = new Map<string, { x: number; y: number }[]>();
  for (const t of flood(map, { x, y })) {
    const arena = map.arenaAt(t.x, t.y);
    if (arena.split(":").length !== 3) continue;
    let tiles = byArena.get(arena);
    if (!tiles) byArena.set(arena, (tiles = []));
    tiles.push(t);
  }
  return [...byArena]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([arena, tiles]) => ({ arena, tiles }));
}

interface Resident {
  id: string;
  name: string;
  x: number;
  y: number;
}

export class Bot {
  readonly stats: BotStats = {
    joined: false,
    echoes: [],
    movesSent: 0,
    movesLost: 0,
    says: 0,
    replies: 0,
    replyMs: [],
    errors: {},
    bytesAtStart: 0,
    bytesAtEnd: 0,
    inView: [],
    residentsInView: [],
    kinds: {},
    frames: 0,
  };
  /** A probe bot decodes what each patch changed (costs CPU: a few bots only). */
  probe = false;
  private seen?: { avatars: Map<string, string>; agents: Map<string, string[]>; step: number };
  private room?: Room<any, TownState>;
  private stopped = false;
  private measuring = false;
  /** The move being timed: sent at, from tile. */
  private pending?: { at: number; x: number; y: number };
  private bytesFallback = 0;
  private moveRefused = false;
  /** When the hello waiting for its answer was said (see BotStats.replyMs). */
  private saidAt?: number;
  /** Where the own avatar was at the last patch, and when it last changed tile. */
  private last?: { x: number; y: number; movedAt: number };
  /** The place it is at (spread bots), and how many more walks it stays there. */
  private place?: Place;
  private stayFor = 0;

  constructor(
    private readonly url: string,
    private readonly name: string,
    /** The town's map, known once the first bot has joined (its state names the template). */
    public map: TownMap | undefined,
    private readonly random: () => number,
    /** The town's places (placesFrom), for bots spread over the town; none: the gathering bot. */
    public places?: Place[],
    /** The town to join (none: the server's default town). */
    private readonly town?: string,
  ) {}

  get template(): string | undefined {
    return this.room?.state?.template;
  }

  async join(): Promise<void> {
    const asked = performance.now();
    try {
      const room = await new Client(this.url).joinOrCreate<TownState>("town", {
        name: this.name,
        ...(this.town ? { town: this.town } : {}),
      });
      this.room = room;
      room.onMessage("welcome", () => {});
      room.onMessage("error", (e: { code: string; type?: string }) => {
        if (e.type === "move") this.moveRefused = true;
        if (this.measuring) this.stats.errors[e.code] = (this.stats.errors[e.code] ?? 0) + 1;
      });
      room.onMessage(WIRE_TYPES.agent_said, (w: unknown) => {
        const m = fromWire("agent_said", w, (seat) => personAt(room.state, seat));
        if (!this.measuring || m?.to !== room.sessionId) return;
        this.stats.replies++;
        if (this.saidAt !== undefined) this.stats.replyMs.push(performance.now() - this.saidAt);
        this.saidAt = undefined;
      });
      room.onMessage("*", () => {});
      const ws = (room.connection as any).transport?.ws;
      ws?.addEventListener?.("message", (e: { data: ArrayBuffer | Buffer }) => {
        const n = (e.data as ArrayBuffer).byteLength ?? (e.data as Buffer).length ?? 0;
        this.bytesFallback += n;
        if (this.measuring) {
          this.stats.frames++;
          const kind = frameKind(new Uint8Array(e.data as ArrayBuffer));
          this.stats.kinds[kind] = (this.stats.kinds[kind] ?? 0) + n;
        }
      });
      room.onStateChange(() => this.onPatch());
      const t0 = Date.now();
      while (!room.state?.avatars?.get(room.sessionId)) {
        if (Date.now() - t0 > 15_000) throw new Error("own avatar never appeared");
        await sleep(20);
      }
      this.stats.joined = true;
      this.stats.joinMs = performance.now() - asked;
    } catch (e) {
      this.stats.joinError = (e as Error).message;
    }
  }

  /** Bytes received so far: the socket's own count when the SDK runs on `ws`, else payloads. */
  private bytesRead(): number {
    const socket = (this.room?.connection as any)?.transport?.ws?._socket;
    return typeof socket?.bytesRead === "number" ? socket.bytesRead : this.bytesFallback;
  }

  startWindow(): void {
    this.measuring = true;
    this.stats.bytesAtStart = this.bytesRead();
  }

  /** Counts the other avatars it is sent positions of (the rest are outside its view). */
  sampleView(): void {
    const avatars = this.room?.state?.avatars;
    if (!this.measuring || !avatars) return;
    let n = 0;
    for (const [id, a] of avatars) if (id !== this.room!.sessionId && avatarAt(a)) n++;
    this.stats.inView.push(n);
    let r = 0;
    for (const a of this.room!.state.agents?.values() ?? []) if (typeof a.x === "number") r++;
    this.stats.residentsInView.push(r);
  }

  /** Counts what changed in the decoded state since the last patch (probe bots). */
  private tally(): void {
    const state = this.room?.state;
    if (!state) return;
    const c = (this.stats.changes ??= {
      avatarMoves: 0,
      avatarEntries: 0,
      residentMoves: 0,
      residentFacings: 0,
      residentOther: 0,
      clock: 0,
    });
    const seen = (this.seen ??= { avatars: new Map(), agents: new Map(), step: -1 });
    const avatars = new Map<string, string>();
    for (const [id, a] of state.avatars) {
      const where = avatarAt(a);
      if (id === this.room!.sessionId || !where) continue;
      const at = `${where.x},${where.y}`;
      avatars.set(id, at);
      const was = seen.avatars.get(id);
      if (was === undefined) c.avatarEntries++;
      else if (was !== at) c.avatarMoves++;
    }
    seen.avatars = avatars;
    for (const [id, r] of state.agents) {
      const now = [`${r.x},${r.y}`, String(r.facing), `${r.action}|${r.emoji}|${r.talkingTo}`];
      const was = seen.agents.get(id);
      if (was) {
        if (was[0] !== now[0]) c.residentMoves++;
        if (was[1] !== now[1]) c.residentFacings++;
        if (was[2] !== now[2]) c.residentOther++;
      }
      seen.agents.set(id, now);
    }
    if (seen.step !== state.clock.step) c.clock++;
    seen.step = state.clock.step;
  }

  endWindow(): void {
    this.measuring = false;
    this.stats.bytesAtEnd = this.bytesRead();
  }

  /** Where its avatar is (the state's own child: it changes as the avatar walks). */
  private me() {
    return avatarAt(this.room?.state?.avatars?.get(this.room.sessionId));
  }

  /** Residents in the town (in its list, in view or not). */
  residents(): number {
    return this.room?.state?.agents?.size ?? 0;
  }

  /** Where its avatar stands, once joined. */
  position(): { x: number; y: number } | undefined {
    const a = this.me();
    return a ? { x: a.x, y: a.y } : undefined;
  }

  private onPatch(): void {
    if (this.probe && this.measuring) this.tally();
    const a = this.me();
    if (a && (!this.last || this.last.x !== a.x || this.last.y !== a.y))
      this.last = { x: a.x, y: a.y, movedAt: performance.now() };
    const p = this.pending;
    if (!p) return;
    if (a && (a.x !== p.x || a.y !== p.y)) {
      if (this.measuring) this.stats.echoes.push(performance.now() - p.at);
      this.pending = undefined;
    }
  }

  /** Walks and talks until stop(). */
  async live(): Promise<void> {
    const room = this.room;
    if (!room) return;
    await sleep(this.random() * 1000);
    while (!this.stopped && room.connection.isOpen) {
      const a = this.me();
      if (!a) break;
      // Only a move from rest is timed: an avatar still walking changes tile on its own.
      if (
        !(await this.until(
          () => !!this.last && performance.now() - this.last.movedAt > REST_MS,
          60_000,
        ))
      )
        continue;
      const { talkTo, target } = this.places?.length
        ? this.nextAtPlaces(a, this.places)
        : this.nextGathering(a);
      if (target && (target.x !== a.x || target.y !== a.y)) {
        this.pending = { at: performance.now(), x: a.x, y: a.y };
        this.moveRefused = false;
        if (this.measuring) this.stats.movesSent++;
        room.send("move", target);
        const arrived =
          (await this.until(() => {
            const b = this.me();
            return this.moveRefused || (!!b && b.x === target.x && b.y === target.y);
          }, 60_000)) && !this.moveRefused;
        if (this.pending) {
          if (this.measuring) this.stats.movesLost++;
          this.pending = undefined;
        }
        if (arrived && talkTo && !this.stopped) {
          room.send("say", {
            agentId: talkTo.id,
            text: `Hello ${talkTo.name}, how is your day going?`,
          });
          if (this.measuring) this.stats.says++;
          this.saidAt = performance.now();
        }
      }
      await sleep(500 + this.random() * 1500);
    }
  }

  /** The older bot's next walk: 30 % up to any resident, else a tile within 8 of where it stands. */
  private nextGathering(a: { x: number; y: number }): {
    talkTo?: Resident;
    target?: { x: number; y: number };
  } {
    const talkTo = this.random() < 0.3 ? this.someResident() : undefined;
    return {
      talkTo,
      target: talkTo ? this.walkableNear(talkTo.x, talkTo.y, 1) : this.walkableNear(a.x, a.y, 8),
    };
  }

  /**
   * A visitor's next walk: to a new place when done with this one (a place is picked with odds by
   * its size, as a larger place draws more people), else 30 % up to a resident nearby, else a
   * stroll to another tile of the place.
   */
  private nextAtPlaces(
    a: { x: number; y: number },
    places: Place[],
  ): { talkTo?: Resident; target?: { x: number; y: number } } {
    if (!this.place || this.stayFor <= 0) {
      this.place = this.pickPlace(places);
      this.stayFor = 3 + Math.floor(this.random() * 6);
      return { target: this.pick(this.place.tiles) };
    }
    this.stayFor--;
    const near = this.random() < 0.3 ? this.someResident(a, NEARBY) : undefined;
    if (near) return { talkTo: near, target: this.walkableNear(near.x, near.y, 1) };
    const around = this.place.tiles.filter(
      (t) => Math.abs(t.x - a.x) <= 6 && Math.abs(t.y - a.y) <= 6,
    );
    return { target: this.pick(around.length > 1 ? around : this.place.tiles) };
  }

  private pickPlace(places: Place[]): Place {
    const total = places.reduce((n, p) => n + p.tiles.length, 0);
    let k = Math.floor(this.random() * total);
    for (const p of places) {
      if (k < p.tiles.length) return p;
      k -= p.tiles.length;
    }
    return places[places.length - 1];
  }

  private pick<T>(xs: T[]): T {
    return xs[Math.floor(this.random() * xs.length)];
  }

  /** A random resident (within `within` tiles of `from`, when given), or undefined. */
  private someResident(from?: { x: number; y: number }, within = Infinity): Resident | undefined {
    // Residents out of its view have no position (shared/interest.ts): not picked.
    const agents = [...(this.room?.state?.agents?.values() ?? [])].filter(
      (r) =>
        typeof r.x === "number" &&
        (!from || (Math.abs(r.x - from.x) <= within && Math.abs(r.y - from.y) <= within)),
    );
    if (agents.length === 0) return undefined;
    const r = agents[Math.floor(this.random() * agents.length)];
    return { id: r.id, name: r.name, x: r.x, y: r.y };
  }

  /** A random walkable tile within `radius` of (x, y), or undefined. */
  private walkableNear(x: number, y: number, radius: number): { x: number; y: number } | undefined {
    for (let i = 0; i < 30; i++) {
      const tx = x + Math.round((this.random() * 2 - 1) * radius);
      const ty = y + Math.round((this.random() * 2 - 1) * radius);
      if ((tx !== x || ty !== y) && this.map?.isWalkable(tx, ty)) return { x: tx, y: ty };
    }
    return undefined;
  }

  private async until(check: () => boolean, ms: number): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end && !this.stopped) {
      if (check()) return true;
      await sleep(25);
    }
    return check();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const room = this.room;
    if (room?.connection.isOpen) await Promise.race([room.leave().catch(() => {}), sleep(2_000)]);
  }
}

const PATCH = 15,
  FULL_STATE = 14,
  DATA = 13;

/** What a frame from the server is: "patch", "state", a message's type, or its protocol code. */
export function frameKind(b: Uint8Array): string {
  const code = b[0] & 31;
  if (code === PATCH) return "patch";
  if (code === FULL_STATE) return "state";
  if (code === DATA && b.length > 1 && (b[1] & 0xe0) === 0xa0) {
    const len = b[1] & 0x1f;
    return Buffer.from(b.subarray(2, 2 + len)).toString("utf8");
  }
  // A message sent with a number for its type (shared/messages.ts, WIRE_TYPES): a positive fixint.
  if (code === DATA && b.length > 1 && b[1] < 0x80) {
    const named = Object.entries(WIRE_TYPES).find(([, n]) => n === b[1]);
    return named ? named[0] : `message ${b[1]}`;
  }
  return `code ${code}`;
}
