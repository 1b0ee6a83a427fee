// The day plan, in one call: the revised "currently" status (the original's revise_identity on a
// new day), the wake-up hour, the broad plan of 5-8 items, and the hourly schedule as blocks (the
// original's one call per hour). §3.3 A.
import { z } from "zod";
import { formatDate } from "../../../shared/time.ts";
import type { Persona } from "../../../shared/persona.ts";
import type { PlaceName } from "../language/events.ts";
import { offlineDayPlan } from "../offline/planner.ts";
import {
  Clock,
  definePrompt,
  firstName,
  iss,
  memories,
  type Identity,
  type MemoryLine,
} from "./builder.ts";

export interface DayPlanInput {
  identity: Identity;
  /** The persona file entry: its usual day is the offline engine's habits (a model is not shown it). */
  persona: Persona;
  /** Midnight of the planned day (game ms). */
  day: number;
  firstDay: boolean;
  /** Yesterday's broad plan, for continuity. */
  yesterday?: string[];
  /** Retrieved for "<name>'s plan for <date>" and "important recent events" (best first). */
  memories: MemoryLine[];
  /** Places the resident knows by name (sectors, arenas), for finding events' places. */
  places: PlaceName[];
  /** Sectors the resident may go to (its home and public places), shown to the model. */
  sectors: string[];
  /** Where the resident is now. */
  currentPlace: string;
  /** Names the resident knows. */
  people: readonly string[];
}

export const DayPlanAnswer = z.object({
  currently: z.string().min(1),
  wakeUp: Clock,
  plan: z.array(z.string().min(1)).min(1).max(10),
  // The SDK's strict structured output needs every key present: "no place" is null.
  schedule: z
    .array(
      z.object({ start: Clock, task: z.string().min(1), place: z.string().nullable().optional() }),
    )
    .min(1),
});
export type DayPlanAnswer = z.infer<typeof DayPlanAnswer>;

export const dayPlanPrompt = definePrompt<DayPlanInput, DayPlanAnswer>({
  name: "day-plan",
  tier: "strong",
  answer: DayPlanAnswer,
  maxTokens: 900,
  temperature: 0.5,
  system: () =>
    "You plan one day of a resident of a small town in a life simulation. Keep to the person's habits, job and commitments; events they know of happen at their time and place.",
  user: (i) => {
    const f = firstName(i.identity.name);
    return [
      iss(i.identity),
      `Today is ${formatDate(i.day)}.${i.firstDay ? "" : ` Yesterday's plan: ${(i.yesterday ?? []).join("; ") || "(none)"}.`} ${f} is at ${i.currentPlace}.`,
      `What ${f} remembers that matters for today:`,
      memories(i.memories, 60, undefined, i.identity),
      `Places ${f} knows: ${i.sectors.join(", ")}. Stay in the current area if an activity can be done there; never go into other people's homes unless invited.`,
      `Give: "currently", ${f}'s status today in one or two sentences (third person); "wakeUp"; "plan", 5 to 8 broad items for the day with times; "schedule", the day from 00:00 to bedtime as consecutive blocks {start, task ("baking bread"), place (one of the places, or null)}, about one per hour, sleeping first and last.`,
    ];
  },
  offline: (i) =>
    offlineDayPlan({
      persona: i.persona,
      day: i.day,
      memories: i.memories,
      places: i.places,
      people: i.people,
    }),
});
