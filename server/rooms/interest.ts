// Interest management for a TownRoom: one Colyseus StateView per client, holding the avatars and
// residents whose positions (and, for residents, doings) that client is sent, and in a large town
// the objects in use near it (shared/interest.ts says what and why). Those are `.view()` fields of
// the state, so everything else (clock, people's object states, who lives and who is in the town)
// still goes to everyone in the one shared patch.
//
// The room calls update() just before each patch: it looks at which avatars and residents moved,
// came or left since the last patch and at which clients' areas moved, and adds and removes them
// of the views accordingly, so a view is never a patch behind the positions it filters. A grid of
// cells over the map keeps that proportional to what is near each client, not to the town's size
// (a thousand residents).
import { $changes, StateView } from "@colyseus/schema";
import {
  COARSE_SETTLE_MS,
  COARSE_TILES,
  DEFAULT_VIEW_HALF,
  encodeCrowd,
  MAX_VIEW_HALF,
  NEAR_HALF,
  NEAR_HYSTERESIS,
  RESIDENTS_ALL_SENT,
  VIEW_HYSTERESIS,
  VIEW_MARGIN,
  ViewRequest,
} from "../../shared/interest.ts";
import {
  FAR_TAG,
  NEAR_TAG,
  type AgentState,
  type AvatarState,
  type ObjectState,
  type TownState,
} from "../../shared/state.ts";

/** The part of a Colyseus client this needs. */
export interface ViewClient {
  sessionId: string;
  view?: StateView;
}

/** The area a client is sent avatars in: a rectangle of tiles, centre and half sizes. */
export interface Area {
  x: number;
  y: number;
  halfWidth: number;
  halfHeight: number;
}

type Kind = "avatar" | "resident" | "object";

/** An avatar, a resident or an object in use, and where it was at the last update. */
interface Spot {
  /** The avatar's id, "r:" and the resident's, or "o:" and the object's address (apart). */
  key: string;
  /** The id, or the object's address. */
  id: string;
  kind: Kind;
  ref: AvatarState | AgentState | ObjectState;
  x: number;
  y: number;
  /** The grid cell it is listed in. */
  cell: number;
  /** The cell it was in before its last move; -1 while it is new (this update). */
  fromCell: number;
  /** When it last moved (now() of that update). */
  movedAt: number;
}

interface Watcher<C extends ViewClient> {
  client: C;
  avatarId: string;
  view: StateView;
  /** What the camera follows ("" its own avatar, or the tile `at`) and half its view, in tiles. */
  follow: string;
  at?: { x: number; y: number };
  half: { width: number; height: number };
  area?: Area;
  /**
   * The spots (other than its own avatar) this client is sent: the spots themselves, not their
   * keys, so that going over them (each time its area moves) needs no lookup by name.
   */
  sent: Set<Spot>;
  /** Those of them that are avatars sent exactly (near the middle of its view), not coarsely. */
  near: Set<Spot>;
  /** Additions to its view still allowed in this patch (VIEW_ADDS_PER_PATCH). */
  budget: number;
  /** Some of its area was left out of a patch for want of budget: the next looks at all of it. */
  behind: boolean;
  /** Scratch for its area in this update (no object per client per patch). */
  next: Area;
}

/**
 * At most this many avatars (or, in a large town, residents and objects) come into a client's
 * view in one patch; the rest come in the next patches, nearest first. A camera jumping onto a
 * crowd (or a newcomer joining one) would otherwise add hundreds at once, and each addition
 * costs encoding in that patch (the whole entry, for that client alone): one long patch stalls
 * the server for everyone. 24 a patch brings 200 in within half a second.
 */
export const VIEW_ADDS_PER_PATCH = 24;

/** Side of the grid's cells, in tiles. */
const CELL = 16;

const residentKey = (id: string) => `r:${id}`;
const objectKey = (address: string) => `o:${address}`;

