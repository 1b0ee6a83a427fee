// A moderator retires a resident: it ends the talk it is in, walks home and leaves town, at home
// or, when the walk takes too long, where it stands. Its memories stay with the town's minds (and
// in the save); the others are told it is gone (a "departed" notice: each mind decides whether its
// resident knew of the one who left) and it does not come back after a restart.
import type { TownEvent } from "../../../shared/events.ts";
import { refuse, type Command, type CommandResult } from "../commands.ts";
import type { Resident, Residents } from "./residents.ts";

/** Game time a retired resident has to reach home; then it leaves from where it is. */
export const LEAVE_WITHIN_MS = 2 * 3_600_000;

export function retireResident(
  cmd: Extract<Command, { kind: "retireResident" }>,
  residents: Residents,
  now: number,
  endTalks: (r: Resident, events: TownEvent[]) => void,
): CommandResult {
  const r = residents.get(cmd.agentId);
  if (!r)
    return residents.retired.includes(cmd.agentId)
      ? refuse("conflict", `"${cmd.agentId}" has already left town`)
      : refuse("not_found", `no resident "${cmd.agentId.slice(0, 64)}"`);
  if (r.leaving) return refuse("conflict", `${r.persona.name} is already leaving town`);
  const events: TownEvent[] = [];
  endTalks(r, events);
  r.leaving = { by: cmd.by, until: now + LEAVE_WITHIN_MS };
  // It stops what it does and walks home; its mind is asked nothing more.
  residents.startAction(
    r,
    {
      action: "leaving town",
      emoji: "🧳",
      address: r.persona.home,
      until: Infinity,
      object: "town",
    },
    now,
    0,
    events,
  );
  events.push({ kind: "residentRetired", by: cmd.by, agentId: r.id, name: r.persona.name });
  return { ok: true, events };
}

/**
 * Retired residents who are home (or out of time) leave: out of the town, and everyone still in it
 * is told with its next tick. Returns who left.
 */
export function departures(residents: Residents, now: number, events: TownEvent[]): Resident[] {
  const gone = residents.all.filter(
    (r) => r.leaving && (r.path.length === 0 || now >= r.leaving.until),
  );
  for (const r of gone) {
    residents.remove(r, events);
    events.push({ kind: "residentLeft", agentId: r.id, name: r.persona.name });
  }
  for (const r of gone)
    for (const o of residents.all)
      o.notices.push({ kind: "departed", agentId: r.id, name: r.persona.name, at: now });
  return gone;
}
