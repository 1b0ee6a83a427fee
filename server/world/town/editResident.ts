// A moderator changes a resident: what it is up to ("currently"), its habits (lifestyle) or its
// traits. The resident takes the change in as its own thoughts and plans the rest of its day anew;
// the change is saved with the town.
import type { TownEvent } from "../../../shared/events.ts";
import type { Persona } from "../../../shared/persona.ts";
import { refuse, type Command, type CommandResult } from "../commands.ts";
import type { PersonaEdits, Residents } from "./residents.ts";

export function editResident(
  cmd: Extract<Command, { kind: "editResident" }>,
  residents: Residents,
  now: number,
  tell: (persona: Persona, statements: string[]) => void,
): CommandResult {
  const r = residents.get(cmd.agentId);
  if (!r) return refuse("not_found", `no resident "${cmd.agentId.slice(0, 64)}"`);
  const { currently, lifestyle, traits } = cmd.changes;
  const changes: PersonaEdits = {
    ...(currently !== undefined ? { currently } : {}),
    ...(lifestyle !== undefined ? { lifestyle } : {}),
    ...(traits !== undefined ? { innate: traits } : {}),
  };
  residents.edit(r, changes);
  // Its current action ends now: the next plan is made with the change in mind.
  if (!r.talkingTo) r.until = Math.min(r.until, now);
  const statements = [currently, lifestyle, traits && `${r.persona.name} is ${traits}.`].filter(
    (s): s is string => !!s,
  );
  tell(r.persona, statements);
  const event: TownEvent = {
    kind: "residentEdited",
    by: cmd.by,
    agentId: r.id,
    changes: { ...cmd.changes },
  };
  return { ok: true, events: [event] };
}
