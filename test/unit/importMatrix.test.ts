// The original's Smallville matrices import with every tile's address, collision and spawn kept.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  importMatrix,
  rectangles,
  type MatrixImport,
  type Palette,
} from "../../server/content/importMatrix.ts";
import { readMatrixFolder } from "../../server/content/matrixFiles.ts";
import { TownMap } from "../../server/world/townMap.ts";

export const MATRIX_DIR = path.resolve(
  fileURLToPath(new URL("../../../shared/reference/the_ville/matrix", import.meta.url)),
);

const plainPalette: Palette = {
  tileset: {
    firstgid: 1,
    name: "town",
    image: "../../tiles/town.png",
    tilewidth: 32,
    tileheight: 32,
    columns: 4,
    tilecount: 4,
  },
  ground: () => 1,
  blocked: (_x, _y, inside) => (inside ? 2 : 3),
  object: () => 4,
  collision: 2,
};

/** The original's composition of a tile's address, straight from the CSVs (maze.py's rule). */
function csvAddresses(): {
  addresses: string[];
  collision: boolean[];
  spawns: { x: number; y: number }[];
} {
  const cells = (f: string) =>
    readFileSync(path.join(MATRIX_DIR, "maze", f), "utf8")
      .split(",")
      .map((c) => c.trim());
  const names = (f: string) =>
    new Map(
      readFileSync(path.join(MATRIX_DIR, "special_blocks", f), "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => {
          const parts = l.split(",").map((p) => p.trim());
          return [parts[0], parts.at(-1)!] as const;
        }),
    );
  const sec = cells("sector_maze.csv"),
    ar = cells("arena_maze.csv"),
    ob = cells("game_object_maze.csv"),
    col = cells("collision_maze.csv"),
    sp = cells("spawning_location_maze.csv");
  const S = names("sector_blocks.csv"),
    A = names("arena_blocks.csv"),
    O = names("game_object_blocks.csv");
  const addresses = sec.slice(0, 14000).map((s, i) => {
    if (s === "0") return "";
    let a = `the Ville:${S.get(s)}`;
    if (ar[i] !== "0") a += `:${A.get(ar[i])}`;
    if (ar[i] !== "0" && ob[i] !== "0") a += `:${O.get(ob[i])}`;
    return a;
  });
  const spawns = sp
    .slice(0, 14000)
    .flatMap((v, i) => (v === "0" ? [] : [{ x: i % 140, y: Math.floor(i / 140) }]));
  return { addresses, collision: col.slice(0, 14000).map((c) => c !== "0"), spawns };
}

describe("import of the original's matrices", () => {
  let imported: MatrixImport;
  let map: TownMap;
  beforeAll(async () => {
    imported = importMatrix(await readMatrixFolder(MATRIX_DIR), plainPalette);
    map = TownMap.fromJson(JSON.parse(JSON.stringify(imported.map)), "the_ville/town.json");
  });

  it("keeps Smallville's size and its 19 sectors, 63 arenas and the objects in them", () => {
    expect([map.width, map.height, map.world]).toEqual([140, 100, "the Ville"]);
    const addresses = map.addresses();
    expect(addresses.filter((a) => a.split(":").length === 2)).toHaveLength(19);
    expect(addresses.filter((a) => a.split(":").length === 3)).toHaveLength(63);
    expect(addresses.filter((a) => a.split(":").length === 4).length).toBeGreaterThan(150);
    expect(map.hasAddress("the Ville:Hobbs Cafe:cafe:behind the cafe counter")).toBe(true);
    expect(map.hasAddress("the Ville:Ryan Park's apartment:main room")).toBe(true); // trailing blank in the CSV trimmed
  });

  it("gives every tile exactly the address, collision and spawn the CSVs give it", () => {
    const csv = csvAddresses();
    let checked = 0;
    for (let y = 0; y < 100; y++)
      for (let x = 0; x < 140; x++) {
        const i = y * 140 + x;
        if (map.addressAt(x, y) !== csv.addresses[i])
          throw new Error(`tile ${x},${y}: ${map.addressAt(x, y)} != ${csv.addresses[i]}`);
        if (map.isWalkable(x, y) === csv.collision[i])
          throw new Error(`tile ${x},${y}: collision differs`);
        checked++;
      }
    expect(checked).toBe(14000);
    expect(csv.collision.filter(Boolean)).toHaveLength(imported.counts.blocked);
    expect([...map.spawns.values()].sort((a, b) => a.y - b.y || a.x - b.x)).toEqual(
      csv.spawns.sort((a, b) => a.y - b.y || a.x - b.x),
    );
    expect(map.spawns.size).toBe(40);
  });

  it("splits regions into rectangles that cover exactly their tiles", () => {
    const tiles = [0, 1, 2, 10, 11, 12, 21, 22, 5];
    const rects = rectangles(tiles, 10);
    const covered = rects.flatMap((r) =>
      Array.from(
        { length: r.w * r.h },
        (_, k) => (r.y + Math.floor(k / r.w)) * 10 + r.x + (k % r.w),
      ),
    );
    expect(covered.sort((a, b) => a - b)).toEqual([...tiles].sort((a, b) => a - b));
    expect(rects).toContainEqual({ x: 0, y: 0, w: 3, h: 2 });
  });

  it("refuses a broken matrix folder with an error naming the file", async () => {
    const files = await readMatrixFolder(MATRIX_DIR);
    expect(() =>
      importMatrix({ ...files, mazes: { ...files.mazes, arena: "0,0,0" } }, plainPalette),
    ).toThrow(/arena_maze\.csv has 3 cells, the map needs 14000/);
    const noCafe = files.blocks.sector
      .split("\n")
      .filter((l) => !l.includes("Hobbs Cafe"))
      .join("\n");
    expect(() =>
      importMatrix({ ...files, blocks: { ...files.blocks, sector: noCafe } }, plainPalette),
    ).toThrow(/sector block \d+ at tile \d+,\d+ is not in sector_blocks\.csv/);
    await expect(readMatrixFolder("/nowhere")).rejects.toThrow(
      /\/nowhere\/maze_meta_info\.json: cannot be read/,
    );
  });
});
