// Shortest 4-neighbour paths on the collision grid. The path is the one a breadth-first flood
// from the start finds, but the search (`find`) is bounded: an A* from the goals back to the
// start with a bucket queue visits the tiles between them, not a disc around the start as wide
// as the walk (on town-1000's 433 × 425 map a flood could cover the whole map; bench/RESULTS.md,
// session 23). The search runs to the nearest of a set of goal tiles, because an address ("the cafe") is usually many tiles. A goal in another walkable
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
  // `find`'s bucket queue (allocated on the first search; entries grow as needed).
  private heads?: Int32Array;
  private entryTile = new Int32Array(1024);
  private entryNext = new Int32Array(1024);
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
  /** Tiles a search has taken from its queue, all searches since the start (what a search costs). */
  tilesVisited = 0;

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
   * Opens a search (`find`, `findByFlood`): a new stamp, with the walkable goals marked. The
   * start's index in the padded grid; [] when the start is a goal; null when no goal can be
   * reached (none given, none walkable, the start off the map or in another region).
   */
  private begin(start: Tile, goals: readonly Tile[]): number | Tile[] | null {
    const { stride, seen, goal } = this;
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
    return goal[s] === stamp ? [] : s;
  }

  /**
   * The tiles to walk from `start` to the nearest reachable goal, excluding `start` itself
   * ([] when start is a goal). Null when no goal can be reached. Blocked goal tiles are
   * ignored; the start tile may be blocked (an agent spawned on furniture can walk off it).
   *
   * The path is the one a breadth-first flood from the start finds (`findByFlood`), without the
   * flood: of all shortest paths to the nearest goals, the flood returns the one whose moves,
   * read as "up, left, right, down" = 0..3, come first in dictionary order (it visits each
   * distance's tiles in that order and keeps each tile's first finder). So this search works
   * backwards: an A* from the goals towards the start (heuristic: the Manhattan distance to the
   * start; a bucket queue, as every move costs 1) learns each tile's distance to the nearest goal,
   * bounded to the tiles that can lie on a shortest path (distance so far + heuristic ≤ the
   * start's distance); then the walk from the start takes, at each tile, the first of up, left,
   * right, down that is one step nearer a goal. It visits the tiles between start and goal, not a
   * disc around the start.
   */
  find(start: Tile, goals: readonly Tile[]): Tile[] | null {
    const opened = this.begin(start, goals);
    if (typeof opened !== "number") return opened;
    const s = opened;
    const { stride, padded, seen, stamp } = this;
    const sx = start.x + 1;
    const sy = start.y + 1;
    // dist[t]: the shortest known distance from t to a goal (exact once t leaves the queue),
    // valid where seen[t] === stamp. The queue: a stack per f = dist + heuristic, linked
    // through `entryNext`; a tile is pushed again when its distance shrinks (stale entries are
    // passed over).
    const dist = this.from;
    const heads = (this.heads ??= new Int32Array(padded.length + stride + this.height + 8));
    let entryTile = this.entryTile;
    let entryNext = this.entryNext;
    let entries = 0;
    let lowF = Infinity;
    let highF = -1;
    const push = (t: number, f: number) => {
      if (entries === entryTile.length) {
        const grown = new Int32Array(entries * 2);
        grown.set(entryTile);
        entryTile = this.entryTile = grown;
        const next = new Int32Array(entries * 2);
        next.set(entryNext);
        entryNext = this.entryNext = next;
      }
      if (f > highF) {
        for (let i = highF + 1; i <= f; i++) heads[i] = -1;
        highF = f;
      }
      entryTile[entries] = t;
      entryNext[entries] = heads[f];
      heads[f] = entries++;
      if (f < lowF) lowF = f;
    };
    for (const g of goals) {
      if (!this.isWalkable(g.x, g.y)) continue;
      const t = (g.y + 1) * stride + g.x + 1;
      if (seen[t] === stamp) continue;
      seen[t] = stamp;
      dist[t] = 0;
      push(t, Math.abs(g.x + 1 - sx) + Math.abs(g.y + 1 - sy));
    }
    // The start's distance, once it is taken from the queue; the search then empties the
    // queue's entries of f ≤ that distance, so every tile on a shortest path has its exact
    // distance, and stops.
    let bound = Infinity;
    let f = lowF;
    for (;;) {
      while (f <= highF && heads[f] === -1) f++;
      if (f > highF || f > bound) break;
      const e = heads[f];
      heads[f] = entryNext[e];
      const cur = entryTile[e];
      const g = dist[cur];
      const cx = cur % stride;
      const cy = (cur - cx) / stride;
      const h = Math.abs(cx - sx) + Math.abs(cy - sy);
      if (g + h !== f) continue; // a stale entry: the tile was reached more cheaply since
      this.tilesVisited++;
      if (cur === s) {
        bound = f;
        continue; // the start is not walked through (it may be blocked)
      }
      const ng = g + 1;
      // Neighbours: up, left, right, down; the heuristic falls by 1 towards the start (f stays)
      // and rises by 1 away from it (f + 2).
      let next = cur - stride;
      if ((padded[next] === 0 || next === s) && (seen[next] !== stamp || dist[next] > ng)) {
        seen[next] = stamp;
        dist[next] = ng;
        push(next, cy - 1 >= sy ? f : f + 2);
      }
      next = cur - 1;
      if ((padded[next] === 0 || next === s) && (seen[next] !== stamp || dist[next] > ng)) {
        seen[next] = stamp;
        dist[next] = ng;
        push(next, cx - 1 >= sx ? f : f + 2);
      }
      next = cur + 1;
      if ((padded[next] === 0 || next === s) && (seen[next] !== stamp || dist[next] > ng)) {
        seen[next] = stamp;
        dist[next] = ng;
        push(next, cx + 1 <= sx ? f : f + 2);
      }
      next = cur + stride;
      if ((padded[next] === 0 || next === s) && (seen[next] !== stamp || dist[next] > ng)) {
        seen[next] = stamp;
        dist[next] = ng;
        push(next, cy + 1 <= sy ? f : f + 2);
      }
    }
    if (bound === Infinity) return null;
    // The walk: from the start, the first neighbour (up, left, right, down) one step nearer.
    // A tile's recorded distance is never below its true one, and every tile of a shortest
    // path has its true one, so "recorded = one less" picks exactly the flood's move.
    const path: Tile[] = [];
    let at = s;
    for (let left = bound; left > 0; left--) {
      const want = left - 1;
      let next = at - stride;
      if (!(seen[next] === stamp && next !== s && dist[next] === want)) {
        next = at - 1;
        if (!(seen[next] === stamp && next !== s && dist[next] === want)) {
          next = at + 1;
          if (!(seen[next] === stamp && next !== s && dist[next] === want)) {
            next = at + stride;
            // Cannot happen (see above); should it, the flood still finds the path.
            if (!(seen[next] === stamp && dist[next] === want))
              return this.findByFlood(start, goals);
          }
        }
      }
      at = next;
      path.push({ x: (at % stride) - 1, y: Math.floor(at / stride) - 1 });
    }
    return path;
  }

  /**
   * The breadth-first flood `find` replaced: the same path, found by visiting every tile nearer
   * the start than the goal (on town-1000's 433 × 425 map, up to the whole map). Kept as the
   * reference `find` is checked against (test/unit/path.test.ts, bench/path.bench.ts).
   */
  findByFlood(start: Tile, goals: readonly Tile[]): Tile[] | null {
    const opened = this.begin(start, goals);
    if (typeof opened !== "number") return opened;
    const s = opened;
    const { stride, padded, seen, from, queue, goal, stamp } = this;
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    seen[s] = stamp;
    from[s] = -1;
    while (head < tail) {
      const cur = queue[head++];
      this.tilesVisited++;
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
