// Draws an imported map of the original implementation (server/content/importMatrix.ts) with our
// tiles. The original's matrices say only where things are (sector, arena, object, collision);
// this painter decides what they look like:
//   - floors by arena and sector name (kitchens tiled, bathrooms white, bars dark wood, gardens grass),
//   - blocked tiles inside a sector become walls (joined to their neighbours, an inside face or
//     the building's siding), blocked tiles outside become hedges,
//   - game objects get furniture by name (beds, desks, shelves, counters, pianos ...),
//   - outside, dirt roads join every building's entrance, and trees and flowers fill open grass.
// Collision is never changed: trees outside stand on the "above" layer only.
import type { MatrixGrid, PainterPalette } from "./importMatrix.ts";
import { Address } from "../../shared/address.ts";
import { PathFinder } from "../world/path.ts";
import { E, gidOf, N, S, townTileset, W, type TileIndex } from "./tileIndex.ts";
import { finish, grassAt, TownBuilder } from "./townBuilder.ts";

const has = (name: string | undefined, ...words: string[]) =>
  !!name && words.some((w) => name.toLowerCase().includes(w));

/** Interior wall style of a sector, by what it is. */
function wallKind(sector: string): string {
  if (has(sector, "cafe")) return "cafe";
  if (has(sector, "pub", "bar")) return "bar";
  if (has(sector, "market", "pharmacy", "store", "shop")) return "shop";
  if (has(sector, "college", "school", "library", "hall")) return "school";
  return "house";
}

const SIDINGS = ["blue", "cream", "sage", "yellow", "white", "rose", "green", "stone", "brick"];
function sidingOf(sector: string): string {
  if (has(sector, "cafe", "pub")) return "brick";
  if (has(sector, "college")) return "stone";
  if (has(sector, "market", "store")) return "white";
  let h = 0;
  for (const ch of sector) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return SIDINGS[h % SIDINGS.length];
}

/** Outdoor places: no roof, grass underfoot. */
const outdoor = (sector: string | undefined, arena: string | undefined) =>
  has(arena, "garden", "park") || (has(sector, "park") && !arena);

function floorOf(sector: string, arena: string | undefined, x: number, y: number): string {
  if (outdoor(sector, arena)) return grassAt(x, y);
  if (!arena) return "floor-stone";
  if (has(arena, "bathroom", "restroom")) return "floor-bath";
  if (has(arena, "kitchen")) return "floor-kitchen";
  if (has(arena, "pub", "bar")) return "floor-bar";
  if (has(arena, "cafe")) return `floor-cafe-${(x * 7 + y) % 2}`;
  if (has(arena, "store", "pharmacy", "market")) return "floor-shop";
  if (has(arena, "classroom", "hallway")) return "floor-school";
  if (has(arena, "library")) return "floor-wood-1";
  if (has(arena, "common room", "main room")) return `floor-wood-${(x + y * 3) % 2}`;
  return `floor-wood-${(x + y * 3) % 2}`;
}

/**
 * The furniture drawn on one tile of a game object. `same(dx, dy)` says whether a neighbour is
 * part of the same object, so multi-tile pieces (beds, desks, counters) come out whole.
 */
