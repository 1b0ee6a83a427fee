// People join in the region that holds the town (the walkable region joining the most sectors,
// or the one the map's "visitors" point names on a tie), never in a pocket cut off from it; what
// a map leaves cut off is reported with tile counts; a path search never floods a region to learn
// that its goal lies in another. Checked on small maps made here, on base-3 and base-25, and on
// the original's Smallville imported (whose open ground around the town is larger than the town
// and joins none of it: issue 35).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { importMap, writePersonas } from "../../server/cli/importMap.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { townWarnings } from "../../server/content/townCheck.ts";
import { PathFinder } from "../../server/world/path.ts";
import { Regions } from "../../server/world/regions.ts";
import { pickSpawn, spawnArea } from "../../server/world/spawnArea.ts";
import type { Tile } from "../../server/world/tile.ts";
import { TownMap } from "../../server/world/townMap.ts";
import { connectivity, townRegion } from "../../server/world/townRegions.ts";
import type { Persona } from "../../shared/persona.ts";
import { unreachedFromSpawns, walks } from "../helpers/reach.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MATRIX = path.resolve(ROOT, "../shared/reference/the_ville/matrix");
const tmp = mkdtempSync(path.join(tmpdir(), "town-regions-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Rect = { name: string; x: number; y: number; w: number; h: number };

/** A town file from rows of "#" (blocked) and "." (walkable), sector rectangles and spawn points. */
function mapOf(rows: string[], sectors: Rect[], spawns: { name: string; x: number; y: number }[]) {
  const width = rows[0].length;
  const height = rows.length;
  const obj = (id: number, r: { name: string; x: number; y: number; w?: number; h?: number }) => ({
    id,
    name: r.name,
    x: r.x * 32 + (r.w ? 0 : 16),
    y: r.y * 32 + (r.h ? 0 : 16),
    width: (r.w ?? 0) * 32,
    height: (r.h ?? 0) * 32,
  });
  const json = {
    type: "map",
    orientation: "orthogonal",
    infinite: false,
    width,
    height,
    tilewidth: 32,
    tileheight: 32,
    properties: [
      { name: "world", type: "string", value: "Test" },
      { name: "start", type: "string", value: "2026-02-13T07:00:00Z" },
    ],
    tilesets: [
      {
        firstgid: 1,
        name: "t",
        image: "t.png",
        tilewidth: 32,
        tileheight: 32,
        columns: 1,
        tilecount: 1,
      },
    ],
    layers: [
      {
        type: "tilelayer",
        name: "collision",
        width,
        height,
        data: rows
          .join("")
          .split("")
          .map((c) => (c === "#" ? 1 : 0)),
      },
      { type: "objectgroup", name: "sectors", objects: sectors.map((s, i) => obj(i + 1, s)) },
      { type: "objectgroup", name: "arenas", objects: [] },
      { type: "objectgroup", name: "objects", objects: [] },
      { type: "objectgroup", name: "spawns", objects: spawns.map((s, i) => obj(100 + i, s)) },
    ],
  };
  return TownMap.fromJson(json, "test/town.json");
}

/** A small Smallville: a fenced town (two homes and a square) inside a ring of open ground larger than it. */
const FENCED = [
  "..................",
  ".################.",
  ".#...#......#...#.",
  ".#..........#...#.",
  ".#...#..........#.",
  ".################.",
  "..................",
];
const FENCED_SECTORS: Rect[] = [
  { name: "Home A", x: 2, y: 2, w: 3, h: 3 },
  { name: "Square", x: 6, y: 2, w: 6, h: 3 },
  { name: "Home B", x: 13, y: 2, w: 3, h: 3 },
];

describe("walkable regions", () => {
  it("labels each region once: same region, same label; blocked tiles none; a walker on furniture steps into its neighbours' regions", () => {
    const blocked = Uint8Array.from("..#...#..".split(""), (c) => (c === "#" ? 1 : 0));
    const r = Regions.of(9, 1, blocked);
    expect(Regions.of(9, 1, blocked)).toBe(r);
    expect(r.count).toBe(3);
    expect(r.sizes).toEqual([2, 3, 2]);
    expect([r.at(0, 0), r.at(1, 0), r.at(2, 0), r.at(4, 0), r.at(8, 0)]).toEqual([0, 0, -1, 1, 2]);
    expect(r.around({ x: 2, y: 0 })).toEqual([0, 1]);
    expect(r.joins({ x: 2, y: 0 }, [{ x: 5, y: 0 }])).toBe(true);
    expect(r.joins({ x: 0, y: 0 }, [{ x: 8, y: 0 }])).toBe(false);
  });

  it("a path search to another region fails without walking its own, and finds the way within one", () => {
    const map = mapOf(FENCED, FENCED_SECTORS, []);
    const finder = new PathFinder(map.width, map.height, map.blocked);
    // From the ring around the fence into town: no path, known from the labels at once.
    expect(finder.find({ x: 0, y: 0 }, map.tilesOf("Test:Square"))).toBeNull();
    const inside = finder.find({ x: 3, y: 3 }, map.tilesOf("Test:Home B"))!;
    expect(walks(map, { x: 3, y: 3 }, inside, map.tilesOf("Test:Home B"))).toBe(true);
    // The ring is larger than the town, yet the town is the region that joins the sectors.
    expect(map.regions.sizes[map.regions.at(0, 0)]).toBeGreaterThan(
      map.regions.sizes[map.regions.at(3, 3)],
    );
    expect(townRegion(map)).toBe(map.regions.at(3, 3));
  });
});

describe("people join in the town, never in a pocket cut off from it", () => {
  it("a town fenced inside larger open ground: people start in town and reach every place", () => {
    const map = mapOf(FENCED, FENCED_SECTORS, []);
    const area = spawnArea(map);
    expect(area.length).toBeGreaterThan(0);
    for (const t of area) expect(map.regions.at(t.x, t.y)).toBe(map.regions.at(3, 3));
    expect(unreachedFromSpawns(map, [])).toEqual([]);
    // The map maker is told, with tile counts: the ring of 46 tiles joins no sector.
    const warnings = townWarnings(map);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^1 walkable region \(46 tiles\) is cut off from the town/);
    expect(warnings[0]).toContain("the region of 38 tiles that joins 3 of 3 sectors");
    expect(warnings[0]).toContain("46 tiles at x 0–17, y 0–6 (in no sector)");
  });

  it("a visitors point in a pocket is not used (and is reported); one in town is", () => {
    const pocket = mapOf(FENCED, FENCED_SECTORS, [{ name: "visitors", x: 9, y: 0 }]);
    const area = spawnArea(pocket);
    for (const t of area) expect(pocket.regions.at(t.x, t.y)).toBe(pocket.regions.at(3, 3));
    expect(townWarnings(pocket).join("\n")).toMatch(
      /the "visitors" spawn point 9,0 lies in a region cut off from the town/,
    );
    const inTown = mapOf(FENCED, FENCED_SECTORS, [{ name: "visitors", x: 14, y: 4 }]);
    expect(spawnArea(inTown)[0]).toEqual({ x: 14, y: 4 });
  });

  it("on a tie of sectors the region the visitors point names is the town, even when smaller", () => {
    const rows = ["......#..", "......#..", "......#.."];
    const sectors = [
      { name: "West", x: 0, y: 0, w: 2, h: 2 },
      { name: "East", x: 7, y: 0, w: 2, h: 2 },
    ];
    expect(townRegion(mapOf(rows, sectors, []))).toBe(0);
    const named = mapOf(rows, sectors, [{ name: "visitors", x: 8, y: 2 }]);
    expect(townRegion(named)).toBe(named.regions.at(8, 2));
    expect(spawnArea(named)[0]).toEqual({ x: 8, y: 2 });
  });

  it("a sector walled off from the town, and a resident living there, are reported with their tiles", () => {
    const rows = ["...........", "......#####", "......#...#", "......#####"];
    const map = mapOf(
      rows,
      [
        { name: "Cafe", x: 0, y: 0, w: 3, h: 2 },
        { name: "Park", x: 3, y: 2, w: 3, h: 2 },
        { name: "Shed", x: 6, y: 1, w: 5, h: 3 },
      ],
      [
        { name: "ann", x: 0, y: 3 },
        { name: "bo", x: 8, y: 2 },
      ],
    );
    const person = (id: string, home: string, spawn: string) =>
      ({ id, home: `Test:${home}`, spawn }) as Persona;
    const warnings = townWarnings(map, [person("ann", "Cafe", "ann"), person("bo", "Shed", "bo")]);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^1 walkable region \(3 tiles\) is cut off .*: 3 tiles at x 7–9, y 2–2 \(3 of them in 1 sector: Shed 3\)$/,
      ),
      '1 place (1 sector) no path from the town reaches: "Test:Shed" (3 walkable tiles)',
      'resident "bo": home "Test:Shed" is cut off from the town (no path from it reaches there)',
      'resident "bo": spawn "bo" (8,2) is cut off from the town: the resident cannot walk into it',
    ]);
    expect(connectivity(map).unjoined).toEqual([{ address: "Test:Shed", walkable: 3 }]);
  });
});

