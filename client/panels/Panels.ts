// The panels of a live session, by role: chat and inspector for everyone, the interview panel
// for reporters, the moderator's tools for moderators. It routes the room's messages to them
// and is what the town scene calls when a resident or an object is clicked.
import { TALK_RANGE } from "../../shared/constants.ts";
import type { Role, ServerMessages } from "../../shared/messages.ts";
import { send, type TownRoom } from "../net.ts";
import { isIdle } from "../render/objectState.ts";
import { isWalkable, type TownInfo } from "../render/townInfo.ts";
import { ChatPanel } from "./ChatPanel.ts";
import { h } from "./dom.ts";
import { firstName, tileDistance } from "./format.ts";
import { Inspector } from "./Inspector.ts";
import { InterviewPanel } from "./InterviewPanel.ts";
import { ModeratorPanel } from "./ModeratorPanel.ts";
import type { Toasts } from "./Toasts.ts";
import { objectStates } from "../../shared/objectStates.ts";
import { avatarAt, doingOf } from "../../shared/state.ts";

/** Give up walking up to a resident after this long. */
const APPROACH_MS = 30_000;

export interface PanelsContext {
  room: TownRoom;
  role: Role;
  avatarId(): string;
  toasts: Toasts;
  /** The right-hand dock the inspector opens in (between who is online and the residents). */
  dockRight?: HTMLElement;
  /** The moderator's token the viewer joined with (the inspector's Mind tab reads with it). */
  token?: string;
}

export class Panels {
  readonly chat: ChatPanel;
  readonly inspector: Inspector;
  readonly interview?: InterviewPanel;
  readonly moderator?: ModeratorPanel;
  info: TownInfo | null = null;
  /** Set by the scene: the camera follows a resident ("" for one's own avatar). */
  onFollow: (id: string) => void = () => {};
  /** The resident the avatar is walking up to, to talk. */
  private approach: { id: string; since: number; goal: { x: number; y: number } | null } | null =
    null;
  private readonly room: TownRoom;

  constructor(
    parent: HTMLElement,
    private readonly ctx: PanelsContext,
  ) {
    const room = (this.room = ctx.room);
    this.chat = new ChatPanel(
      (agentId, text) => send(room, "say", { agentId, text }),
      () => {
        this.approach = null;
      },
      () => ctx.avatarId(),
    );
    if (ctx.role === "reporter") {
      this.interview = new InterviewPanel((agentId, question, offTheRecord) =>
        send(room, "interview", { agentId, question, offTheRecord }),
      );
    }
    if (ctx.role === "moderator") {
      this.moderator = new ModeratorPanel({
        control: (action, value) =>
          send(room, "control", value === undefined ? { action } : { action, value }),
        setObject: (address, state) => send(room, "set_object_state", { address, state }),
        whisper: (agentId, text) => send(room, "whisper", { agentId, text }),
        announce: (text, place) => send(room, "announce", place ? { text, place } : { text }),
        addResident: (spec) => send(room, "add_resident", spec),
        editResident: (agentId, changes) => send(room, "edit_resident", { agentId, changes }),
        retireResident: (agentId) => send(room, "retire_resident", { agentId }),
        selected: () => {},
      });
    }
    this.inspector = new Inspector({
      talk: (id) => this.talkTo(id),
      follow: (id) => this.onFollow(id),
      extra: this.interview
        ? {
            label: "🎙️ Interview",
            run: (id) => {
              this.interview!.pick(id);
            },
          }
        : this.moderator
          ? { label: "🤫 Whisper", run: (id) => this.moderator!.whisperTo(id) }
          : undefined,
      ...(this.moderator
        ? { retire: (id: string, name: string) => this.moderator!.retire(id, name) }
        : {}),
      now: () => room.state.clock.time,
      nameOf: (id) => room.state.agents.get(id)?.name ?? room.state.avatars.get(id)?.name ?? id,
      residents: () =>
        Array.from(room.state.agents.values(), (a) => ({ id: a.id, name: a.name })).sort((a, b) =>
          a.name.localeCompare(b.name),
        ),
      town: () => room.state.name,
      token: () => ctx.token,
    });
    const dock = h("div.dock-left", { id: "dock-left" });
    if (this.interview) dock.append(this.interview.root);
    if (this.moderator) dock.append(this.moderator.root);
    dock.append(this.chat.root);
    parent.append(dock);
    const right = ctx.dockRight;
    if (right) right.insertBefore(this.inspector.root, right.lastElementChild);
    else parent.append(this.inspector.root);

    room.onMessage("agent_said", (m: ServerMessages["agent_said"]) => {
      const mine = m.to === ctx.avatarId();
      if (!mine && !(m.chat && m.chat === this.chat.chat)) return;
      if (mine) this.approach = null;
      this.chat.answer(m.agentId, this.nameOf(m.agentId), m.to, m.text, m.chat ?? "");
    });
    room.onMessage("avatar_said", (m: ServerMessages["avatar_said"]) => {
      if (m.avatarId === ctx.avatarId()) this.chat.confirmMine(m.text);
      else if (m.chat && m.chat === this.chat.chat)
        this.chat.heard(m.avatarId, this.personName(m.avatarId), m.to, m.text);
    });
    room.onMessage("chat_members", (m: ServerMessages["chat_members"]) =>
      this.chat.setMembers(m.chat, m.members, m.lines),
    );
    room.onMessage("chat_ended", (m: ServerMessages["chat_ended"]) => {
      if (m.avatarId === ctx.avatarId()) this.chat.conversationEnded(m.agentId);
    });
    room.onMessage("interview_answer", (m: ServerMessages["interview_answer"]) =>
      this.interview?.answer(m),
    );
    room.onMessage("whisper_done", (m: ServerMessages["whisper_done"]) =>
      this.moderator?.whispered(m.thought, this.nameOf(m.agentId)),
    );
    room.onMessage("object_state_set", (m: ServerMessages["object_state_set"]) =>
      this.moderator?.objectSet(m.address, m.state),
    );
    room.onMessage("error", (e: ServerMessages["error"]) => {
      if (e.type === "say")
        this.chat.failed(
          e.code === "too_far"
            ? `Too far away: walk up to ${this.chat.agentId ? firstName(this.nameOf(this.chat.agentId)) : "them"} first.`
            : e.message,
        );
      if (e.type === "move" && this.approach) {
        this.chat.setStatus(
          `No way to walk up to ${firstName(this.nameOf(this.approach.id))} from here.`,
        );
        this.approach = null;
      }
      if (e.type === "interview") this.interview?.failed(e.message);
      if (
        e.type === "set_object_state" ||
        e.type === "whisper" ||
        e.type === "control" ||
        e.type === "announce" ||
        e.type === "add_resident" ||
        e.type === "edit_resident" ||
        e.type === "retire_resident"
      )
        this.moderator?.refused(e.type, e.message);
    });
  }

