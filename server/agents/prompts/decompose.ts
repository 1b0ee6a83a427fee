// Task decomposition with everything an action needs, in one call: the next hour or two of the
// schedule split into 5-15 minute tasks, each with its address (chosen from the places the
// resident knows, staying in the current area when the task can be done there), emoji, event
// triple and the state it puts the object in. The original chains nine calls for this (§3.3 B:
// decomposition with the identity block, sector, arena, object, two emojis, two triples, state).
import { z } from "zod";
import type { ScheduleItem } from "../../../shared/persona.ts";
import { SpatialMemory } from "../memory/spatial.ts";
import { offlineDecompose } from "../offline/planner.ts";
import { hhmm } from "../language/time.ts";
import { bullets, definePrompt, firstName, iss, type Identity } from "./builder.ts";

export interface DecomposeInput {
  identity: Identity;
  /** "Friday, February 13". */
  date: string;
  /** Where the resident is now ("Copper Kettle cafe:dining room"). */
  currentPlace: string;
  /** Schedule blocks to split, minutes since midnight. */
  blocks: { start: number; end: number; task: string; place?: string }[];
  /** The known places as an outline (spatial.ts outline()). */
  outline: string;
  /** A few memories that matter for these hours (planning notes, appointments). */
  notes: string[];
  /** Blocks shorter than this stay one task. */
  minMinutes: number;
  // For the offline engine only:
  addresses: string[];
  allowedSectors: string[];
  home: string;
  habits: ScheduleItem[];
}

const Task = z.object({
  task: z.string().min(1),
  minutes: z.number().int().min(1).max(240),
  address: z.string(),
  emoji: z.string().max(16),
  predicate: z.string(),
  object: z.string(),
  objectState: z.string(),
});
export const DecomposeAnswer = z.object({
  blocks: z.array(z.object({ tasks: z.array(Task).min(1) })),
});
export type DecomposeAnswer = z.infer<typeof DecomposeAnswer>;

export const decomposePrompt = definePrompt<DecomposeInput, DecomposeAnswer>({
  name: "decompose",
  tier: "cheap",
  answer: DecomposeAnswer,
  maxTokens: 1500,
  system: () =>
    `You break a town resident's schedule into concrete tasks for a life simulation. Addresses must be copied from the known places as "sector:arena:object" (or the sector alone, for another place). Stay in the current area if the task can be done there; never go into other people's rooms unless necessary.`,
  user: (i) => {
    const f = firstName(i.identity.name);
    return [
      iss(i.identity),
      `${i.date}. ${f} is at ${i.currentPlace}. Known places (sector: arena (objects); ...; then other places by name):`,
      i.outline,
      i.notes.length > 0 && `Notes:\n${bullets(i.notes, 5)}`,
      `Schedule blocks:`,
      ...i.blocks.map(
        (b, n) =>
          `${n + 1}. ${hhmm(b.start)}-${hhmm(b.end)} ${b.task}${b.place ? ` @ ${b.place}` : ""}`,
      ),
      `For each block in order, give "tasks": ${f}'s 5 to 15 minute tasks filling it exactly (blocks under ${i.minMinutes} minutes stay one task). Each: task ("kneading dough"), minutes, address, emoji (1-2), predicate and object (${f} <predicate> <object>: "is kneading", "dough"), objectState (what the object is doing: "being used").`,
    ];
  },
  offline: (i) => {
    const known = SpatialMemory.from(i.addresses);
    return {
      blocks: offlineDecompose(
        i.blocks,
        known,
        i.home,
        i.habits,
        i.minMinutes,
        i.allowedSectors,
      ).map((tasks) => ({ tasks })),
    };
  },
});
