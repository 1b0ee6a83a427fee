import { describe, expect, it } from "vitest";
import { makeTown } from "../../server/content/makeTown.ts";
import { readTileIndex } from "../../server/content/tileIndex.ts";
import { PathFinder } from "../../server/world/path.ts";
import type { Tile } from "../../server/world/tile.ts";
import { TownMap } from "../../server/world/townMap.ts";

function grid(rows: string[]) {
  const width = rows[0].length;
  const blocked = Uint8Array.from(rows.join("").split(""), (c) => (c === "#" ? 1 : 0));
  return {
    finder: new PathFinder(width, rows.length, blocked),
    blocked,
    width,
    height: rows.length,
  };
}

/** Reference: plain BFS distance, to check that paths are shortest. */
function distance(rows: string[], from: Tile, to: Tile): number {
  const seen = new Set([`${from.x},${from.y}`]);
  let frontier = [from];
  for (let d = 0; frontier.length; d++) {
    const next: Tile[] = [];
    for (const t of frontier) {
      if (t.x === to.x && t.y === to.y) return d;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ]) {
        const n = { x: t.x + dx, y: t.y + dy };
        if (rows[n.y]?.[n.x] === "." && !seen.has(`${n.x},${n.y}`)) {
          seen.add(`${n.x},${n.y}`);
          next.push(n);
        }
      }
    }
    frontier = next;
  }
  return -1;
}

function checkPath(rows: string[], start: Tile, path: Tile[]) {
  let at = start;
  for (const t of path) {
    expect(rows[t.y][t.x], `tile ${t.x},${t.y} is blocked`).toBe(".");
    expect(Math.abs(t.x - at.x) + Math.abs(t.y - at.y), "one tile per step").toBe(1);
    at = t;
  }
}

