// The page /replay/<id>: loads the recording's description, then the town's art, and plays it.
// Tests read window.__replay: status, the step shown, the frame, the residents' drawn tiles.
import type { ReplayFrame } from "../../shared/replay/frame.ts";
import { h } from "../panels/dom.ts";
import { ReplayScene } from "../scenes/ReplayScene.ts";
import { Player } from "./player.ts";
import { ReplayPanel } from "./ReplayPanel.ts";
import { makeGame } from "../game.ts";
import { REPLAY_CSS } from "./style.ts";

/** The page for an id with no recording: what went wrong, the latest recordings, the way back. */
async function showMissing(ui: HTMLElement, id: string, error: string): Promise<void> {
  if (!document.getElementById("replay-css"))
    document.head.append(h("style", { id: "replay-css" }, REPLAY_CSS));
  const list = h("ul.replay-choices", { id: "replay-choices" });
  ui.append(
    h(
      "div.join-backdrop",
      {},
      h(
        "section.panel.join.replay-missing",
        { id: "replay-missing", role: "alert" },
        h("h1", {}, "No replay here"),
        h("p.tagline", {}, `There is no recording “${id}” on this server (${error}).`),
        list,
        h("a.button-link", { href: "/" }, "Join the live town"),
      ),
    ),
  );
  try {
    const res = await fetch("/api/recordings");
    const recs = res.ok
      ? ((await res.json()) as { id: string; save: string; startedAt: string; steps: number }[])
      : [];
    if (recs.length > 0) {
      list.before(h("h2", {}, "Recordings on this server"));
      list.append(
        ...recs
          .slice(0, 6)
          .map((r) =>
            h(
              "li",
              {},
              h("a", { href: `/replay/${encodeURIComponent(r.id)}` }, r.save),
              ` · ${new Date(r.startedAt).toLocaleString()} · ${r.steps} steps`,
            ),
          ),
      );
    }
  } catch {
    // The list is a help; the page stands without it.
  }
}

export interface ReplayHook {
  /** "loading" | "ready" | "failed" */
  status: string;
  error: string;
  /** Step of the frame last drawn, and when it was drawn (performance.now()). */
  step: number;
  drawnAt: number;
  frame: ReplayFrame | null;
  /** Tiles the residents are drawn on (the renderer's, not the data's). */
  drawn: { id: string; x: number; y: number }[];
  seek(step: number): Promise<void>;
  /** The player's frame counts (replay/player.ts). */
  stats(): { ticks: number; starved: number; longestTickMs: number };
  /** Screen position of a resident's sprite, or null. */
  locate(id: string): { x: number; y: number } | null;
}

declare global {
  interface Window {
    __replay: ReplayHook;
  }
}

export async function startReplay(ui: HTMLElement, id: string): Promise<void> {
  document.title = "Simulacra · replay";
  const hook: ReplayHook = {
    status: "loading",
    error: "",
    step: -1,
    drawnAt: 0,
    frame: null,
    drawn: [],
    seek: async () => {},
    locate: () => null,
    stats: () => ({ ticks: 0, starved: 0, longestTickMs: 0 }),
  };
  window.__replay = hook;
  let info;
  try {
    info = await Player.load(id);
  } catch (e) {
    hook.status = "failed";
    hook.error = (e as Error).message;
    void showMissing(ui, id, hook.error);
    return;
  }
  let scene: ReplayScene | null = null;
  const player: Player = new Player(info, {
    onFrame: (frame, events, seeked) => {
      panel.show(frame, events, seeked);
      panel.setPlaying(player.playing);
      scene?.show(frame, events);
    },
    onError: (message) => panel.error(message),
    onGap: (gap) => panel.gap(gap),
  });
  const panel = new ReplayPanel(ui, info, {
    play: () => {
      player.play();
      panel.setPlaying(true);
    },
    pause: () => {
      player.pause();
      panel.setPlaying(false);
    },
    speed: (v) => {
      player.speed = v;
    },
    seek: (step) => void player.seek(step),
  });
  hook.seek = (step) => player.seek(step);
  hook.stats = () => ({ ...player.stats });

  const game = makeGame();
  game.scene.add("replay", ReplayScene, true, {
    template: info.template,
    player,
    panel,
    ready: (s: ReplayScene) => {
      scene = s;
    },
    drawn: (step: number, agents: ReplayHook["drawn"]) => {
      hook.step = step;
      hook.drawnAt = performance.now();
      hook.frame = player.frame;
      hook.drawn = agents;
      hook.status = "ready";
    },
  });
  hook.locate = (agentId) => scene?.locate(agentId) ?? null;
}
