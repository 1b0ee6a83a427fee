// `npm run import-map`: the original's Smallville matrices become a town of ours that the
// server loads, with every address, blocked tile and spawn point of the CSVs, drawn with our
// tiles (walls where it blocks, a floor or grass under every tile, furniture on objects).
// A broken matrix folder is refused with an error naming the file.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { townTiles } from "../../assets/scripts/tiles.ts";
import { loadTemplate, type TownTemplate } from "../../server/content/template.ts";
import { TiledMap } from "../../server/world/townFile.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MATRIX = path.resolve(ROOT, "../shared/reference/the_ville/matrix");
const tmp = mkdtempSync(path.join(tmpdir(), "import-map-"));

function cli(...args: string[]): { status: number | null; out: string } {
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(ROOT, "server/cli/importMap.ts"), ...args],
    { cwd: ROOT, encoding: "utf8", timeout: 60_000 },
  );
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

/** The original's own reading of the CSVs (maze.py): each tile's address, collision, spawns. */
function fromCsv() {
  const cells = (f: string) =>
    readFileSync(path.join(MATRIX, "maze", f), "utf8")
      .split(",")
      .map((c) => c.trim())
      .slice(0, 14000);
  const names = (f: string) =>
    new Map(
      readFileSync(path.join(MATRIX, "special_blocks", f), "utf8")
        .split("\n")
        .filter((l) => l.trim())
        .map((l) => {
          const p = l.split(",").map((s) => s.trim());
          return [p[0], p.at(-1)!] as const;
        }),
    );
  const [sec, ar, ob, col, sp] = [
    "sector",
    "arena",
    "game_object",
    "collision",
    "spawning_location",
  ].map((n) => cells(`${n}_maze.csv`));
  const S = names("sector_blocks.csv"),
    A = names("arena_blocks.csv"),
    O = names("game_object_blocks.csv");
  return {
    addresses: sec.map((s, i) =>
      s === "0"
        ? ""
        : `the Ville:${S.get(s)}${ar[i] !== "0" ? `:${A.get(ar[i])}${ob[i] !== "0" ? `:${O.get(ob[i])}` : ""}` : ""}`,
    ),
    blocked: col.map((c) => c !== "0"),
    spawns: sp.flatMap((v, i) => (v === "0" ? [] : [`${i % 140},${Math.floor(i / 140)}`])).sort(),
  };
}

