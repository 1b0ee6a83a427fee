// The step clock: step n of a town covers game time start + n × stepSeconds.
import { STEP_SECONDS } from "../../shared/constants.ts";

export const DAY_MS = 24 * 60 * 60 * 1000;

export function timeAtStep(start: number, step: number, stepSeconds = STEP_SECONDS): number {
  return start + step * stepSeconds * 1000;
}

/** Steps in one game day. */
export function stepsPerDay(stepSeconds = STEP_SECONDS): number {
  return (24 * 60 * 60) / stepSeconds;
}

/** Midnight (game time) of the day `time` falls in. */
export function startOfDay(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}
