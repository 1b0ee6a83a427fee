// A replay frame: what could be seen of a town after a step (residents, avatars, objects, clock).
// Keyframes store frames; a replay rebuilds the frame of any step from the keyframe before it and
// the events after it. Pure: no store, no Town (the client runs the same code).
import type { TownEvent } from "../world/events.ts";

export interface FrameAgent {
  id: string;
  name: string;
  x: number;
  y: number;
  action: string;
  emoji: string;
  address: string;
  talkingTo: string;
  sprite: number;
}
export interface FrameAvatar { id: string; name: string; role: string; x: number; y: number; sprite: number }
export interface FrameObject { address: string; state: string; by: string }

export interface ReplayFrame {
  step: number;
  /** Game time, ms. */
  time: number;
  agents: FrameAgent[];
  avatars: FrameAvatar[];
  objects: FrameObject[];
}

/** What a frame is read from: the Town's views (the recorder passes the Town itself). */
export interface FrameSource {
  readonly step: number;
  readonly time: number;
  agentViews(): readonly FrameAgent[];
  avatarViews(): readonly FrameAvatar[];
  objectStates(): readonly FrameObject[];
}

export function frameOf(town: FrameSource): ReplayFrame {
  return {
    step: town.step,
    time: town.time,
    agents: town.agentViews().map(({ id, name, x, y, action, emoji, address, talkingTo, sprite }) => ({ id, name, x, y, action, emoji, address, talkingTo, sprite })),
    avatars: town.avatarViews().map(({ id, name, role, x, y, sprite }) => ({ id, name, role, x, y, sprite })),
    objects: town.objectStates().map(({ address, state, by }) => ({ address, state, by })),
  };
}

export function cloneFrame(f: ReplayFrame): ReplayFrame {
  return { step: f.step, time: f.time, agents: f.agents.map((a) => ({ ...a })), avatars: f.avatars.map((a) => ({ ...a })), objects: f.objects.map((o) => ({ ...o })) };
}

/** Applies one event to a frame in place. Events that change nothing visible (speech) are ignored. */
export function applyEvent(f: ReplayFrame, e: TownEvent): void {
  switch (e.kind) {
    case "clockTicked":
      f.step = e.step;
      f.time = e.time;
      return;
    case "agentMoved": {
      const a = f.agents.find((x) => x.id === e.agentId);
      if (a) {
        a.x = e.x;
        a.y = e.y;
      }
      return;
    }
    case "actionStarted": {
      const a = f.agents.find((x) => x.id === e.agentId);
      if (a) Object.assign(a, { action: e.action, emoji: e.emoji, address: e.address, talkingTo: e.talkingTo });
      return;
    }
    case "objectChanged": {
      const i = f.objects.findIndex((o) => o.address === e.address);
      if (!e.state) {
        if (i >= 0) f.objects.splice(i, 1);
      } else if (i >= 0) f.objects[i] = { address: e.address, state: e.state, by: e.by };
      else f.objects.push({ address: e.address, state: e.state, by: e.by });
      return;
    }
    case "avatarJoined":
      f.avatars = f.avatars.filter((a) => a.id !== e.avatarId);
      f.avatars.push({ id: e.avatarId, name: e.name, role: e.role, x: e.x, y: e.y, sprite: e.sprite });
      return;
    case "avatarMoved": {
      const a = f.avatars.find((x) => x.id === e.avatarId);
      if (a) {
        a.x = e.x;
        a.y = e.y;
      }
      return;
    }
    case "avatarLeft":
      f.avatars = f.avatars.filter((a) => a.id !== e.avatarId);
      return;
    default:
      return;
  }
}

/** A recording as the API lists it (GET /api/recordings). */
export interface RecordingInfo {
  id: string;
  /** Name of the save it recorded. */
  save: string;
  template: string;
  startedAt: string;
  /** Steps recorded (toStep - fromStep). */
  steps: number;
  fromStep: number;
  toStep: number;
  bytes: number;
}