  private nameOf(id: string): string {
    return this.room.state.agents.get(id)?.name ?? id;
  }

  /** A person's name: every client has every person's in the state, whether it sees them or not. */
  private personName(id: string): string {
    return this.room.state.avatars.get(id)?.name ?? id;
  }

  private me(): { x: number; y: number } | undefined {
    return avatarAt(this.room.state.avatars.get(this.ctx.avatarId()));
  }

  setTownInfo(info: TownInfo): void {
    this.info = info;
    this.moderator?.setObjects(info.objects);
  }

  /** Someone clicked a resident on the map (or in the list). */
  residentClicked(id: string): void {
    const a = this.room.state.agents.get(id);
    if (!a) return;
    // One panel per click: the inspector, whose Talk button (or T) opens the chat.
    this.inspector.show(id, a.name);
  }

  /** Opens the chat with a resident; walks up to them first when they are too far to hear. */
  talkTo(id: string): void {
    const a = this.room.state.agents.get(id);
    const me = this.me();
    if (!a || !me) return;
    if (tileDistance(me, a) <= TALK_RANGE) {
      this.approach = null;
      this.chat.show(id, a.name);
      return;
    }
    // Out of view (no position sent): the camera follows them, so the server sends where they are.
    if (typeof a.x !== "number") this.onFollow(id);
    this.approach = { id, since: Date.now(), goal: null };
    this.chat.show(id, a.name, `Walking over to ${firstName(a.name)}…`);
  }

  /** The moderator clicked an object: pick it. Returns false when the click is not for us. */
  objectClicked(address: string): boolean {
    if (!this.moderator) return false;
    this.moderator.select(address);
    return true;
  }

  get selectedObject(): string {
    return this.moderator?.selectedAddress ?? "";
  }

  /** The resident nearest to the avatar, within `tiles`. */
  nearestResident(tiles = Infinity): string {
    const me = this.me();
    if (!me) return "";
    let best = "",
      bestD = Infinity;
    for (const a of this.room.state.agents.values()) {
      const d = tileDistance(me, a);
      if (d <= tiles && d < bestD) {
        best = a.id;
        bestD = d;
      }
    }
    return best;
  }

