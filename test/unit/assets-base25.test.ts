// The 25-resident town base-25 (Oakmere): what the generator writes is what is committed, the
// server's loader takes it, it is Smallville-sized and -rich, and every resident can walk from
// their spawn to their bed, their work and every place of their day.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { LOOKS } from "../../assets/scripts/characters.ts";
import { buildBase25, personasJson, townJson } from "../../assets/scripts/make-base-25.ts";
import { PathFinder } from "../../server/world/path.ts";
import { loadTemplate, type TownTemplate } from "../../server/content/template.ts";
import { TiledMap } from "../../server/world/townFile.ts";

const asset = (p: string) =>
  readFileSync(new URL(`../../assets/towns/base-25/${p}`, import.meta.url), "utf8");
const template: TownTemplate = await loadTemplate("base-25");
const { map, personas } = template;
const level = (n: number) => map.addresses().filter((a) => a.split(":").length === n);
const minutes = (hhmm: string) => Number(hhmm.split(":")[0]) * 60 + Number(hhmm.split(":")[1]);

describe("base-25 town", () => {
  it("is what the generator makes (npm run assets), byte for byte", () => {
    expect(townJson(buildBase25())).toBe(asset("town.json"));
    expect(personasJson()).toBe(asset("personas.json"));
  });

  it("is about Smallville's size, starts in the morning, and has the layers the server and client read", () => {
    expect([map.width, map.height]).toEqual([140, 100]);
    expect(map.world).toBe("Oakmere");
    expect(new Date(map.start).toISOString()).toBe("2026-02-13T05:30:00.000Z");
    const file = TiledMap.parse(JSON.parse(asset("town.json")));
    const layers = new Map(
      file.layers.map((l) => [l.name, l as { type: string; data?: number[]; visible?: boolean }]),
    );
    for (const name of ["ground", "decor", "walls", "furniture", "above", "collision"])
      expect(layers.get(name)?.type, name).toBe("tilelayer");
    expect(layers.get("collision")!.visible).toBe(false);
    const { tilecount } = file.tilesets[0];
    for (const l of layers.values())
      for (const gid of l.data ?? [])
        if (gid > tilecount) throw new Error(`gid ${gid} is not in the tileset`);
    // Not a flat map: many different tiles on the ground and as furniture.
    expect(new Set(layers.get("ground")!.data).size).toBeGreaterThan(40);
    expect(new Set(layers.get("furniture")!.data).size).toBeGreaterThan(80);
  });

  it("has the places of a town: at least 12 sectors, 40 arenas and 150 objects", () => {
    expect(level(2).length).toBeGreaterThanOrEqual(12);
    expect(level(3).length).toBeGreaterThanOrEqual(40);
    expect(level(4).length).toBeGreaterThanOrEqual(150);
    const sectors = level(2)
      .map((a) => a.split(":")[1])
      .join(" | ");
    for (const kind of [
      /cafe/,
      /The Tipsy Heron/,
      /College$|College \|/,
      /dorm/,
      /Market and Pharmacy/,
      /Supply Store/,
      /Park/,
      /town hall/,
      /apartments/,
      /house/,
    ]) {
      expect(sectors).toMatch(kind);
    }
    for (const address of [
      "Oakmere:Oakmere Market and Pharmacy:pharmacy:pharmacy counter",
      "Oakmere:Hearth & Crumb cafe:dining room:piano",
      "Oakmere:The Tipsy Heron:back room:pool table",
      "Oakmere:Oakmere College:classroom:blackboard",
    ]) {
      expect(map.hasAddress(address), address).toBe(true);
    }
  });

  it("connects every walkable tile to every other", () => {
    const spawn = map.spawns.get("visitors")!;
    const blocked = map.blocked;
    const seen = new Uint8Array(map.width * map.height);
    const queue = [spawn.y * map.width + spawn.x];
    seen[queue[0]] = 1;
    while (queue.length) {
      const k = queue.pop()!;
      const x = k % map.width;
      for (const n of [
        k - map.width,
        k + map.width,
        x > 0 ? k - 1 : -1,
        x < map.width - 1 ? k + 1 : -1,
      ]) {
        if (n >= 0 && n < seen.length && !seen[n] && !blocked[n]) {
          seen[n] = 1;
          queue.push(n);
        }
      }
    }
    const unreached: string[] = [];
    for (let k = 0; k < seen.length; k++)
      if (!blocked[k] && !seen[k]) unreached.push(`${k % map.width},${Math.floor(k / map.width)}`);
    expect(unreached).toEqual([]);
  });

  it("has 25 residents who can each walk from their spawn to their bed, their work and every place of their day", () => {
    expect(personas).toHaveLength(25);
    const finder = new PathFinder(map.width, map.height, map.blocked);
    for (const p of personas) {
      const spawn = map.spawns.get(p.spawn)!;
      expect(map.isWalkable(spawn.x, spawn.y), p.id).toBe(true);
      const reach = (address: string) => {
        const path = finder.find(spawn, map.tilesOf(address));
        if (!path) throw new Error(`${p.id} cannot walk from ${spawn.x},${spawn.y} to ${address}`);
        return path;
      };
      // Home: an arena with a bed in it, the spawn beside that bed.
      expect(p.home.split(":"), p.id).toHaveLength(3);
      expect(map.hasAddress(`${p.home}:bed`), `${p.id}'s home has a bed`).toBe(true);
      expect(reach(`${p.home}:bed`).length, `${p.id} starts by the bed`).toBeLessThanOrEqual(2);
      expect(
        p.schedule.some((s) => s.address === `${p.home}:bed` && /sleep/.test(s.action)),
        `${p.id} sleeps in their bed`,
      ).toBe(true);
      // Work: the sector outside home where the day's hours are spent most; it is reachable.
      const home = p.home.split(":").slice(0, 2).join(":");
      const items = [...p.schedule].sort((a, b) => minutes(a.at) - minutes(b.at));
      const hours = new Map<string, number>();
      items.forEach((s, i) => {
        const sector = s.address.split(":").slice(0, 2).join(":");
        const next =
          i + 1 < items.length ? minutes(items[i + 1].at) : minutes(items[0].at) + 24 * 60;
        if (sector !== home) hours.set(sector, (hours.get(sector) ?? 0) + next - minutes(s.at));
      });
      const work = [...hours].sort((a, b) => b[1] - a[1])[0][0];
      reach(work);
      for (const s of p.schedule) reach(s.address);
      expect(p.schedule.length, p.id).toBeGreaterThanOrEqual(8);
    }
  });

  it("writes residents of its own: ages, traits, lifestyles with waking hours, and relationships with each other", () => {
    expect(new Set(personas.map((p) => p.name)).size).toBe(25);
    for (const p of personas) {
      expect(p.age, p.id).toBeGreaterThan(15);
      expect(p.innate.split(",").length, p.id).toBeGreaterThanOrEqual(3);
      expect(p.lifestyle, p.id).toMatch(/wakes up at \d/);
      expect(p.learned.length + p.currently.length, p.id).toBeGreaterThan(200);
      // Names another resident (first name or surname) other than through their own surname.
      const [first, last] = p.name.split(" ");
      const others = personas
        .flatMap((o) => o.name.split(" "))
        .filter((n) => n !== first && n !== last);
      expect(
        others.some((n) => `${p.learned} ${p.currently}`.includes(n)),
        `${p.id} knows someone`,
      ).toBe(true);
    }
    // The paper's spirit: a party being planned, an election, students and artists.
    const all = personas.map((p) => `${p.learned} ${p.currently}`).join(" ");
    for (const theme of [
      /Valentine's Day party/,
      /running for mayor/,
      /student/,
      /painter/,
      /owns the Oakmere Market/,
    ])
      expect(all).toMatch(theme);
    // A clean start for the paper's diffusion studies (about 4% informed): the host alone knows
    // of the party, the candidate alone of the election, in persona and in daily habits.
    const knowing = (re: RegExp) =>
      personas
        .filter((p) =>
          re.test([p.learned, p.currently, ...p.schedule.map((s) => s.action)].join(" ")),
        )
        .map((p) => p.id);
    expect(knowing(/\bparty\b|valentine/i)).toEqual(["rosa"]);
    expect(
      knowing(/\belection|campaign|candidate|mayoral|\bvot(e|ing)\b|running for|fourth term/i),
    ).toEqual(["eleanor"]);
    // Someone is up from the first step, so a fresh town shows movement at once.
    expect(
      personas.some((p) =>
        p.schedule.some(
          (s) =>
            minutes(s.at) <= minutes("05:30") &&
            minutes(s.at) >= minutes("05:00") &&
            !/sleep/.test(s.action),
        ),
      ),
    ).toBe(true);
  });

  it("draws every resident with a look of their own, using all 16 original looks", () => {
    const sprites = personas.map((p) => p.sprite);
    expect(new Set(sprites).size).toBe(25);
    for (let row = 0; row < 16; row++) expect(sprites).toContain(row);
    for (const s of sprites) expect(s).toBeLessThan(LOOKS.length);
    // Within a household the looks differ in more than the shirt: hair, style or skin.
    const byHome = new Map<string, number[]>();
    for (const p of personas) {
      const home = p.home.split(":").slice(0, 2).join(":");
      byHome.set(home, [...(byHome.get(home) ?? []), p.sprite]);
    }
    for (const [home, rows] of byHome) {
      const keys = rows.map((r) => `${LOOKS[r].hair}/${LOOKS[r].style}/${LOOKS[r].skin}`);
      expect(new Set(keys).size, home).toBe(rows.length);
    }
  });
});
