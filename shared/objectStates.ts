// The object states a client has (shared/state.ts): those sent to everyone, and in a large town
// the objects in use near its camera (shared/interest.ts).
import type { ObjectState, TownState } from "./state.ts";

/** Every object state a client has: those sent to everyone and those in use near its camera. */
export function objectStates(state: TownState): ObjectState[] {
  const out = Array.from(state.objects.values());
  // Undefined until the first one in use comes into the client's view (a view-filtered map).
  const inUse = state.inUse?.objects as TownState["inUse"]["objects"] | undefined;
  if (inUse) for (const o of inUse.values()) out.push(o);
  return out;
}
