// Interest management for a TownRoom: one Colyseus StateView per client, holding the avatars
// whose positions that client is sent (shared/interest.ts says what and why). The avatars'
// x and y are `.view()` fields of the state, so everything else (clock, residents, objects, and
// who is in the town) still goes to everyone in the one shared patch.
//
// The room calls update() just before each patch: it looks at which avatars moved, joined or
// left since the last patch and at which clients' areas moved, and adds and removes avatars of
// the views accordingly, so a view is never a patch behind the positions it filters.
import { StateView } from "@colyseus/schema";
import {
  DEFAULT_VIEW_HALF,
  MAX_VIEW_HALF,
  VIEW_HYSTERESIS,
  VIEW_MARGIN,
  ViewRequest,
} from "../../shared/interest.ts";
import type { AvatarState, TownState } from "../../shared/state.ts";

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

/** An avatar and where it was at the last update. */
interface Spot {
  id: string;
  ref: AvatarState;
  x: number;
  y: number;
}

interface Watcher<C extends ViewClient> {
  client: C;
  avatarId: string;
  view: StateView;
  /** What the camera follows ("" its own avatar) and half its view, in tiles. */
  follow: string;
  half: { width: number; height: number };
  area?: Area;
  /** Avatars (other than its own) this client is sent. */
  sent: Set<string>;
}

export class Interest<C extends ViewClient = ViewClient> {
  private readonly watchers = new Map<string, Watcher<C>>();
  /** Each avatar where it was at the last update, in plain numbers (schema getters cost more). */
  private readonly spots = new Map<string, Spot>();

  constructor(
    private readonly state: TownState,
    private readonly map: { width: number; height: number },
  ) {}

  /**
   * A client joined with its avatar (already in the state): it gets a view with its own avatar
   * and the avatars around it, in time for its first full state.
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
    };
    this.watchers.set(client.sessionId, w);
    const own = this.state.avatars.get(avatarId);
    if (own) view.add(own);
    this.refresh(w);
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
    w.half = {
      width: Math.min(MAX_VIEW_HALF.width, Math.max(1, r.halfWidth)),
      height: Math.min(MAX_VIEW_HALF.height, Math.max(1, r.halfHeight)),
    };
    return undefined;
  }

  /** Brings every view in line with the avatars' positions and the clients' areas. */
  update(): void {
    const moved: Spot[] = [];
    for (const [id, a] of this.state.avatars) {
      const x = a.x,
        y = a.y;
      const spot = this.spots.get(id);
      if (!spot) {
        const fresh = { id, ref: a, x, y };
        this.spots.set(id, fresh);
        moved.push(fresh);
      } else if (spot.x !== x || spot.y !== y) {
        spot.x = x;
        spot.y = y;
        moved.push(spot);
      }
    }
    const gone: string[] = [];
    if (this.spots.size > this.state.avatars.size) {
      for (const id of this.spots.keys()) if (!this.state.avatars.has(id)) gone.push(id);
      for (const id of gone) this.spots.delete(id);
    }
    for (const w of this.watchers.values()) {
      // The state's deletion already tells the client; only the bookkeeping remains.
      for (const id of gone) w.sent.delete(id);
      const area = this.areaOf(w);
      const before = w.area;
      if (!area) continue;
      if (
        before &&
        before.x === area.x &&
        before.y === area.y &&
        before.halfWidth === area.halfWidth &&
        before.halfHeight === area.halfHeight
      ) {
        for (const spot of moved) this.place(w, spot, area);
      } else {
        w.area = area;
        for (const spot of this.spots.values()) this.place(w, spot, area);
      }
    }
  }

  /** The area of a client now: what its camera shows plus a margin (tests, the ops page). */
  areaOf(w: Watcher<C> | string): Area | undefined {
    const watcher = typeof w === "string" ? this.watchers.get(w) : w;
    if (!watcher) return undefined;
    const followed = watcher.follow ? this.state.agents.get(watcher.follow) : undefined;
    const at =
      followed ?? this.spots.get(watcher.avatarId) ?? this.state.avatars.get(watcher.avatarId);
    if (!at) return undefined;
    // The camera stops at the town's edges, so near one it shows more on the inner side.
    const x = clampCentre(at.x, watcher.half.width, this.map.width);
    const y = clampCentre(at.y, watcher.half.height, this.map.height);
    return {
      x,
      y,
      halfWidth: Math.ceil(watcher.half.width) + VIEW_MARGIN,
      halfHeight: Math.ceil(watcher.half.height) + VIEW_MARGIN,
    };
  }

  /** Ids of the avatars a client is sent besides its own (tests). */
  sentTo(sessionId: string): string[] {
    return [...(this.watchers.get(sessionId)?.sent ?? [])].sort();
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
        avatars.some((id) => id === w.avatarId || w.sent.has(id)) ||
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

  /** Sends a joining client the avatars in its area (the others' positions are in spots, or new). */
  private refresh(w: Watcher<C>): void {
    const area = this.areaOf(w);
    w.area = area;
    if (!area) return;
    for (const a of this.state.avatars.values())
      this.place(w, this.spots.get(a.id) ?? { id: a.id, ref: a, x: a.x, y: a.y }, area);
  }

  private place(w: Watcher<C>, s: Spot, area: Area): void {
    if (s.id === w.avatarId) return; // its own avatar never leaves its view
    const dx = Math.abs(s.x - area.x);
    const dy = Math.abs(s.y - area.y);
    if (w.sent.has(s.id)) {
      if (dx > area.halfWidth + VIEW_HYSTERESIS || dy > area.halfHeight + VIEW_HYSTERESIS) {
        w.view.remove(s.ref);
        w.sent.delete(s.id);
      }
    } else if (dx <= area.halfWidth && dy <= area.halfHeight) {
      w.view.add(s.ref);
      w.sent.add(s.id);
    }
  }
}

/** Centre of a camera of half size `half` following `at` on a map `size` tiles long. */
function clampCentre(at: number, half: number, size: number): number {
  if (2 * half >= size) return size / 2;
  return Math.min(Math.max(at, half), size - half);
}
