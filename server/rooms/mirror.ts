// Mirrors Town events into the schema state that Colyseus sends to clients. The only place that
// writes room state; it holds no rules, it copies.
import { AgentState, AvatarState, ObjectState, type TownState } from "../../shared/state.ts";
import type { TownEvent } from "../world/events.ts";
import type { AgentView, AvatarView } from "../world/town.ts";

export function agentState(v: AgentView): AgentState {
  const s = new AgentState();
  Object.assign(s, v);
  return s;
}

export function avatarState(v: AvatarView): AvatarState {
  const s = new AvatarState();
  Object.assign(s, v);
  return s;
}

export function mirror(state: TownState, events: readonly TownEvent[]): void {
  for (const e of events) {
    switch (e.kind) {
      case "clockTicked":
        state.clock.step = e.step;
        state.clock.time = e.time;
        break;
      case "agentMoved": {
        const a = state.agents.get(e.agentId);
        if (a) { a.x = e.x; a.y = e.y; }
        break;
      }
      case "actionStarted": {
        const a = state.agents.get(e.agentId);
        if (a) { a.action = e.action; a.emoji = e.emoji; a.address = e.address; a.talkingTo = e.talkingTo; }
        break;
      }
      case "objectChanged": {
        if (!e.state) state.objects.delete(e.address);
        else {
          const o = state.objects.get(e.address) ?? new ObjectState();
          o.address = e.address;
          o.state = e.state;
          o.by = e.by;
          state.objects.set(e.address, o);
        }
        break;
      }
      case "said":
        break; // speech is a message to clients (agent_said), not state
      case "avatarJoined":
        state.avatars.set(e.avatarId, avatarState({ id: e.avatarId, name: e.name, role: e.role, x: e.x, y: e.y, sprite: e.sprite }));
        break;
      case "avatarMoved": {
        const a = state.avatars.get(e.avatarId);
        if (a) { a.x = e.x; a.y = e.y; }
        break;
      }
      case "avatarLeft":
        state.avatars.delete(e.avatarId);
        break;
    }
  }
}
