// The replay's DOM: a bar with play/pause, the speed, a timeline over every recorded step and the
// clock; a log of what was said and done (chats, people, objects); and, after a click on a
// resident, what it was doing at this step.
import { formatClock, formatDate } from "../../shared/time.ts";
import { Address } from "../../shared/address.ts";
import type { ReplayFrame } from "../../shared/replay/frame.ts";
import type { AgentView } from "../../shared/view.ts";
import type { ChatLeaveReason, TownEvent } from "../../shared/events.ts";
import { fill, h } from "../panels/dom.ts";
import { SPEEDS, type RecordingInfo } from "./player.ts";
import { REPLAY_CSS } from "./style.ts";
import { MindTab, moderatorToken } from "../panels/MindTab.ts";

export interface PanelActions {
  play(): void;
  pause(): void;
  speed(v: number): void;
  seek(step: number): void;
}

const MAX_LOG = 80;
const LEAVE_WORDS: Record<ChatLeaveReason, string> = {
  range: "walks out of the talk",
  goodbye: "says goodbye and leaves the talk",
  idle: "falls silent; the talk is over",
  ended: "finishes talking",
  left: "leaves the talk",
};

export class ReplayPanel {
  private readonly playButton: HTMLButtonElement;
  private readonly timeline: HTMLInputElement;
  private readonly clock: HTMLElement;
  private readonly stepLabel: HTMLElement;
  private readonly log: HTMLOListElement;
  private readonly inspector: HTMLElement;
  private selected = "";
  /** The resident's asks of its mind up to the step shown (MindTab.ts). */
  private readonly mind: MindTab;
  private step = 0;
  /** When the Mind list was last read: while playing, at most once a second. */
  private mindRead = 0;
  private names = new Map<string, string>();
  /** Who is in each group talk, as the log has seen them join and leave. */
  private readonly talks = new Map<string, Set<string>>();

  constructor(
    root: HTMLElement,
    private readonly info: RecordingInfo,
    private readonly act: PanelActions,
  ) {
    if (!document.getElementById("replay-css"))
      document.head.append(h("style", { id: "replay-css" }, REPLAY_CSS));
    this.playButton = h(
      "button.play",
      { type: "button", "aria-label": "Play", onclick: () => this.toggle() },
      "▶",
    );
    const speed = h(
      "select.speed",
      {
        "aria-label": "Speed",
        onchange: (e) => act.speed(Number((e.target as HTMLSelectElement).value)),
      },
      ...SPEEDS.map((s) =>
        h("option", { value: s, ...(s === 4 ? { selected: true } : {}) }, `${s}×`),
      ),
    );
    this.timeline = h("input.timeline", {
      type: "range",
      min: info.fromStep,
      max: info.toStep,
      step: 1,
      value: info.fromStep,
      "aria-label": "Timeline: step",
    });
    // Seek when the thumb is let go (or a key moves it), not at every pixel of a drag.
    this.timeline.addEventListener("change", () => act.seek(Number(this.timeline.value)));
    this.clock = h("span.clock");
    this.stepLabel = h("span.stepno");
    root.append(
      h(
        "header.panel.replay-title",
        {},
        h("span.badge", {}, "Replay"),
        h("strong", {}, ` ${info.save}`),
        h(
          "span.muted",
          {},
          ` · recorded ${new Date(info.startedAt).toLocaleString()} · ${info.steps} steps`,
        ),
      ),
      h(
        "div.panel.replay-bar",
        {},
        this.playButton,
        speed,
        this.timeline,
        h("div.readout", {}, this.clock, this.stepLabel),
      ),
    );
    this.log = h("ol.log");
    root.append(
      h(
        "section.panel.replay-log",
        { "aria-label": "What happened" },
        h("header", {}, h("h2", {}, "What happened")),
        this.log,
      ),
    );
    this.inspector = h("section.panel.replay-inspector", { hidden: true, "aria-live": "polite" });
    this.mind = new MindTab({
      recording: () => ({ id: info.id, step: this.step }),
      token: moderatorToken,
    });
    root.append(this.inspector);
    window.addEventListener("keydown", (e) => {
      if (
        (e.target as HTMLElement)?.tagName === "INPUT" &&
        (e.target as HTMLInputElement).type !== "range"
      )
        return;
      if (e.key === " ") {
        e.preventDefault();
        this.toggle();
      }
    });
  }

  private playing = false;

  private toggle(): void {
    if (this.playing) this.act.pause();
    else this.act.play();
  }

