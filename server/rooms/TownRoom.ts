// The room `town`: an adapter between Colyseus and one Town. It runs the Town's step clock,
// mirrors the Town's events into the schema state, and turns validated client messages into
// Town commands. It holds no game rules of its own (docs/ARCHITECTURE.md, "The shape").
import {
  getMessageBytes,
  matchMaker,
  Protocol,
  Room,
  ServerError,
  type AuthContext,
  type Client,
} from "@colyseus/core";
// First: the state buffer's size, before any room encodes a state (stateBuffer.ts says why).
import "./stateBuffer.ts";
import "./webSocketGlobal.ts";
import {
  ClientMessages,
  JoinOptions,
  parseClientMessage,
  type ClientMessage,
  type ClientMessageSpec,
  type ClientMessageType,
  type ParsedClientMessage,
  type Role,
  type ServerMessages,
  toWire,
  WIRE_TYPES,
} from "../../shared/messages.ts";
import { TownState } from "../../shared/state.ts";
import type { Command, CommandResult } from "../world/commands.ts";
import type { TownEvent } from "../../shared/events.ts";
import { EngineHealth } from "./engineStatus.ts";
import { Interest } from "./interest.ts";
import { CROWD_SECONDS, VIEW_MESSAGE } from "../../shared/interest.ts";
import { agentDetails, type AgentDetails } from "./agentDetails.ts";
import { noSuchTown, type TownRoomMetadata } from "./metadata.ts";
import type { AgentView } from "../world/town.ts";
import type { TownHost } from "./host.ts";
import { agentState, mirror } from "./mirror.ts";
import { ClientLimits, DEFAULT_RATE_LIMITS } from "./rateLimit.ts";
import { HeldSeats } from "./heldSeats.ts";
import { batchFrames } from "./frames.ts";
import { nameRefusal } from "../../shared/text.ts";
import { gatedAddress, tokenMatches } from "../access.ts";

/** Who a client is: its role and name (checked at join) and its address (found at matchmaking). */
type Session = { role: Role; name: string; address: string };
/** What matchmaking found before the seat was reserved. */
type Admission = { address: string };

/** Seconds a matchmade seat waits for its client to connect. */
export const SEAT_RESERVATION_SECONDS = 5;

/** Seconds a dropped person's avatar waits for them when the host does not say (RECONNECT_SECONDS). */
export const DEFAULT_RECONNECT_SECONDS = 20;
/** How long after a restart's notice a page first tries to come back. */
export const RESTART_RETRY_MS = 2_000;

/** How often avatars walk between steps. */
const HUMAN_TICK_MS = 50;
/** How often the engine indicator is brought up to date. */
const ENGINE_CHECK_MS = 2_000;

/** What a handler is given with the message: who sent it. */
interface Sender {
  client: Client;
  role: Role;
  name: string;
}
type Handlers = { [K in ClientMessageType]: (m: ClientMessage<K>, from: Sender) => void };

export class TownRoom extends Room<{ state: TownState }> {
  /** The town this room runs, set by the subclass that townRoomOf() makes. */
  protected host!: TownHost;
  /** Whether it is the town of clients that name none. */
  protected primary = true;
  override state = new TownState();
  override autoDispose = false;
  override maxClients = 500;
  override seatReservationTimeout = SEAT_RESERVATION_SECONDS;
  private stepTimer?: { clear(): void };
  private stepping = false;
  private limits!: ClientLimits;
  private readonly engineHealth = new EngineHealth();
  /** Which avatars each client is sent (interest.ts). */
  private interest!: Interest<Client>;
  /** Dropped people's seats, held for their reconnection (heldSeats.ts). */
  private readonly held = new HeldSeats(this);

