// Where people join (spread over the spawn area, never shut in a room) and when a new town
// starts (START_TIME), on the two towns of ours and on the original's map imported.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { importMap } from "../../server/cli/importMap.ts";
import { startTownAt, stepsUntil } from "../../server/hosting/startTime.ts";
import { liveliness } from "../../server/hosting/towns.ts";
import { ScriptedMind } from "../../server/agents/scriptedMind.ts";
import { minuteOfDay } from "../../shared/time.ts";
import { PathFinder } from "../../server/world/path.ts";
import { pickSpawn, spawnArea } from "../../server/world/spawnArea.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { Town } from "../../server/world/town.ts";
import { TownMap } from "../../server/world/townMap.ts";
import type { Tile } from "../../server/world/tile.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const tmp = mkdtempSync(path.join(tmpdir(), "spawn-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Joins `n` people one after the other, as the Town does, and returns their tiles. */
function joinMany(map: TownMap, n: number): Tile[] {
  const area = spawnArea(map);
  const placed: Tile[] = [];
  for (let i = 0; i < n; i++) placed.push(pickSpawn(area, placed)!);
  return placed;
}

/** Tiles reachable from `from` (4-neighbours). */
function reachable(map: TownMap, from: Tile): number {
  let count = 0;
  const paths = new PathFinder(map.width, map.height, map.blocked);
  for (let y = 0; y < map.height; y += 7)
    for (let x = 0; x < map.width; x += 7) {
      if (map.isWalkable(x, y) && paths.find(from, [{ x, y }])) count++;
    }
  return count;
}

function walkableSample(map: TownMap): number {
  let count = 0;
  for (let y = 0; y < map.height; y += 7)
    for (let x = 0; x < map.width; x += 7) if (map.isWalkable(x, y)) count++;
  return count;
}

describe("the spawn area", () => {
  for (const template of ["base-3", "base-25"]) {
    it(`${template}: eight people land on eight walkable tiles, none beside another, in the open`, async () => {
      const { map } = await loadTemplate(template);
      const tiles = joinMany(map, 8);
      expect(new Set(tiles.map((t) => `${t.x},${t.y}`)).size).toBe(8);
      for (const t of tiles) expect(map.isWalkable(t.x, t.y)).toBe(true);
      for (let i = 0; i < tiles.length; i++)
        for (let j = 0; j < i; j++) {
          expect(
            Math.max(Math.abs(tiles[i].x - tiles[j].x), Math.abs(tiles[i].y - tiles[j].y)),
          ).toBeGreaterThan(1);
        }
      // From where they stand, most of the town can be walked to.
      expect(reachable(map, tiles[0])).toBeGreaterThan(walkableSample(map) * 0.6);
    });
  }

  it("an imported town (no visitors point): people start outside every building, and can walk to every sector", async () => {
    const r = await importMap({
      matrixDir: path.resolve(ROOT, "../shared/reference/the_ville/matrix"),
      outDir: path.join(tmp, "ville"),
    });
    const map = TownMap.fromJson(JSON.parse(readFileSync(r.file, "utf8")), r.file);
    expect(map.spawns.has("visitors")).toBe(false);
    const tiles = joinMany(map, 5);
    for (const t of tiles) expect(map.arenaAt(t.x, t.y).split(":").length).toBeLessThan(3);
    // Not the open ground around the town (larger, but cut off from it: issue 35).
    const paths = new PathFinder(map.width, map.height, map.blocked);
    const sectors = map.addresses().filter((a) => a.split(":").length === 2);
    expect(sectors.filter((s) => !paths.find(tiles[0], map.tilesOf(s)))).toEqual([]);
  }, 60_000);

  it("a town full beyond its area still places everyone on a walkable tile", async () => {
    const { map } = await loadTemplate("base-3");
    const tiles = joinMany(map, 100);
    for (const t of tiles) expect(map.isWalkable(t.x, t.y)).toBe(true);
  });
});

describe("START_TIME", () => {
  it("counts the steps to the next time of day from a map's start", () => {
    const start = Date.parse("2026-02-13T05:30:00Z");
    expect(stepsUntil(start, "08:00", 10)).toBe(900);
    expect(stepsUntil(start, "05:30", 10)).toBe(0);
    expect(stepsUntil(start, "05:00", 10)).toBe((24 * 60 - 30) * 6);
    expect(() => stepsUntil(start, "25:00", 10)).toThrow(/time of day/);
  });

  it("a new town starts at that hour, its residents at their spawns; its first steps run from there", async () => {
    const template = await loadTemplate("base-3");
    const town = new Town({
      template: template.key,
      map: template.map,
      personas: template.personas,
      mind: new ScriptedMind(),
      mode: "lockstep",
    });
    const before = town.agentViews().map((a) => [a.id, a.x, a.y]);
    startTownAt(town, "08:00");
    expect(minuteOfDay(town.time)).toBe(8 * 60);
    expect(town.agentViews().map((a) => [a.id, a.x, a.y])).toEqual(before);
    await town.advance();
    expect(minuteOfDay(town.time)).toBe(8 * 60);
    expect(town.snapshot().step).toBe(
      stepsUntil(template.map.start, "08:00", town.stepSeconds) + 1,
    );
    // The towns listing counts who is awake: the scripted day has everyone up by eight.
    const now = liveliness(town);
    expect(now.awake).toBeGreaterThan(0);
    expect(now.conversations).toBe(0);
    expect(() => startTownAt(town, "09:00")).toThrow(/new town/);
  });
});
