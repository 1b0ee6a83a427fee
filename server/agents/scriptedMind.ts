// The walking skeleton's mind: follows the persona file's scripted day. The generative mind
// (plans, memory, reflection) replaces it behind the same Mind interface.
import { parseHourMinute } from "../../shared/time.ts";
import { DAY_MS, startOfDay } from "../world/clock.ts";
import type { Mind, MindInput, MindOutput } from "../world/mind.ts";
import type { ScheduleItem } from "../../shared/persona.ts";

/** The schedule item running at `now`, and the game time at which the next one starts. */
export function scheduleAt(
  schedule: readonly ScheduleItem[],
  now: number,
): { item: ScheduleItem; until: number } {
  const items = [...schedule]
    .map((item) => ({ item, minute: parseHourMinute(item.at) }))
    .sort((a, b) => a.minute - b.minute);
  const day = startOfDay(now);
  const minute = (now - day) / 60_000;
  // The last item of the previous day runs until the first item of today.
  let current = items.length - 1;
  for (let i = 0; i < items.length; i++) if (items[i].minute <= minute) current = i;
  const next = items[(current + 1) % items.length];
  let until = day + next.minute * 60_000;
  if (until <= now) until += DAY_MS;
  return { item: items[current].item, until };
}

export class ScriptedMind implements Mind {
  tick({ agent, now, needsAction }: MindInput): Promise<MindOutput | null> {
    if (!needsAction) return Promise.resolve(null);
    const { item, until } = scheduleAt(agent.persona.schedule, now);
    return Promise.resolve({
      action: { action: item.action, emoji: item.emoji, address: item.address, until },
    });
  }
}