  /** Keys the panels answer when no input has focus. Returns true when handled. */
  onKey(e: KeyboardEvent): boolean {
    if (e.key === "Escape") {
      if (this.chat.open) {
        this.chat.close();
        return true;
      }
      if (this.inspector.open) {
        this.inspector.close();
        return true;
      }
      return false;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const key = e.key.toLowerCase();
    if (key === "t") {
      const id =
        this.nearestResident(TALK_RANGE) || (this.inspector.open ? this.inspector.agentId : "");
      if (id) this.talkTo(id);
      else
        this.ctx.toasts.info("Nobody is near enough to talk: walk up to a resident, or click one.");
      return true;
    }
    if (key === "i") {
      const id = this.nearestResident();
      if (id) this.inspector.show(id, this.nameOf(id));
      return !!id;
    }
    if (key === "q" && this.interview) {
      this.interview.focus();
      return true;
    }
    if (key === "m" && this.moderator) {
      this.moderator.focus();
      return true;
    }
    return false;
  }

  /** A few times a second: walk on towards the resident to talk to, and refresh the role panels. */
  tick(move: (x: number, y: number) => void): void {
    const s = this.room.state;
    const residents = Array.from(s.agents.values(), (a) => ({
      id: a.id,
      name: a.name,
      ...doingOf(s, a),
    }));
    this.interview?.setResidents(residents);
    if (this.moderator) {
      const states = new Map<string, { state: string; by: string }>();
      for (const o of objectStates(s))
        if (!isIdle(o.state)) states.set(o.address, { state: o.state, by: o.by });
      this.moderator.update({
        running: s.clock.running,
        speed: s.clock.speed,
        step: s.clock.step,
        residents,
        states,
      });
    }
    this.walkOn(move);
  }

  private walkOn(move: (x: number, y: number) => void): void {
    const ap = this.approach;
    if (!ap || !this.info) return;
    const a = this.room.state.agents.get(ap.id);
    const me = this.me();
    if (!a || !me) {
      this.approach = null;
      return;
    }
    if (typeof a.x !== "number") return; // where they are comes with the camera's next report
    // Tiles other people stand on: several may walk up to one resident, each to a tile of its own.
    const taken = new Set<string>();
    for (const [id, o] of this.room.state.avatars) {
      const at = avatarAt(o);
      if (id !== this.ctx.avatarId() && at) taken.add(`${at.x},${at.y}`);
    }
    const arrive = () => {
      this.approach = null;
      this.chat.show(a.id, a.name);
    };
    // Arrived: beside them on a tile nobody else stands on (passing by someone who is already
    // there is not arriving), or on the tile aimed at while in range (a wall may stand between).
    const dist = tileDistance(me, a);
    const atGoal = ap.goal !== null && me.x === ap.goal.x && me.y === ap.goal.y;
    if ((dist <= 1 && !taken.has(`${me.x},${me.y}`)) || (atGoal && dist <= TALK_RANGE))
      return arrive();
    if (Date.now() - ap.since > APPROACH_MS) {
      this.approach = null;
      this.chat.setStatus(`Could not reach ${firstName(a.name)}. Walk closer and try again.`);
      return;
    }
    // Aim next to the resident; aim again when they have walked on or someone took the tile.
    if (ap.goal && tileDistance(ap.goal, a) <= 1 && !taken.has(`${ap.goal.x},${ap.goal.y}`)) return;
    const goal = besideOf(this.info, a, me, taken);
    // No free tile near them: talk from here if in range (a crowd), else wait for one.
    if (!goal) return dist <= TALK_RANGE ? arrive() : undefined;
    ap.goal = goal;
    move(goal.x, goal.y);
  }
}

/** A free walkable tile next to `who` (or two away), the one nearest to `from`. */
function besideOf(
  info: TownInfo,
  who: { x: number; y: number },
  from: { x: number; y: number },
  taken: ReadonlySet<string>,
): { x: number; y: number } | null {
  let best: { x: number; y: number } | null = null,
    bestD = Infinity;
  for (let r = 1; r <= 2 && !best; r++)
    for (let dy = -r; dy <= r; dy++)
      for (let dx = -r; dx <= r; dx++) {
        const x = who.x + dx,
          y = who.y + dy;
        if ((dx === 0 && dy === 0) || !isWalkable(info, x, y) || taken.has(`${x},${y}`)) continue;
        const d = Math.abs(x - from.x) + Math.abs(y - from.y) + (Math.abs(dx) + Math.abs(dy)) * 4;
        if (d < bestD) {
          best = { x, y };
          bestD = d;
        }
      }
  return best;
}
