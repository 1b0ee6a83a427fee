// Issues 29 and 33: a resident knows its town's public places from the start, but in a big town
// only those of its neighbourhood, so what it knows (and every prompt that lists it) is the same
// size at a thousand residents as at twenty-five. In a generated town with many workplaces, each
// resident starts knowing the public places nearest its home (and those of its own habits), not
// every workplace across the map.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { makeTownFolder } from "../../server/cli/makeTown.ts";
import { offlineTownOf } from "../helpers/offlineTown.ts";
import { townLayout } from "../../server/world/layout.ts";
import { Address } from "../../shared/address.ts";

describe("what a resident of a big town knows of its places", () => {
  let t: Awaited<ReturnType<typeof offlineTownOf>>;
  beforeAll(async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), "neighbourhood-")), "town-180");
    await makeTownFolder({ residents: 180, seed: 11, outDir: dir });
    t = await offlineTownOf(dir);
  }, 60_000);

  it("starts knowing the public places near its home, not every one across town", () => {
    const ctx = t.mind.context();
    const layout = townLayout(t.t.map);
    const centre = new Map(
      layout.sectors.map((b) => [b.sector, [(b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2]]),
    );
    const isHome = (sector: string) => ctx.isHome!(sector);
    const publicSectors = layout.sectors.map((b) => b.sector).filter((s) => !isHome(s));
    // (A town big enough that a neighbourhood is not the whole town.)
    expect(publicSectors.length).toBeGreaterThan(20);
    let checked = 0;
    for (const p of t.personas) {
      const s = ctx.agents.get(p.id)!;
      const habits = new Set(p.schedule.map((h) => Address.parse(h.address).sector));
      const known = s.spatial.sectors().filter((x) => !isHome(x) && !habits.has(x));
      expect(known.length, p.name).toBeLessThanOrEqual(12);
      const [hx, hy] = centre.get(Address.parse(p.home).sector!)!;
      const far = (x: string) => Math.hypot(centre.get(x)![0] - hx, centre.get(x)![1] - hy);
      const byDistance = [...publicSectors].sort((a, b) => far(a) - far(b));
      // The nearest public place is known; the farthest, unless a habit takes it there, is not.
      expect(s.spatial.sectors(), p.name).toContain(byDistance[0]);
      const farthest = byDistance.at(-1)!;
      if (!habits.has(farthest)) expect(s.spatial.sectors(), p.name).not.toContain(farthest);
      checked++;
    }
    expect(checked).toBe(180);
  });
});