describe("from every spawn tile for people, every home and every sector", () => {
  for (const key of ["base-3", "base-25"]) {
    it(`${key}: every resident's home and every sector can be walked to; nothing is cut off`, async () => {
      const t = await loadTemplate(key);
      expect(unreachedFromSpawns(t.map, t.personas)).toEqual([]);
      expect(townWarnings(t.map, t.personas)).toEqual([]);
    });
  }

  it("the_ville imported (the matrix alone, a resident in every home): people start in town, not on the open ground around it", async () => {
    const out = path.join(tmp, "the-ville");
    const r = await importMap({ matrixDir: MATRIX, outDir: out });
    await writePersonas(out, r.world, r.spawns, { residents: 200 });
    const t = await loadTemplate(out);
    expect(t.personas.length).toBeGreaterThan(10);
    expect(unreachedFromSpawns(t.map, t.personas)).toEqual([]);
    // The region people join holds every sector; the larger open ground around it is reported.
    const c = connectivity(t.map);
    expect(c.town).toMatchObject({ tiles: 4158, sectors: 19 });
    expect(c.sectors).toBe(19);
    expect(c.cutOff[0].tiles).toBe(7519);
    expect(c.unjoined).toEqual([]);
    expect(r.warnings[0]).toContain("7,519 tiles at x 0–139, y 0–99");
    // Five people joining one after the other all stand in town.
    const placed: Tile[] = [];
    for (let i = 0; i < 5; i++) placed.push(pickSpawn(spawnArea(t.map), placed)!);
    for (const p of placed) expect(t.map.regions.at(p.x, p.y)).toBe(c.town.region);
  }, 60_000);
});
