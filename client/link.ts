// The page's link to its town: one object the scenes and panels hold for the whole visit, over
// whichever Colyseus room is current. A dropped connection is taken back by the SDK's automatic
// reconnection (the same session: the room keeps the avatar for RECONNECT_SECONDS); a server that
// restarted (or was killed) is a new room, which the link joins again with the same name, role and
// town as soon as the server answers, and every message handler registered follows it there.
import { Client, type Room } from "@colyseus/sdk";
import { TOWN_ROOM } from "../shared/constants.ts";
import {
  fromWire,
  WIRE_TYPES,
  type JoinOptions,
  type ServerMessages,
  type WireType,
} from "../shared/messages.ts";
import { personAt, type TownState } from "../shared/state.ts";

/** Where the link stands, for the status line. */
export type LinkStatus =
  | { kind: "connected" }
  /** The connection dropped; the SDK is reconnecting to the same session. */
  | { kind: "reconnecting" }
  /** The server said it is restarting, or cannot be reached: the link waits and joins again. */
  | { kind: "waiting"; reason: string }
  /** Connected again: `rejoined` when it is a new session (the server restarted). */
  | { kind: "back"; rejoined: boolean }
  /** Given up: the server refused the join again (a wrong token), or stayed away too long. */
  | { kind: "lost"; message: string };

export type JoinRequest = {
  name: string;
  role: JoinOptions["role"];
  token?: string;
  town?: string;
};

/** First wait before joining again after a restart when the server named none. */
const REJOIN_FIRST_MS = 1_000;
/** Longest wait between tries to join again. */
const REJOIN_MAX_MS = 3_000;
/** How long the link keeps trying to join again before it gives up. */
const REJOIN_GIVE_UP_MS = 10 * 60_000;

type Handler = (payload: unknown) => void;

export class TownLink {
  private room: Room<unknown, TownState>;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly listeners = new Set<(s: LinkStatus) => void>();
  private closing: ServerMessages["server_closing"] | null = null;
  private left = false;
  private rejoining = false;
  status: LinkStatus = { kind: "connected" };

  private constructor(
    private readonly endpoint: string,
    private readonly request: JoinRequest,
    room: Room<unknown, TownState>,
    /** Settings of the SDK's reconnection (tests shorten minUptime). */
    private readonly reconnection: Partial<Room["reconnection"]>,
  ) {
    this.room = room;
    this.adopt(room);
  }

  /** Joins the town; rejects with the server's refusal. */
  static async join(
    endpoint: string,
    request: JoinRequest,
    reconnection: Partial<Room["reconnection"]> = {},
  ): Promise<TownLink> {
    const room = await joinRoom(endpoint, request);
    return new TownLink(endpoint, request, room, reconnection);
  }

  get state(): TownState {
    return this.room.state;
  }

  /** The current session (a new one after a restart). */
  get sessionId(): string {
    return this.room.sessionId;
  }

  /** Registers a handler for a server message, on this room and every room after it. */
  onMessage(type: string, handler: (payload: never) => void): () => void {
    const h = handler as Handler;
    let set = this.handlers.get(type);
    if (!set) {
      set = new Set();
      this.handlers.set(type, set);
      this.listen(this.room, type, set);
    }
    set.add(h);
    return () => set.delete(h);
  }

  send(type: string, payload: unknown): void {
    // While the connection is down the SDK keeps a few messages for when it is back.
    (this.room as unknown as { send(type: string, payload: unknown): void }).send(type, payload);
  }

  /** Told of every change of status. */
  onStatus(listener: (s: LinkStatus) => void): void {
    this.listeners.add(listener);
  }

  /** Leaves the town for good. */
  async leave(): Promise<void> {
    this.left = true;
    if (this.room.connection?.isOpen) await this.room.leave();
  }

