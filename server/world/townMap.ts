// A town's map as the simulation sees it: which tiles block, the address of every tile
// (world:sector:arena:object), every address's tiles, and the spawn points. Built from a
// validated town file (townFile.ts); any inconsistency is a TownFileError naming the problem.
import { TiledMap, type MapObject } from "./townFile.ts";
import { Regions } from "./regions.ts";
import { Address } from "../../shared/address.ts";
import type { Tile } from "./tile.ts";

export class TownFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "TownFileError";
  }
}

type Rect = {
  name: string;
  id: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  props: Record<string, string>;
};

export class TownMap {
  readonly world: string;
  readonly width: number;
  readonly height: number;
  /** 1 where a tile blocks walking. */
  readonly blocked: Uint8Array;
  /** Game time (ms) of the town's first step. */
  readonly start: number;
  readonly spawns: ReadonlyMap<string, Tile>;
  /** Full address of each tile ("" outside every sector). */
  private readonly tileAddress: string[];
  /** Every address and address prefix (sector, arena, object level) → its tiles. */
  private readonly tilesByAddress = new Map<Address, Tile[]>();

  private constructor(init: {
    world: string;
    width: number;
    height: number;
    blocked: Uint8Array;
    start: number;
    spawns: Map<string, Tile>;
    tileAddress: string[];
  }) {
    this.world = init.world;
    this.width = init.width;
    this.height = init.height;
    this.blocked = init.blocked;
    this.start = init.start;
    this.spawns = init.spawns;
    this.tileAddress = init.tileAddress;
    for (let i = 0; i < init.tileAddress.length; i++) {
      const address = init.tileAddress[i];
      if (!address) continue;
      const parts = Address.levels(address);
      const tile = { x: i % init.width, y: Math.floor(i / init.width) };
      for (let depth = 2; depth <= parts.length; depth++) {
        const prefix = Address.format(parts.slice(0, depth));
        let list = this.tilesByAddress.get(prefix);
        if (!list) this.tilesByAddress.set(prefix, (list = []));
        list.push(tile);
      }
    }
  }

  /** Reads a parsed town file. `file` names it in error messages. */
  static fromJson(json: unknown, file: string): TownMap {
    const parsed = TiledMap.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new TownFileError(file, `${issue.path.join(".") || "map"}: ${issue.message}`);
    }
    const map = parsed.data;
    const { width, height } = map;
    const prop = (name: string) => map.properties?.find((p) => p.name === name)?.value;
    const world = prop("world");
    if (typeof world !== "string" || !world.trim() || world.includes(":")) {
      throw new TownFileError(file, `map property "world" must name the world (no ":")`);
    }
    const startText = prop("start");
    const start = typeof startText === "string" ? Date.parse(startText) : NaN;
    if (Number.isNaN(start))
      throw new TownFileError(
        file,
        `map property "start" must be an ISO date-time, e.g. "2026-02-13T06:00:00Z"`,
      );

    const layer = (name: string) => map.layers.find((l) => l.name === name);
    const collision = layer("collision");
    if (!collision || collision.type !== "tilelayer" || !("data" in collision)) {
      throw new TownFileError(file, `missing tile layer "collision"`);
    }
    const data = (collision as { data: number[] }).data;
    if (data.length !== width * height) {
      throw new TownFileError(
        file,
        `layer "collision" has ${data.length} tiles, the map needs ${width * height}`,
      );
    }
    for (const l of map.layers) {
      if (
        l.type === "tilelayer" &&
        "data" in l &&
        (l as { data: number[] }).data.length !== width * height
      ) {
        throw new TownFileError(
          file,
          `layer "${l.name}" has ${(l as { data: number[] }).data.length} tiles, the map needs ${width * height}`,
        );
      }
    }
    const blocked = Uint8Array.from(data, (gid) => (gid === 0 ? 0 : 1));

    const objects = (name: string): MapObject[] => {
      const l = layer(name);
      if (!l || l.type !== "objectgroup")
        throw new TownFileError(file, `missing object layer "${name}"`);
      return (l as { objects: MapObject[] }).objects;
    };
    const toRect = (o: MapObject, kind: string): Rect => {
      const name = o.name.trim();
      if (!name) throw new TownFileError(file, `${kind} (object id ${o.id}) has no name`);
      if (name.includes(":"))
        throw new TownFileError(
          file,
          `${kind} "${name}" (object id ${o.id}): names may not contain ":"`,
        );
      if (o.x % 32 || o.y % 32 || o.width % 32 || o.height % 32 || o.width <= 0 || o.height <= 0) {
        throw new TownFileError(
          file,
          `${kind} "${name}" (object id ${o.id}) must be a rectangle aligned to the 32 px grid`,
        );
      }
      const r = {
        name,
        id: o.id,
        x0: o.x / 32,
        y0: o.y / 32,
        x1: (o.x + o.width) / 32,
        y1: (o.y + o.height) / 32,
        props: stringProps(o),
      };
      if (r.x1 > width || r.y1 > height)
        throw new TownFileError(file, `${kind} "${name}" (object id ${o.id}) lies outside the map`);
      return r;
    };
    const sectors = objects("sectors").map((o) => toRect(o, "sector"));
    const arenas = objects("arenas").map((o) => toRect(o, "arena"));
    const things = objects("objects").map((o) => toRect(o, "object"));