  // Every client message of the registry is declared here so the SDK types room.send(); each
  // is validated by handle() itself, because Colyseus's own validation disconnects the client
  // instead of answering with an error.
  override messages = {
    ...(Object.fromEntries(
      (Object.keys(ClientMessages) as ClientMessageType[]).map((type) => [
        type,
        (client: Client, m: unknown) => this.handle(client, type, m),
      ]),
    ) as { [K in ClientMessageType]: (client: Client, m: ClientMessage<K>) => void }),
    // The camera report is not a Town command: it only shapes what the client is sent.
    [VIEW_MESSAGE]: (client: Client, m: unknown) => this.view(client, m),
  };

  /** What each client message does, once it is valid and its sender may send it. */
  private readonly handlers: Handlers = {
    move: (m, { client }) =>
      this.command(
        { kind: "moveAvatar", avatarId: client.sessionId, x: m.x, y: m.y },
        client,
        "move",
      ),
    say: (m, { client }) =>
      this.command(
        { kind: "say", avatarId: client.sessionId, agentId: m.agentId, text: m.text },
        client,
        "say",
      ),
    set_object_state: (m, { client, name }) =>
      this.command(
        { kind: "setObjectState", address: m.address, state: m.state, by: name },
        client,
        "set_object_state",
      ),
    interview: (m, { client, name, role }) =>
      this.command(
        {
          kind: "interview",
          avatarId: client.sessionId,
          agentId: m.agentId,
          question: m.question,
          interviewer: `${name} (a ${role})`,
          offTheRecord: m.offTheRecord ?? false,
        },
        client,
        "interview",
      ),
    whisper: (m, { client, name }) =>
      this.command(
        { kind: "whisper", avatarId: client.sessionId, agentId: m.agentId, text: m.text, by: name },
        client,
        "whisper",
      ),
    announce: (m, { client, name }) =>
      this.command(
        { kind: "announce", text: m.text, place: m.place ?? "", by: name },
        client,
        "announce",
      ),
    add_resident: (m, { client, name }) =>
      this.command({ kind: "addResident", by: name, ...m }, client, "add_resident"),
    edit_resident: (m, { client, name }) =>
      this.command(
        { kind: "editResident", by: name, agentId: m.agentId, changes: m.changes },
        client,
        "edit_resident",
      ),
    retire_resident: (m, { client, name }) =>
      this.command(
        { kind: "retireResident", by: name, agentId: m.agentId },
        client,
        "retire_resident",
      ),
    control: (m, { name }) => {
      if (m.action === "pause") this.state.clock.running = false;
      if (m.action === "resume") this.state.clock.running = true;
      if (m.action === "speed") this.state.clock.speed = m.value!;
      this.scheduleSteps();
      this.host.record?.([
        {
          kind: "moderated",
          by: name,
          action: m.action,
          ...(m.action === "speed" ? { value: m.value } : {}),
        },
      ]);
    },
  };

  override onCreate(): void {
    const { town, name, engine, stepsPerSecond } = this.host;
    // What other processes and the join dialog list this room by (matchmaking filters on `town`).
    void this.setMetadata({
      town: name,
      template: town.template,
      residents: town.agentViews().length,
      primary: this.primary ? 1 : 0,
    } satisfies TownRoomMetadata);
    this.limits = new ClientLimits(
      this.host.rateLimits ?? DEFAULT_RATE_LIMITS,
      this.host.addressRateShare,
    );
    this.limitReservations();
    this.state.template = town.template;
    this.state.name = name;
    this.state.engine = engine;
    this.state.engineStatus = engine === "offline" ? "offline" : "ok";
    this.checkEngine();
    this.state.clock.step = town.step;
    this.state.clock.time = town.time;
    this.state.clock.running = true;
    this.state.clock.speed = stepsPerSecond;
    for (const a of town.agentViews()) this.state.agents.set(a.id, agentState(a));
    this.interest = new Interest<Client>(this.state, town.map);
    // The minimap's coarse picture of where residents are, where each client is sent only those
    // near its camera (a large town).
    this.state.crowd = this.interest.residentsByArea ? this.interest.crowd() : "";
    if (this.interest.residentsByArea)
      this.clock.setInterval(
        () => (this.state.crowd = this.interest.crowd()),
        CROWD_SECONDS * 1000,
      );
    mirror(
      this.state,
      town.objectStates().map((o) => ({ kind: "objectChanged" as const, ...o })),
      { inUseByArea: this.interest.residentsByArea },
    );
    this.onMessage("*", (client: Client, type: string | number, payload: unknown) =>
      this.handle(client, String(type), payload),
    );
    this.setSimulationInterval((dt) => this.between(this.host.town.tickHumans(dt)), HUMAN_TICK_MS);
    // Residents' answers to people are said as they come, not at the next tick.
    town.onAnswer(() => this.between(town.takeAnswers()));
    this.clock.setInterval(() => this.checkEngine(), ENGINE_CHECK_MS);
    this.scheduleSteps();
  }

