// The saved form of a Town, validated when read back from the store. Each kind of thing saves
// its own part (town/*.ts); people and their talks are not saved.
import { z } from "zod";
import { Persona } from "../../shared/persona.ts";
import { ConversationsSnapshot } from "./town/conversations.ts";
import { ObjectsSnapshot } from "./town/objects.ts";
import { PersonaEdits, ResidentsSnapshot } from "./town/residents.ts";

export const TownSnapshot = z.object({
  version: z.literal(1),
  template: z.string(),
  step: z.number().int().nonnegative(),
  time: z.number(),
  seed: z.number().int(),
  agents: ResidentsSnapshot,
  objects: ObjectsSnapshot,
  conversations: ConversationsSnapshot,
  /** Residents who moved in while the town ran (not in its template), in the order they came. */
  added: z.array(Persona).default([]),
  /** Moderators' changes to residents' personas, by id. */
  edited: z.record(z.string(), PersonaEdits).default({}),
  /** Ids of residents who left town (retired): they do not come back (no key: none). */
  retired: z.array(z.string()).optional(),
  /** The minds' own state (memories, plans): opaque to the Town. */
  mind: z.unknown().optional(),
});
export type TownSnapshot = z.infer<typeof TownSnapshot>;
