// Mirrors Town events into the schema state that Colyseus sends to clients. The only place that
// writes room state; it holds no rules, it copies.
import {
  AgentState,
  AvatarState,
  facingIndex,
  freeSeat,
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
  s.others = 0;
  s.person = 0;
  return s;
}

export function avatarState(v: AvatarView, seat = 0): AvatarState {
  const s = new AvatarState();
  s.id = v.id;
  s.name = v.name;
  s.role = v.role;
  s.x = s.fx = v.x;
  s.y = s.fy = v.y;
  s.sprite = v.sprite;
  s.away = v.away ?? false;
  s.seat = seat;
  return s;
}

/** An object whose properties `keys` read and write those of `s`. */
function passing<T extends object, K extends keyof T>(s: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys)
    Object.defineProperty(out, key, {
      get: () => s[key],
      set: (value: T[K]) => void (s[key] = value),
      enumerable: true,
    });
  return out;
}

/**
 * An avatar's state as a view's avatar: its position is `x`, `y` (shared/state.ts; the room's
 * interest writes the coarse `fx`, `fy` from it).
 */
function avatarTarget(s: AvatarState): ReturnType<ViewTarget["avatar"]> {
  return once(avatarTargets, s, () =>
    Object.defineProperty(passing(s, ["x", "y"]), "away", {
      get: () => s.away,
      set: (away: boolean | undefined) => void (s.away = away ?? false),
    }),
  );
}
const avatarTargets = new WeakMap<AvatarState, ReturnType<ViewTarget["avatar"]>>();

/** A resident's state as a view's resident: its facing is a number (shared/state.ts). */
function agentTarget(s: AgentState): ReturnType<ViewTarget["agent"]> {
  return once(agentTargets, s, () =>
    Object.defineProperty(passing(s, ["x", "y", "action", "emoji", "talkingTo"]), "facing", {
      get: () => FACINGS[s.facing] ?? "down",
      set: (facing: string) => void (s.facing = facingIndex(facing)),
    }),
  );
}
const agentTargets = new WeakMap<AgentState, ReturnType<ViewTarget["agent"]>>();

/** The target kept for a state entry, made the first time (an event for it comes every step). */
function once<S extends object, T>(kept: WeakMap<S, T>, s: S, make: () => unknown): T {
  let t = kept.get(s);
  if (!t) kept.set(s, (t = make() as T));
  return t;
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
 * residents' uses of objects go to `inUse.objects`, sent by camera; people's states to `objects`.
 */
function stateTarget(state: TownState, inUseByArea: boolean): ViewTarget {
  /** Seats of avatars removed by these events: one joining again under its id keeps its seat. */
  const freed = new Map<string, number>();
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
    addAvatar: (v) => {
      const seat = freed.get(v.id);
      const taken = seat !== undefined && [...state.avatars.values()].some((a) => a.seat === seat);
      state.avatars.set(
        v.id,
        avatarState(v, seat !== undefined && !taken ? seat : freeSeat(state)),
      );
    },
    addAgent: (v) => void state.agents.set(v.id, agentState(v)),
    removeAgent: (id) => void state.agents.delete(id),
    removeAvatar: (id) => {
      const a = state.avatars.get(id);
      if (!a) return;
      freed.set(id, a.seat);
      state.avatars.delete(id);
    },
    setObject: (v) => {
      const inUse = inUseByArea && !byPerson(state, v.by);
      const into = inUse ? state.inUse.objects : state.objects;
      const other = inUse ? state.objects : state.inUse.objects;
      if (other.has(v.address)) other.delete(v.address);
      if (!v.state) {
        if (into.has(v.address)) into.delete(v.address);
        return;
      }
      const o = into.get(v.address) ?? new ObjectState();
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
  for (const e of events) {
    if (e.kind !== "actionStarted") {
      applyEvent(target, e);
      continue;
    }
    // A talk's doing the client writes itself is not sent (shared/state.ts, sentDoing); a person
    // it talks with is named by their seat, not their id.
    const { others, ...doing } = sentDoing(state, e.agentId, e);
    const person = e.talkingTo ? (state.avatars.get(e.talkingTo)?.seat ?? 0) : 0;
    applyEvent(target, { ...e, ...doing, ...(person ? { talkingTo: "" } : {}) });
    const a = state.agents.get(e.agentId);
    if (a && a.others !== others) a.others = others;
    if (a && a.person !== person) a.person = person;
  }
}
