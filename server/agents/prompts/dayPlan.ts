// The day plan, in one call: the revised "currently" status (the original's four-call
// revise_identity on a new day), the wake-up hour, the broad plan of 5-8 items, and the hourly
// schedule as blocks (the original's one call per hour, up to three passes). §3.3 A.
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import type { Persona } from "../../../shared/persona.ts";
import { offlineDayPlan } from "../offline/planner.ts";
import type { PlaceName } from "../offline/text.ts";
import { formatDate } from "../../../shared/time.ts";
import { bullets, Clock, firstName, iss, QUOTED_SPEECH, type Identity, type MemoryLine } from "./common.ts";

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
}

export const DayPlanAnswer = z.object({
  currently: z.string().min(1),
  wakeUp: Clock,
  plan: z.array(z.string().min(1)).min(1).max(10),
  schedule: z.array(z.object({ start: Clock, task: z.string().min(1), place: z.string().optional() })).min(1),
});
export type DayPlanAnswer = z.infer<typeof DayPlanAnswer>;

export const dayPlanPrompt: Prompt<DayPlanInput, DayPlanAnswer> = {
  name: "day-plan",
  tier: "strong",
  answer: DayPlanAnswer,
  maxTokens: 900,
  temperature: 0.5,
  render: (i) => {
    const f = firstName(i.identity.name);
    return [
      {
        role: "system",
        content: `You plan one day of a resident of a small town in a life simulation. Keep to the person's habits, job and commitments; events they know of happen at their time and place. ${QUOTED_SPEECH}`,
      },
      {
        role: "user",
        content: [
          iss(i.identity),
          `Today is ${formatDate(i.day)}.${i.firstDay ? "" : ` Yesterday's plan: ${(i.yesterday ?? []).join("; ") || "(none)"}.`}`,
          `What ${f} remembers that matters for today:`,
          bullets(i.memories),
          `Places ${f} knows: ${i.sectors.join(", ")}.`,
          `Give: "currently", ${f}'s status today in one or two sentences (third person); "wakeUp"; "plan", 5 to 8 broad items for the day with times; "schedule", the day from 00:00 to bedtime as consecutive blocks {start, task ("baking bread"), place (one of the places)}, about one per hour, sleeping first and last.`,
        ].join("\n"),
      },
    ];
  },
  offline: (i) => offlineDayPlan({ persona: i.persona, day: i.day, memories: i.memories, places: i.places }),
};
