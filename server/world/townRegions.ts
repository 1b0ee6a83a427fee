// Which walkable region is the town, and what a map leaves cut off from it. The town's region is
// the one that joins the most sectors (on a tie: the one the map's "visitors" point names, then
// the larger): people join there, and every other region is a pocket nobody in town can walk
// into. The report says, with tile counts, which regions lie outside it and which places (sector,
// arena, object) no path from it reaches, so that a map maker sees it at import and at start-up.
import { Address } from "../../shared/address.ts";
import type { Tile } from "./tile.ts";
import type { TownMap } from "./townMap.ts";

type MapLike = Pick<TownMap, "regions" | "addresses" | "tilesOf" | "spawns">;

export interface CutOffRegion {
  tiles: number;
  /** The region's bounding box, tiles (inclusive). */
  box: { x0: number; y0: number; x1: number; y1: number };
  /** Sectors with walkable tiles in it, and how many. */
  sectors: { name: string; tiles: number }[];
}

export interface Connectivity {
  /** The town's region (-1: the map has no walkable tile), its tiles and the sectors it joins. */
  town: { region: number; tiles: number; sectors: number };
  /** Sectors of the map. */
  sectors: number;
  /** Every other walkable region, largest first. */
  cutOff: CutOffRegion[];
  /** Places with walkable tiles of which none lies in the town's region, sectors first. */
  unjoined: { address: string; walkable: number }[];
}

const isSector = (address: string) => Address.depth(address) === 2;

/** How many sectors each region joins (has a walkable tile of). */
function sectorsPerRegion(map: MapLike): number[] {
  const regions = map.regions;
  const count = new Array<number>(regions.count).fill(0);
  for (const address of map.addresses()) {
    if (!isSector(address)) continue;
    const seen = new Set<number>();
    for (const t of map.tilesOf(address)) {
      const r = regions.at(t.x, t.y);
      if (r !== -1 && !seen.has(r)) {
        seen.add(r);
        count[r]++;
      }
    }
  }
  return count;
}

/** The region that holds the town; -1 for a map with no walkable tile. */
export function townRegion(map: MapLike): number {
  const regions = map.regions;
  const sectors = sectorsPerRegion(map);
  const point = map.spawns.get("visitors");
  const named = new Set(point ? regions.around(point) : []);
  let best = -1;
  for (let r = 0; r < regions.count; r++) {
    if (best === -1) best = r;
    else {
      const order =
        sectors[r] - sectors[best] ||
        Number(named.has(r)) - Number(named.has(best)) ||
        regions.sizes[r] - regions.sizes[best];
      if (order > 0) best = r;
    }
  }
  return best;
}

/** Whether someone on `t` stands in (or can step into) the town's region. */
export function inTown(map: MapLike, t: Tile, town = townRegion(map)): boolean {
  return town !== -1 && map.regions.around(t).includes(town);
}

/** Whether any walkable tile of a place lies in the town's region. */
export function placeInTown(map: MapLike, address: string, town = townRegion(map)): boolean {
  return town !== -1 && map.tilesOf(address).some((t) => map.regions.at(t.x, t.y) === town);
}