    // Which rectangle covers a tile: later rectangles of a layer may not overlap earlier ones
    // with a different name, so each tile has one sector, one arena, one object at most.
    const paint = (rects: Rect[], kind: string): Int32Array => {
      const at = new Int32Array(width * height).fill(-1);
      rects.forEach((r, i) => {
        for (let y = r.y0; y < r.y1; y++)
          for (let x = r.x0; x < r.x1; x++) {
            const prev = at[y * width + x];
            if (prev !== -1 && !sameOwner(rects[prev], r)) {
              throw new TownFileError(
                file,
                `${kind} "${r.name}" (object id ${r.id}) overlaps ${kind} "${rects[prev].name}" (object id ${rects[prev].id}) at tile ${x},${y}`,
              );
            }
            at[y * width + x] = i;
          }
      });
      return at;
    };
    const sectorAt = paint(sectors, "sector");
    const arenaAt = paint(arenas, "arena");
    const objectAt = paint(things, "object");
    const centre = (r: Rect) =>
      Math.floor((r.y0 + r.y1 - 1) / 2) * width + Math.floor((r.x0 + r.x1 - 1) / 2);

    // Each arena belongs to a sector: named by its "sector" property, else under its centre.
    const arenaSector = arenas.map((a) => {
      const named = a.props.sector;
      if (named !== undefined) {
        if (!sectors.some((s) => s.name === named))
          throw new TownFileError(
            file,
            `arena "${a.name}" (object id ${a.id}) names unknown sector "${named}"`,
          );
        return named;
      }
      const s = sectorAt[centre(a)];
      if (s === -1)
        throw new TownFileError(file, `arena "${a.name}" (object id ${a.id}) lies in no sector`);
      return sectors[s].name;
    });
    const objectArena = things.map((o) => {
      if (o.props.arena !== undefined) {
        const sector = o.props.sector;
        const i = arenas.findIndex(
          (a, k) => a.name === o.props.arena && (sector === undefined || arenaSector[k] === sector),
        );
        if (i === -1)
          throw new TownFileError(
            file,
            `object "${o.name}" (object id ${o.id}) names unknown arena "${o.props.arena}"`,
          );
        return i;
      }
      const a = arenaAt[centre(o)];
      if (a === -1)
        throw new TownFileError(file, `object "${o.name}" (object id ${o.id}) lies in no arena`);
      return a;
    });

    const tileAddress = new Array<string>(width * height).fill("");
    for (let i = 0; i < width * height; i++) {
      const o = objectAt[i];
      const a = o !== -1 ? objectArena[o] : arenaAt[i];
      if (a !== -1) {
        const base = `${world}:${arenaSector[a]}:${arenas[a].name}`;
        tileAddress[i] = o !== -1 ? `${base}:${things[o].name}` : base;
      } else if (sectorAt[i] !== -1) {
        tileAddress[i] = `${world}:${sectors[sectorAt[i]].name}`;
      }
    }

    const spawns = new Map<string, Tile>();
    for (const o of objects("spawns")) {
      const name = o.name.trim();
      const tile = { x: Math.floor(o.x / 32), y: Math.floor(o.y / 32) };
      if (!name) throw new TownFileError(file, `spawn (object id ${o.id}) has no name`);
      if (spawns.has(name)) throw new TownFileError(file, `spawn "${name}" appears twice`);
      if (tile.x < 0 || tile.y < 0 || tile.x >= width || tile.y >= height)
        throw new TownFileError(file, `spawn "${name}" lies outside the map`);
      if (blocked[tile.y * width + tile.x])
        throw new TownFileError(
          file,
          `spawn "${name}" stands on a blocked tile ${tile.x},${tile.y}`,
        );
      spawns.set(name, tile);
    }
    const town = new TownMap({ world, width, height, blocked, start, spawns, tileAddress });
    // Every address must be reachable on foot: at least one walkable tile.
    for (const [address, tiles] of town.tilesByAddress) {
      if (!tiles.some((t) => !blocked[t.y * width + t.x]))
        throw new TownFileError(file, `"${address}" has no walkable tile`);
    }
    return town;
  }

  /** The full address of a tile ("" when it lies in no sector). */
  addressAt(x: number, y: number): Address {
    return this.tileAddress[y * this.width + x] ?? "";
  }

  /** The arena-level address of a tile ("world:sector:arena"), "" when none. */
  arenaAt(x: number, y: number): Address {
    return Address.prefix(this.addressAt(x, y), 3);
  }

  /** Tiles of an address or address prefix; empty for an unknown address. */
  tilesOf(address: Address): readonly Tile[] {
    return this.tilesByAddress.get(address) ?? [];
  }

  hasAddress(address: Address): boolean {
    return this.tilesByAddress.has(address);
  }

  /** Every known address, shortest first (sectors, then arenas, then objects). */
  addresses(): Address[] {
    return [...this.tilesByAddress.keys()].sort(
      (a, b) => Address.depth(a) - Address.depth(b) || a.localeCompare(b),
    );
  }

  /** The map's walkable regions (regions.ts), labelled on first use. */
  get regions(): Regions {
    return Regions.of(this.width, this.height, this.blocked);
  }

  isWalkable(x: number, y: number): boolean {
    return (
      x >= 0 &&
      y >= 0 &&
      x < this.width &&
      y < this.height &&
      this.blocked[y * this.width + x] === 0
    );
  }
}

function stringProps(o: MapObject): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of o.properties ?? []) out[p.name] = String(p.value);
  return out;
}

/** Two rectangles may overlap only when they describe the same place (same name and props). */
function sameOwner(a: Rect, b: Rect): boolean {
  return a.name === b.name && JSON.stringify(a.props) === JSON.stringify(b.props);
}
