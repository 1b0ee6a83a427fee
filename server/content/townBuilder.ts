// The town builder the map scripts and the map importer share: a town is described as buildings,
// rooms, furniture and paths (by tile name); finish() works out the wall, door, path and water
// variants from their neighbours and the shadows under walls. assets/scripts/lib/townJson.ts
// writes the result as the Tiled-compatible JSON the server reads (server/world/townFile.ts).
import { E, N, S, W } from "./tileIndex.ts";

export type Rect = { x: number; y: number; w: number; h: number };
export type Place = Rect & { name: string; props?: Record<string, string> };

export class TownBuilder {
  readonly width: number;
  readonly height: number;

  readonly ground: string[];
  readonly decor: string[];
  readonly walls: string[];
  readonly furniture: string[];
  readonly above: string[];
  readonly blocked: boolean[];
  /** Wall style of wall and door cells ("house", "cafe"). */
  readonly wallKind: string[];
  /** Building id of wall and door cells. */
  readonly wallOf: number[];
  private current = -1;
  readonly door: boolean[];
  /** Building id of interior cells (floors), -1 outside. */
  readonly inside: number[];
  /** Connected ground surfaces: "path", "plaza", "water". */
  readonly surface: string[];
  /** Exterior siding of each building. */
  readonly siding: string[] = [];
  readonly windows = new Set<number>();
  readonly sectors: Place[] = [];
  readonly arenas: Place[] = [];
  readonly objects: Place[] = [];
  readonly spawns: { name: string; x: number; y: number }[] = [];

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    const n = width * height;
    this.ground = new Array<string>(n).fill("");
    this.decor = new Array<string>(n).fill("");
    this.walls = new Array<string>(n).fill("");
    this.furniture = new Array<string>(n).fill("");
    this.above = new Array<string>(n).fill("");
    this.blocked = new Array<boolean>(n).fill(false);
    this.wallKind = new Array<string>(n).fill("");
    this.wallOf = new Array<number>(n).fill(-1);
    this.door = new Array<boolean>(n).fill(false);
    this.inside = new Array<number>(n).fill(-1);
    this.surface = new Array<string>(n).fill("");
  }

  i(x: number, y: number): number {
    return y * this.width + x;
  }

  in(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }

  /** A building: walls around the rectangle, its floor inside. Returns its id. */
  building(r: Rect, kind: string, siding: string): number {
    const id = this.siding.length;
    this.siding.push(siding);
    this.current = id;
    for (let y = r.y; y < r.y + r.h; y++)
      for (let x = r.x; x < r.x + r.w; x++) {
        const edge = x === r.x || y === r.y || x === r.x + r.w - 1 || y === r.y + r.h - 1;
        if (edge) this.wall(x, y, kind);
        else this.inside[this.i(x, y)] = id;
      }
    return id;
  }

  wall(x: number, y: number, kind: string): void {
    const k = this.i(x, y);
    this.wallKind[k] = kind;
    this.wallOf[k] = this.current;
    this.blocked[k] = true;
  }

  hwall(x0: number, x1: number, y: number, kind: string): void {
    for (let x = x0; x <= x1; x++) this.wall(x, y, kind);
  }

  vwall(x: number, y0: number, y1: number, kind: string): void {
    for (let y = y0; y <= y1; y++) this.wall(x, y, kind);
  }

  doorAt(x: number, y: number): void {
    const k = this.i(x, y);
    this.door[k] = true;
    this.blocked[k] = false;
  }

  floor(r: Rect, tile: string | ((x: number, y: number) => string)): void {
    for (let y = r.y; y < r.y + r.h; y++)
      for (let x = r.x; x < r.x + r.w; x++) {
        this.ground[this.i(x, y)] = typeof tile === "string" ? tile : tile(x, y);
      }
  }

  /** Furniture or nature, one tile; `block` makes it solid. */
  put(
    x: number,
    y: number,
    tile: string,
    block = true,
    layer: "furniture" | "decor" | "above" = "furniture",
  ): void {
    this[layer][this.i(x, y)] = tile;
    if (block) this.blocked[this.i(x, y)] = true;
  }

  /** A multi-tile piece: rows of tile names, placed from (x, y). */
  piece(x: number, y: number, rows: string[][], block = true): void {
    rows.forEach((row, j) => row.forEach((t, i) => this.put(x + i, y + j, t, block)));
  }

  /** A 2×2 tree: the trunk blocks; the canopy (drawn above people) blocks only when `solid`. */
  bigTree(x: number, y: number, v: number, solid = false): void {
    this.put(x, y, `tree-${v}-tl`, solid, "above");
    this.put(x + 1, y, `tree-${v}-tr`, solid, "above");
    this.put(x, y + 1, `tree-${v}-bl`, true);
    this.put(x + 1, y + 1, `tree-${v}-br`, true);
  }

  pine(x: number, y: number): void {
    this.put(x, y, "pine-t", false, "above");
    this.put(x, y + 1, "pine-b", true);
  }

  surfaceRect(r: Rect, kind: string): void {
    for (let y = r.y; y < r.y + r.h; y++)
      for (let x = r.x; x < r.x + r.w; x++) {
        this.surface[this.i(x, y)] = kind;
        if (kind === "water") this.blocked[this.i(x, y)] = true;
      }
  }

  rug(r: Rect): void {
    for (let y = r.y; y < r.y + r.h; y++)
      for (let x = r.x; x < r.x + r.w; x++) {
        const v = y === r.y ? "n" : y === r.y + r.h - 1 ? "s" : "";
        const h = x === r.x ? "w" : x === r.x + r.w - 1 ? "e" : "";
        this.ground[this.i(x, y)] = `rug-${v + h || "c"}`;
      }
  }

  sector(name: string, r: Rect): void {
    this.sectors.push({ name, ...r });
  }
  arena(name: string, r: Rect, sector: string): void {
    this.arenas.push({ name, ...r, props: { sector } });
  }
  object(name: string, r: Rect, sector: string, arena: string): void {
    this.objects.push({ name, ...r, props: { sector, arena } });
  }
}