  setPlaying(on: boolean): void {
    this.playing = on;
    this.playButton.textContent = on ? "❚❚" : "▶";
    this.playButton.setAttribute("aria-label", on ? "Pause" : "Play");
  }

  show(frame: ReplayFrame, events: readonly TownEvent[], seeked: boolean): void {
    for (const a of frame.agents) this.names.set(a.id, a.name);
    for (const a of frame.avatars) {
      this.names.set(a.id, a.name);
      this.avatars.add(a.id);
    }
    if (document.activeElement !== this.timeline) this.timeline.value = String(frame.step);
    this.clock.textContent = `${formatDate(frame.time)} ${formatClock(frame.time)}`;
    this.stepLabel.textContent = `step ${frame.step} / ${this.info.toStep}`;
    if (seeked) fill(this.log, h("li.muted", {}, `— jumped to ${formatClock(frame.time)} —`));
    // Several steps may come at once (fast playback): each event is told at its own step's time.
    let time = frame.time;
    const lines: HTMLElement[] = [];
    for (const e of events) {
      if (e.kind === "clockTicked") {
        time = e.time;
        continue;
      }
      if (e.kind === "avatarJoined") {
        this.names.set(e.avatarId, e.name);
        this.avatars.add(e.avatarId);
      }
      if (e.kind === "chatJoined")
        this.talks.set(e.chat, (this.talks.get(e.chat) ?? new Set()).add(e.id));
      const line = this.describe(e);
      if (line)
        lines.push(h(`li.${e.kind}` as "li", {}, h("span.when", {}, formatClock(time)), " ", line));
      if (e.kind === "chatLeft") this.forget(e.chat, e.id);
    }
    this.log.prepend(...lines.reverse());
    while (this.log.children.length > MAX_LOG) this.log.lastElementChild?.remove();
    if (this.selected)
      this.inspect(frame.agents.find((a) => a.id === this.selected) ?? null, frame);
  }

  private forget(chat: string, id: string): void {
    const members = this.talks.get(chat);
    members?.delete(id);
    if (members?.size === 0) this.talks.delete(chat);
  }

  /** " (with Bob, Ines)": the others who heard a line said in a group talk of three or more. */
  private company(chat: string | undefined, ...speakers: string[]): string {
    const others = [...(chat ? (this.talks.get(chat) ?? []) : [])].filter(
      (id) => !speakers.includes(id),
    );
    return others.length ? ` (with ${others.map((id) => this.name(id)).join(", ")})` : "";
  }

  private name(id: string): string {
    return this.names.get(id) ?? id;
  }

