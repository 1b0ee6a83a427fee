// A replay frame: what could be seen of a town after a step (residents, avatars, objects, clock).
// Keyframes store frames; a replay rebuilds the frame of any step from the keyframe before it and
// the events after it. Pure: no store, no Town (the client runs the same code).
import type { TownEvent } from "../events.ts";
import {
  applyEvent as applyToView,
  type AgentView,
  type AvatarView,
  type ObjectView,
  type ViewTarget,
} from "../view.ts";

export interface ReplayFrame {
  step: number;
  /** Game time, ms. */
  time: number;
  agents: AgentView[];
  avatars: AvatarView[];
  objects: ObjectView[];
}

/** What a frame is read from: the Town's views (the recorder passes the Town itself). */
export interface FrameSource {
  readonly step: number;
  readonly time: number;
  agentViews(): readonly AgentView[];
  avatarViews(): readonly AvatarView[];
  objectStates(): readonly ObjectView[];
}

export function frameOf(town: FrameSource): ReplayFrame {
  return {
    step: town.step,
    time: town.time,
    agents: town
      .agentViews()
      .map(({ id, name, x, y, action, emoji, address, talkingTo, sprite, facing }) => ({
        id,
        name,
        x,
        y,
        action,
        emoji,
        address,
        talkingTo,
        sprite,
        facing,
      })),
    avatars: town
      .avatarViews()
      .map(({ id, name, role, x, y, sprite }) => ({ id, name, role, x, y, sprite })),
    objects: town.objectStates().map(({ address, state, by }) => ({ address, state, by })),
  };
}

export function cloneFrame(f: ReplayFrame): ReplayFrame {
  return {
    step: f.step,
    time: f.time,
    agents: f.agents.map((a) => ({ ...a })),
    avatars: f.avatars.map((a) => ({ ...a })),
    objects: f.objects.map((o) => ({ ...o })),
  };
}

/** A frame as a view target: events change it in place. */
function frameTarget(f: ReplayFrame): ViewTarget {
  return {
    clock: (step, time) => {
      f.step = step;
      f.time = time;
    },
    agent: (id) => f.agents.find((a) => a.id === id),
    avatar: (id) => f.avatars.find((a) => a.id === id),
    addAvatar: (v) => void f.avatars.push(v),
    // In id order, as the Town lists its residents.
    addAgent: (v) => {
      const at = f.agents.findIndex((a) => a.id.localeCompare(v.id) > 0);
      f.agents.splice(at < 0 ? f.agents.length : at, 0, v);
    },
    removeAgent: (id) => void (f.agents = f.agents.filter((a) => a.id !== id)),
    removeAvatar: (id) => void (f.avatars = f.avatars.filter((a) => a.id !== id)),
    setObject: (o) => {
      const i = f.objects.findIndex((x) => x.address === o.address);
      if (!o.state) {
        if (i >= 0) f.objects.splice(i, 1);
      } else if (i >= 0) f.objects[i] = o;
      else {
        // In address order, as the Town lists them (server/world/town/objects.ts).
        const at = f.objects.findIndex((x) => x.address > o.address);
        f.objects.splice(at < 0 ? f.objects.length : at, 0, o);
      }
    },
  };
}

/** Applies one event to a frame in place. */
export function applyEvent(f: ReplayFrame, e: TownEvent): void {
  applyToView(frameTarget(f), e);
}
