// Converts a map of the original implementation (its "matrix" folder: one CSV per layer of
// 140×100 block ids, and special-block CSVs naming them) into our town file, keeping every
// tile's address exactly: world from world_blocks, sector from the sector layer, arena from the
// arena layer, object from the game-object layer, as the original's maze.py composes them.
// Regions become grid-aligned rectangles (Tiled objects); art comes from a palette of our tiles.
import type { TiledMap } from "../world/townFile.ts";
import { Address } from "../../shared/address.ts";

export interface MatrixFiles {
  /** maze_meta_info.json */
  meta: string;
  /** maze/<layer>_maze.csv, keyed collision, sector, arena, game_object, spawning_location */
  mazes: Record<"collision" | "sector" | "arena" | "game_object" | "spawning_location", string>;
  /** special_blocks/<layer>_blocks.csv, keyed world, sector, arena, game_object, spawning_location */
  blocks: Record<"world" | "sector" | "arena" | "game_object" | "spawning_location", string>;
}

/** What a tile looks like, decided from its place in the town. Returns tileset gids (0 = none). */
export interface TilePalette {
  tileset: TiledMap["tilesets"][number];
  ground(x: number, y: number, place: { sector?: string; arena?: string }): number;
  /** A blocking tile: inside a sector it is a wall, outside it is scenery. */
  blocked(x: number, y: number, insideSector: boolean): number;
  /** Furniture drawn on an object's tile, 0 for none. */
  object(name: string, x: number, y: number): number;
  collision: number;
}

/** What a painter sees of the imported town: every tile's address and whether it blocks. */
export interface MatrixGrid {
  world: string;
  width: number;
  height: number;
  /** Full address of each tile, row-major ("" outside every sector). */
  addresses: readonly string[];
  blocked: readonly boolean[];
}

/** A palette that draws the whole map at once (walls joined to their neighbours, roads ...). */
export interface PainterPalette {
  tileset: TiledMap["tilesets"][number];
  collision: number;
  /** The art layers, drawn in order; each has width × height gids. */
  paint(grid: MatrixGrid): { name: string; data: number[] }[];
}

export type Palette = TilePalette | PainterPalette;

export interface MatrixImport {
  map: TiledMap;
  world: string;
  width: number;
  height: number;
  /** The original's address of every tile ("" where no sector), row-major: for checks. */
  addresses: string[];
  spawns: { name: string; x: number; y: number }[];
  counts: { sectors: number; arenas: number; objects: number; blocked: number };
}

type Grid = string[];

function readMaze(csv: string, width: number, height: number, name: string): Grid {
  const cells = csv.split(",").map((c) => c.trim());
  if (cells.at(-1) === "") cells.pop();
  if (cells.length !== width * height)
    throw new Error(`${name}_maze.csv has ${cells.length} cells, the map needs ${width * height}`);
  return cells;
}

/** id → parts after the id (the last part is the block's own name). */
function readBlocks(csv: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const line of csv.split(/\r?\n/)) {
    const parts = line.split(",").map((p) => p.trim());
    if (!parts[0]) continue;
    out.set(parts[0], parts.slice(1));
  }
  return out;
}

type Region = { key: string; name: string; props: Record<string, string>; tiles: number[] };

/** Splits a set of tiles into rectangles: horizontal runs, merged downwards while they line up. */
export function rectangles(
  tiles: readonly number[],
  width: number,
): { x: number; y: number; w: number; h: number }[] {
  const set = new Set(tiles);
  const runs: { x: number; y: number; w: number; h: number }[] = [];
  const byRow = new Map<number, number[]>();
  for (const t of [...set].sort((a, b) => a - b)) {
    const y = Math.floor(t / width);
    let row = byRow.get(y);
    if (!row) byRow.set(y, (row = []));
    row.push(t % width);
  }
  const open = new Map<string, { x: number; y: number; w: number; h: number }>();
  for (const y of [...byRow.keys()].sort((a, b) => a - b)) {
    const xs = byRow.get(y)!;
    const rowRuns: { x: number; w: number }[] = [];
    for (const x of xs) {
      const last = rowRuns.at(-1);
      if (last && last.x + last.w === x) last.w++;
      else rowRuns.push({ x, w: 1 });
    }
    const next = new Map<string, { x: number; y: number; w: number; h: number }>();
    for (const r of rowRuns) {
      const key = `${r.x}:${r.w}`;
      const prev = open.get(key);
      if (prev && prev.y + prev.h === y) {
        prev.h++;
        next.set(key, prev);
      } else {
        const rect = { x: r.x, y, w: r.w, h: 1 };
        runs.push(rect);
        next.set(key, rect);
      }
    }
    open.clear();
    for (const [k, v] of next) open.set(k, v);
  }
  return runs;
}