function furnitureOf(
  name: string,
  x: number,
  y: number,
  same: (dx: number, dy: number) => boolean,
): { tile: string; layer: "furniture" | "decor" } | null {
  const pair = (l: string, r: string) =>
    same(-1, 0) && !same(1, 0) ? r : same(1, 0) ? (x % 2 === 0 || !same(-1, 0) ? l : r) : l;
  const run = (l: string, m: string, r: string) =>
    !same(-1, 0) && same(1, 0) ? l : same(-1, 0) && !same(1, 0) ? r : same(-1, 0) ? m : m;
  const f = (tile: string) => ({ tile, layer: "furniture" as const });
  const checker = (x + y) % 2 === 0;
  if (name === "bed") return f(same(0, -1) ? (same(0, -2) ? "rug-c" : "bed-blue-b") : "bed-blue-t");
  if (name === "desk" || name === "computer desk")
    return f(same(1, 0) || same(-1, 0) ? pair("desk-l", "desk-r") : "computer");
  if (name === "computer") return f("computer");
  if (name === "closet") return f(checker ? "wardrobe" : "rug-c");
  if (has(name, "pharmacy store shelf")) return f("shelf-meds");
  if (has(name, "grocery store shelf")) return f(`shelf-food-${x % 2}`);
  if (has(name, "supply store product shelf")) return f(x % 2 ? "shelf-tools" : "shelves-0");
  if (name === "shelf") return f(`shelves-${x % 2}`);
  if (name === "bookshelf") return f(`bookshelf-${x % 2}`);
  if (name === "easel") return f("easel");
  if (name === "bathroom sink") return f("basin");
  if (name === "shower")
    return f(same(1, 0) || same(-1, 0) ? pair("bathtub-l", "bathtub-r") : "basin");
  if (name === "toilet") return f("toilet");
  if (name === "kitchen sink") return f("counter-sink");
  if (name === "refrigerator") return f("fridge");
  if (name === "toaster") return f("counter-bread");
  if (name === "cooking area") return f("stove");
  if (has(name, "common room table", "library table"))
    return f(same(1, 0) || same(-1, 0) ? pair("table-l", "table-r") : "table-round");
  if (has(name, "sofa"))
    return f(same(1, 0) || same(-1, 0) ? pair("sofa-green-l", "sofa-green-r") : "armchair-green");
  if (name === "guitar") return f("guitar");
  if (name === "microphone") return f("microphone");
  if (name === "harp") return f("harp");
  if (name === "piano") return f(same(1, 0) || same(-1, 0) ? pair("piano-l", "piano-r") : "stool");
  if (name === "blackboard")
    return f(same(1, 0) || same(-1, 0) ? pair("blackboard-l", "blackboard-r") : "chalkboard");
  if (name === "classroom podium") return f("podium");
  if (name === "classroom student seating") return f(checker ? "school-desk" : "chair-up");
  if (name === "game console") return f("tv");
  if (name === "lifting weight") return f("weights");
  if (name === "pool table")
    return f(same(1, 0) || same(-1, 0) ? pair("pool-l", "pool-r") : "stool");
  if (name === "garden chair") return f("chair-down");
  if (name === "cafe customer seating") return f(checker ? "table-round" : "chair-left");
  if (name === "bar customer seating") return f("stool");
  if (name.startsWith("behind the")) return null;
  if (has(name, "cafe counter", "bar counter"))
    return f(
      run("cafe-counter-l", x % 3 ? "cafe-counter-coffee" : "cafe-counter-taps", "cafe-counter-r"),
    );
  if (has(name, "counter"))
    return f(run("counter-l", x % 2 ? "cafe-counter-register" : "counter-m", "counter-r"));
  if (has(name, "garden")) {
    const crops = [
      "planter-cabbage",
      "planter-carrot",
      "planter-sprouts",
      "planter-flowers-0",
      "planter-flowers-1",
    ];
    if (has(name, "park"))
      return checker && y % 2 === 0
        ? f(crops[3 + (x % 2)])
        : { tile: `flowers-${(x + y) % 2}`, layer: "decor" };
    return x % 2 === 0 && y % 2 === 0 ? f(crops[(x + y) % 3]) : null;
  }
  return f("crates");
}

/** Our palette for imported maps: tiles from assets/tiles/town.png, named by its index. `image` is its path from the map's folder. */
export function importPalette(image: string, index: TileIndex): PainterPalette {
  const gid = gidOf(index);
  return {
    tileset: townTileset(image, index),
    collision: gid("collision"),
    paint: (grid) => paintGrid(grid, gid),
  };
}

function paintGrid(
  grid: MatrixGrid,
  gid: (name: string) => number,
): { name: string; data: number[] }[] {
  const { width, height } = grid;
  const t = new TownBuilder(width, height);
  const parts = grid.addresses.map((a) => (a ? Address.levels(a) : []));
  const sectorIds = new Map<string, number>();
  for (let k = 0; k < width * height; k++) {
    const x = k % width,
      y = Math.floor(k / width);
    const [, sector, arena, object] = parts[k];
    if (!sector) {
      t.ground[k] = grassAt(x, y);
      if (grid.blocked[k]) t.blocked[k] = true;
      continue;
    }
    let id = sectorIds.get(sector);
    if (id === undefined) {
      id = t.siding.length;
      sectorIds.set(sector, id);
      t.siding.push(sidingOf(sector));
    }
    t.ground[k] = floorOf(sector, arena, x, y);
    if (grid.blocked[k]) {
      t.wallKind[k] = wallKind(sector);
      t.wallOf[k] = id;
      t.blocked[k] = true;
    } else if (!outdoor(sector, arena)) {
      t.inside[k] = id;
    }
    if (object && !grid.blocked[k]) {
      const same = (dx: number, dy: number) => {
        const nx = x + dx,
          ny = y + dy;
        return (
          nx >= 0 &&
          ny >= 0 &&
          nx < width &&
          ny < height &&
          grid.addresses[ny * width + nx] === grid.addresses[k]
        );
      };
      const piece = furnitureOf(object, x, y, same);
      if (piece) t[piece.layer][k] = piece.tile;
    }
  }
  // Windows on long runs of outside wall.
  for (let k = 0; k < width * height; k++) {
    const x = k % width,
      y = Math.floor(k / width);
    if (!t.wallKind[k] || y + 1 >= height) continue;
    const below = (y + 1) * width + x;
    if (
      !t.blocked[below] &&
      t.inside[below] < 0 &&
      x % 4 === 1 &&
      t.wallKind[k - 1] &&
      t.wallKind[k + 1]
    )
      t.windows.add(k);
  }
  // Hedges along the blocked lines outside the buildings.
  const hedge = (x: number, y: number) =>
    x >= 0 &&
    y >= 0 &&
    x < width &&
    y < height &&
    grid.blocked[y * width + x] &&
    !parts[y * width + x][1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      if (!hedge(x, y)) continue;
      const mask =
        (hedge(x, y - 1) ? N : 0) |
        (hedge(x + 1, y) ? E : 0) |
        (hedge(x, y + 1) ? S : 0) |
        (hedge(x - 1, y) ? W : 0);
      t.furniture[y * width + x] = `hedge-${mask}`;
    }
  roads(grid, parts, t);
  greenery(grid, parts, t);
  finish(t);
  return [
    { name: "ground", data: t.ground.map(gid) },
    { name: "decor", data: t.decor.map(gid) },
    { name: "walls", data: t.walls.map(gid) },
    { name: "furniture", data: t.furniture.map(gid) },
    { name: "above", data: t.above.map(gid) },
  ];
}