  /**
   * Admits a joining client (its seat is reserved already): valid options, the role's token, and
   * a name that is not a resident's or another present person's. Throwing refuses the join with
   * the message.
   */
  private admit(options: unknown, admission: Admission | undefined): Session {
    const { name, role, token } = parseJoinOptions(options);
    if (role === "moderator") {
      if (!this.host.moderatorToken)
        throw new ServerError(
          403,
          "this server has no moderator token set, so nobody can join as moderator",
        );
      if (!tokenMatches(token, this.host.moderatorToken))
        throw new ServerError(403, "wrong moderator token");
    }
    if (
      role === "reporter" &&
      this.host.reporterToken &&
      !tokenMatches(token, this.host.reporterToken)
    ) {
      throw new ServerError(
        403,
        token
          ? "wrong reporter token"
          : "this server asks reporters for a token: enter the reporter token",
      );
    }
    const people = [...this.state.avatars.values()].map((a) => a.name);
    const refused = nameRefusal(
      name,
      this.host.town.agentViews().map((a) => a.name),
      people,
    );
    if (refused) throw new ServerError(409, refused);
    return { role, name, address: admission?.address ?? "unknown" };
  }

  /**
   * Why a seat may not be reserved now for a client from `address`, or null: the town is full,
   * or too many seats wait (reserved, not yet joined) from that address or in all. Asked by
   * matchmaking (matchMaker.remoteRoomCall, so from any process) before it reserves a seat.
   */
  seatRefusal(address: string): string | null {
    const limits = this.host.seats ?? { perAddress: Infinity, perTown: Infinity };
    if (this.hasReachedMaxClients())
      return `town "${this.host.name}" is full (${this.maxClients} people): try again later`;
    const waiting = Object.values(
      (
        this as unknown as {
          _reservedSeats: Record<string, [unknown, Admission | undefined, boolean, boolean]>;
        }
      )._reservedSeats,
    ).filter((r) => !r[2] && !r[3]);
    if (waiting.length >= limits.perTown)
      return `town "${this.host.name}" has too many people joining at once: try again in a few seconds`;
    if (waiting.filter((r) => r[1]?.address === address).length >= limits.perAddress)
      return `too many joins are waiting from your address: finish joining, or try again in ${this.seatReservationTimeout} seconds`;
    return null;
  }

  /**
   * Matchmaking's reservations refused past the seat limits: a backstop for joins that raced the
   * check of onAuth (its retry then meets the check, which names the reason). Colyseus's
   * _reserveSeat is private, hence the wrapper on the instance.
   */
  private limitReservations(): void {
    type Reserve = (
      sessionId: string,
      options: unknown,
      auth: Admission | undefined,
      seconds?: number,
      reconnection?: boolean,
      ...rest: unknown[]
    ) => Promise<boolean>;
    const room = this as unknown as { _reserveSeat: Reserve };
    const reserve = room._reserveSeat.bind(this);
    room._reserveSeat = (sessionId, options, auth, seconds, reconnection, ...rest) =>
      !reconnection && auth && this.seatRefusal(auth.address)
        ? Promise.resolve(false)
        : reserve(sessionId, options, auth, seconds, reconnection, ...rest);
  }

