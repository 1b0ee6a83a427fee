// What the live scenes share with the page: the room, the panels and the test hook.
import type { Role } from "../../shared/messages.ts";
import type { TownRoom } from "../net.ts";
import type { Hud } from "../panels/Hud.ts";
import type { Panels } from "../panels/Panels.ts";
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
  /** Residents' sprite positions in the world, pixels (feet, centre), by id. */
  residents: Record<string, { x: number; y: number; facing: string }>;
  /** Texts of the object-state labels drawn on the map. */
  objectLabels: string[];
  /** Address of the object outlined as picked ("" when none). */
  selectedObject: string;
  /** Every label drawn (names, actions, object states), its box on the screen in CSS pixels. */
  labels: {
    kind: "name" | "action" | "bubble" | "object";
    text: string;
    x: number;
    y: number;
    w: number;
    h: number;
  }[];
  /** Where "follow the action" last took the camera: the tile, whom it follows, why. */
  action: { x: number; y: number; follow: string; why: string } | null;
}

export interface LiveContext {
  room: TownRoom;
  template: string;
  avatarId: string;
  name: string;
  role: Role;
  hud: Hud;
  /** The role's panels: chat, inspector, interview, moderator tools. */
  ui: Panels;
  toasts: Toasts;
  render: RenderInfo;
  /** False once the room connection is lost. */
  connected: boolean;
  /** The status line. */
  status: string;
}
