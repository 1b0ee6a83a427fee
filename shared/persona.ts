// Persona files: assets/towns/<template>/personas.json. A resident's identity in the spirit
// of the paper's "identity stable set", plus what the world needs to place and draw it.
import { z } from "zod";

export const ScheduleItem = z.object({
  /** Time of day the item starts, "HH:MM". */
  at: z.string().regex(/^\d{1,2}:\d{2}$/),
  /** What the resident does, as a phrase: "having breakfast". */
  action: z.string().min(1),
  emoji: z.string().min(1).max(8),
  /** Where: "world:sector:arena" or "world:sector:arena:object". */
  address: z.string().min(1),
});
export type ScheduleItem = z.infer<typeof ScheduleItem>;

export const Persona = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/, "ids are lower-case letters, digits and dashes"),
  name: z.string().min(1),
  age: z.number().int().positive(),
  /** Innate traits: "friendly, outgoing, hospitable". */
  innate: z.string(),
  /** Backstory and occupation. */
  learned: z.string(),
  /** What the resident is up to these days. */
  currently: z.string(),
  /** Sleep and meal habits. */
  lifestyle: z.string(),
  /** Where the resident lives: "world:sector:arena". */
  home: z.string(),
  /** Row of the character sprite sheet. */
  sprite: z.number().int().nonnegative(),
  /** Name of the spawn point (in the map's "spawns" layer) where the resident starts. */
  spawn: z.string(),
  /** A scripted day: the walking skeleton's mind follows it; the generative mind ignores it. */
  schedule: z.array(ScheduleItem).min(1),
});
export type Persona = z.infer<typeof Persona>;

export const PersonaFile = z.object({ residents: z.array(Persona).min(1) });
export type PersonaFile = z.infer<typeof PersonaFile>;
