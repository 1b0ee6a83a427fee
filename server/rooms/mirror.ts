// Mirrors Town events into the schema state that Colyseus sends to clients. The only place that
// writes room state; it holds no rules, it copies.
import { AgentState, AvatarState, ObjectState, type TownState } from "../../shared/state.ts";
import type { TownEvent } from "../../shared/events.ts";
import { applyEvent, type AgentView, type AvatarView, type ViewTarget } from "../../shared/view.ts";

export function agentState(v: AgentView): AgentState {
  const s = new AgentState();
  Object.assign(s, v);
  return s;
}

export function avatarState(v: AvatarView): AvatarState {
  const s = new AvatarState();
  Object.assign(s, v);
  s.away = v.away ?? false;
  return s;
}

/** The room's schema state as a view target. */
function stateTarget(state: TownState): ViewTarget {
  return {
    clock: (step, time) => {
      state.clock.step = step;
      state.clock.time = time;
    },
    agent: (id) => state.agents.get(id),
    avatar: (id) => state.avatars.get(id),
    addAvatar: (v) => void state.avatars.set(v.id, avatarState(v)),
    addAgent: (v) => void state.agents.set(v.id, agentState(v)),
    removeAgent: (id) => void state.agents.delete(id),
    removeAvatar: (id) => void state.avatars.delete(id),
    setObject: (v) => {
      if (!v.state) {
        state.objects.delete(v.address);
        return;
      }
      const o = state.objects.get(v.address) ?? new ObjectState();
      o.address = v.address;
      o.state = v.state;
      o.by = v.by;
      state.objects.set(v.address, o);
    },
  };
}

export function mirror(state: TownState, events: readonly TownEvent[]): void {
  const target = stateTarget(state);
  for (const e of events) applyEvent(target, e);
}
