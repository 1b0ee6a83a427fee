// What the live scenes share with the page: the room, the panels and the test hook.
import type { TownRoom } from "../net.ts";
import type { Hud } from "../panels/Hud.ts";
import type { Toasts } from "../panels/Toasts.ts";

/** Read by tests through window.__simulacra. */
export interface RenderInfo {
  ready: boolean;
  agents: number;
  avatars: number;
  zoom: number;
  /** Top-left of the camera's view in the world, pixels (screen = (world - view) × zoom). */
  view: { x: number; y: number };
  /** Own avatar's sprite position in the world, pixels. */
  self: { x: number; y: number } | null;
}

export interface LiveContext {
  room: TownRoom;
  template: string;
  avatarId: string;
  name: string;
  hud: Hud;
  toasts: Toasts;
  render: RenderInfo;
  /** False once the room connection is lost. */
  connected: boolean;
  /** The status line. */
  status: string;
}
