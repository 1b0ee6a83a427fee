// The replay's DOM: a bar with play/pause, the speed, a timeline over every recorded step and the
// clock; a log of what was said and done (chats, people, objects); and, after a click on a
// resident, what it was doing at this step.
import { formatClock, formatDate } from "../../shared/time.ts";
import type { ReplayFrame } from "../../shared/replay/frame.ts";
import type { AgentView } from "../../shared/view.ts";
import type { TownEvent } from "../../shared/events.ts";
import { fill, h } from "../panels/dom.ts";
import { SPEEDS, type RecordingInfo } from "./player.ts";
import { REPLAY_CSS } from "./style.ts";

export interface PanelActions {
  play(): void;
  pause(): void;
  speed(v: number): void;
  seek(step: number): void;
}

const MAX_LOG = 80;

export class ReplayPanel {
  private readonly playButton: HTMLButtonElement;
  private readonly timeline: HTMLInputElement;
  private readonly clock: HTMLElement;
  private readonly stepLabel: HTMLElement;
  private readonly log: HTMLOListElement;
  private readonly inspector: HTMLElement;
  private selected = "";
  private names = new Map<string, string>();

  constructor(root: HTMLElement, private readonly info: RecordingInfo, private readonly act: PanelActions) {
    if (!document.getElementById("replay-css")) document.head.append(h("style", { id: "replay-css" }, REPLAY_CSS));
    this.playButton = h("button.play", { type: "button", "aria-label": "Play", onclick: () => this.toggle() }, "▶");
    const speed = h("select.speed", { "aria-label": "Speed", onchange: (e) => act.speed(Number((e.target as HTMLSelectElement).value)) },
      ...SPEEDS.map((s) => h("option", { value: s, ...(s === 4 ? { selected: true } : {}) }, `${s}×`)));
    this.timeline = h("input.timeline", { type: "range", min: info.fromStep, max: info.toStep, step: 1, value: info.fromStep, "aria-label": "Timeline: step" });
    // Seek when the thumb is let go (or a key moves it), not at every pixel of a drag.
    this.timeline.addEventListener("change", () => act.seek(Number(this.timeline.value)));
    this.clock = h("span.clock");
    this.stepLabel = h("span.stepno");
    root.append(
      h("header.panel.replay-title", {}, h("span.badge", {}, "Replay"), h("strong", {}, ` ${info.save}`), h("span.muted", {}, ` · recorded ${new Date(info.startedAt).toLocaleString()} · ${info.steps} steps`)),
      h("div.panel.replay-bar", {}, this.playButton, speed, this.timeline, h("div.readout", {}, this.clock, this.stepLabel)),
    );
    this.log = h("ol.log");
    root.append(h("section.panel.replay-log", { "aria-label": "What happened" }, h("header", {}, h("h2", {}, "What happened")), this.log));
    this.inspector = h("section.panel.replay-inspector", { hidden: true, "aria-live": "polite" });
    root.append(this.inspector);
    window.addEventListener("keydown", (e) => {
      if ((e.target as HTMLElement)?.tagName === "INPUT" && (e.target as HTMLInputElement).type !== "range") return;
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
    for (const a of frame.avatars) this.names.set(a.id, a.name);
    if (document.activeElement !== this.timeline) this.timeline.value = String(frame.step);
    this.clock.textContent = `${formatDate(frame.time)} ${formatClock(frame.time)}`;
    this.stepLabel.textContent = `step ${frame.step} / ${this.info.toStep}`;
    if (seeked) fill(this.log, h("li.muted", {}, `— jumped to ${formatClock(frame.time)} —`));
    for (const e of events) {
      const line = this.describe(e);
      if (line) this.log.prepend(h("li", {}, h("span.when", {}, formatClock(frame.time)), " ", line));
    }
    while (this.log.children.length > MAX_LOG) this.log.lastElementChild?.remove();
    if (this.selected) this.inspect(frame.agents.find((a) => a.id === this.selected) ?? null, frame);
  }

  private name(id: string): string {
    return this.names.get(id) ?? id;
  }

  private describe(e: TownEvent): string | null {
    switch (e.kind) {
      case "said":
        return `💬 ${this.name(e.speaker)} to ${this.name(e.listener)}: “${e.text}”`;
      case "objectChanged":
        return e.state ? `🛠️ ${e.address.split(":").at(-1)} is ${e.state} (${e.by})` : null;
      case "avatarJoined":
        return `🚪 ${e.name} (${e.role}) came in`;
      case "avatarLeft":
        return `🚪 ${this.name(e.avatarId)} left`;
      case "actionStarted":
        return e.agentId === this.selected ? `${e.emoji} ${this.name(e.agentId)}: ${e.action}` : null;
      case "clockTicked":
      case "agentMoved":
      case "avatarMoved":
        return null;
      default: {
        // People's words and moderators' acts recorded by newer servers.
        const x = e as unknown as Record<string, unknown>;
        if (x.kind === "avatarSaid") return `🗨️ ${String(x.name)} to ${this.name(String(x.agentId))}: “${String(x.text)}”`;
        if (x.kind === "moderated") {
          if (x.action === "whisper") return `🤫 ${String(x.by)} whispered to ${this.name(String(x.agentId))}: “${String(x.text)}”`;
          if (x.action === "speed") return `⏩ ${String(x.by)} set the speed to ${String(x.value)} steps/s`;
          return `${x.action === "pause" ? "⏸️" : "▶️"} ${String(x.by)} ${x.action === "pause" ? "paused" : "resumed"} the clock`;
        }
        return `• ${String(x.kind)}`;
      }
    }
  }

  /** Shows what a resident was doing at this step (null hides the card). */
  inspect(agent: AgentView | null, frame: ReplayFrame): void {
    this.selected = agent?.id ?? "";
    this.inspector.hidden = !agent;
    if (!agent) return;
    const place = agent.address ? agent.address.split(":").slice(1).join(" › ") : "—";
    fill(this.inspector,
      h("header", {}, h("h2", {}, agent.name), h("button.close", { type: "button", "aria-label": "Close", onclick: () => this.inspect(null, frame) }, "×")),
      h("p.doing", {}, h("span.emoji", {}, agent.emoji || "·"), " ", agent.action || "nothing yet"),
      h("dl", {},
        h("dt", {}, "Where"), h("dd", {}, place),
        h("dt", {}, "Tile"), h("dd", {}, `${agent.x}, ${agent.y}`),
        h("dt", {}, "Talking to"), h("dd", {}, agent.talkingTo ? this.name(agent.talkingTo) : "nobody"),
        h("dt", {}, "At"), h("dd", {}, `${formatClock(frame.time)}, step ${frame.step}`)),
    );
  }

  error(message: string): void {
    this.log.prepend(h("li.error", {}, message));
  }
}
