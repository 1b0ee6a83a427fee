// The room `town`: an adapter between Colyseus and one Town. It runs the Town's step clock,
// mirrors the Town's events into the schema state, and turns validated client messages into
// Town commands. It holds no game rules of its own (DESIGN.md, "The shape").
import { Room, ServerError, type Client } from "@colyseus/core";
import { JoinOptions, parseClientMessage, type ClientMessage, type ClientMessageType, type Role, type ServerMessages } from "../../shared/messages.ts";
import { TownState } from "../../shared/state.ts";
import type { Command } from "../world/commands.ts";
import type { TownEvent } from "../world/events.ts";
import type { TownHost } from "./host.ts";
import { agentState, mirror } from "./mirror.ts";

type Session = { role: Role; name: string };

/** How often avatars walk between steps. */
const HUMAN_TICK_MS = 50;

export class TownRoom extends Room<{ state: TownState }> {
  /** Set by the subclass that hostTownRoom() makes. */
  protected host!: TownHost;
  override state = new TownState();
  override autoDispose = false;
  override maxClients = 500;
  private stepTimer?: { clear(): void };
  private stepping = false;

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
  };

  override onCreate(): void {
    const { town, name, engine, stepsPerSecond } = this.host;
    this.state.template = town.template;
    this.state.name = name;
    this.state.engine = engine;
    this.state.clock.step = town.step;
    this.state.clock.time = town.time;
    this.state.clock.running = true;
    this.state.clock.speed = stepsPerSecond;
    for (const a of town.agentViews()) this.state.agents.set(a.id, agentState(a));
    mirror(this.state, town.objectStates().map((o) => ({ kind: "objectChanged" as const, ...o })));
    this.onMessage("*", (client: Client, type: string | number, payload: unknown) => this.handle(client, String(type), payload));
    this.setSimulationInterval((dt) => mirror(this.state, this.host.town.tickHumans(dt)), HUMAN_TICK_MS);
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
    client.send("welcome", { avatarId: client.sessionId, role: session.role, engine: this.host.engine } satisfies ServerMessages["welcome"]);
  }

  override onLeave(client: Client): void {
    this.command({ kind: "leaveAvatar", avatarId: client.sessionId });
  }

  override async onDispose(): Promise<void> {
    this.stepTimer?.clear();
    await this.host.save();
  }

  private handle(client: Client, type: string, payload: unknown): void {
    const parsed = parseClientMessage(type, payload);
    if (!parsed.ok) return this.refuse(client, parsed.error);
    const role = (client.auth as Session | undefined)?.role ?? "visitor";
    const t = parsed.type as ClientMessageType;
    switch (t) {
      case "move": {
        const m = parsed.value as ClientMessage<"move">;
        return this.command({ kind: "moveAvatar", avatarId: client.sessionId, x: m.x, y: m.y }, client, t);
      }
      case "control": {
        if (role !== "moderator") return this.refuse(client, { code: "forbidden", type: t, message: "only a moderator can control the clock" });
        const m = parsed.value as ClientMessage<"control">;
        if (m.action === "pause") this.state.clock.running = false;
        if (m.action === "resume") this.state.clock.running = true;
        if (m.action === "speed") this.state.clock.speed = m.value!;
        this.scheduleSteps();
        return;
      }
      default:
        return this.refuse(client, { code: "unavailable", type: t, message: `"${t}" is not available on this server yet` });
    }
  }

  private command(cmd: Command, client?: Client, type?: string): void {
    const result = this.host.town.apply(cmd);
    if (!result.ok) {
      if (client) this.refuse(client, { code: result.code, message: result.message, type });
      return;
    }
    mirror(this.state, result.events);
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
      mirror(this.state, events);
      for (const e of events) {
        if (e.kind === "said") this.broadcast("agent_said", { agentId: e.speaker, to: e.listener, text: e.text } satisfies ServerMessages["agent_said"]);
      }
    } catch (e) {
      this.host.log.error({ err: e }, "step failed");
    } finally {
      this.stepping = false;
    }
    await this.host.afterStep(events);
  }
}

/** A TownRoom class bound to one hosted town. */
export function hostTownRoom(host: TownHost): typeof TownRoom {
  return class HostedTownRoom extends TownRoom {
    protected override host = host;
  };
}
