// START_TIME: a new town begins at a lively hour instead of its map's first minute (often before
// dawn, everyone asleep). The town is moved forward to the first step at that time of day: game
// time stays `map.start + step × stepSeconds`, so saves, recordings and the clock agree.
import { minuteOfDay, parseHourMinute } from "../../shared/time.ts";
import type { Town } from "../world/town.ts";

/** Steps from `start` (game ms) to the first moment at or after it whose time of day is `hhmm`. */
export function stepsUntil(start: number, hhmm: string, stepSeconds: number): number {
  const target = parseHourMinute(hhmm);
  const secondsIntoMinute = (start % 60_000) / 1000;
  const minutes = (target - minuteOfDay(start) + 24 * 60) % (24 * 60);
  const seconds = Math.max(0, minutes * 60 - secondsIntoMinute);
  return Math.ceil(seconds / stepSeconds);
}

/** Moves a new town (nobody has stepped it yet) forward to `hhmm` of its first day. */
export function startTownAt(town: Town, hhmm: string): void {
  if (town.step !== 0) throw new Error("only a new town can be moved to its start time");
  const steps = stepsUntil(town.map.start, hhmm, town.stepSeconds);
  if (steps === 0) return;
  // Through the town's own snapshot, so the residents stay at their spawns with nothing planned:
  // their minds plan the day at the first step, from the hour it is then. The minds are new and
  // untouched, so they are left out (a mind whose memories are kept as rows restores only with them).
  const s = town.worldSnapshot();
  town.restore({ ...s, step: steps, time: town.map.start + steps * town.stepSeconds * 1000 });
}
