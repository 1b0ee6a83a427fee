// Where a place lies, as a resident would say it: the part of town it is in, by the centre of its
// bounds against the town's extent ("on the east side", "in the south-west", "in the middle"), and
// the places around it, nearest first, each with the side of it the place lies on ("just north of
// the cafe"). Read once per town from its layout (world/layout.ts); a resident names only the
// places it knows as landmarks (knowing.ts).
import type { SectorBounds, TownLayout } from "../../world/layout.ts";

export type Compass = "north" | "south" | "east" | "west";

export interface Position {
  /** The part of town: a side, two sides ("south-west"), or "middle". */
  side: string;
  /** The other sectors, nearest first: the gap between their bounds in tiles, and the side of
   *  that sector this one lies on when they face each other across it. */
  around: { sector: string; gap: number; dir?: Compass }[];
}

const kept = new WeakMap<TownLayout, Map<string, Position>>();

/** Each sector's position in its town (kept per layout: computed once per town). */
export function positions(layout: TownLayout): Map<string, Position> {
  const hit = kept.get(layout);
  if (hit) return hit;
  const out = new Map<string, Position>();
  const xs = layout.sectors.flatMap((s) => [s.x0, s.x1]);
  const ys = layout.sectors.flatMap((s) => [s.y0, s.y1]);
  const [ex0, ex1, ey0, ey1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  // Thirds of the town's extent: its west, middle and east; its north, middle and south (the map's
  // y grows southwards).
  const third = (v: number, lo: number, hi: number) =>
    hi <= lo ? 1 : Math.min(2, Math.floor((3 * (v - lo)) / (hi - lo + 1)));
  for (const s of layout.sectors) {
    const col = ["west", "", "east"][third((s.x0 + s.x1) / 2, ex0, ex1)];
    const row = ["north", "", "south"][third((s.y0 + s.y1) / 2, ey0, ey1)];
    const side = row && col ? `${row}-${col}` : row || col || "middle";
    const around = layout.sectors
      .filter((o) => o.sector !== s.sector)
      .map((o) => ({ sector: o.sector, gap: gap(s, o), ...facing(s, o) }))
      .sort((a, b) => a.gap - b.gap)
      // (The nearest few: a landmark is one of them, and a big town keeps no square of pairs.)
      .slice(0, 12);
    out.set(s.sector, { side, around });
  }
  kept.set(layout, out);
  return out;
}

/** The distance in tiles between two bounds (0 when they touch or overlap). */
function gap(a: SectorBounds, b: SectorBounds): number {
  const dx = Math.max(0, b.x0 - a.x1 - 1, a.x0 - b.x1 - 1);
  const dy = Math.max(0, b.y0 - a.y1 - 1, a.y0 - b.y1 - 1);
  return Math.hypot(dx, dy);
}

/** The side of `b` that `a` lies on, when they face each other: their spans overlap along one
 *  axis for most of the smaller one. */
function facing(a: SectorBounds, b: SectorBounds): { dir?: Compass } {
  const overlap = (a0: number, a1: number, b0: number, b1: number) =>
    (Math.min(a1, b1) - Math.max(a0, b0) + 1) / Math.min(a1 - a0 + 1, b1 - b0 + 1);
  if (overlap(a.x0, a.x1, b.x0, b.x1) >= 0.5) {
    if (a.y0 > b.y1) return { dir: "south" };
    if (a.y1 < b.y0) return { dir: "north" };
  }
  if (overlap(a.y0, a.y1, b.y0, b.y1) >= 0.5) {
    if (a.x0 > b.x1) return { dir: "east" };
    if (a.x1 < b.x0) return { dir: "west" };
  }
  return {};
}

/** The part of town said as a place: "on the east side of town", "in the south-west of town",
 *  "in the middle of town". */
export function sidePhrase(side: string): string {
  if (side === "middle") return "in the middle of town";
  return side.includes("-") ? `in the ${side} of town` : `on the ${side} side of town`;
}
