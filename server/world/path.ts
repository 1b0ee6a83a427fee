// Shortest 4-neighbour paths on the collision grid. Every step costs the same, so a
// breadth-first search is already optimal (A* would only prune, and its heap costs more than
// it saves on town-sized grids; bench/ measures this). The search runs to the nearest of a set
// of goal tiles, because an address ("the cafe") is usually many tiles. A goal in another walkable
// region than the start is known unreachable from the regions' labels (regions.ts), so no search
// floods a whole region to find that out.
//
// Residents walk the same routes day after day (home, work, the cafe), so a walk to an address
// is kept, keyed by its start tile and the address (`findTo`), in a bounded cache that forgets the
// least recently used. It pays off from the second game day: on base-25, 5 % of the first day's
// walks and 61 % of the second's come from it (bench/RESULTS.md). The finder searches its own copy of the grid, made once, and no part of
// the town changes which tiles are blocked while it runs, so a kept path is exactly the path a
// new search would find.
import { Regions } from "./regions.ts";
import type { Tile } from "./tile.ts";

export class PathFinder {
  readonly width: number;
  readonly height: number;
  private readonly blocked: Uint8Array;
  // The search runs on the grid with a blocked border of one tile all round (row length
  // `width + 2`), so a neighbour needs no bounds check; it visits tiles in the same order as
  // one without the border, so the paths are the same.
  private readonly padded: Uint8Array;
  private readonly stride: number;
  // Reused between searches: a search "stamps" the tiles it has seen instead of clearing.
  private readonly seen: Uint32Array;
  private readonly from: Int32Array;
  private readonly queue: Int32Array;
  private readonly goal: Uint32Array;
  private stamp = 0;
  private labels?: Regions;
  // Kept searches: key (goal's number × tiles + start tile) → the path's tiles as indices into
  // the grid. A Map iterates in insertion order, and a hit
  // is moved to the end, so its first key is the least recently used.
  private readonly kept = new Map<number, Int32Array>();
  private readonly goalNumbers = new Map<string, number>();
  /**
   * The most searches kept, each a few hundred bytes on a town-sized map (town-1000: ~11 MB when
   * full). A town's residents walk about 22 routes a day each, and a route pays off when it is
   * walked again on a later day, so this holds a day of a town of about 1,500.
   */
  readonly capacity: number;
  /** Walks to an address (not "already there") taken from the cache and searched, since the start. */
  readonly cacheStats = { hits: 0, misses: 0 };

  constructor(width: number, height: number, blocked: Uint8Array, capacity = 32768) {
    this.capacity = capacity;
    this.width = width;
    this.height = height;
    this.blocked = blocked;
    const stride = width + 2;
    this.stride = stride;
    const n = stride * (height + 2);
    this.padded = new Uint8Array(n).fill(1);
    for (let y = 0; y < height; y++)
      this.padded.set(blocked.subarray(y * width, (y + 1) * width), (y + 1) * stride + 1);
    this.seen = new Uint32Array(n);
    this.from = new Int32Array(n);
    this.queue = new Int32Array(n);
    this.goal = new Uint32Array(n);
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

  /** The walkable regions of the grid (labelled on first use, once per grid). */
  get regions(): Regions {
    return (this.labels ??= Regions.of(this.width, this.height, this.blocked));
  }

  /**
   * The tiles to walk from `start` to the nearest reachable goal, excluding `start` itself
   * ([] when start is a goal). Null when no goal can be reached. Blocked goal tiles are
   * ignored; the start tile may be blocked (an agent spawned on furniture can walk off it).
   */
  find(start: Tile, goals: readonly Tile[]): Tile[] | null {
    const { stride, padded, seen, from, queue, goal } = this;
    if (goals.length === 0) return null;
    if (++this.stamp === 0xffffffff) {
      seen.fill(0);
      goal.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    let anyGoal = false;
    for (const g of goals) {
      if (this.isWalkable(g.x, g.y)) {
        goal[(g.y + 1) * stride + g.x + 1] = stamp;
        anyGoal = true;
      }
    }
    if (!anyGoal) return null;
    if (start.x < 0 || start.y < 0 || start.x >= this.width || start.y >= this.height) return null;
    if (!this.regions.joins(start, goals)) return null;
    const s = (start.y + 1) * stride + start.x + 1;
    if (goal[s] === stamp) return [];
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    seen[s] = stamp;
    from[s] = -1;
    while (head < tail) {
      const cur = queue[head++];
      // Neighbours in a fixed order (up, left, right, down) so ties break the same way every run.
      let next = cur - stride;
      if (seen[next] !== stamp && padded[next] === 0) {
        seen[next] = stamp;
        from[next] = cur;
        if (goal[next] === stamp) return this.unwind(next);
        queue[tail++] = next;
      }
      next = cur - 1;
      if (seen[next] !== stamp && padded[next] === 0) {
        seen[next] = stamp;
        from[next] = cur;
        if (goal[next] === stamp) return this.unwind(next);
        queue[tail++] = next;
      }
      next = cur + 1;
      if (seen[next] !== stamp && padded[next] === 0) {
        seen[next] = stamp;
        from[next] = cur;
        if (goal[next] === stamp) return this.unwind(next);
        queue[tail++] = next;
      }
      next = cur + stride;
      if (seen[next] !== stamp && padded[next] === 0) {
        seen[next] = stamp;
        from[next] = cur;
        if (goal[next] === stamp) return this.unwind(next);
        queue[tail++] = next;
      }
    }
    return null;
  }

  /**
   * `find` to the tiles of a place named `goal` (an address): the same path, kept for the next
   * search from the same tile to the same place. `goals` must always be the same tiles for the
   * same `goal`. The caller owns the array returned (walking shifts it).
   */
  findTo(start: Tile, goal: string, goals: readonly Tile[]): Tile[] | null {
    const { width, height } = this;
    if (
      !Number.isInteger(start.x) ||
      !Number.isInteger(start.y) ||
      start.x < 0 ||
      start.y < 0 ||
      start.x >= width ||
      start.y >= height
    )
      return this.find(start, goals);
    let n = this.goalNumbers.get(goal);
    if (n === undefined) this.goalNumbers.set(goal, (n = this.goalNumbers.size));
    const key = n * width * height + start.y * width + start.x;
    const kept = this.kept.get(key);
    if (kept !== undefined) {
      this.cacheStats.hits++;
      this.kept.delete(key);
      this.kept.set(key, kept);
      const path = new Array<Tile>(kept.length);
      for (let i = 0; i < kept.length; i++)
        path[i] = { x: kept[i] % width, y: Math.floor(kept[i] / width) };
      return path;
    }
    const path = this.find(start, goals);
    // Only a walk is kept: "already there" and "no way there" are found without a search.
    if (path === null || path.length === 0) return path;
    this.cacheStats.misses++;
    if (this.capacity > 0) {
      if (this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(
        key,
        Int32Array.from(path, (t) => t.y * width + t.x),
      );
    }
    return path;
  }

  /** How many searches are kept now (at most `capacity`). */
  get keptSize(): number {
    return this.kept.size;
  }

  private unwind(end: number): Tile[] {
    const path: Tile[] = [];
    for (let at = end; this.from[at] !== -1; at = this.from[at]) {
      path.push({ x: (at % this.stride) - 1, y: Math.floor(at / this.stride) - 1 });
    }
    return path.reverse();
  }
}
