// Path queries between random walkable tiles: our breadth-first PathFinder against two
// libraries (ngraph.path's A*, the most maintained graph path finder on npm, and PathFinding.js,
// the most used grid one). Target: under 0.5 ms median per query on Smallville and base-25.
import createGraph from "ngraph.graph";
import ngraphPath from "ngraph.path";
import PF from "pathfinding";
import { PathFinder } from "../server/world/path.ts";
import { Random } from "../server/world/random.ts";
import type { TownMap } from "../server/world/townMap.ts";
import { loadTemplate } from "../server/content/template.ts";
import { smallville } from "./smallville.ts";
import { fmt, machine, summarize } from "./stats.ts";

const QUERIES = 2000;

function walkable(map: TownMap): { x: number; y: number }[] {
  const out = [];
  for (let y = 0; y < map.height; y++)
    for (let x = 0; x < map.width; x++) if (map.isWalkable(x, y)) out.push({ x, y });
  return out;
}

function run(label: string, map: TownMap) {
  const tiles = walkable(map);
  const rng = new Random(42);
  const pairs = Array.from(
    { length: QUERIES },
    () => [tiles[rng.int(tiles.length)], tiles[rng.int(tiles.length)]] as const,
  );
  const finder = new PathFinder(map.width, map.height, map.blocked);

  // Numeric node ids (y·width + x) so the heuristic costs no parsing: a fair comparison.
  const w = map.width;
  const graph = createGraph<unknown, unknown>();
  for (const t of tiles) {
    for (const [dx, dy] of [
      [1, 0],
      [0, 1],
    ])
      if (map.isWalkable(t.x + dx, t.y + dy))
        graph.addLink(t.y * w + t.x, (t.y + dy) * w + t.x + dx);
  }
  const astar = ngraphPath.aStar(graph, {
    distance: () => 1,
    heuristic: (a, b) => {
      const ai = Number(a.id),
        bi = Number(b.id);
      return Math.abs((ai % w) - (bi % w)) + Math.abs(Math.floor(ai / w) - Math.floor(bi / w));
    },
  });
  const matrix = Array.from({ length: map.height }, (_, y) =>
    Array.from({ length: map.width }, (_, x) => (map.isWalkable(x, y) ? 0 : 1)),
  );
  const pfGrid = new PF.Grid(matrix);
  const pf = new PF.AStarFinder({ diagonalMovement: PF.DiagonalMovement.Never });

  const time = (fn: (a: { x: number; y: number }, b: { x: number; y: number }) => number) => {
    const samples: number[] = [];
    let steps = 0;
    for (const [a, b] of pairs) {
      const t0 = performance.now();
      steps += fn(a, b);
      samples.push(performance.now() - t0);
    }
    return { ...summarize(samples), steps };
  };
  const ours = time((a, b) => finder.find(a, [b])?.length ?? 0);
  const ng = time((a, b) => Math.max(0, astar.find(a.y * w + a.x, b.y * w + b.x).length - 1));
  const pfr = time((a, b) =>
    Math.max(0, pf.findPath(a.x, a.y, b.x, b.y, pfGrid.clone()).length - 1),
  );
  if (ours.steps !== ng.steps || ours.steps !== pfr.steps)
    throw new Error(`path lengths differ: ${ours.steps} ${ng.steps} ${pfr.steps}`);
  console.log(
    `path queries on ${label} (${map.width}×${map.height}, ${tiles.length} walkable tiles, ${QUERIES} random pairs, same total length ${ours.steps}):`,
  );
  console.log(`  ours (BFS, typed arrays)     median ${fmt(ours.median)}  p99 ${fmt(ours.p99)}`);
  console.log(`  ngraph.path A*               median ${fmt(ng.median)}  p99 ${fmt(ng.p99)}`);
  console.log(`  PathFinding.js A* (+clone)   median ${fmt(pfr.median)}  p99 ${fmt(pfr.p99)}`);
}

console.log(machine());
run("Smallville (imported)", await smallville());
// Our own towns: Oakmere (base-25, Smallville-sized) and the starter.
for (const key of ["base-25", "base-3"]) run(key, (await loadTemplate(key)).map);
