// Town-wide news: a moderator announces something everyone in town (or everyone at a place) would
// come to know — "A storm will hit tonight", "The bridge is closed". Each resident reached hears
// it with its next tick as a notice its mind takes in as an observation; the event says who was
// reached, for recordings and replays.
import type { TownEvent } from "../../../shared/events.ts";
import { refuse, type Command, type CommandResult } from "../commands.ts";
import type { Address } from "../tile.ts";
import type { TownMap } from "../townMap.ts";
import type { Residents } from "./residents.ts";

/** Whether `address` lies at `place` (a prefix of whole parts: "w:s" holds "w:s:a" and "w:s"). */
export function atPlace(address: Address, place: Address): boolean {
  if (!place) return true;
  return (
    address.startsWith(place) &&
    (address.length === place.length || address.charCodeAt(place.length) === 58) /* ":" */
  );
}

/** Tells every resident at the place (everyone when `place` is empty) what was announced. */
export function announce(
  cmd: Extract<Command, { kind: "announce" }>,
  residents: Residents,
  map: TownMap,
  now: number,
): CommandResult {
  const place = cmd.place.trim();
  if (place && !map.addresses().some((a) => atPlace(a, place)))
    return refuse("not_found", `no place "${place.slice(0, 120)}" in this town`);
  const reached = residents.all.filter((r) => atPlace(map.addressAt(r.x, r.y), place));
  for (const r of reached)
    r.notices.push({ kind: "announcement", text: cmd.text, by: cmd.by, place, at: now });
  const event: TownEvent = {
    kind: "announced",
    by: cmd.by,
    text: cmd.text,
    place,
    agentIds: reached.map((r) => r.id),
  };
  return { ok: true, events: [event] };
}