export function importMatrix(
  files: MatrixFiles,
  palette: Palette,
  startIso = "2023-02-13T00:00:00Z",
): MatrixImport {
  const meta = JSON.parse(files.meta) as {
    maze_width: number;
    maze_height: number;
    sq_tile_size: number;
  };
  const width = meta.maze_width;
  const height = meta.maze_height;
  if (!Number.isInteger(width) || !Number.isInteger(height))
    throw new Error("maze_meta_info.json: maze_width and maze_height must be integers");
  if (meta.sq_tile_size !== 32)
    throw new Error(
      `maze_meta_info.json: tiles of ${meta.sq_tile_size} px; only 32 px tiles are supported`,
    );
  const world = [...readBlocks(files.blocks.world).values()][0]?.at(-1);
  if (!world) throw new Error("world_blocks.csv names no world");
  const maze = {
    collision: readMaze(files.mazes.collision, width, height, "collision"),
    sector: readMaze(files.mazes.sector, width, height, "sector"),
    arena: readMaze(files.mazes.arena, width, height, "arena"),
    object: readMaze(files.mazes.game_object, width, height, "game_object"),
    spawn: readMaze(files.mazes.spawning_location, width, height, "spawning_location"),
  };
  const names = {
    sector: readBlocks(files.blocks.sector),
    arena: readBlocks(files.blocks.arena),
    object: readBlocks(files.blocks.game_object),
    spawn: readBlocks(files.blocks.spawning_location),
  };
  const nameOf = (kind: keyof typeof names, id: string, x: number, y: number): string => {
    const parts = names[kind].get(id);
    if (!parts)
      throw new Error(
        `${kind} block ${id} at tile ${x},${y} is not in ${kind === "object" ? "game_object" : kind === "spawn" ? "spawning_location" : kind}_blocks.csv`,
      );
    // Our addresses use ":" as the separator, so a name may not contain one.
    return parts.at(-1)!.replaceAll(":", " ");
  };

  const sectors = new Map<string, Region>();
  const arenas = new Map<string, Region>();
  const objects = new Map<string, Region>();
  const addresses = new Array<string>(width * height).fill("");
  const spawns: MatrixImport["spawns"] = [];
  const region = (
    into: Map<string, Region>,
    key: string,
    name: string,
    props: Record<string, string>,
    tile: number,
  ) => {
    let r = into.get(key);
    if (!r) into.set(key, (r = { key, name, props, tiles: [] }));
    r.tiles.push(tile);
  };

  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    if (maze.sector[i] === "0") continue;
    const sector = nameOf("sector", maze.sector[i], x, y);
    region(sectors, sector, sector, {}, i);
    addresses[i] = `${world}:${sector}`;
    if (maze.arena[i] === "0") continue;
    const arena = nameOf("arena", maze.arena[i], x, y);
    region(arenas, `${sector}:${arena}`, arena, { sector }, i);
    addresses[i] += `:${arena}`;
    if (maze.object[i] !== "0") {
      const object = nameOf("object", maze.object[i], x, y);
      region(objects, `${sector}:${arena}:${object}`, object, { sector, arena }, i);
      addresses[i] += `:${object}`;
    }
    if (maze.spawn[i] !== "0") {
      spawns.push({ name: `${sector}:${arena}:${nameOf("spawn", maze.spawn[i], x, y)}`, x, y });
    }
  }
  // Spawn points of the same arena share a name in the original (sp-A, sp-B); number repeats.
  const seen = new Map<string, number>();
  for (const s of spawns) {
    const n = (seen.get(s.name) ?? 0) + 1;
    seen.set(s.name, n);
    if (n > 1) s.name = `${s.name} ${n}`;
  }

  let nextId = 1;
  const toObjects = (regions: Map<string, Region>) =>
    [...regions.values()].flatMap((r) =>
      rectangles(r.tiles, width).map((rect) => ({
        id: nextId++,
        name: r.name,
        type: "",
        x: rect.x * 32,
        y: rect.y * 32,
        width: rect.w * 32,
        height: rect.h * 32,
        properties: Object.entries(r.props).map(([name, value]) => ({
          name,
          type: "string",
          value,
        })),
      })),
    );
  const sectorObjects = toObjects(sectors);
  const arenaObjects = toObjects(arenas);
  const objectObjects = toObjects(objects);
  const spawnObjects = spawns.map((s) => ({
    id: nextId++,
    name: s.name,
    type: "",
    x: s.x * 32 + 16,
    y: s.y * 32 + 16,
    width: 0,
    height: 0,
    point: true,
  }));

  const blockedTiles = maze.collision.map((c) => c !== "0");
  const collision = blockedTiles.map((b) => (b ? palette.collision : 0));
  const blockedCount = blockedTiles.filter(Boolean).length;
  let art: { name: string; data: number[] }[];
  if ("paint" in palette) {
    art = palette.paint({ world, width, height, addresses, blocked: blockedTiles });
    for (const l of art) {
      if (l.data.length !== width * height)
        throw new Error(
          `the palette drew layer "${l.name}" with ${l.data.length} tiles, the map needs ${width * height}`,
        );
      if (["collision", "sectors", "arenas", "objects", "spawns"].includes(l.name))
        throw new Error(`the palette may not draw a layer named "${l.name}"`);
    }
  } else {
    const ground: number[] = [];
    const walls: number[] = [];
    const furniture: number[] = [];
    for (let i = 0; i < width * height; i++) {
      const x = i % width;
      const y = Math.floor(i / width);
      const { sector, arena, object } = Address.parse(addresses[i]);
      ground.push(palette.ground(x, y, { sector, arena }));
      walls.push(blockedTiles[i] ? palette.blocked(x, y, Address.depth(addresses[i]) > 1) : 0);
      furniture.push(object ? palette.object(object, x, y) : 0);
    }
    art = [
      { name: "ground", data: ground },
      { name: "walls", data: walls },
      { name: "furniture", data: furniture },
    ];
  }
  const tileLayer = (id: number, name: string, data: number[], visible = true) => ({
    id,
    type: "tilelayer" as const,
    name,
    width,
    height,
    x: 0,
    y: 0,
    opacity: 1,
    visible,
    data,
  });
  const objectLayer = (id: number, name: string, objs: unknown[]) => ({
    id,
    type: "objectgroup" as const,
    name,
    x: 0,
    y: 0,
    opacity: 1,
    visible: true,
    draworder: "topdown",
    objects: objs,
  });

  const map = {
    type: "map" as const,
    version: "1.10",
    tiledversion: "1.10.2",
    orientation: "orthogonal" as const,
    renderorder: "right-down",
    infinite: false as const,
    width,
    height,
    tilewidth: 32 as const,
    tileheight: 32 as const,
    nextlayerid: art.length + 6,
    nextobjectid: nextId,
    properties: [
      { name: "world", type: "string", value: world },
      { name: "start", type: "string", value: startIso },
    ],
    tilesets: [palette.tileset],
    layers: [
      ...art.map((l, k) => tileLayer(k + 1, l.name, l.data)),
      tileLayer(art.length + 1, "collision", collision, false),
      objectLayer(art.length + 2, "sectors", sectorObjects),
      objectLayer(art.length + 3, "arenas", arenaObjects),
      objectLayer(art.length + 4, "objects", objectObjects),
      objectLayer(art.length + 5, "spawns", spawnObjects),
    ],
  };
  return {
    map: map,
    world,
    width,
    height,
    addresses,
    spawns,
    counts: {
      sectors: sectors.size,
      arenas: arenas.size,
      objects: objects.size,
      blocked: blockedCount,
    },
  };
}