export const grassAt = (x: number, y: number): string => {
  const h = ((x * 73856093) ^ (y * 19349663)) >>> 0;
  const k = h % 100;
  if (k < 3) return `grass-flowers-${h % 3}`;
  return `grass-${(h >>> 8) % 4}`;
};

/** Picks the wall, door, path and water variants and the wall shadows from the neighbours. */
export function finish(t: TownBuilder): void {
  const wallish = (x: number, y: number) => t.in(x, y) && t.wallKind[t.i(x, y)] !== "";
  for (let y = 0; y < t.height; y++)
    for (let x = 0; x < t.width; x++) {
      const k = t.i(x, y);
      const kind = t.wallKind[k];
      if (!kind) continue;
      const mask =
        (wallish(x, y - 1) ? N : 0) |
        (wallish(x + 1, y) ? E : 0) |
        (wallish(x, y + 1) ? S : 0) |
        (wallish(x - 1, y) ? W : 0);
      const southInside = t.in(x, y + 1) && t.inside[t.i(x, y + 1)] >= 0;
      const siding = t.siding[t.wallOf[k]];
      if (t.door[k]) {
        if (mask & (N | S)) t.walls[k] = `door-${kind}-v`;
        else t.walls[k] = southInside ? `door-${kind}-h` : `doorx-${siding}-h`;
        continue;
      }
      const window = t.windows.has(k) && (mask === (E | W) || mask === (N | E | W));
      if (mask & S) t.walls[k] = `wall-${kind}-${mask}`;
      else if (southInside)
        t.walls[k] = window ? `wall-${kind}-window-${mask}` : `wall-${kind}-${mask}`;
      else t.walls[k] = window ? `wallx-${siding}-window-${mask}` : `wallx-${siding}-${mask}`;
    }
  // Shadows on floors under walls (north) and beside them (west).
  for (let y = 0; y < t.height; y++)
    for (let x = 0; x < t.width; x++) {
      const k = t.i(x, y);
      if (t.inside[k] < 0 || t.wallKind[k]) continue;
      const n = wallish(x, y - 1) && !t.door[t.i(x, y - 1)];
      const w = wallish(x - 1, y) && !t.door[t.i(x - 1, y)];
      if (n || w) t.walls[k] = n && w ? "shadow-nw" : n ? "shadow-n" : "shadow-w";
    }
  // Connected ground: paths and plazas join each other and doors; water joins water.
  const joins = (kind: string, x: number, y: number): boolean => {
    if (!t.in(x, y)) return true;
    const other = t.surface[t.i(x, y)];
    if (kind === "water") return other === "water";
    return other === "path" || other === "plaza" || (t.door[t.i(x, y)] && t.inside[t.i(x, y)] < 0);
  };
  for (let y = 0; y < t.height; y++)
    for (let x = 0; x < t.width; x++) {
      const k = t.i(x, y);
      const kind = t.surface[k];
      if (!kind) continue;
      const mask =
        (joins(kind, x, y - 1) ? N : 0) |
        (joins(kind, x + 1, y) ? E : 0) |
        (joins(kind, x, y + 1) ? S : 0) |
        (joins(kind, x - 1, y) ? W : 0);
      t.ground[k] = `${kind}-${mask}`;
    }
  // Exterior doors join the paths that lead to them.
  for (let y = 0; y < t.height; y++)
    for (let x = 0; x < t.width; x++) {
      const k = t.i(x, y);
      if (t.door[k] && t.ground[k] === "") t.ground[k] = "floor-wood-0";
    }
}