export class Interest<C extends ViewClient = ViewClient> {
  private readonly watchers = new Map<string, Watcher<C>>();
  /** Each avatar and resident where it was at the last update, in plain numbers (schema getters cost more). */
  private readonly spots = new Map<string, Spot>();
  /** The spots by grid cell. */
  private readonly cells = new Map<number, Set<Spot>>();
  private readonly columns: number;
  /** Spots of each kind: more than the state has means some left it. */
  private readonly counts: Record<Kind, number> = { avatar: 0, resident: 0, object: 0 };
  /** Where each object is (the middle of its tiles), once looked up. */
  private readonly objectTiles = new Map<string, { x: number; y: number }>();
  /** now() at the current update. */
  private time = 0;
  // Kept from one update to the next, emptied at the start of each: an update allocates next
  // to nothing, so 20 patches a second with hundreds of clients do not feed the collector.
  private readonly moved: Spot[] = [];
  private readonly gone: Spot[] = [];
  private readonly fresh: Spot[] = [];
  /** Spots that moved, by the cells they were in and are in now; `filed` lists the cells used. */
  private readonly byCell = new Map<number, Spot[]>();
  private readonly filed: number[] = [];
  /** Spots that may come into a client's view (a client at a time). */
  private readonly candidates: Spot[] = [];

  /**
   * Whether residents are sent by area (a town of more than RESIDENTS_ALL_SENT at the start), or
   * all of them to everyone.
   */
  readonly residentsByArea: boolean;

  constructor(
    private readonly state: TownState,
    private readonly map: {
      width: number;
      height: number;
      /** The tiles of an object's address (objects in use: the state's inUse.objects). */
      tilesOf?(address: string): readonly { x: number; y: number }[];
    },
    /** Milliseconds, for how long an avatar has stood still (tests give their own). */
    private readonly now: () => number = () => performance.now(),
  ) {
    this.columns = Math.ceil(Math.max(1, map.width) / CELL) + 1;
    this.residentsByArea = state.agents.size > RESIDENTS_ALL_SENT;
  }

  /**
   * A client joined with its avatar (already in the state): it gets a view with its own avatar
   * and the avatars and residents around it, in time for its first full state.
   */
  join(client: C, avatarId: string): void {
    const view = new StateView();
    client.view = view;
    const w: Watcher<C> = {
      client,
      avatarId,
      view,
      follow: "",
      half: { ...DEFAULT_VIEW_HALF },
      sent: new Set(),
      near: new Set(),
      budget: VIEW_ADDS_PER_PATCH,
      behind: false,
      next: { x: 0, y: 0, halfWidth: 0, halfHeight: 0 },
    };
    this.watchers.set(client.sessionId, w);
    const own = this.state.avatars.get(avatarId);
    if (own) show(view, own, NEAR_TAG);
    this.update();
    if (!this.residentsByArea)
      for (const spot of this.spots.values())
        if (spot.kind !== "avatar") this.place(w, spot, w.area!);
  }

  /**
   * A dropped client came back (Colyseus's reconnection gives it a new Client object): its view,
   * area and what it was sent stay; messages now go to the new connection.
   */
  rejoin(client: C): void {
    const w = this.watchers.get(client.sessionId);
    if (!w) return;
    w.client = client;
    client.view = w.view;
  }

  leave(sessionId: string): void {
    const w = this.watchers.get(sessionId);
    if (!w) return;
    this.watchers.delete(sessionId);
    w.view.dispose();
    w.client.view = undefined;
  }

