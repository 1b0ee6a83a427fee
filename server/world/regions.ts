// The walkable regions of a collision grid: tiles joined by 4-neighbour steps, labelled by one
// flood fill over the whole map. Whether two tiles can reach each other is then a comparison of
// labels, so a path search between regions is never started (it would flood a whole region to
// learn that) and a map's cut-off pockets are found in time linear in its size. The collision
// grid of a town never changes, so the labels of a grid are made once and shared (by the array).
import type { Tile } from "./tile.ts";

const made = new WeakMap<Uint8Array, Regions>();

export class Regions {
  readonly width: number;
  readonly height: number;
  /** Region of each tile, row-major; -1 on a blocked tile. */
  readonly label: Int32Array;
  /** Tiles in each region, by label. */
  readonly sizes: number[] = [];

  private constructor(width: number, height: number, blocked: Uint8Array) {
    this.width = width;
    this.height = height;
    const n = width * height;
    const label = new Int32Array(n).fill(-1);
    const stack = new Int32Array(n);
    for (let s = 0; s < n; s++) {
      if (blocked[s] !== 0 || label[s] !== -1) continue;
      const id = this.sizes.length;
      let top = 0;
      let size = 0;
      stack[top++] = s;
      label[s] = id;
      while (top > 0) {
        const cur = stack[--top];
        size++;
        const x = cur % width;
        const up = cur - width;
        const down = cur + width;
        if (cur >= width && blocked[up] === 0 && label[up] === -1) {
          label[up] = id;
          stack[top++] = up;
        }
        if (down < n && blocked[down] === 0 && label[down] === -1) {
          label[down] = id;
          stack[top++] = down;
        }
        if (x > 0 && blocked[cur - 1] === 0 && label[cur - 1] === -1) {
          label[cur - 1] = id;
          stack[top++] = cur - 1;
        }
        if (x < width - 1 && blocked[cur + 1] === 0 && label[cur + 1] === -1) {
          label[cur + 1] = id;
          stack[top++] = cur + 1;
        }
      }
      this.sizes.push(size);
    }
    this.label = label;
  }

  /** The regions of a grid (1 = blocked), labelled once per grid array. */
  static of(width: number, height: number, blocked: Uint8Array): Regions {
    let r = made.get(blocked);
    if (!r || r.width !== width || r.height !== height) {
      r = new Regions(width, height, blocked);
      made.set(blocked, r);
    }
    return r;
  }

  get count(): number {
    return this.sizes.length;
  }

  /** The region of a tile; -1 when it is blocked or off the map. */
  at(x: number, y: number): number {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) return -1;
    return this.label[y * this.width + x];
  }

  /**
   * The regions a walker on `t` can walk in: its tile's, or on a blocked tile (someone spawned on
   * furniture steps off it) those of its walkable neighbours.
   */
  around(t: Tile): number[] {
    const own = this.at(t.x, t.y);
    if (own !== -1) return [own];
    if (t.x < 0 || t.y < 0 || t.x >= this.width || t.y >= this.height) return [];
    const out = new Set<number>();
    for (const [dx, dy] of [
      [0, -1],
      [-1, 0],
      [1, 0],
      [0, 1],
    ]) {
      const r = this.at(t.x + dx, t.y + dy);
      if (r !== -1) out.add(r);
    }
    return [...out];
  }

  /** Whether a walker on `from` can reach any of `goals` (a blocked goal tile counts for nothing). */
  joins(from: Tile, goals: readonly Tile[]): boolean {
    const start = this.around(from);
    if (start.length === 0) return false;
    return goals.some((g) => start.includes(this.at(g.x, g.y)));
  }

  /** The tiles of a region, row by row. */
  tiles(region: number): Tile[] {
    const out: Tile[] = [];
    for (let i = 0; i < this.label.length; i++)
      if (this.label[i] === region) out.push({ x: i % this.width, y: Math.floor(i / this.width) });
    return out;
  }
}