  override onJoin(client: Client, options: unknown, auth?: Admission): void {
    const session = this.admit(options, auth);
    client.auth = session;
    this.held.joined(client);
    this.command(
      { kind: "joinAvatar", avatarId: client.sessionId, name: session.name, role: session.role },
      client,
    );
    this.watch(client);
    client.send("welcome", {
      avatarId: client.sessionId,
      role: session.role,
      engine: this.host.engine,
    } satisfies ServerMessages["welcome"]);
  }

  /**
   * A connection that closed without the person leaving (Wi-Fi, a laptop lid): their avatar, seat
   * and talks wait RECONNECT_SECONDS for the same session to come back, marked away meanwhile.
   * Colyseus calls onLeave when the wait runs out (or the room is disposed).
   */
  override onDrop(client: Client): void {
    const seconds = this.host.reconnectSeconds ?? DEFAULT_RECONNECT_SECONDS;
    if (seconds <= 0 || !this.state.avatars.has(client.sessionId)) return;
    // The Town's rule of "away" (world/town/presence.ts): the avatar waits, residents do not turn to
    // them, their talk is paused.
    this.command({ kind: "avatarAway", avatarId: client.sessionId, away: true });
    // A refusal (the room is closing) or the time running out ends in onLeave; nothing to do here.
    this.held.hold(client, seconds).then(undefined, () => undefined);
  }

  /** The dropped person is back: the avatar is no longer away, and the talk they are in is sent again. */
  override onReconnect(client: Client): void {
    batchFrames(client);
    this.held.reconnected(client);
    this.command({ kind: "avatarAway", avatarId: client.sessionId, away: false });
    this.interest.rejoin(client);
    for (const pair of this.host.town.chatsWithPeople())
      if (pair.avatarId === client.sessionId)
        this.sendMembers(pair.chat, { catchUp: client.sessionId });
  }

  override onLeave(client: Client): void {
    this.held.left(client);
    this.limits.leave(client.sessionId);
    this.interest.leave(client.sessionId);
    this.command({ kind: "leaveAvatar", avatarId: client.sessionId });
  }

  /** Every patch: the clients' views follow the avatars that moved since the last one. */
  override onBeforePatch(): void {
    this.interest.update();
  }

  /**
   * Speech goes to the clients that see the speaker or whom it is said to (interest.ts), the
   * person it is said to always: nobody else could show it.
   */
  private tell<K extends "agent_said" | "avatar_said">(
    type: K,
    message: ServerMessages[K],
    avatars: string[],
    residents: string[],
  ): void {
    const tiles = [];
    for (const id of residents) {
      const r = this.state.agents.get(id);
      if (r) tiles.push({ x: r.x, y: r.y });
    }
    const audience = this.interest.audience(avatars, tiles);
    if (audience.length === 0) return;
    // Encoded once for all who hear it (client.send would pack it again for each), compactly
    // (shared/messages.ts, toWire).
    const frame = getMessageBytes.raw(
      Protocol.ROOM_DATA,
      WIRE_TYPES[type],
      toWire(type, message, (id) => this.state.avatars.get(id)?.seat),
    );
    for (const client of audience) client.enqueueRaw(frame);
  }

  /** Gives a joining client its view (its own avatar and those near it) before its first state. */
  private watch(client: Client): void {
    batchFrames(client);
    if (this.state.avatars.has(client.sessionId)) this.interest.join(client, client.sessionId);
  }

  /** A client's camera report (shared/interest.ts), rate-limited like any message. */
  private view(client: Client, payload: unknown): void {
    if (this.rateLimited(client, VIEW_MESSAGE)) return;
    const error = this.interest.camera(client.sessionId, payload);
    if (error) this.refuse(client, { code: "bad_message", type: VIEW_MESSAGE, message: error });
  }

