// What a town's map leaves cut off, said as warnings (never a refusal: a map with a walled-off
// garden still runs): the walkable regions outside the town's region and the places no path from
// it reaches (server/world/townRegions.ts), residents whose home or starting tile lies outside it,
// and a "visitors" point nobody in town can walk to. Read by the import tools and at start-up.
import type { Persona } from "../../shared/persona.ts";
import type { TownMap } from "../world/townMap.ts";
import {
  connectivity,
  connectivityWarnings,
  inTown,
  placeInTown,
  townRegion,
} from "../world/townRegions.ts";

export function townWarnings(map: TownMap, personas: readonly Persona[] = []): string[] {
  const out = connectivityWarnings(connectivity(map));
  const town = townRegion(map);
  if (town === -1) return out;
  const visitors = map.spawns.get("visitors");
  if (visitors && !inTown(map, visitors, town))
    out.push(
      `the "visitors" spawn point ${visitors.x},${visitors.y} lies in a region cut off from the town: people join on the town's open ground instead`,
    );
  for (const p of personas) {
    const who = `resident "${p.id}"`;
    if (!placeInTown(map, p.home, town))
      out.push(`${who}: home "${p.home}" is cut off from the town (no path from it reaches there)`);
    const spawn = map.spawns.get(p.spawn);
    if (spawn && !inTown(map, spawn, town))
      out.push(
        `${who}: spawn "${p.spawn}" (${spawn.x},${spawn.y}) is cut off from the town: the resident cannot walk into it`,
      );
  }
  return out;
}
