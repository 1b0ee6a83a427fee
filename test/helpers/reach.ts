// Whether people who join a town can walk to its residents: paths from every tile of the spawn
// area for people to every resident's home and every sector, found by the town's PathFinder and
// checked step by step.
import type { Persona } from "../../shared/persona.ts";
import { PathFinder } from "../../server/world/path.ts";
import { spawnArea } from "../../server/world/spawnArea.ts";
import type { Tile } from "../../server/world/tile.ts";
import type { TownMap } from "../../server/world/townMap.ts";

/** A path that walks: each step one tile onto a walkable tile, ending on a goal. */
export function walks(map: TownMap, from: Tile, path: Tile[], goals: readonly Tile[]): boolean {
  let at = from;
  for (const t of path) {
    if (!map.isWalkable(t.x, t.y) || Math.abs(t.x - at.x) + Math.abs(t.y - at.y) !== 1)
      return false;
    at = t;
  }
  return goals.some((g) => g.x === at.x && g.y === at.y);
}

/**
 * From every tile people can spawn on, a path (PathFinder's, checked step by step) to every
 * resident's home and every sector; from every resident's spawn, one to the people's spawn area.
 * `also`: more tiles to reach from the area. Returns what could not be reached (empty: all could).
 */
export function unreachedFromSpawns(
  map: TownMap,
  personas: readonly Pick<Persona, "id" | "home" | "spawn">[],
  also: readonly Tile[] = [],
): string[] {
  const area = spawnArea(map);
  if (area.length === 0) return ["no spawn area"];
  const finder = new PathFinder(map.width, map.height, map.blocked);
  const goals = [
    ...new Set([
      ...personas.map((p) => p.home),
      ...map.addresses().filter((a) => a.split(":").length === 2),
    ]),
  ];
  const missed: string[] = [];
  for (const from of area)
    for (const goal of goals) {
      const tiles = map.tilesOf(goal);
      const path = finder.find(from, tiles);
      if (!path || !walks(map, from, path, tiles)) missed.push(`${goal} from ${from.x},${from.y}`);
    }
  for (const to of also) {
    const path = finder.find(area[0], [to]);
    if (!path || !walks(map, area[0], path, [to]))
      missed.push(`${to.x},${to.y} from the spawn area`);
  }
  for (const p of personas) {
    const from = map.spawns.get(p.spawn)!;
    const path = finder.find(from, area);
    if (!path || !walks(map, from, path, area)) missed.push(`spawn area from ${p.id}'s spawn`);
  }
  return missed;
}
