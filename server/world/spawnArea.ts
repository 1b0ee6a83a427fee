// Where people appear when they join: the tiles around the map's "visitors" spawn point, spread
// so that nobody lands on someone else. A map without a visitors point (an imported town, whose
// spawn points are residents' beds) uses the open ground of the town: tiles of the town's region
// (townRegions.ts: the walkable region that joins the most sectors) that lie in no building (no
// arena), nearest its middle. A visitors point outside the town's region is not used: nobody
// starts in a pocket cut off from the residents (an imported Smallville's open ground around the
// map's edge is larger than the town, and joins none of it).
import { Address } from "../../shared/address.ts";
import type { Tile } from "./tile.ts";
import type { TownMap } from "./townMap.ts";
import { townRegion } from "./townRegions.ts";

/** How many tiles the spawn area holds at most (enough to keep a crowd apart). */
export const SPAWN_AREA_TILES = 64;

type MapLike = Pick<
  TownMap,
  "width" | "height" | "isWalkable" | "arenaAt" | "spawns" | "regions" | "addresses" | "tilesOf"
>;

/** Walkable tiles connected to `from`, breadth first (nearest first), at most `limit`. */
export function flood(
  map: MapLike,
  from: Tile,
  limit = Infinity,
  keep: (t: Tile) => boolean = () => true,
): Tile[] {
  const seen = new Uint8Array(map.width * map.height);
  const out: Tile[] = [];
  const queue: Tile[] = [from];
  seen[from.y * map.width + from.x] = 1;
  for (let i = 0; i < queue.length && out.length < limit; i++) {
    const t = queue[i];
    out.push(t);
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const n = { x: t.x + dx, y: t.y + dy };
      if (!map.isWalkable(n.x, n.y) || seen[n.y * map.width + n.x] || !keep(n)) continue;
      seen[n.y * map.width + n.x] = 1;
      queue.push(n);
    }
  }
  return out;
}

/** The spawn area, nearest its centre first. Empty only for a map with no walkable tile. */
export function spawnArea(map: MapLike): Tile[] {
  const town = townRegion(map);
  if (town === -1) return [];
  const point = map.spawns.get("visitors");
  // The visitors point counts when it lies in the town's region (a point in a closed room does not).
  let origin: Tile | undefined =
    point && map.regions.at(point.x, point.y) === town ? point : undefined;
  if (!origin) {
    const main = map.regions.tiles(town);
    const open = main.filter((t) => Address.depth(map.arenaAt(t.x, t.y)) < 3);
    const pool = open.length > 0 ? open : main;
    if (pool.length === 0) return [];
    const cx = pool.reduce((s, t) => s + t.x, 0) / pool.length,
      cy = pool.reduce((s, t) => s + t.y, 0) / pool.length;
    origin = pool.reduce((best, t) =>
      Math.hypot(t.x - cx, t.y - cy) < Math.hypot(best.x - cx, best.y - cy) ? t : best,
    );
  }
  // The area stays in the origin's own place (the same arena, or the open ground).
  const place = map.arenaAt(origin.x, origin.y);
  return flood(map, origin, SPAWN_AREA_TILES, (t) => map.arenaAt(t.x, t.y) === place);
}

/**
 * The tile for the next person: the first of the area (nearest its centre) with nobody on it or
 * next to it; when the area is that crowded, the first nobody stands on; else its centre.
 */
export function pickSpawn(area: readonly Tile[], others: readonly Tile[]): Tile | undefined {
  const near = (t: Tile, r: number) =>
    others.some((o) => Math.max(Math.abs(o.x - t.x), Math.abs(o.y - t.y)) <= r);
  return area.find((t) => !near(t, 1)) ?? area.find((t) => !near(t, 0)) ?? area[0];
}
