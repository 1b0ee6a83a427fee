// The browser client: a join dialog, then the town drawn by Phaser with DOM panels over it.
// Tests read window.__simulacra (status, session, and a plain summary of the room state).
import {
  joinTown,
  firstState,
  type LinkStatus,
  type ServerMessages,
  type TownRoom,
} from "./net.ts";
import { Hud } from "./panels/Hud.ts";
import { JoinDialog, type JoinRequest } from "./panels/JoinDialog.ts";
import { rememberModeratorToken } from "./panels/MindTab.ts";
import { Panels } from "./panels/Panels.ts";
import { Toasts } from "./panels/Toasts.ts";
import { BootScene } from "./scenes/BootScene.ts";
import type { LiveContext, RenderInfo } from "./scenes/context.ts";
import { TownScene } from "./scenes/TownScene.ts";
import { makeGame } from "./game.ts";
import { objectStates } from "../shared/objectStates.ts";
import { avatarAt, doingOf, talkingToOf } from "../shared/state.ts";

interface DebugHook {
  /** "idle" | "joining" | "connected" | "refused" | "reconnecting" | "waiting" | "disconnected" */
  status: string;
  /** The link's last status (link.ts): "connected" | "reconnecting" | "waiting" | "back" | "lost". */
  link: string;
  error: string;
  sessionId: string;
  avatarId: string;
  role: string;
  render: RenderInfo;
  state: () => unknown;
  /** The chat panel's lines: { who: "me" | "them" | "note", speaker, name, to, text, state: "pending" | "said" | "failed" }. */
  chat: () => unknown;
  /** Who the chat panel shows in the talk: { id, name, kind }. */
  chatMembers: () => unknown;
}

declare global {
  interface Window {
    __simulacra: DebugHook;
  }
}

const ui = document.getElementById("ui")!;
const toasts = new Toasts(ui);
let room: TownRoom | null = null;

const render: RenderInfo = {
  ready: false,
  agents: 0,
  avatars: 0,
  zoom: 1,
  view: { x: 0, y: 0 },
  self: null,
  residents: {},
  objectLabels: [],
  selectedObject: "",
  labels: [],
  action: null,
};
let panels: Panels | null = null;
const hook: DebugHook = {
  status: "idle",
  link: "",
  error: "",
  sessionId: "",
  avatarId: "",
  role: "",
  render,
  state: () => summary(room),
  chat: () => panels?.chat.transcript() ?? [],
  chatMembers: () => panels?.chat.participants() ?? [],
};
window.__simulacra = hook;

/** A plain JSON summary of the room state. */
function summary(r: TownRoom | null): unknown {
  const s = r?.state;
  if (!s) return null;
  return {
    template: s.template,
    name: s.name,
    engine: s.engine,
    engineStatus: s.engineStatus,
    clock: {
      step: s.clock.step,
      time: s.clock.time,
      running: s.clock.running,
      speed: s.clock.speed,
    },
    agents: Array.from(s.agents.values(), (a) => ({
      id: a.id,
      name: a.name,
      x: a.x,
      y: a.y,
      ...doingOf(s, a),
      talkingTo: talkingToOf(s, a),
      sprite: a.sprite,
    })),
    avatars: Array.from(s.avatars.values(), (a) => ({
      id: a.id,
      name: a.name,
      role: a.role,
      away: a.away,
      x: avatarAt(a)?.x,
      y: avatarAt(a)?.y,
      sprite: a.sprite,
    })),
    objects: objectStates(s).map((o) => ({
      address: o.address,
      state: o.state,
      by: o.by,
    })),
    render: { ...render },
  };
}

async function join(req: JoinRequest): Promise<void> {
  hook.status = "joining";
  hook.error = "";
  let joined: TownRoom;
  try {
    joined = await joinTown(req);
  } catch (e) {
    hook.status = "refused";
    hook.error = (e as Error).message;
    throw e;
  }
  room = joined;
  hook.sessionId = joined.sessionId;
  hook.avatarId = joined.sessionId;
  hook.role = req.role;
  const hud = new Hud(ui);
  panels = new Panels(ui, {
    room: joined,
    role: req.role,
    avatarId: () => ctx.avatarId,
    toasts,
    dockRight: hud.dock,
    token: req.role === "moderator" ? req.token : undefined,
  });
  if (req.role === "moderator") rememberModeratorToken(req.token);
  const ctx: LiveContext = {
    room: joined,
    template: "",
    avatarId: joined.sessionId,
    name: req.name,
    role: req.role,
    hud,
    ui: panels,
    toasts,
    render,
    connected: true,
    status:
      req.role === "visitor" ? `Connected as ${req.name}` : `Connected as ${req.name}, ${req.role}`,
  };
  joined.onMessage("welcome", (w: ServerMessages["welcome"]) => {
    hook.avatarId = w.avatarId;
    ctx.avatarId = w.avatarId;
  });
  joined.onMessage("error", (e: ServerMessages["error"]) => toasts.error(e.code, e.message));
  joined.onMessage("server_closing", (m: ServerMessages["server_closing"]) =>
    toasts.info(m.reason),
  );
  const connectedAs = ctx.status;
  // The status line follows the link: a drop, a restart, and coming back (link.ts).
  joined.onStatus((s: LinkStatus) => {
    ctx.connected = s.kind === "connected" || s.kind === "back";
    hook.status = s.kind === "back" ? "connected" : s.kind === "lost" ? "disconnected" : s.kind;
    hook.link = s.kind;
    if (s.kind === "reconnecting") ctx.status = "Reconnecting…";
    else if (s.kind === "waiting") ctx.status = s.reason;
    else if (s.kind === "lost") ctx.status = `${s.message} Reload the page to join again.`;
    else if (s.kind === "back") {
      ctx.avatarId = hook.avatarId = hook.sessionId = joined.sessionId;
      ctx.status = `Back: ${connectedAs}`;
      if (s.rejoined) toasts.info("The server is back: you rejoined the town.");
    }
    if (s.kind === "lost") toasts.error("disconnected", "The connection to the town was lost.");
  });
  const state = await firstState(joined);
  ctx.template = state.template;
  hook.status = "connected";
  start(ctx);
}

function start(ctx: LiveContext): void {
  const game = makeGame();
  game.scene.add("town", TownScene, false);
  game.scene.add("boot", BootScene, true, ctx);
}

// /replay/<id> plays a recording instead of joining the live town.
const replayId = /^\/replay\/([\w-]{1,64})\/?$/.exec(location.pathname)?.[1];
if (replayId) void import("./replay/start.ts").then((m) => m.startReplay(ui, replayId));
else new JoinDialog(ui, join);