describe("npm run import-map", () => {
  const out = path.join(tmp, "the-ville");
  let run: { status: number | null; out: string };
  let template: TownTemplate;
  let layers: Map<string, number[]>;
  const names = Object.fromEntries(
    Object.entries(townTiles().index()).map(([name, i]) => [i + 1, name]),
  );

  beforeAll(async () => {
    run = cli(MATRIX, "--out", out);
    // The tool scaffolds residents (test/integration/cli-tools.test.ts); here one resident of
    // ours replaces them, to load the town the way the server does.
    writeFileSync(
      path.join(out, "personas.json"),
      JSON.stringify({
        residents: [
          {
            id: "klaus",
            name: "Klaus Test",
            age: 20,
            innate: "",
            learned: "",
            currently: "",
            lifestyle: "",
            sprite: 3,
            home: "the Ville:Dorm for Oak Hill College:Klaus Mueller's room",
            spawn: "Dorm for Oak Hill College:Klaus Mueller's room:sp-A",
            schedule: [
              {
                at: "08:00",
                action: "having coffee",
                emoji: "☕",
                address: "the Ville:Hobbs Cafe:cafe:cafe customer seating",
              },
            ],
          },
        ],
      }),
    );
    template = await loadTemplate(out);
    const map = TiledMap.parse(JSON.parse(readFileSync(path.join(out, "town.json"), "utf8")));
    layers = new Map(
      map.layers
        .filter((l) => l.type === "tilelayer")
        .map((l) => [l.name, (l as { data: number[] }).data]),
    );
  }, 60_000);

  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("writes town.json and says what it imported", () => {
    expect(run.status, run.out).toBe(0);
    expect(run.out).toMatch(
      /the Ville, 140×100 tiles, 19 sectors, 63 arenas, \d+ objects, 40 spawn points/,
    );
    expect(run.out).toMatch(/personas\.json: 3 placeholder residents/);
    // The open ground around Smallville's town joins none of it: the map maker is told, with tiles.
    expect(run.out).toMatch(
      /warning: \d+ walkable regions \([\d,]+ tiles\) are cut off from the town \(the region of 4,158 tiles that joins 19 of 19 sectors\); nobody there can walk into town: 7,519 tiles at x 0–139, y 0–99/,
    );
    expect(run.out).not.toMatch(/no path from the town reaches/);
  });

  it("keeps every tile's address, every blocked tile and every spawn point of the CSVs", () => {
    const { map } = template;
    const csv = fromCsv();
    expect([map.width, map.height, map.world]).toEqual([140, 100, "the Ville"]);
    const wrong: string[] = [];
    for (let i = 0; i < 14000; i++) {
      const x = i % 140,
        y = Math.floor(i / 140);
      if (map.addressAt(x, y) !== csv.addresses[i].replace(/\s+$/, ""))
        wrong.push(`${x},${y} address`);
      if (map.isWalkable(x, y) === csv.blocked[i]) wrong.push(`${x},${y} collision`);
    }
    expect(wrong).toEqual([]);
    expect([...map.spawns.values()].map((s) => `${s.x},${s.y}`).sort()).toEqual(csv.spawns);
    expect(map.hasAddress("the Ville:Hobbs Cafe:cafe:behind the cafe counter")).toBe(true);
    expect(template.personas[0].id).toBe("klaus");
  });

  it("draws every tile with our tiles: a floor or grass everywhere, walls or hedges where it blocks, furniture on objects", () => {
    const { map } = template;
    const ground = layers.get("ground")!,
      walls = layers.get("walls")!,
      furniture = layers.get("furniture")!;
    expect([...layers.keys()]).toEqual([
      "ground",
      "decor",
      "walls",
      "furniture",
      "above",
      "collision",
    ]);
    const name = (gid: number) => names[gid] ?? "";
    const problems: string[] = [];
    let bedTiles = 0;
    for (let i = 0; i < 14000; i++) {
      const x = i % 140,
        y = Math.floor(i / 140);
      const inSector = map.addressAt(x, y) !== "";
      if (!ground[i]) problems.push(`${x},${y}: no ground`);
      if (!map.isWalkable(x, y)) {
        const drawn = inSector ? name(walls[i]) : name(furniture[i]);
        if (!(inSector ? /^wallx?-/ : /^hedge-/).test(drawn))
          problems.push(`${x},${y}: blocked but drawn "${drawn}"`);
      } else if (walls[i] && !/^shadow-/.test(name(walls[i]))) {
        problems.push(`${x},${y}: walkable under a wall "${name(walls[i])}"`);
      }
      if (map.addressAt(x, y).endsWith(":bed") && /^bed-/.test(name(furniture[i]))) bedTiles++;
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect(bedTiles).toBeGreaterThan(20);
    // A real palette, not flat colours: many floors, walls and pieces of furniture.
    const kinds = (l: number[]) => new Set(l.filter(Boolean).map(name)).size;
    expect(kinds(ground)).toBeGreaterThanOrEqual(25);
    expect(kinds(walls)).toBeGreaterThan(25);
    expect(kinds(furniture)).toBeGreaterThan(40);
    // Roads join the buildings.
    expect(ground.filter((g) => /^path-/.test(name(g))).length).toBeGreaterThan(300);
    // The tileset is found from the written file, as Tiled and the client find it.
    const image = JSON.parse(readFileSync(path.join(out, "town.json"), "utf8")).tilesets[0]
      .image as string;
    expect(path.resolve(out, image)).toBe(path.join(ROOT, "assets/tiles/town.png"));
  });

  it("refuses to overwrite a town without --force", () => {
    const again = cli(MATRIX, "--out", out);
    expect(again.status).toBe(1);
    expect(again.out).toMatch(/town\.json exists already: pass --force/);
  });

  it("refuses a broken matrix folder with an error naming the file", () => {
    const broken = path.join(tmp, "broken");
    cpSync(MATRIX, broken, { recursive: true });
    writeFileSync(path.join(broken, "maze/arena_maze.csv"), "0,0,0");
    const r = cli(broken, "--out", path.join(tmp, "broken-out"));
    expect(r.status).toBe(1);
    expect(r.out).toMatch(/import-map: arena_maze\.csv has 3 cells, the map needs 14000/);
    expect(existsSync(path.join(tmp, "broken-out/town.json"))).toBe(false);

    rmSync(path.join(broken, "special_blocks/sector_blocks.csv"));
    expect(cli(broken, "--out", path.join(tmp, "x")).out).toMatch(
      /special_blocks\/sector_blocks\.csv: cannot be read \(ENOENT\)/,
    );
    expect(cli(path.join(tmp, "nowhere"), "--name", "x").out).toMatch(
      /nowhere\/maze_meta_info\.json: cannot be read/,
    );
    const usage = cli(MATRIX);
    expect(usage.status).not.toBe(0);
    expect(usage.out).toMatch(/give --name <town>/);
  });
});
