// Mirrors Town events into the schema state that Colyseus sends to clients. The only place that
// writes room state; it holds no rules, it copies.
import {
  AgentState,
  AvatarState,
  facingIndex,
  ObjectState,
  sentDoing,
  type TownState,
} from "../../shared/state.ts";
import type { TownEvent } from "../../shared/events.ts";
import {
  applyEvent,
  FACINGS,
  type AgentView,
  type AvatarView,
  type ViewTarget,
} from "../../shared/view.ts";

export function agentState(v: AgentView): AgentState {
  const s = new AgentState();
  const { address: _kept, facing, ...sent } = v; // the address is not in the state (shared/state.ts)
  Object.assign(s, sent);
  s.facing = facingIndex(facing);
  return s;
}

export function avatarState(v: AvatarView): AvatarState {
  const s = new AvatarState();
  s.id = v.id;
  s.name = v.name;
  s.role = v.role;
  s.at.x = v.x;
  s.at.y = v.y;
  s.sprite = v.sprite;
  s.away = v.away ?? false;
  return s;
}

/** An avatar's state as a view's avatar: its position is in its child `at` (shared/state.ts). */
function avatarTarget(s: AvatarState): ReturnType<ViewTarget["avatar"]> {
  return {
    get x() {
      return s.at.x;
    },
    set x(x: number) {
      s.at.x = x;
    },
    get y() {
      return s.at.y;
    },
    set y(y: number) {
      s.at.y = y;
    },
    get away() {
      return s.away;
    },
    set away(away: boolean | undefined) {
      s.away = away ?? false;
    },
  };
}

/** A resident's state as a view's resident: its facing is a number (shared/state.ts). */
function agentTarget(s: AgentState): ReturnType<ViewTarget["agent"]> {
  return {
    get x() {
      return s.x;
    },
    set x(x: number) {
      s.x = x;
    },
    get y() {
      return s.y;
    },
    set y(y: number) {
      s.y = y;
    },
    get action() {
      return s.action;
    },
    set action(action: string) {
      s.action = action;
    },
    get emoji() {
      return s.emoji;
    },
    set emoji(emoji: string) {
      s.emoji = emoji;
    },
    get talkingTo() {
      return s.talkingTo;
    },
    set talkingTo(talkingTo: string) {
      s.talkingTo = talkingTo;
    },
    get facing() {
      return FACINGS[s.facing] ?? "down";
    },
    set facing(facing: string) {
      s.facing = facingIndex(facing);
    },
  };
}

/**
 * Whether a state was set by a person: not by a resident (its name) nor by the town ("").
 * Names are looked up in a set made once per number of residents.
 */
function byPerson(state: TownState, by: string): boolean {
  if (!by) return false;
  let names = residentNames.get(state);
  if (!names || names.size !== state.agents.size) {
    names = new Set();
    for (const a of state.agents.values()) names.add(a.name);
    residentNames.set(state, names);
  }
  return !names.has(by);
}
const residentNames = new WeakMap<TownState, Set<string>>();

/**
 * The room's schema state as a view target. With `inUseByArea` (a large town: shared/state.ts),
 * residents' uses of objects go to `objectsInUse`, sent by camera; people's states to `objects`.
 */
function stateTarget(state: TownState, inUseByArea: boolean): ViewTarget {
  return {
    clock: (step, time) => {
      state.clock.step = step;
      state.clock.time = time;
    },
    agent: (id) => {
      const a = state.agents.get(id);
      return a && agentTarget(a);
    },
    avatar: (id) => {
      const a = state.avatars.get(id);
      return a && avatarTarget(a);
    },
    addAvatar: (v) => void state.avatars.set(v.id, avatarState(v)),
    addAgent: (v) => void state.agents.set(v.id, agentState(v)),
    removeAgent: (id) => void state.agents.delete(id),
    removeAvatar: (id) => void state.avatars.delete(id),
    setObject: (v) => {
      const inUse = inUseByArea && !byPerson(state, v.by);
      const into = inUse ? state.objectsInUse : state.objects;
      const other = inUse ? state.objects : state.objectsInUse;
      if (other.has(v.address)) other.delete(v.address);
      if (!v.state) {
        if (into.has(v.address)) into.delete(v.address);
        return;
      }
      const o = into.get(v.address) ?? new ObjectState();
      o.address = v.address;
      o.state = v.state;
      o.by = v.by;
      into.set(v.address, o);
    },
  };
}

export function mirror(
  state: TownState,
  events: readonly TownEvent[],
  options: { inUseByArea?: boolean } = {},
): void {
  const target = stateTarget(state, options.inUseByArea ?? false);
  for (const e of events)
    applyEvent(
      target,
      // A talk's doing the client writes itself is not sent (shared/state.ts, sentDoing).
      e.kind === "actionStarted" ? { ...e, ...sentDoing(state, e.agentId, e) } : e,
    );
}
