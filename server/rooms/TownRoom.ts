// The room `town`: an adapter between Colyseus and one Town. It runs the Town's step clock,
// mirrors the Town's events into the schema state, and turns validated client messages into
// Town commands. It holds no game rules of its own (DESIGN.md, "The shape").
import { Room, ServerError, type Client } from "@colyseus/core";
import { JoinOptions, parseClientMessage, type ClientMessage, type ClientMessageType, type Role, type ServerMessages } from "../../shared/messages.ts";
import { TownState } from "../../shared/state.ts";
import type { Command } from "../world/commands.ts";
import type { TownEvent } from "../world/events.ts";
import { EngineHealth } from "./engineStatus.ts";
import { Interest } from "./interest.ts";
import { VIEW_MESSAGE } from "../../shared/interest.ts";
import { agentDetails, type AgentDetails } from "../hosting/agentDetails.ts";
import { noSuchTown, type TownRoomMetadata } from "../hosting/towns.ts";
import type { AgentView } from "../world/town.ts";
import type { TownHost } from "./host.ts";
import { agentState, mirror } from "./mirror.ts";
import { DEFAULT_RATE_LIMITS, RateLimiter } from "./rateLimit.ts";

type Session = { role: Role; name: string };

/** How often avatars walk between steps. */
const HUMAN_TICK_MS = 50;
/** How often the engine indicator is brought up to date. */
const ENGINE_CHECK_MS = 2_000;

/** Who may send what (DESIGN.md, "Protocol"). Moderators may interview too: they run the town. */
const ALLOWED: Record<ClientMessageType, readonly Role[]> = {
  move: ["visitor", "reporter", "moderator"],
  say: ["visitor", "reporter", "moderator"],
  interview: ["reporter", "moderator"],
  set_object_state: ["moderator"],
  whisper: ["moderator"],
  control: ["moderator"],
};
const WHAT: Record<ClientMessageType, string> = {
  move: "walk",
  say: "talk to residents",
  interview: "interview residents (reporters do)",
  set_object_state: "change objects (moderators do)",
  whisper: "whisper to residents (moderators do)",
  control: "control the clock (moderators do)",
};

export class TownRoom extends Room<{ state: TownState }> {
  /** The town this room runs, set by the subclass that townRoomOf() makes. */
  protected host!: TownHost;
  /** Whether it is the town of clients that name none. */
  protected primary = true;
  override state = new TownState();
  override autoDispose = false;
  override maxClients = 500;
  private stepTimer?: { clear(): void };
  private stepping = false;
  private readonly limiters = new Map<string, RateLimiter>();
  private readonly engineHealth = new EngineHealth();
  /** Which avatars each client is sent (interest.ts). */
  private interest!: Interest<Client>;

  // Every client message is declared here so the SDK types room.send(); each handler validates
  // the payload itself, because Colyseus's own validation disconnects the client instead of
  // answering with an error.
  override messages = {
    move: (client: Client, m: ClientMessage<"move">) => this.handle(client, "move", m),
    say: (client: Client, m: ClientMessage<"say">) => this.handle(client, "say", m),
    interview: (client: Client, m: ClientMessage<"interview">) => this.handle(client, "interview", m),
    set_object_state: (client: Client, m: ClientMessage<"set_object_state">) => this.handle(client, "set_object_state", m),
    whisper: (client: Client, m: ClientMessage<"whisper">) => this.handle(client, "whisper", m),
    control: (client: Client, m: ClientMessage<"control">) => this.handle(client, "control", m),
    // The camera report is not a Town command: it only shapes what the client is sent.
    [VIEW_MESSAGE]: (client: Client, m: unknown) => this.view(client, m),
  };

  override onCreate(): void {
    const { town, name, engine, stepsPerSecond } = this.host;
    // What other processes and the join dialog list this room by (matchmaking filters on `town`).
    this.setMetadata({ town: name, template: town.template, residents: town.agentViews().length, primary: this.primary ? 1 : 0 } satisfies TownRoomMetadata);
    this.interest = new Interest<Client>(this.state, town.map);
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
    mirror(this.state, town.objectStates().map((o) => ({ kind: "objectChanged" as const, ...o })));
    this.onMessage("*", (client: Client, type: string | number, payload: unknown) => this.handle(client, String(type), payload));
    this.setSimulationInterval((dt) => this.between(this.host.town.tickHumans(dt)), HUMAN_TICK_MS);
    this.clock.setInterval(() => this.checkEngine(), ENGINE_CHECK_MS);
    this.scheduleSteps();
  }

  override onAuth(_client: Client, options: unknown): Session {
    const parsed = JoinOptions.safeParse(options ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ServerError(400, `cannot join: ${issue.path.join(".") || "options"}: ${issue.message}`);
    }
    const { name, role, token } = parsed.data;
    if (role === "moderator") {
      if (!this.host.moderatorToken) throw new ServerError(403, "this server has no moderator token set, so nobody can join as moderator");
      if (token !== this.host.moderatorToken) throw new ServerError(403, "wrong moderator token");
    }
    return { role, name };
  }