  private listen(room: Room<unknown, TownState>, type: string, set: Set<Handler>): void {
    if (Object.hasOwn(WIRE_TYPES, type)) {
      // Sent compactly (shared/messages.ts): handlers get the named message.
      const wire = type as WireType;
      room.onMessage(WIRE_TYPES[wire], (payload: unknown) => {
        const m = fromWire(wire, payload, (seat) => personAt(room.state, seat));
        if (m) for (const h of set) h(m);
      });
      return;
    }
    room.onMessage(type, (payload: unknown) => {
      for (const h of set) h(payload);
    });
  }

  private setStatus(s: LinkStatus): void {
    this.status = s;
    for (const l of this.listeners) l(s);
  }

  /** Makes `room` the current one: its handlers, its lifecycle, and (once it has one) its state. */
  private adopt(room: Room<unknown, TownState>): void {
    this.room = room;
    this.bind(room);
  }

  private bind(room: Room<unknown, TownState>): void {
    this.closing = null;
    Object.assign(room.reconnection, { minUptime: 1_000, ...this.reconnection });
    for (const [type, set] of this.handlers) this.listen(room, type, set);
    room.onMessage("server_closing", (m: ServerMessages["server_closing"]) => {
      this.closing = m;
    });
    room.onDrop(() => this.setStatus({ kind: "reconnecting" }));
    room.onReconnect(() => this.setStatus({ kind: "back", rejoined: false }));
    room.onLeave(() => {
      if (this.left || this.rejoining) return;
      void this.rejoin();
    });
  }

  /** Joins the town again once the server answers (a restart: the old session is gone). */
  private async rejoin(): Promise<void> {
    this.rejoining = true;
    try {
      await this.rejoinOnce();
    } finally {
      this.rejoining = false;
    }
  }

  private async rejoinOnce(): Promise<void> {
    const restarting = this.closing?.restarting ?? false;
    let wait = this.closing?.retryMs ?? REJOIN_FIRST_MS;
    const reason = restarting
      ? "The server is restarting: waiting to rejoin…"
      : "The connection to the town was lost: trying to rejoin…";
    const started = Date.now();
    this.setStatus({ kind: "waiting", reason });
    for (;;) {
      await new Promise((r) => setTimeout(r, wait));
      if (this.left) return;
      try {
        const room = await joinRoom(this.endpoint, this.request);
        // Handlers first (the server's welcome follows the join at once); the scenes read the
        // new room's state only once it has arrived.
        this.bind(room);
        await firstState(room);
        this.room = room;
        this.setStatus({ kind: "back", rejoined: true });
        return;
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        // A refusal that will not change by waiting (a bad option, a wrong token) ends it.
        if (
          code === 400 ||
          code === 401 ||
          code === 403 ||
          Date.now() - started > REJOIN_GIVE_UP_MS
        ) {
          this.setStatus({ kind: "lost", message: joinErrorText(e) });
          return;
        }
        wait = Math.min(REJOIN_MAX_MS, Math.max(REJOIN_FIRST_MS, wait * 1.5));
      }
    }
  }
}

async function joinRoom(endpoint: string, request: JoinRequest): Promise<Room<unknown, TownState>> {
  const room = await new Client(endpoint).joinOrCreate<TownState>(TOWN_ROOM, request);
  return room as Room<unknown, TownState>;
}

/** Resolves once the first full state has arrived (the template is set). */
export function firstState(
  room: { state: TownState | undefined },
  timeoutMs = 10_000,
): Promise<TownState> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const s = room.state;
      if (s && s.template) return resolve(s);
      if (Date.now() - started > timeoutMs)
        return reject(new Error("The town did not send its state in time."));
      setTimeout(poll, 25);
    };
    poll();
  });
}

/** A refused or failed join, in words for the join dialog. */
export function joinErrorText(e: unknown): string {
  const message =
    e instanceof Error
      ? e.message
      : typeof e === "string"
        ? e
        : ((e as { message?: string })?.message ?? "");
  if (!message || /failed to fetch|network|ECONNREFUSED/i.test(message))
    return "Cannot reach the town server. Is it running?";
  const reason = message.replace(/^cannot join: /i, "");
  return `Cannot join: ${reason}.`.replace(/\.\.$/, ".");
}
