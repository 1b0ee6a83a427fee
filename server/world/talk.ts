// Rules for people talking to residents: who is in range, and which words end a talk.
import { TALK_RANGE } from "../../shared/constants.ts";

/** Tiles between two points, diagonals counting one (the client draws the same square). */
export function chebyshev(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

export function inTalkRange(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  return chebyshev(a, b) <= TALK_RANGE;
}

const GOODBYE =
  /\b(good ?bye|bye|farewell|see you|see ya|gotta go|got to go|have to go|take care|good night)\b/i;

/** Whether a person's words take leave. */
export function isGoodbye(text: string): boolean {
  return GOODBYE.test(text);
}
