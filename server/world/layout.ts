// Where each place of a town lies, coarsely: every sector's bounds in tiles, read once from the
// map. The minds get this (not the tiles) to say where a place is ("on the east side of town,
// next to the park"), grounded in the map; it is plain data, sent to the minds' threads as is.
import { Address } from "../../shared/address.ts";
import type { TownMap } from "./townMap.ts";

export interface SectorBounds {
  sector: string;
  /** Inclusive tile bounds. */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface TownLayout {
  width: number;
  height: number;
  sectors: SectorBounds[];
}

export function townLayout(map: TownMap): TownLayout {
  const sectors: SectorBounds[] = [];
  for (const address of map.addresses()) {
    if (Address.depth(address) !== 2) continue;
    const tiles = map.tilesOf(address);
    if (!tiles.length) continue;
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const t of tiles) {
      x0 = Math.min(x0, t.x);
      y0 = Math.min(y0, t.y);
      x1 = Math.max(x1, t.x);
      y1 = Math.max(y1, t.y);
    }
    sectors.push({ sector: Address.levels(address)[1], x0, y0, x1, y1 });
  }
  return { width: map.width, height: map.height, sectors };
}
