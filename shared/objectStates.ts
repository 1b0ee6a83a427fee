// The object states a client has (shared/state.ts): those sent to everyone, and in a large town
// the objects in use near its camera (shared/interest.ts).
import type { ObjectState, TownState } from "./state.ts";

/** An object's state as a client reads it: the map's key is its address. */
export interface ObjectStateAt {
  address: string;
  state: string;
  by: string;
}

/** Every object state a client has: those sent to everyone and those in use near its camera. */
export function objectStates(state: TownState): ObjectStateAt[] {
  const out: ObjectStateAt[] = [];
  const add = (address: string, o: ObjectState) => out.push({ address, state: o.state, by: o.by });
  state.objects.forEach((o, address) => add(address, o));
  // Undefined until the first one in use comes into the client's view (a view-filtered map).
  const inUse = state.inUse?.objects as TownState["inUse"]["objects"] | undefined;
  inUse?.forEach((o, address) => add(address, o));
  return out;
}
