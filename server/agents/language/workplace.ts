// Where a resident's day keeps it: the building its plan for a day places it in longest away from
// home, for some hours (a workplace, a school: where the same people meet day after day). Read from
// the plan's blocks as values; no kind of place or work is named here.
import type { DayBlock } from "./knowledge.ts";

/** Hours a day in one building that make it where one's day is spent (a meal out is not). */
const DAY_SPENT = 3 * 60;

/** The building of a place name ("office of Oakmere town hall" → "Oakmere town hall"). */
export const buildingOf = (place: string) => place.split(" of ").at(-1) ?? place;

/** The building a day's blocks keep one in longest outside one's home (`home`: a place name), if
 *  three hours or more; undefined for a day spent at home or about town. */
export function workplaceOf(blocks: readonly DayBlock[], home: string): string | undefined {
  const own = buildingOf(home);
  const minutes = new Map<string, number>();
  for (const b of blocks) {
    if (!b.place) continue;
    const at = buildingOf(b.place);
    if (at === own) continue;
    minutes.set(at, (minutes.get(at) ?? 0) + Math.max(0, b.end - b.start));
  }
  const [best] = [...minutes].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= DAY_SPENT ? best[0] : undefined;
}
