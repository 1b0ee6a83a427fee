// Whom a resident knows of. In a small town everyone who lived there from the start knows the
// others; a resident who moved in while the town ran (a moderator added it) is known at first only
// to those it lives with, and knows only them. Anyone else comes to know of it by meeting it: by
// seeing it, talking with it or hearing of it, which leaves a memory that names it (or a view of
// it, a talk with it). Nothing here is saved: it is read again from memories after a restore.
import type { Persona } from "../../shared/persona.ts";
import type { MemoryPort } from "./memory/port.ts";

/** What is read of a resident's mind state (state.ts's Mind). */
interface Mind {
  readonly id: string;
  persona: Pick<Persona, "name" | "home">;
  memory: MemoryPort;
  relationships: ReadonlyMap<string, unknown>;
  lastChat: ReadonlyMap<string, unknown>;
}

/** Per memory stream and name: how many memories were read for it, and whether one named it. */
const read = new WeakMap<MemoryPort, Map<string, { size: number; found: boolean }>>();

/** Whether one of `s`'s memories names `name` (memories are only added: each is read once). */
function remembers(s: Mind, name: string): boolean {
  let byName = read.get(s.memory);
  if (!byName) read.set(s.memory, (byName = new Map<string, { size: number; found: boolean }>()));
  let seen = byName.get(name);
  if (!seen) byName.set(name, (seen = { size: 0, found: false }));
  const fresh = s.memory.size - seen.size;
  if (seen.found || fresh <= 0) return seen.found;
  seen.size = s.memory.size;
  seen.found = s.memory
    .latest(fresh)
    .some((m) => m.subject === name || m.object === name || m.description.includes(name));
  return seen.found;
}

/** Whether `s` knows of `other` (`newcomers`: ids of those who moved in while the town ran). */
export function knowsOf(s: Mind, other: Mind, newcomers: ReadonlySet<string>): boolean {
  if (!newcomers.has(s.id) && !newcomers.has(other.id)) return true;
  if (s.persona.home === other.persona.home) return true;
  if (s.relationships.has(other.id) || s.lastChat.has(other.id)) return true;
  return remembers(s, other.persona.name);
}