  /** A client's camera report; returns an error text when it is malformed. Applied at the next update. */
  camera(sessionId: string, payload: unknown): string | undefined {
    const parsed = ViewRequest.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return `view: ${issue?.path.join(".") || "message"}: ${issue?.message ?? "invalid"}`;
    }
    const w = this.watchers.get(sessionId);
    if (!w) return undefined;
    const r = parsed.data;
    w.follow = r.follow;
    w.at =
      !r.follow && r.x !== undefined && r.y !== undefined
        ? {
            x: Math.min(this.map.width - 1, Math.max(0, Math.round(r.x))),
            y: Math.min(this.map.height - 1, Math.max(0, Math.round(r.y))),
          }
        : undefined;
    w.half = {
      width: Math.min(MAX_VIEW_HALF.width, Math.max(1, r.halfWidth)),
      height: Math.min(MAX_VIEW_HALF.height, Math.max(1, r.halfHeight)),
    };
    return undefined;
  }

  /** Brings every view in line with the avatars' and residents' positions and the clients' areas. */
  update(): void {
    const { moved, gone, fresh, byCell, filed } = this;
    moved.length = 0;
    gone.length = 0;
    fresh.length = 0;
    for (const cell of filed) byCell.get(cell)!.length = 0;
    filed.length = 0;
    const { avatars, agents } = this.state;
    // Undefined in a state made without it (tests' own states).
    const inUse = this.state.inUse?.objects as TownState["inUse"]["objects"] | undefined;
    this.time = this.now();
    for (const [id, a] of avatars) {
      this.look(id, id, "avatar", a, a.x, a.y, moved, gone);
      this.coarsen(id, a);
    }
    for (const [id, r] of agents)
      this.look(residentKey(id), id, "resident", r, r.x, r.y, moved, gone);
    if (inUse)
      for (const [address, o] of inUse) {
        const at = this.objectAt(address);
        this.look(objectKey(address), address, "object", o, at.x, at.y, moved, gone);
      }
    // Every one in the state has a spot now: more spots of a kind than the state holds means
    // some left (even when others came in the same patch).
    if (
      this.counts.avatar > avatars.size ||
      this.counts.resident > agents.size ||
      this.counts.object > (inUse?.size ?? 0)
    ) {
      const left: Spot[] = [];
      for (const s of this.spots.values()) {
        const still =
          s.kind === "resident"
            ? agents.get(s.id)
            : s.kind === "avatar"
              ? avatars.get(s.id)
              : inUse?.get(s.id);
        if (still !== s.ref) left.push(s);
      }
      for (const s of left) this.forget(s);
      gone.push(...left);
    }
    // New ones go to every client's placing (a new resident of a small town is sent to all);
    // those that moved, by the cells they were in and are in now.
    for (const spot of moved) {
      if (spot.fromCell < 0) fresh.push(spot);
      else {
        this.file(spot.cell, spot);
        if (spot.fromCell !== spot.cell) this.file(spot.fromCell, spot);
      }
    }
    for (const w of this.watchers.values()) {
      // The state's deletion already tells the client; only the bookkeeping remains.
      for (const s of gone) {
        w.sent.delete(s);
        w.near.delete(s);
      }
      const area = w.next;
      if (!this.areaInto(w, area)) continue;
      w.budget = VIEW_ADDS_PER_PATCH;
      const before = w.area;
      if (
        !w.behind &&
        before &&
        before.x === area.x &&
        before.y === area.y &&
        before.halfWidth === area.halfWidth &&
        before.halfHeight === area.halfHeight
      ) {
        // Only what moved near it: where it is now or where it was (what it was sent was
        // within a few tiles of its area), not every step in the town for every client.
        for (const spot of fresh) this.place(w, spot, area);
        if (filed.length > 0) this.placeMoved(w, area);
      } else {
        // The two area objects swap: the one just filled is its area now.
        w.next = before ?? { x: 0, y: 0, halfWidth: 0, halfHeight: 0 };
        w.area = area;
        w.behind = false;
        this.rescan(w, area);
        // A new resident of a small town is sent to all, wherever it is.
        if (!this.residentsByArea) for (const spot of fresh) this.place(w, spot, area);
      }
    }
  }

  private file(cell: number, spot: Spot): void {
    const here = this.byCell.get(cell);
    if (!here) this.byCell.set(cell, [spot]);
    else here.push(spot);
    if (!here || here.length === 1) this.filed.push(cell);
  }

  /** The spots that moved in or next to a client's area, placed. */
  private placeMoved(w: Watcher<C>, area: Area): void {
    const m = VIEW_HYSTERESIS;
    const x0 = Math.max(0, Math.floor((area.x - area.halfWidth - m) / CELL));
    const x1 = Math.min(this.columns - 1, Math.floor((area.x + area.halfWidth + m) / CELL));
    const y0 = Math.max(0, Math.floor((area.y - area.halfHeight - m) / CELL));
    const y1 = Math.floor((area.y + area.halfHeight + m) / CELL);
    for (let cy = y0; cy <= y1; cy++)
      for (let cx = x0; cx <= x1; cx++) {
        const here = this.byCell.get(cy * this.columns + cx);
        if (here)
          for (const spot of here)
            // A cell is wider than the area's edge: one outside it that the client is not sent
            // changes nothing (the common case in a crowd), so it is not even placed.
            if (
              w.sent.has(spot) ||
              (Math.abs(spot.x - area.x) <= area.halfWidth &&
                Math.abs(spot.y - area.y) <= area.halfHeight)
            )
              this.place(w, spot, area);
      }
  }

  /**
   * A client's area moved (or some of it was left out before): what it was sent may now be out
   * of it, and what is in the cells around it may come in, nearest the middle first when there
   * is more than one patch's budget of them.
   */
  private rescan(w: Watcher<C>, area: Area): void {
    // (place() may take the one it is given out of the set: allowed while going over it.)
    for (const spot of w.sent) this.place(w, spot, area);
    const todo = this.candidates;
    todo.length = 0;
    const x0 = Math.max(0, Math.floor((area.x - area.halfWidth) / CELL));
    const x1 = Math.min(this.columns - 1, Math.floor((area.x + area.halfWidth) / CELL));
    const y0 = Math.max(0, Math.floor((area.y - area.halfHeight) / CELL));
    const y1 = Math.floor((area.y + area.halfHeight) / CELL);
    for (let cy = y0; cy <= y1; cy++)
      for (let cx = x0; cx <= x1; cx++) {
        const set = this.cells.get(cy * this.columns + cx);
        if (!set) continue;
        for (const spot of set)
          // In a small town residents and objects are sent to all, at join (and when new).
          if (
            !w.sent.has(spot) &&
            (spot.kind === "avatar" || this.residentsByArea) &&
            Math.abs(spot.x - area.x) <= area.halfWidth &&
            Math.abs(spot.y - area.y) <= area.halfHeight
          )
            todo.push(spot);
      }
    if (todo.length > w.budget)
      todo.sort(
        (a, b) =>
          Math.abs(a.x - area.x) +
          Math.abs(a.y - area.y) -
          (Math.abs(b.x - area.x) + Math.abs(b.y - area.y)),
      );
    for (const spot of todo) this.place(w, spot, area);
    todo.length = 0;
  }

  /** An addition to a client's view, if this patch's budget allows; otherwise it is behind. */
  private spend(w: Watcher<C>): boolean {
    if (w.budget <= 0) {
      w.behind = true;
      return false;
    }
    w.budget--;
    return true;
  }

  /** Notes where an avatar, a resident or an object is now; a new or moved one goes on `moved`. */
  private look(
    key: string,
    id: string,
    kind: Kind,
    ref: Spot["ref"],
    x: number,
    y: number,
    moved: Spot[],
    gone: Spot[],
  ): void {
    let spot = this.spots.get(key);
    if (spot && spot.ref !== ref) {
      // Replaced in the state under the same id: the old one is gone, this one is new.
      this.forget(spot);
      gone.push(spot);
      spot = undefined;
    }
    if (!spot) {
      const cell = this.cellOf(x, y);
      const fresh: Spot = { key, id, kind, ref, x, y, cell, fromCell: -1, movedAt: this.time };
      this.spots.set(key, fresh);
      this.counts[kind]++;
      this.list(fresh);
      moved.push(fresh);
    } else if (spot.x !== x || spot.y !== y) {
      spot.x = x;
      spot.y = y;
      spot.movedAt = this.time;
      spot.fromCell = spot.cell;
      const cell = this.cellOf(x, y);
      if (cell !== spot.cell) {
        this.cells.get(spot.cell)?.delete(spot);
        spot.cell = cell;
        this.list(spot);
      }
      moved.push(spot);
    }
  }

  /**
   * An avatar's coarse place (`far`, shared/interest.ts) follows it once it is COARSE_TILES away
   * or has stood still COARSE_SETTLE_MS.
   */
  private coarsen(id: string, a: AvatarState): void {
    const dx = Math.abs(a.x - a.fx),
      dy = Math.abs(a.y - a.fy);
    if (dx === 0 && dy === 0) return;
    const spot = this.spots.get(id);
    if (dx + dy >= COARSE_TILES || !spot || this.time - spot.movedAt >= COARSE_SETTLE_MS) follow(a);
  }

  private forget(spot: Spot): void {
    this.spots.delete(spot.key);
    this.cells.get(spot.cell)?.delete(spot);
    this.counts[spot.kind]--;
  }

  /** The middle of an object's tiles (its first tile's when the middle is not one of them). */
  private objectAt(address: string): { x: number; y: number } {
    let at = this.objectTiles.get(address);
    if (!at) {
      const tiles = this.map.tilesOf?.(address) ?? [];
      if (tiles.length === 0) at = { x: -1, y: -1 };
      else {
        let x = 0,
          y = 0;
        for (const t of tiles) {
          x += t.x;
          y += t.y;
        }
        at = { x: Math.round(x / tiles.length), y: Math.round(y / tiles.length) };
      }
      this.objectTiles.set(address, at);
    }
    return at;
  }

  private list(spot: Spot): void {
    let set = this.cells.get(spot.cell);
    if (!set) this.cells.set(spot.cell, (set = new Set()));
    set.add(spot);
  }

  private cellOf(x: number, y: number): number {
    const cx = Math.max(0, Math.floor((Number.isFinite(x) ? x : 0) / CELL));
    const cy = Math.max(0, Math.floor((Number.isFinite(y) ? y : 0) / CELL));
    return cy * this.columns + Math.min(cx, this.columns - 1);
  }

  /** The area of a client now: what its camera shows plus a margin (tests, the ops page). */
  areaOf(w: Watcher<C> | string): Area | undefined {
    const watcher = typeof w === "string" ? this.watchers.get(w) : w;
    const area = { x: 0, y: 0, halfWidth: 0, halfHeight: 0 };
    return watcher && this.areaInto(watcher, area) ? area : undefined;
  }

  /** A client's area written into `out`; false when its camera has nothing to follow. */
  private areaInto(watcher: Watcher<C>, out: Area): boolean {
    const followed = watcher.follow ? this.state.agents.get(watcher.follow) : undefined;
    const at =
      followed ??
      watcher.at ??
      this.spots.get(watcher.avatarId) ??
      this.state.avatars.get(watcher.avatarId);
    if (!at) return false;
    // The camera stops at the town's edges, so near one it shows more on the inner side.
    out.x = clampCentre(at.x, watcher.half.width, this.map.width);
    out.y = clampCentre(at.y, watcher.half.height, this.map.height);
    out.halfWidth = Math.ceil(watcher.half.width) + VIEW_MARGIN;
    out.halfHeight = Math.ceil(watcher.half.height) + VIEW_MARGIN;
    return true;
  }

  /** Where the residents are, coarsely, for everyone's minimap (shared/interest.ts). */
  crowd(): string {
    const residents = [];
    for (const r of this.state.agents.values())
      residents.push({ x: r.x, y: r.y, talking: !!(r.talkingTo || r.person) });
    return encodeCrowd(this.map, residents);
  }

  /** Ids of the avatars a client is sent besides its own (tests). */
  sentTo(sessionId: string): string[] {
    return this.sentOf(sessionId, "avatar");
  }

  /** Addresses of the objects in use a client is sent (tests). */
  objectsSentTo(sessionId: string): string[] {
    return this.sentOf(sessionId, "object");
  }

  /** Ids of the residents a client is sent (tests). */
  residentsSentTo(sessionId: string): string[] {
    return this.sentOf(sessionId, "resident");
  }

  private sentOf(sessionId: string, kind: Kind): string[] {
    const out: string[] = [];
    for (const s of this.watchers.get(sessionId)?.sent ?? []) if (s.kind === kind) out.push(s.id);
    return out.sort();
  }

  /**
   * The clients that see any of these avatars (their own included) or any of these tiles: what
   * is said there reaches them, as a bubble they can see or a line in their chat.
   */
  audience(avatars: readonly string[], tiles: readonly { x: number; y: number }[]): C[] {
    const out: C[] = [];
    for (const w of this.watchers.values()) {
      const area = w.area ?? this.areaOf(w);
      const sees =
        avatars.some((id) => {
          const spot = this.spots.get(id);
          return id === w.avatarId || (!!spot && w.sent.has(spot));
        }) ||
        (!!area &&
          tiles.some(
            (t) =>
              Math.abs(t.x - area.x) <= area.halfWidth + VIEW_HYSTERESIS &&
              Math.abs(t.y - area.y) <= area.halfHeight + VIEW_HYSTERESIS,
          ));
      if (sees) out.push(w.client);
    }
    return out;
  }

  private place(w: Watcher<C>, s: Spot, area: Area): void {
    if (s.kind === "avatar") return this.placeAvatar(w, s, area);
    // Sent to all (a small town): never held back, the client has them from its first state.
    if (!this.residentsByArea) {
      if (!w.sent.has(s)) {
        w.view.add(s.ref);
        w.sent.add(s);
      }
      return;
    }
    const dx = Math.abs(s.x - area.x);
    const dy = Math.abs(s.y - area.y);
    if (w.sent.has(s)) {
      if (dx > area.halfWidth + VIEW_HYSTERESIS || dy > area.halfHeight + VIEW_HYSTERESIS) {
        w.view.remove(s.ref);
        w.sent.delete(s);
      }
    } else if (dx <= area.halfWidth && dy <= area.halfHeight && this.spend(w)) {
      w.view.add(s.ref);
      w.sent.add(s);
    }
  }

  /**
   * An avatar's view-filtered parts are its positions, each under a tag of its own
   * (shared/state.ts): `x`, `y` (NEAR_TAG) near the middle of the view, `fx`, `fy` (FAR_TAG)
   * elsewhere in it. A client is given the tag its avatar is in, and its tree is marked visible by
   * hand: @colyseus/schema's add() of a tree it does not see yet would send all the avatar's
   * fields again, not the position alone. Removing a tag deletes its fields on the client (and
   * hides the tree, so it is marked again where the avatar stays in view).
   */
  private placeAvatar(w: Watcher<C>, s: Spot, area: Area): void {
    if (s.id === w.avatarId) return; // its own avatar never leaves its view
    const a = s.ref as AvatarState;
    const dx = Math.abs(s.x - area.x);
    const dy = Math.abs(s.y - area.y);
    const sent = w.sent.has(s);
    const wasNear = w.near.has(s);
    if (sent && (dx > area.halfWidth + VIEW_HYSTERESIS || dy > area.halfHeight + VIEW_HYSTERESIS)) {
      // Near, the client may still hold the coarse place it had before (see below): both go.
      w.view.remove(a, wasNear ? NEAR_TAG | FAR_TAG : FAR_TAG);
      w.sent.delete(s);
      w.near.delete(s);
      return;
    }
    if (!sent && (dx > area.halfWidth || dy > area.halfHeight)) return;
    const slack = wasNear ? NEAR_HYSTERESIS : 0;
    const near = dx <= NEAR_HALF.width + slack && dy <= NEAR_HALF.height + slack;
    if (!sent) {
      if (!this.spend(w)) return;
      show(w.view, a, near ? NEAR_TAG : FAR_TAG);
      w.sent.add(s);
      if (near) w.near.add(s);
    } else if (near) {
      if (wasNear) return;
      // The exact place, and no more coarse ones: the client's last coarse place stays under it
      // (avatarAt() reads the exact one first), which saves deleting it.
      w.view.add(a, NEAR_TAG);
      w.view.removeTag(a[$changes]!, FAR_TAG);
      w.near.add(s);
    } else if (wasNear) {
      // Where it is now, so that the client does not walk it back to where it was a few tiles ago.
      follow(a);
      w.view.remove(a, NEAR_TAG);
      show(w.view, a, FAR_TAG);
      w.near.delete(s);
    }
  }
}

/** Sends a client an avatar's position under `tag` (its tree marked visible first: see placeAvatar). */
function show(view: StateView, a: AvatarState, tag: number): void {
  view.markVisible(a[$changes]!);
  view.add(a, tag);
}

/** An avatar's coarse place set to where it is. */
function follow(a: AvatarState): void {
  if (a.fx !== a.x) a.fx = a.x;
  if (a.fy !== a.y) a.fy = a.y;
}

/** Centre of a camera of half size `half` following `at` on a map `size` tiles long. */
function clampCentre(at: number, half: number, size: number): number {
  if (2 * half >= size) return size / 2;
  return Math.min(Math.max(at, half), size - half);
}
