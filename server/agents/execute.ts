// Execute: a task becomes an action at an address the agent knows, "world:sector:arena:object",
// and the Town walks the agent there (the original's execute + the address part of its action
// chain, §3.3 B.2 and §3.5). Addresses are resolved against spatial memory, never coordinates:
// an unknown answer falls back to the nearest known name, then to home.
import type { Decision } from "../world/mind.ts";
import { arenaFor, objectFor } from "./offline/planner.ts";
import type { SpatialMemory } from "./memory/spatial.ts";
import { Address } from "../../shared/address.ts";

export interface PlannedTask {
  /** Minutes since midnight. */
  start: number;
  end: number;
  task: string;
  address: Address;
  emoji: string;
  predicate: string;
  object: string;
  objectState: string;
}

/**
 * The known address a task happens at. `candidate` is what the model (or the offline engine)
 * named; `place` is the schedule block's place, tried next; home is the last resort. An arena
 * gets the object of it the task most likely uses.
 */
export function resolveAddress(
  spatial: SpatialMemory,
  candidate: string,
  task: string,
  opts: { home: Address; place?: string; allowed?: readonly string[] },
): Address {
  const allowed = opts.allowed;
  const ok = (a: Address | undefined): a is Address =>
    !!a && spatial.has(a) && (!allowed || allowed.includes(Address.parse(a).sector!));
  let address: Address | undefined;
  const full =
    candidate && !candidate.startsWith(`${spatial.world}:`)
      ? `${spatial.world}:${candidate}`
      : candidate;
  if (ok(full)) address = full;
  if (!address && candidate) {
    const r = spatial.resolve(candidate, allowed);
    if (ok(r)) address = r;
  }
  if ((!address || Address.depth(address) < 3) && opts.place) {
    const r = spatial.has(opts.place) ? opts.place : spatial.resolve(opts.place, allowed);
    if (ok(r) && (!address || Address.depth(r) > Address.depth(address))) address = r;
  }
  if (!address || Address.depth(address) < 3) {
    // A sector alone: its arena that the task names best, else the first.
    const sector = address ? Address.parse(address).sector : undefined;
    const arena = sector ? arenaFor(task, spatial.arenas(sector)) : undefined;
    if (arena) address = Address.format([spatial.world, sector!, arena]);
  }
  if (!address || !spatial.has(address)) address = opts.home;
  const { sector, arena } = Address.parse(address);
  if (Address.depth(address) === 3) {
    const object = objectFor(task, spatial.objects(sector!, arena!));
    if (object) address = Address.format([address, object]);
  }
  return address;
}

/** The Town's view of a task: what, where, until when. */
export function decisionOf(t: PlannedTask, dayStart: number): Decision {
  return {
    action: t.task,
    emoji: t.emoji || "🙂",
    address: t.address,
    until: dayStart + t.end * 60_000,
    predicate: t.predicate,
    object: t.object,
    ...(t.objectState && Address.isObject(t.address) ? { objectState: t.objectState } : {}),
  };
}
