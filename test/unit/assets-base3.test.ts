// The starter town base-3: its places can be reached on foot, its rectangles nest, its
// residents' days only go to places that exist. Plain BFS over the collision layer.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PersonaFile } from "../../shared/persona.ts";
import { TiledMap, type MapObject } from "../../server/world/townFile.ts";
import { loadTemplate } from "../../server/content/template.ts";

const dir = new URL("../../assets/towns/base-3/", import.meta.url);
const map = TiledMap.parse(JSON.parse(readFileSync(new URL("town.json", dir), "utf8")));
const personas = PersonaFile.parse(
  JSON.parse(readFileSync(new URL("personas.json", dir), "utf8")),
).residents;
const { width, height } = map;

type Layer = {
  type: string;
  name: string;
  data?: number[];
  objects?: MapObject[];
  visible?: boolean;
};
const layer = (name: string) => (map.layers as Layer[]).find((l) => l.name === name)!;
const collision = layer("collision").data!;
const walkable = (x: number, y: number) =>
  x >= 0 && y >= 0 && x < width && y < height && collision[y * width + x] === 0;
const objectsOf = (name: string) => layer(name).objects!;
const tilesOf = (o: MapObject) => {
  const out: [number, number][] = [];
  for (let y = o.y / 32; y < (o.y + o.height) / 32; y++)
    for (let x = o.x / 32; x < (o.x + o.width) / 32; x++) out.push([x, y]);
  return out;
};
const prop = (o: MapObject, name: string) => o.properties?.find((p) => p.name === name)?.value;
const inside = (inner: MapObject, outer: MapObject) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

/** Walkable tiles reachable from (x, y), 4-neighbour BFS. */
function reach(x: number, y: number): Set<number> {
  const seen = new Set<number>([y * width + x]);
  const queue = [y * width + x];
  while (queue.length) {
    const k = queue.shift()!;
    const cx = k % width,
      cy = Math.floor(k / width);
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const nx = cx + dx,
        ny = cy + dy;
      if (walkable(nx, ny) && !seen.has(ny * width + nx)) {
        seen.add(ny * width + nx);
        queue.push(ny * width + nx);
      }
    }
  }
  return seen;
}

describe("base-3 town", () => {
  it("is a Willowbrook map of about 48×36 tiles, starting at dawn, with the layers the server and client read", () => {
    expect(width).toBe(48);
    expect(height).toBe(36);
    expect(map.properties).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "world", value: "Willowbrook" }),
        expect.objectContaining({ name: "start", value: "2026-02-13T05:30:00Z" }),
      ]),
    );
    for (const name of ["ground", "walls", "furniture", "collision"])
      expect(layer(name)?.type).toBe("tilelayer");
    for (const name of ["sectors", "arenas", "objects", "spawns"])
      expect(layer(name)?.type).toBe("objectgroup");
    expect(layer("collision").visible).toBe(false);
    expect(map.tilesets).toHaveLength(1);
    expect(map.tilesets[0]).toMatchObject({ firstgid: 1, image: "../../tiles/town.png" });
    // The integration tests rely on a wall (or tree) in the corner of every town.
    expect(walkable(0, 0)).toBe(false);
  });

  it("uses only tiles that exist in the tileset", () => {
    const { tilecount } = map.tilesets[0];
    for (const l of map.layers as Layer[])
      if (l.data) for (const gid of l.data) expect(gid).toBeLessThanOrEqual(tilecount);
  });

  it("nests its rectangles: every arena in its sector, every object in its arena, all on the grid", () => {
    const sectors = objectsOf("sectors"),
      arenas = objectsOf("arenas"),
      objects = objectsOf("objects");
    for (const o of [...sectors, ...arenas, ...objects]) {
      expect([o.x % 32, o.y % 32, o.width % 32, o.height % 32], o.name).toEqual([0, 0, 0, 0]);
      expect(o.width * o.height, o.name).toBeGreaterThan(0);
    }
    for (const a of arenas) {
      const sector = sectors.find((s) => s.name === prop(a, "sector"));
      expect(sector, `sector of arena "${a.name}"`).toBeDefined();
      expect(inside(a, sector!), `arena "${a.name}" inside "${sector!.name}"`).toBe(true);
    }
    for (const o of objects) {
      const arena = arenas.find(
        (a) => a.name === prop(o, "arena") && prop(a, "sector") === prop(o, "sector"),
      );
      expect(arena, `arena of object "${o.name}"`).toBeDefined();
      expect(inside(o, arena!), `object "${o.name}" inside "${arena!.name}"`).toBe(true);
    }
  });

  it("gives every sector, arena and object at least one walkable tile", () => {
    for (const group of ["sectors", "arenas", "objects"]) {
      for (const o of objectsOf(group)) {
        const label = `${group} "${o.name}" (${prop(o, "sector") ?? ""} ${prop(o, "arena") ?? ""})`;
        expect(
          tilesOf(o).some(([x, y]) => walkable(x, y)),
          label,
        ).toBe(true);
      }
    }
  });

  it("connects every walkable tile to every other", () => {
    const spawn = objectsOf("spawns").find((s) => s.name === "visitors")!;
    const sx = Math.floor(spawn.x / 32),
      sy = Math.floor(spawn.y / 32);
    expect(walkable(sx, sy)).toBe(true);
    const reached = reach(sx, sy);
    const unreached: string[] = [];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        if (walkable(x, y) && !reached.has(y * width + x)) unreached.push(`${x},${y}`);
    expect(unreached).toEqual([]);
  });

  it("has a walkable spawn for each resident and for visitors", () => {
    const spawns = objectsOf("spawns");
    const names = spawns.map((s) => s.name).sort();
    expect(names).toEqual([...personas.map((p) => p.spawn), "visitors"].sort());
    for (const s of spawns)
      expect(walkable(Math.floor(s.x / 32), Math.floor(s.y / 32)), s.name).toBe(true);
  });

  it("has three residents with full scripted days that meet at the cafe and in the park", async () => {
    expect(personas).toHaveLength(3);
    expect(personas.map((p) => p.sprite).sort()).toEqual([0, 1, 2]);
    for (const p of personas) expect(p.schedule.length, p.id).toBeGreaterThanOrEqual(8);
    // The server's own loader checks that every home and schedule address exists.
    const template = await loadTemplate("base-3");
    expect(template.personas.map((p) => p.id).sort()).toEqual(["edmund", "ines", "theo"]);
    // Where is everyone at a given minute? Overlaps: the park in the afternoon, the cafe at lunch.
    const at = (id: string, hhmm: string) => {
      const items = [...personas.find((p) => p.id === id)!.schedule].sort((a, b) =>
        a.at.localeCompare(b.at.padStart(5, "0")),
      );
      const m = (s: string) => Number(s.split(":")[0]) * 60 + Number(s.split(":")[1]);
      let current = items[items.length - 1];
      for (const item of items) if (m(item.at) <= m(hhmm)) current = item;
      return current.address.split(":").slice(0, 2).join(":");
    };
    expect(new Set(["ines", "theo", "edmund"].map((id) => at(id, "15:30")))).toEqual(
      new Set(["Willowbrook:Willow Green"]),
    );
    expect(at("ines", "12:45")).toBe(at("theo", "12:45"));
    // Someone is up and about from the first step, so a fresh town shows movement at once.
    const first = personas.map((p) => p.schedule.find((s) => s.at === "05:30" || s.at === "05:15"));
    expect(first.some((s) => s && !s.address.endsWith(":bed"))).toBe(true);
  });
});
