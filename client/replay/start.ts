// The page /replay/<id>: loads the recording's description, then the town's art, and plays it.
// Tests read window.__replay: status, the step shown, the frame, the residents' drawn tiles.
import type { ReplayFrame } from "../../shared/replay/frame.ts";
import { h } from "../panels/dom.ts";
import { ReplayScene } from "../scenes/ReplayScene.ts";
import { Player } from "./player.ts";
import { ReplayPanel } from "./ReplayPanel.ts";
import { makeGame } from "../game.ts";

export interface ReplayHook {
  /** "loading" | "ready" | "failed" */
  status: string;
  error: string;
  /** Step of the frame last drawn. */
  step: number;
  frame: ReplayFrame | null;
  /** Tiles the residents are drawn on (the renderer's, not the data's). */
  drawn: { id: string; x: number; y: number }[];
  seek(step: number): Promise<void>;
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
  const hook: ReplayHook = { status: "loading", error: "", step: -1, frame: null, drawn: [], seek: async () => {}, locate: () => null };
  window.__replay = hook;
  let info;
  try {
    info = await Player.load(id);
  } catch (e) {
    hook.status = "failed";
    hook.error = (e as Error).message;
    ui.append(h("div.panel.replay-title", {}, `No replay here: ${hook.error}. `, h("a", { href: "/" }, "Join the live town")));
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
      hook.frame = player.frame;
      hook.drawn = agents;
      hook.status = "ready";
    },
  });
  hook.locate = (agentId) => scene?.locate(agentId) ?? null;
}