export function connectivity(map: MapLike): Connectivity {
  const regions = map.regions;
  const town = townRegion(map);
  const { width, height, label } = regions;
  const boxes = Array.from({ length: regions.count }, () => ({
    x0: width,
    y0: height,
    x1: -1,
    y1: -1,
  }));
  for (let i = 0; i < label.length; i++) {
    const r = label[i];
    if (r === -1) continue;
    const x = i % width;
    const y = (i - x) / width;
    const b = boxes[r];
    if (x < b.x0) b.x0 = x;
    if (x > b.x1) b.x1 = x;
    if (y < b.y0) b.y0 = y;
    if (y > b.y1) b.y1 = y;
  }
  const inSectors = Array.from({ length: regions.count }, () => new Map<string, number>());
  const unjoined: Connectivity["unjoined"] = [];
  let sectors = 0;
  for (const address of map.addresses()) {
    if (isSector(address)) sectors++;
    let walkable = 0;
    let joined = false;
    for (const t of map.tilesOf(address)) {
      const r = regions.at(t.x, t.y);
      if (r === -1) continue;
      walkable++;
      if (r === town) joined = true;
      else if (isSector(address)) {
        const name = Address.parse(address).sector!;
        inSectors[r].set(name, (inSectors[r].get(name) ?? 0) + 1);
      }
    }
    if (walkable > 0 && !joined) unjoined.push({ address, walkable });
  }
  const cutOff: CutOffRegion[] = [];
  for (let r = 0; r < regions.count; r++) {
    if (r === town) continue;
    cutOff.push({
      tiles: regions.sizes[r],
      box: boxes[r],
      sectors: [...inSectors[r]].map(([name, tiles]) => ({ name, tiles })),
    });
  }
  cutOff.sort((a, b) => b.tiles - a.tiles);
  return {
    town: {
      region: town,
      tiles: town === -1 ? 0 : regions.sizes[town],
      sectors: town === -1 ? 0 : sectorsPerRegion(map)[town],
    },
    sectors,
    cutOff,
    unjoined,
  };
}

const n = (k: number) => k.toLocaleString("en");
const plural = (k: number, one: string, many = `${one}s`) => `${n(k)} ${k === 1 ? one : many}`;

/** The report as warnings for a map maker, one line each; none when the whole town is joined. */
export function connectivityWarnings(c: Connectivity, shown = 5): string[] {
  if (c.town.region === -1) return ["the map has no walkable tile: nobody can stand in it"];
  const out: string[] = [];
  if (c.cutOff.length > 0) {
    const total = c.cutOff.reduce((s, r) => s + r.tiles, 0);
    const describe = (r: CutOffRegion) => {
      const where = `${plural(r.tiles, "tile")} at x ${r.box.x0}–${r.box.x1}, y ${r.box.y0}–${r.box.y1}`;
      if (r.sectors.length === 0) return `${where} (in no sector)`;
      const inSectors = r.sectors.reduce((s, x) => s + x.tiles, 0);
      const names = r.sectors.map((s) => `${s.name} ${n(s.tiles)}`);
      const list = names.length > 4 ? [...names.slice(0, 4), "…"] : names;
      return `${where} (${n(inSectors)} of them in ${plural(r.sectors.length, "sector")}: ${list.join(", ")})`;
    };
    const rest = c.cutOff.slice(shown);
    const parts = c.cutOff.slice(0, shown).map(describe);
    if (rest.length > 0)
      parts.push(
        `and ${plural(rest.length, "more region")} of ${plural(
          rest.reduce((s, r) => s + r.tiles, 0),
          "tile",
        )}`,
      );
    out.push(
      `${plural(c.cutOff.length, "walkable region")} (${plural(total, "tile")}) ${c.cutOff.length === 1 ? "is" : "are"} cut off from the town (the region of ${plural(c.town.tiles, "tile")} that joins ${n(c.town.sectors)} of ${plural(c.sectors, "sector")}); nobody there can walk into town: ${parts.join("; ")}`,
    );
  }
  if (c.unjoined.length > 0) {
    const sorted = [...c.unjoined].sort(
      (a, b) => Address.depth(a.address) - Address.depth(b.address),
    );
    const names = sorted
      .slice(0, shown * 2)
      .map((u) => `"${u.address}" (${plural(u.walkable, "walkable tile")})`);
    if (sorted.length > shown * 2) names.push(`and ${n(sorted.length - shown * 2)} more`);
    const sectors = sorted.filter((u) => isSector(u.address)).length;
    out.push(
      `${plural(c.unjoined.length, "place")} (${plural(sectors, "sector")}) no path from the town reaches: ${names.join(", ")}`,
    );
  }
  return out;
}
