// Generated towns (npm run make-town): any size from 10 to 2,000 from a seed, the same bytes for the
// same seed; every place can be reached on foot from where people arrive; the residents live in
// households, work where the town has jobs, and know people who exist.
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadTemplate } from "../../server/content/template.ts";
import { planTown } from "../../server/content/society.ts";
import { makeTownFolder } from "../../server/cli/makeTown.ts";
import type { TownMap } from "../../server/world/townMap.ts";
import { spawnSync } from "node:child_process";

/** Runs the command as a user does (tsx), with its own DATA_DIR. */
function runCli(args: string[], env: Record<string, string>) {
  const r = spawnSync(process.execPath, ["--import", "tsx", ...args], {
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Tiles reachable on foot from a tile: plain BFS over the collision layer. */
function reach(map: TownMap, from: { x: number; y: number }): Uint8Array {
  const seen = new Uint8Array(map.width * map.height);
  const queue = [from.y * map.width + from.x];
  seen[queue[0]] = 1;
  while (queue.length) {
    const k = queue.pop()!;
    const x = k % map.width,
      y = (k - x) / map.width;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ]) {
      const nx = x + dx,
        ny = y + dy;
      if (!map.isWalkable(nx, ny)) continue;
      const n = ny * map.width + nx;
      if (seen[n]) continue;
      seen[n] = 1;
      queue.push(n);
    }
  }
  return seen;
}

describe("make-town", () => {
  it("writes a town that loads, the same bytes for the same seed and another town for another", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "make-town-"));
    const a = await makeTownFolder({ residents: 40, seed: 3, outDir: path.join(root, "a") });
    const b = await makeTownFolder({ residents: 40, seed: 3, outDir: path.join(root, "b") });
    const c = await makeTownFolder({ residents: 40, seed: 4, outDir: path.join(root, "c") });
    expect(a.townJson).toBe(b.townJson);
    expect(a.personasJson).toBe(b.personasJson);
    expect(c.personasJson).not.toBe(a.personasJson);
    const town = await loadTemplate(a.dir); // checks every home, spawn and schedule address
    expect(town.personas).toHaveLength(40);
    await expect(
      makeTownFolder({ residents: 40, seed: 3, outDir: path.join(root, "a") }),
    ).rejects.toThrow(/exists already/);
  });

  it.each([10, 300])(
    "a town of %i: every sector, home and spawn is reached from where people arrive",
    async (n) => {
      const root = mkdtempSync(path.join(tmpdir(), "make-town-"));
      const made = await makeTownFolder({ residents: n, seed: 11, outDir: root });
      const { map, personas } = await loadTemplate(made.dir);
      expect(personas).toHaveLength(n);
      const seen = reach(map, map.spawns.get("visitors")!);
      const reached = (address: string) =>
        map.tilesOf(address).some((t) => seen[t.y * map.width + t.x]);
      const sectors = new Set(map.addresses().map((a) => a.split(":").slice(0, 2).join(":")));
      expect(sectors.size).toBeGreaterThan(n / 3);
      for (const s of sectors) expect(reached(s), s).toBe(true);
      for (const p of personas) {
        const spawn = map.spawns.get(p.spawn)!;
        expect(seen[spawn.y * map.width + spawn.x], p.name).toBe(1);
        for (const item of p.schedule) expect(reached(item.address), item.address).toBe(true);
      }
    },
  );

  it("plans households, jobs and ties that hold together", () => {
    const plan = planTown(500, 5);
    const byId = new Map(plan.residents.map((p) => [p.id, p]));
    expect(plan.residents).toHaveLength(500);
    expect(new Set(plan.residents.map((p) => `${p.first} ${p.last}`)).size).toBe(500);
    const kinds = new Set(plan.workplaces.map((w) => w.kind));
    for (const k of ["cafe", "bar", "grocery", "school", "park", "town hall", "college"])
      expect(kinds.has(k as never), k).toBe(true);
    for (const p of plan.residents) {
      for (const f of p.family)
        expect(byId.get(f.id)!.family.some((g) => g.id === p.id)).toBe(true);
      for (const id of p.friends) expect(byId.get(id)!.friends).toContain(p.id);
      if (p.age < 18) expect(plan.workplaces[p.study!.place].kind).toBe("school");
      if (p.age >= 23 && p.age < 67) expect(p.work, p.id).toBeDefined();
    }
    plan.workplaces.forEach((w, i) =>
      expect(
        plan.residents.some((p) => p.work?.place === i || p.study?.place === i),
        w.name,
      ).toBe(true),
    );
  });

  it("a resident has about as many workmates in a town of 25 as in one of 1,000, and no workplace stands empty", () => {
    const workmates = (n: number) => {
      const plan = planTown(n, 7);
      const staff = new Map<number, number>();
      for (const p of plan.residents)
        if (p.work) staff.set(p.work.place, (staff.get(p.work.place) ?? 0) + 1);
      plan.workplaces.forEach((w, i) =>
        expect(
          staff.get(i) ?? plan.residents.filter((p) => p.study?.place === i).length,
          `${n}: ${w.name}`,
        ).toBeGreaterThan(0),
      );
      const workers = plan.residents.filter((p) => p.work);
      return workers.reduce((s, p) => s + staff.get(p.work!.place)! - 1, 0) / workers.length;
    };
    const small = workmates(25);
    const large = workmates(1000);
    expect(small).toBeGreaterThan(3);
    expect(large / small).toBeLessThan(1.4);
    expect(small / large).toBeLessThan(1.4);
  });

  it("refuses a size out of range, and the command writes under DATA_DIR/towns", async () => {
    expect(() => planTown(9, 1)).toThrow(/10 to 2,000/);
    expect(() => planTown(2001, 1)).toThrow(/10 to 2,000/);
    const dataDir = mkdtempSync(path.join(tmpdir(), "make-town-data-"));
    const out = runCli(["server/cli/makeTown.ts", "--residents", "12", "--name", "tiny"], {
      DATA_DIR: dataDir,
    });
    expect(out.code, out.stderr).toBe(0);
    expect(existsSync(path.join(dataDir, "towns/tiny/town.json"))).toBe(true);
    expect(readFileSync(path.join(dataDir, "towns/tiny/personas.json"), "utf8")).toContain(
      '"residents"',
    );
    const bad = runCli(["server/cli/makeTown.ts", "--residents", "5", "--name", "tiny"], {
      DATA_DIR: dataDir,
    });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/10 to 2,000/);
    // A shipped template's name is never overwritten.
    const shipped = runCli(["server/cli/makeTown.ts", "--residents", "12", "--name", "base-3"], {
      DATA_DIR: dataDir,
    });
    expect(shipped.code).not.toBe(0);
    expect(existsSync(path.join(dataDir, "towns/base-3"))).toBe(false);
  });
});