  override onJoin(client: Client, _options: unknown, auth: Session): void {
    const session = auth ?? (client.auth as Session);
    this.command({ kind: "joinAvatar", avatarId: client.sessionId, name: session.name, role: session.role }, client);
    this.watch(client);
    client.send("welcome", { avatarId: client.sessionId, role: session.role, engine: this.host.engine } satisfies ServerMessages["welcome"]);
  }

  override onLeave(client: Client): void {
    this.limiters.delete(client.sessionId);
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
  private tell<K extends "agent_said" | "avatar_said" | "chat_ended">(type: K, message: ServerMessages[K], avatars: string[], residents: string[]): void {
    const tiles = [];
    for (const id of residents) {
      const r = this.state.agents.get(id);
      if (r) tiles.push({ x: r.x, y: r.y });
    }
    for (const client of this.interest.audience(avatars, tiles)) client.send(type, message);
  }

  /** Gives a joining client its view (its own avatar and those near it) before its first state. */
  private watch(client: Client): void {
    if (this.state.avatars.has(client.sessionId)) this.interest.join(client, client.sessionId);
  }

  /** A client's camera report (shared/interest.ts), rate-limited like any message. */
  private view(client: Client, payload: unknown): void {
    if (this.rateLimited(client, VIEW_MESSAGE)) return;
    const error = this.interest.camera(client.sessionId, payload);
    if (error) this.refuse(client, { code: "bad_message", type: VIEW_MESSAGE, message: error });
  }

  /** A shutdown tells people why before their connection closes (then onDispose saves). */
  override onBeforeShutdown(): void {
    this.broadcast("server_closing", { reason: "The server is shutting down; the town is being saved. Reload in a moment to come back." } satisfies ServerMessages["server_closing"]);
    // The close follows a moment later, so the message goes out before the close frame.
    setTimeout(() => super.onBeforeShutdown(), 100);
  }

  override async onDispose(): Promise<void> {
    this.stepTimer?.clear();
    // A room refused at creation (no such town here) has nothing to save.
    await this.host?.save();
  }

  /** For GET /api/agents on another process (matchMaker.remoteRoomCall): the residents now. */
  agentList(): AgentView[] {
    return this.host.town.agentViews();
  }

  /** For GET /api/agents/:id on another process (matchMaker.remoteRoomCall). */
  agentDetails(id: string, limit: number): AgentDetails | null {
    return agentDetails(this.host, String(id), Math.max(0, Math.min(500, Math.floor(Number(limit) || 0))));
  }

  private handle(client: Client, type: string, payload: unknown): void {
    try {
      this.dispatch(client, type, payload);
    } catch (err) {
      // A bug of ours must not take the server down with the client's message.
      this.host.log.error({ err, type: type.slice(0, 40) }, "message handler failed");
      this.refuse(client, { code: "unavailable", message: "the server could not handle that message" });
    }
  }

  private dispatch(client: Client, type: string, payload: unknown): void {
    if (this.rateLimited(client, type)) return;
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return this.refuse(client, parsed.error);
    const session = client.auth as Session | undefined;
    const role = session?.role ?? "visitor";
    const name = session?.name ?? "someone";
    const t = parsed.type;
    if (!ALLOWED[t].includes(role)) return this.refuse(client, { code: "forbidden", type: t, message: `a ${role} cannot ${WHAT[t]}` });
    switch (t) {
      case "move": {
        const m = parsed.value as ClientMessage<"move">;
        return this.command({ kind: "moveAvatar", avatarId: client.sessionId, x: m.x, y: m.y }, client, t);
      }
      case "say": {
        const m = parsed.value as ClientMessage<"say">;
        return this.command({ kind: "say", avatarId: client.sessionId, agentId: m.agentId, text: m.text }, client, t);
      }
      case "set_object_state": {
        const m = parsed.value as ClientMessage<"set_object_state">;
        return this.command({ kind: "setObjectState", address: m.address, state: m.state, by: name }, client, t);
      }
      case "interview":
        return void this.interview(client, `${name} (a ${role})`, parsed.value as ClientMessage<"interview">);
      case "whisper":
        return void this.whisper(client, name, parsed.value as ClientMessage<"whisper">);
      case "control": {
        const m = parsed.value as ClientMessage<"control">;
        if (m.action === "pause") this.state.clock.running = false;
        if (m.action === "resume") this.state.clock.running = true;
        if (m.action === "speed") this.state.clock.speed = m.value!;
        this.scheduleSteps();
        this.host.record?.([{ kind: "moderated", by: name, action: m.action, ...(m.action === "speed" ? { value: m.value } : {}) }]);
        return;
      }
    }
  }

  /** Takes a message from the client's budget; when it is spent, answers rate_limited and says true. */
  private rateLimited(client: Client, type: string): boolean {
    const limiter = this.limiters.get(client.sessionId) ?? this.limiterFor(client);
    if (limiter.take(type)) return false;
    const known = Object.hasOwn(DEFAULT_RATE_LIMITS, type) && type !== "other" ? type : undefined;
    this.refuse(client, { code: "rate_limited", ...(known ? { type: known } : {}), message: `too many messages: wait ${limiter.wait(type).toFixed(1)} s` });
    return true;
  }

  private limiterFor(client: Client): RateLimiter {
    const l = new RateLimiter(this.host.rateLimits ?? DEFAULT_RATE_LIMITS);
    this.limiters.set(client.sessionId, l);
    return l;
  }

  /** A reporter's question, answered from the resident's memories (off the record: nothing written). */
  private async interview(client: Client, interviewer: string, m: ClientMessage<"interview">): Promise<void> {
    const persona = this.host.town.persona(m.agentId);
    if (!persona) return this.refuse(client, { code: "not_found", type: "interview", message: `no resident "${m.agentId}"` });
    const offTheRecord = m.offTheRecord ?? false;
    try {
      const answer = await this.host.mind.interview(m.agentId, m.question, { offTheRecord, interviewer, now: this.host.town.time });
      client.send("interview_answer", { agentId: m.agentId, question: m.question, answer, offTheRecord } satisfies ServerMessages["interview_answer"]);
      if (!offTheRecord) this.host.record?.([{ kind: "interviewed", by: interviewer, agentId: m.agentId, question: m.question, answer }]);
    } catch (err) {
      this.host.log.error({ err, agentId: m.agentId }, "interview failed");
      this.refuse(client, { code: "unavailable", type: "interview", message: `${persona.name} cannot answer right now` });
    }
  }

  /** A moderator's inner voice: the resident remembers it as its own thought. */
  private async whisper(client: Client, by: string, m: ClientMessage<"whisper">): Promise<void> {
    const persona = this.host.town.persona(m.agentId);
    if (!persona) return this.refuse(client, { code: "not_found", type: "whisper", message: `no resident "${m.agentId}"` });
    try {
      const thoughts = await this.host.mind.whisper(m.agentId, m.text, this.host.town.time);
      client.send("whisper_done", { agentId: m.agentId, thought: thoughts.join(" ") } satisfies ServerMessages["whisper_done"]);
      this.host.record?.([{ kind: "moderated", by, action: "whisper", agentId: m.agentId, text: m.text }]);
    } catch (err) {
      this.host.log.error({ err, agentId: m.agentId }, "whisper failed");
      this.refuse(client, { code: "unavailable", type: "whisper", message: `${persona.name} cannot hear the whisper right now` });
    }
  }

  private command(cmd: Command, client?: Client, type?: string): void {
    const result = this.host.town.apply(cmd);
    if (!result.ok) {
      if (client) this.refuse(client, { code: result.code, message: result.message, ...(type ? { type } : {}) });
      return;
    }
    this.between(result.events);
    if (cmd.kind === "setObjectState") {
      for (const e of result.events) {
        if (e.kind === "objectChanged") this.broadcast("object_state_set", { address: e.address, state: e.state, by: e.by } satisfies ServerMessages["object_state_set"]);
      }
    }
  }

  /** Events between steps: shown to clients and recorded for replays. */
  private between(events: TownEvent[]): void {
    if (events.length === 0) return;
    this.publish(events);
    this.host.record?.(events);
  }

  /** Mirrors events into the state and sends what is said as messages. */
  private publish(events: readonly TownEvent[]): void {
    mirror(this.state, events);
    for (const e of events) {
      if (e.kind === "said") this.tell("agent_said", { agentId: e.speaker, to: e.listener, text: e.text }, [e.listener], [e.speaker, e.listener]);
      else if (e.kind === "avatarSaid") this.tell("avatar_said", { avatarId: e.avatarId, name: e.name, to: e.agentId, text: e.text }, [e.avatarId], [e.agentId]);
      else if (e.kind === "chatEnded") this.tell("chat_ended", { agentId: e.agentId, avatarId: e.avatarId }, [e.avatarId], [e.agentId]);
    }
  }

  private checkEngine(): void {
    try {
      this.state.engineStatus = this.engineHealth.sample(this.host.gateway.metrics(), Date.now());
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
    this.stepTimer = this.clock.setInterval(() => void this.stepOnce(), 1000 / this.state.clock.speed);
  }

  private async stepOnce(): Promise<void> {
    // A step whose minds are slow must not overlap the next one; that tick is simply skipped.
    if (this.stepping) return;
    this.stepping = true;
    let events: TownEvent[] = [];
    try {
      events = await this.host.town.advance();
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
export function townRoomOf(towns: { primary: string; host(town?: string): TownHost | undefined }): typeof TownRoom {
  return class HostedTownRoom extends TownRoom {
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

/** The town that join or create options name, if they name one. */
export function townOption(options: unknown): string | undefined {
  const town = (options as { town?: unknown } | undefined)?.town;
  return typeof town === "string" ? town : undefined;
}
