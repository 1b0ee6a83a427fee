// What an agent can notice: events on tiles within its vision square, inside its own arena,
// nearest first, at most its attention bandwidth (the original's perceive, section 3.1).
import { Address } from "../../shared/address.ts";

/** Something happening at a place: an agent's action, a person, an object's state. */
export interface WorldEvent {
  /** Who or what: an agent's or person's name, or an object's full address. */
  subject: string;
  predicate: string;
  object: string;
  /** Natural language: "Ada Lin is making coffee", "the stove is on fire". */
  description: string;
  /** Where it happens: the address of the tile (for an object, the object's address). */
  address: Address;
  x: number;
  y: number;
  /** An agent's doing as it was chosen ("making coffee"), the description's predicate as a value:
   *  readers take it rather than tag the sentence. */
  doing?: string;
  /** Who set an object's state (a person's or agent's name); empty otherwise. */
  by?: string;
  /** The object's state is a person's word (a moderator's "on fire"), not a resident's use. */
  byPerson?: boolean;
  /** The agent or person the event is about, when it is one. */
  actor?: { kind: "agent" | "avatar"; id: string };
  /** The actor is in a group talk with people that anyone near may join. */
  joinable?: boolean;
}

export interface PerceivedEvent extends WorldEvent {
  distance: number;
}

export interface Vision {
  x: number;
  y: number;
  /** The observer's arena address ("world:sector:arena"); only events there are seen. */
  arena: Address;
  radius: number;
  bandwidth: number;
}

/** The arena part of an address (every resident's and event's, every step: kept, not split again). */
export function arenaOf(address: Address): Address {
  let arena = arenas.get(address);
  if (arena === undefined) {
    arena = Address.prefix(address, 3);
    if (arenas.size >= 100_000) arenas.clear();
    arenas.set(address, arena);
  }
  return arena;
}
const arenas = new Map<Address, Address>();

/** Whether an address lies in an arena ("w:s:a" holds "w:s:a" and "w:s:a:object"). */
function inArena(address: Address, arena: Address): boolean {
  return (
    address.startsWith(arena) &&
    (address.length === arena.length || address.charCodeAt(arena.length) === 58) /* ":" */
  );
}

export function perceive(
  vision: Vision,
  events: readonly WorldEvent[],
  self?: string,
): PerceivedEvent[] {
  if (!vision.arena) return [];
  // Collect candidates as (distance, index) first and build objects only for the few kept:
  // crowded arenas would otherwise allocate one object per pair of agents every step.
  const picked: { d: number; e: WorldEvent }[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (Math.abs(e.x - vision.x) > vision.radius || Math.abs(e.y - vision.y) > vision.radius)
      continue;
    if (e.subject === self || !inArena(e.address, vision.arena)) continue;
    picked.push({ d: Math.hypot(e.x - vision.x, e.y - vision.y), e });
  }
  // Stable order: distance, then subject, so equal distances never depend on insertion order.
  picked.sort(
    (a, b) => a.d - b.d || (a.e.subject < b.e.subject ? -1 : a.e.subject > b.e.subject ? 1 : 0),
  );
  const n = Math.min(picked.length, vision.bandwidth);
  const out = new Array<PerceivedEvent>(n);
  for (let i = 0; i < n; i++) out[i] = { ...picked[i].e, distance: picked[i].d };
  return out;
}

/** Events grouped by arena (a resident notices only its own arena's); events outside every arena are dropped. */
export function groupByArena(events: readonly WorldEvent[]): Map<Address, WorldEvent[]> {
  const byArena = new Map<Address, WorldEvent[]>();
  for (const e of events) {
    const arena = arenaOf(e.address);
    if (!arena) continue;
    let list = byArena.get(arena);
    if (!list) byArena.set(arena, (list = []));
    list.push(e);
  }
  return byArena;
}