  /**
   * A shutdown tells people why before their connection closes (then onDispose saves): the server
   * is restarting, and their pages come back by themselves when it answers again.
   */
  override onBeforeShutdown(): void {
    this.broadcast("server_closing", {
      reason: "The server is restarting; the town is being saved. You will be back in a moment.",
      restarting: true,
      retryMs: RESTART_RETRY_MS,
    } satisfies ServerMessages["server_closing"]);
    // The close follows a moment later, so the message goes out before the close frame.
    setTimeout(() => super.onBeforeShutdown(), 100);
  }

  override async onDispose(): Promise<void> {
    this.stepTimer?.clear();
    // (A step still under way would move the town past what is saved: it finishes first.)
    await this.stepDone;
    this.host?.town.onAnswer(undefined);
    // A room refused at creation (no such town here) has nothing to save.
    await this.host?.save();
  }

  /** For GET /api/agents on another process (matchMaker.remoteRoomCall): the residents now. */
  agentList(): AgentView[] {
    return this.host.town.agentViews();
  }

  /** For GET /api/agents/:id on another process (matchMaker.remoteRoomCall). */
  agentDetails(id: string, limit: number): Promise<AgentDetails | null> {
    return agentDetails(
      this.host,
      String(id),
      Math.max(0, Math.min(500, Math.floor(Number(limit) || 0))),
    );
  }

  /**
   * A Town command from the HTTP API (POST /api/towns/:town/announcements, ...; through
   * matchMaker.remoteRoomCall from any process): applied, shown and recorded like a client's.
   */
  apiCommand(cmd: Command): CommandResult {
    const result = this.host.town.apply(cmd);
    if (result.ok) this.between(result.events);
    return result;
  }

  private handle(client: Client, type: string, payload: unknown): void {
    try {
      this.dispatch(client, type, payload);
    } catch (err) {
      // A bug of ours must not take the server down with the client's message.
      this.host.log.error({ err, type: type.slice(0, 40) }, "message handler failed");
      this.refuse(client, {
        code: "unavailable",
        message: "the server could not handle that message",
      });
    }
  }

  private dispatch(client: Client, type: string, payload: unknown): void {
    if (this.rateLimited(client, type)) return;
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return this.refuse(client, parsed.error);
    const session = client.auth as Session | undefined;
    const from: Sender = {
      client,
      role: session?.role ?? "visitor",
      name: session?.name ?? "someone",
    };
    const spec: ClientMessageSpec = ClientMessages[parsed.type];
    if (!spec.roles.includes(from.role))
      return this.refuse(client, {
        code: "forbidden",
        type: parsed.type,
        message: `a ${from.role} cannot ${spec.refusal}`,
      });
    this.run(parsed, from);
  }

  private run<K extends ClientMessageType>(m: ParsedClientMessage<K>, from: Sender): void {
    (this.handlers[m.type] as (value: ClientMessage<K>, from: Sender) => void)(m.value, from);
  }

  /** Takes a message from the client's budget; when it is spent, answers rate_limited and says true. */
  private rateLimited(client: Client, type: string): boolean {
    const wait = this.limits.take(
      client.sessionId,
      (client.auth as Session | undefined)?.address ?? "unknown",
      type,
    );
    if (wait === 0) return false;
    const known = Object.hasOwn(DEFAULT_RATE_LIMITS, type) && type !== "other" ? type : undefined;
    this.refuse(client, {
      code: "rate_limited",
      ...(known ? { type: known } : {}),
      message: `too many messages: wait ${wait.toFixed(1)} s`,
    });
    return true;
  }

  private command(cmd: Command, client?: Client, type?: string): void {
    const result = this.host.town.apply(cmd);
    if (!result.ok) {
      if (client)
        this.refuse(client, {
          code: result.code,
          message: result.message,
          ...(type ? { type } : {}),
        });
      return;
    }
    this.between(result.events);
    for (const b of result.broadcast ?? []) this.broadcast(b.type, b.message);
  }

  /** Events between steps: shown to clients and recorded for replays. */
  private between(events: TownEvent[]): void {
    if (events.length === 0) return;
    this.publish(events);
    this.host.record?.(events);
  }

