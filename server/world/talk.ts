// Rules for people talking to residents: who is in range. (Which words take leave is the minds'
// reading, Reply.left: the world reads no language.)
import { TALK_RANGE } from "../../shared/constants.ts";

/** Tiles between two points, diagonals counting one (the client draws the same square). */
export function chebyshev(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));
}

export function inTalkRange(a: { x: number; y: number }, b: { x: number; y: number }): boolean {
  return chebyshev(a, b) <= TALK_RANGE;
}

type Tile = { x: number; y: number };

/**
 * Whom a person walking up is seen coming by: of those free to notice, the one nearest the end of
 * the person's walk, if that end is within talk range and the person within its sight (the first
 * of the nearest, in the order given).
 */
export function noticedBy<R extends Tile>(
  person: Tile,
  end: Tile,
  free: readonly R[],
  visionRadius: number,
): R | undefined {
  let best: R | undefined;
  let bestD = Infinity;
  for (const r of free) {
    if (!inTalkRange(end, r) || chebyshev(person, r) > visionRadius) continue;
    const d = chebyshev(end, r);
    if (d < bestD) {
      best = r;
      bestD = d;
    }
  }
  return best;
}