describe("PathFinder", () => {
  const maze = [
    "..........",
    ".########.",
    ".#......#.",
    ".#.####.#.",
    ".#.#..#.#.",
    "......#...",
    "####..####",
  ];

  it("walks around walls on a shortest path", () => {
    const { finder } = grid(maze);
    const path = finder.find({ x: 0, y: 0 }, [{ x: 4, y: 4 }])!;
    expect(path).not.toBeNull();
    checkPath(maze, { x: 0, y: 0 }, path);
    expect(path.at(-1)).toEqual({ x: 4, y: 4 });
    expect(path.length).toBe(distance(maze, { x: 0, y: 0 }, { x: 4, y: 4 }));
  });

  it("returns an empty path when already there, and null when the goal is walled off or blocked", () => {
    const { finder } = grid(["..#..", "..#..", "..#.."]);
    expect(finder.find({ x: 0, y: 0 }, [{ x: 0, y: 0 }])).toEqual([]);
    expect(finder.find({ x: 0, y: 0 }, [{ x: 4, y: 2 }])).toBeNull();
    expect(finder.find({ x: 0, y: 0 }, [{ x: 2, y: 1 }])).toBeNull();
    expect(finder.find({ x: 0, y: 0 }, [])).toBeNull();
  });

  it("goes to the nearest of several goals", () => {
    const { finder } = grid(["........."]);
    const path = finder.find({ x: 3, y: 0 }, [
      { x: 0, y: 0 },
      { x: 8, y: 0 },
      { x: 5, y: 0 },
    ])!;
    expect(path.at(-1)).toEqual({ x: 5, y: 0 });
    expect(path).toHaveLength(2);
  });

  it("finds shortest paths that never cross a blocked tile on random grids", () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let trial = 0; trial < 40; trial++) {
      const rows = Array.from({ length: 15 }, () =>
        Array.from({ length: 20 }, () => (rand() < 0.3 ? "#" : ".")).join(""),
      );
      const { finder } = grid(rows);
      const open: Tile[] = [];
      rows.forEach((r, y) => r.split("").forEach((c, x) => c === "." && open.push({ x, y })));
      for (let q = 0; q < 10; q++) {
        const a = open[Math.floor(rand() * open.length)];
        const b = open[Math.floor(rand() * open.length)];
        const path = finder.find(a, [b]);
        const d = distance(rows, a, b);
        if (d === -1) expect(path).toBeNull();
        else {
          checkPath(rows, a, path!);
          expect(path!.length).toBe(d);
        }
      }
    }
  });

  it("keeps a search to an address: the kept path is the one a fresh search finds, and walking it does not change it", () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    for (let trial = 0; trial < 20; trial++) {
      const rows = Array.from({ length: 15 }, () =>
        Array.from({ length: 20 }, () => (rand() < 0.3 ? "#" : ".")).join(""),
      );
      const { finder } = grid(rows);
      const fresh = grid(rows).finder;
      // A few "addresses" of several tiles each (some blocked, as on real maps), and starts
      // that come back again and again, some on blocked tiles.
      const tile = () => ({ x: Math.floor(rand() * 20), y: Math.floor(rand() * 15) });
      const places = Array.from({ length: 4 }, (_, i) => ({
        name: `place ${i}`,
        tiles: Array.from({ length: 1 + Math.floor(rand() * 4) }, tile),
      }));
      const starts = Array.from({ length: 6 }, tile);
      for (let q = 0; q < 60; q++) {
        const place = places[Math.floor(rand() * places.length)];
        const start = starts[Math.floor(rand() * starts.length)];
        const path = finder.findTo(start, place.name, place.tiles);
        expect(path).toEqual(fresh.find(start, place.tiles));
        path?.shift(); // the town walks a path by shifting it
      }
      expect(finder.cacheStats.hits).toBeGreaterThan(0);
    }
  });

  it("keeps at most its capacity of searches, forgetting the least recently used", () => {
    const { finder } = grid(["........", "........", "........"]);
    const small = new PathFinder(8, 3, new Uint8Array(24), 3);
    const to = [{ x: 7, y: 2 }];
    for (let x = 0; x < 6; x++) small.findTo({ x, y: 0 }, "corner", to);
    expect(small.keptSize).toBe(3);
    expect(small.cacheStats).toEqual({ hits: 0, misses: 6 });
    small.findTo({ x: 3, y: 0 }, "corner", to); // kept, and now the most recently used
    small.findTo({ x: 0, y: 1 }, "corner", to); // forgets x = 4
    small.findTo({ x: 3, y: 0 }, "corner", to);
    small.findTo({ x: 4, y: 0 }, "corner", to);
    expect(small.cacheStats).toEqual({ hits: 2, misses: 8 });
    expect(small.keptSize).toBe(3);
    expect(small.findTo({ x: 0, y: 0 }, "corner", to)).toEqual(finder.find({ x: 0, y: 0 }, to));
  });

  it("finds the breadth-first flood's own path (same length, same route) on random grids, with several goals and blocked starts", () => {
    let seed = 23;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    let compared = 0;
    for (let trial = 0; trial < 60; trial++) {
      const width = 8 + Math.floor(rand() * 30);
      const height = 5 + Math.floor(rand() * 20);
      const density = 0.1 + rand() * 0.3;
      const rows = Array.from({ length: height }, () =>
        Array.from({ length: width }, () => (rand() < density ? "#" : ".")).join(""),
      );
      const { finder } = grid(rows);
      const tile = () => ({ x: Math.floor(rand() * width), y: Math.floor(rand() * height) });
      for (let q = 0; q < 25; q++) {
        const start = tile(); // sometimes a blocked tile, as a resident on furniture
        const goals = Array.from({ length: 1 + Math.floor(rand() * 5) }, tile);
        const flood = finder.findByFlood(start, goals);
        const path = finder.find(start, goals);
        expect(path).toEqual(flood);
        if (path && path.length > 0) {
          const d = Math.min(
            ...goals
              .map((g) => (rows[g.y][g.x] === "." ? distance(rows, start, g) : -1))
              .filter((n) => n >= 0),
          );
          if (rows[start.y][start.x] === ".") expect(path.length).toBe(d);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it("on a generated town of 1,000 residents, finds the flood's path between places without flooding the map", async () => {
    const town = makeTown({
      residents: 1000,
      seed: 7,
      index: await readTileIndex(),
      image: "town.png",
    });
    const map = TownMap.fromJson(JSON.parse(town.townJson), "town-1000");
    const finder = new PathFinder(map.width, map.height, map.blocked, 0);
    const reference = new PathFinder(map.width, map.height, map.blocked, 0);
    const addresses = map.addresses();
    let seed = 5;
    const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    let walked = 0;
    for (let q = 0; q < 150; q++) {
      const from = map.tilesOf(addresses[Math.floor(rand() * addresses.length)]);
      const to = map.tilesOf(addresses[Math.floor(rand() * addresses.length)]);
      const start = from[Math.floor(rand() * from.length)];
      const path = finder.find(start, to);
      expect(path).toEqual(reference.findByFlood(start, to));
      if (path && path.length > 0) walked++;
    }
    expect(walked).toBeGreaterThan(100);
    // The flood visits a disc around the start as wide as the walk; this search the tiles
    // between start and goal.
    expect(finder.tilesVisited).toBeLessThan(reference.tilesVisited / 2);
  });
});