  /** Mirrors events into the state and sends what is said, and answers to people who asked, as messages. */
  private publish(events: readonly TownEvent[]): void {
    mirror(this.state, events, { inUseByArea: this.interest.residentsByArea });
    for (const e of events) {
      // A line of a group talk reaches every person in it, besides those who see it said.
      if (e.kind === "said")
        this.tell(
          "agent_said",
          { agentId: e.speaker, to: e.listener, text: e.text, ...(e.chat ? { chat: e.chat } : {}) },
          [e.listener, ...this.peopleIn(e.chat)],
          [e.speaker, e.listener],
        );
      else if (e.kind === "avatarSaid")
        this.tell(
          "avatar_said",
          {
            avatarId: e.avatarId,
            to: e.agentId,
            text: e.text,
            ...(e.chat ? { chat: e.chat } : {}),
          },
          [e.avatarId, ...this.peopleIn(e.chat)],
          [e.agentId],
        );
      else if (e.kind === "chatEnded")
        this.clients.getById(e.avatarId)?.send("chat_ended", {
          agentId: e.agentId,
          avatarId: e.avatarId,
        } satisfies ServerMessages["chat_ended"]);
      else if (e.kind === "chatJoined" || e.kind === "chatLeft")
        this.sendMembers(e.chat, e.kind === "chatLeft" ? { leaver: e.id } : { catchUp: e.id });
      else if (e.kind === "interviewed" || e.kind === "moderated" || e.kind === "unanswered")
        this.answer(e);
    }
  }

  /** The answer to an interview or a whisper, to the person who asked (if still here). */
  private answer(
    e: Extract<TownEvent, { kind: "interviewed" | "moderated" | "unanswered" }>,
  ): void {
    const client = e.avatarId ? this.clients.getById(e.avatarId) : undefined;
    if (!client) return;
    if (e.kind === "interviewed") {
      client.send("interview_answer", {
        agentId: e.agentId,
        question: e.question,
        answer: e.answer,
        offTheRecord: e.offTheRecord ?? false,
      } satisfies ServerMessages["interview_answer"]);
    } else if (e.kind === "moderated") {
      if (e.action === "whisper")
        client.send("whisper_done", {
          agentId: e.agentId ?? "",
          thought: e.thought ?? "",
        } satisfies ServerMessages["whisper_done"]);
    } else {
      const name = this.host.town.persona(e.agentId)?.name ?? e.agentId;
      this.host.log.warn(
        { err: this.host.town.mindErrors.at(-1)?.error, agentId: e.agentId },
        `${e.asked} not answered`,
      );
      this.refuse(client, {
        code: "unavailable",
        type: e.asked,
        message:
          e.asked === "interview"
            ? `${name} cannot answer right now`
            : `${name} cannot hear the whisper right now`,
      });
    }
  }

  /** Avatar ids of the people in a group talk now. */
  private peopleIn(chat: string | undefined): string[] {
    return chat
      ? this.host.town
          .chatMembers(chat)
          .filter((m) => m.kind === "avatar")
          .map((m) => m.id)
      : [];
  }

  /**
   * Who is in a group talk, to each person in it (and to one who just left it). The talk's latest
   * lines go only to the person who just joined it (or came back): the others have them shown
   * already, and in a crowded talk resending them on every arrival was most of what a member read.
   */
  private sendMembers(chat: string, who: { leaver?: string; catchUp?: string }): void {
    const members = this.host.town.chatMembers(chat);
    const message: ServerMessages["chat_members"] = { chat, members, lines: [] };
    const to = new Set(members.filter((m) => m.kind === "avatar").map((m) => m.id));
    if (who.leaver && this.state.avatars.has(who.leaver)) to.add(who.leaver);
    const catchUp =
      who.catchUp && to.has(who.catchUp)
        ? { ...message, lines: this.host.town.chatLines(chat) }
        : undefined;
    for (const id of to) {
      const client = this.clients.getById(id);
      if (client) client.send("chat_members", id === who.catchUp && catchUp ? catchUp : message);
    }
  }