  /** One line of the log for an event, or null for what would drown it (steps, walking). */
  describe(e: TownEvent): string | null {
    switch (e.kind) {
      case "said":
        return `💬 ${this.name(e.speaker)} to ${this.name(e.listener)}${this.company(e.chat, e.speaker, e.listener)}: “${e.text}”`;
      case "actionStarted":
        // A conversation begins: told once, by the first of the two (or by the resident a person stopped).
        if (
          e.talkingTo &&
          (!this.names.has(e.talkingTo) || this.isAvatar(e.talkingTo) || e.agentId < e.talkingTo)
        ) {
          return `🗣️ ${this.name(e.agentId)} and ${this.name(e.talkingTo)} start talking${e.action ? `: ${e.action}` : ""}`;
        }
        return e.agentId === this.selected
          ? `${e.emoji} ${this.name(e.agentId)}: ${e.action}`
          : null;
      case "objectChanged": {
        const thing = Address.last(e.address);
        // A resident using a thing (a bed slept in) is told only for the resident followed.
        const byResident = [...this.names.entries()].some(
          ([id, n]) => n === e.by && !this.isAvatar(id),
        );
        if (byResident && !this.selectedName(e.by)) return null;
        return e.state
          ? `🛠️ ${thing} is ${e.state} (${e.by})`
          : `↺ ${thing} is back to normal (${e.by})`;
      }
      case "avatarJoined":
        return `🚪 ${e.name} (${e.role}) came in`;
      case "avatarLeft":
        return `🚪 ${this.name(e.avatarId)} left`;
      case "avatarAway":
        return e.away
          ? `📶 ${this.name(e.avatarId)} lost the connection (away, waited for)`
          : `📶 ${this.name(e.avatarId)} is back`;
      case "avatarSaid":
        return `🗨️ ${e.name} to ${this.name(e.agentId)}${this.company(e.chat, e.avatarId, e.agentId)}: “${e.text}”`;
      case "chatJoined": {
        const others = [...(this.talks.get(e.chat) ?? [])].filter((id) => id !== e.id);
        return others.length
          ? `👥 ${e.name} joins the talk with ${others.map((id) => this.name(id)).join(", ")}`
          : null;
      }
      case "chatLeft":
        return `👋 ${this.name(e.id)} ${LEAVE_WORDS[e.why]}`;
      case "agentFaced":
        return null;
      case "chatEnded":
        return `👋 ${this.name(e.agentId)} and ${this.name(e.avatarId)} finish talking`;
      case "interviewed":
        return `🎙️ ${e.by} asked ${this.name(e.agentId)}: “${e.question}” — “${e.answer}”`;
      case "moderated":
        if (e.action === "whisper")
          return `🤫 ${e.by} whispered to ${this.name(e.agentId ?? "")}: “${e.text ?? ""}”${e.thought ? ` — thinks: “${e.thought}”` : ""}`;
        if (e.action === "speed") return `⏩ ${e.by} set the speed to ${e.value} steps/s`;
        return `${e.action === "pause" ? "⏸️" : "▶️"} ${e.by} ${e.action === "pause" ? "paused" : "resumed"} the clock`;
      case "unanswered":
        return `🤐 ${this.name(e.agentId)} could not ${e.asked === "interview" ? "answer" : "take in the whisper"} (${this.name(e.avatarId)} asked)`;
      case "residentAdded":
        return `🏡 ${e.name} moved in (${e.by} added them), at ${Address.levels(e.home).slice(1).join(" › ")}`;
      case "residentRetired":
        return `🧳 ${e.by} retired ${e.name}: they walk home to leave town`;
      case "residentLeft":
        return `👋 ${e.name} left town`;
      case "residentEdited":
        return `✏️ ${e.by} changed ${this.name(e.agentId)}: ${Object.entries(e.changes)
          .map(([k, v]) => `${k} “${v}”`)
          .join(", ")}`;
      case "announced":
        return `📣 ${e.by} announced${e.place ? ` at ${Address.last(e.place)}` : ""}: “${e.text}” (${e.agentIds.length} heard it)`;
      case "clockTicked":
      case "agentMoved":
      case "avatarMoved":
        return null;
      default:
        // An event kind newer than this page: named, not lost.
        return `• ${String((e as { kind: unknown }).kind)}`;
    }
  }

  private avatars = new Set<string>();

  private isAvatar(id: string): boolean {
    return this.avatars.has(id);
  }

  private selectedName(name: string): boolean {
    return !!this.selected && this.names.get(this.selected) === name;
  }

  /** Shows what a resident was doing at this step (null hides the card). */
  inspect(agent: AgentView | null, frame: ReplayFrame): void {
    this.selected = agent?.id ?? "";
    this.inspector.hidden = !agent;
    if (!agent) return;
    const place = agent.address ? Address.levels(agent.address).slice(1).join(" › ") : "—";
    fill(
      this.inspector,
      h(
        "header",
        {},
        h("h2", {}, agent.name),
        h(
          "button.close",
          { type: "button", "aria-label": "Close", onclick: () => this.inspect(null, frame) },
          "×",
        ),
      ),
      h("p.doing", {}, h("span.emoji", {}, agent.emoji || "·"), " ", agent.action || "nothing yet"),
      h(
        "dl",
        {},
        h("dt", {}, "Where"),
        h("dd", {}, place),
        h("dt", {}, "Tile"),
        h("dd", {}, `${agent.x}, ${agent.y}`),
        h("dt", {}, "Talking to"),
        h("dd", {}, agent.talkingTo ? this.name(agent.talkingTo) : "nobody"),
        h("dt", {}, "At"),
        h("dd", {}, `${formatClock(frame.time)}, step ${frame.step}`),
      ),
      h("h3", {}, "🧠 Mind, up to this step"),
      this.mind.root,
    );
    this.step = frame.step;
    if (!this.playing || Date.now() - this.mindRead > 1000) {
      this.mindRead = Date.now();
      void this.mind.show(agent.id);
    }
  }

  error(message: string): void {
    this.log.prepend(h("li.error", {}, message));
  }

  /** The replay went over steps the recording lacks. */
  gap(gap: { from: number; to: number }): void {
    this.log.prepend(
      h(
        "li.gap",
        {},
        `⚠️ Steps ${gap.from}–${gap.to} were not recorded (the database was down longer than the recording could wait in memory): the replay goes on after them.`,
      ),
    );
  }
}