/** Dirt roads: shortest walks over open ground from the middle of town to every sector's entrance. */
function roads(grid: MatrixGrid, parts: string[][], t: TownBuilder): void {
  const { width, height } = grid;
  const open = Uint8Array.from({ length: width * height }, (_, k) =>
    !grid.blocked[k] && !parts[k][1] ? 0 : 1,
  );
  const finder = new PathFinder(width, height, open);
  const entrances = new Map<string, { x: number; y: number }[]>();
  for (let k = 0; k < width * height; k++) {
    if (open[k]) continue;
    const x = k % width,
      y = Math.floor(k / width);
    for (const [dx, dy] of [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ]) {
      const nx = x + dx,
        ny = y + dy;
      if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
      const n = ny * width + nx;
      const sector = parts[n][1];
      if (sector && !grid.blocked[n]) {
        let list = entrances.get(sector);
        if (!list) entrances.set(sector, (list = []));
        list.push({ x, y });
      }
    }
  }
  // The hub: the open tile nearest the middle of all entrances.
  const all = [...entrances.values()].flat();
  if (all.length === 0) return;
  const cx = all.reduce((s, e) => s + e.x, 0) / all.length,
    cy = all.reduce((s, e) => s + e.y, 0) / all.length;
  const hub = all.reduce((best, e) =>
    Math.hypot(e.x - cx, e.y - cy) < Math.hypot(best.x - cx, best.y - cy) ? e : best,
  );
  const mark = (x: number, y: number) => {
    if (x >= 0 && y >= 0 && x < width && y < height && !open[y * width + x])
      t.surface[y * width + x] = "path";
  };
  for (const list of entrances.values()) {
    // To each sector, the shortest walk from the hub to whichever of its entrances is nearest.
    const path = finder.find(hub, list);
    if (!path) continue;
    for (const p of [hub, ...path]) {
      mark(p.x, p.y);
      mark(p.x + 1, p.y);
      mark(p.x, p.y + 1);
    }
  }
}

/** Trees on the "above" layer and flowers in open grass, away from roads and buildings. */
function greenery(grid: MatrixGrid, parts: string[][], t: TownBuilder): void {
  const { width, height } = grid;
  const busy = (x: number, y: number, m: number) => {
    for (let yy = y - m; yy <= y + 1 + m; yy++)
      for (let xx = x - m; xx <= x + 1 + m; xx++) {
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) return true;
        const k = yy * width + xx;
        if (parts[k][1] || grid.blocked[k] || t.surface[k] || t.above[k] || t.furniture[k])
          return true;
      }
    return false;
  };
  let seed = 11;
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return (seed >>> 8) / 16777216;
  };
  for (let y = 1; y < height - 2; y += 3)
    for (let x = 1; x < width - 2; x += 3) {
      const tx = x + Math.floor(rnd() * 2),
        ty = y + Math.floor(rnd() * 2);
      const r = rnd();
      if (r < 0.5 && !busy(tx, ty, 1)) {
        const v = Math.floor(rnd() * 3);
        t.above[ty * width + tx] = `tree-${v}-tl`;
        t.above[ty * width + tx + 1] = `tree-${v}-tr`;
        t.above[(ty + 1) * width + tx] = `tree-${v}-bl`;
        t.above[(ty + 1) * width + tx + 1] = `tree-${v}-br`;
      } else if (r < 0.75 && !busy(tx, ty, 0)) {
        t.decor[ty * width + tx] = `flowers-${Math.floor(rnd() * 2)}`;
      }
    }
}