  private checkEngine(): void {
    try {
      const status = this.engineHealth.sample(this.host.gateway.metrics(), Date.now());
      this.state.engineStatus =
        status !== "offline" && this.host.budget?.exhausted() ? "budget" : status;
    } catch (err) {
      this.host.log.warn({ err }, "cannot read the engine's metrics");
    }
  }

  private refuse(client: Client, error: ServerMessages["error"]): void {
    client.send("error", error);
  }

  /** (Re)starts the live step clock at the current speed; paused towns do not step. */
  private scheduleSteps(): void {
    this.stepTimer?.clear();
    this.stepTimer = undefined;
    if (!this.state.clock.running) return;
    this.stepTimer = this.clock.setInterval(
      () => void this.stepOnce(),
      1000 / this.state.clock.speed,
    );
  }

  /** The step under way (resolved when none is): a room disposed mid-step saves after it. */
  private stepDone: Promise<void> = Promise.resolve();

  private stepOnce(): Promise<void> {
    // A step whose minds are slow must not overlap the next one; that tick is simply skipped.
    if (this.stepping) return this.stepDone;
    this.stepDone = this.runStep();
    return this.stepDone;
  }

  private async runStep(): Promise<void> {
    this.stepping = true;
    let events: TownEvent[] = [];
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    try {
      events = await this.host.town.advance();
      const cpu = process.cpuUsage(cpu0);
      this.host.stepTimed?.(performance.now() - t0, (cpu.user + cpu.system) / 1000);
      this.publish(events);
    } catch (e) {
      this.host.log.error({ err: e }, "step failed");
    } finally {
      this.stepping = false;
    }
    await this.host.afterStep(events);
  }
}

/**
 * The room class of the towns hosted here: a room is created with `{ town }` (no town: the
 * default one) and runs that town; a town not hosted here is refused.
 */
export function townRoomOf(towns: {
  primary: string;
  host(town?: string): TownHost | undefined;
  roomOf?(town: string): Promise<{ roomId: string } | undefined>;
}): typeof TownRoom {
  return class HostedTownRoom extends TownRoom {
    /**
     * Matchmaking (POST /matchmake/...), before any seat is reserved: the options must be valid,
     * a client naming no town is sent to the default one (never another), and the town's room
     * must have a seat for this address (seatRefusal). The address the HTTP gate found travels
     * with the seat to the join.
     */
    static override async onAuth(
      _token: string,
      options: unknown,
      context: AuthContext,
    ): Promise<Admission> {
      parseJoinOptions(options);
      const town = townOption(options) ?? towns.primary;
      // The filter matchmaking finds the room by (filterBy(["town"])): always a town.
      if (options && typeof options === "object") (options as { town?: string }).town = town;
      const address = gatedAddress(context?.headers);
      const room = await towns.roomOf?.(town);
      if (room) {
        const refused = (await matchMaker
          .remoteRoomCall<TownRoom>(room.roomId, "seatRefusal", [address])
          .catch(() => null)) as string | null;
        if (refused)
          throw new ServerError(refused.startsWith("too many joins") ? 429 : 503, refused);
      }
      return { address };
    }

    override onCreate(options?: { town?: unknown }): void {
      const name = townOption(options) ?? towns.primary;
      const host = towns.host(name);
      if (!host) throw noSuchTown(name); // served here, but not opened (yet)
      this.host = host;
      this.primary = name === towns.primary;
      super.onCreate();
    }
  };
}

/** Join options, validated; throws the refusal a joining client is shown. */
function parseJoinOptions(options: unknown): JoinOptions {
  const parsed = JoinOptions.safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ServerError(
      400,
      `cannot join: ${issue.path.join(".") || "options"}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** The town that join or create options name, if they name one. */
export function townOption(options: unknown): string | undefined {
  const town = (options as { town?: unknown } | undefined)?.town;
  return typeof town === "string" ? town : undefined;
}
