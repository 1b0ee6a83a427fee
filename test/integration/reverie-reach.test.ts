// Issue 35: in a town imported with `npm run import-reverie`, people who join can walk to every
// resident. For every base simulation of the original in the reference (the 3-resident base; a
// 25-resident one too when the reference holds it): from every tile of the spawn area for people,
// a path to every resident's home, every sector and every resident's starting tile; and the
// import warns of the open ground cut off from the town, with its tile count.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { findSimulations, importReverie } from "../../server/cli/importReverie.ts";
import { loadTemplate } from "../../server/content/template.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { openStore } from "../../server/store/open.ts";
import { unreachedFromSpawns } from "../helpers/reach.ts";

const REF = path.resolve(import.meta.dirname, "../../../shared/reference/the_ville");
const tmp = mkdtempSync(path.join(tmpdir(), "simulacra-reverie-reach-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const found = findSimulations(REF);

describe("an imported Smallville: people can walk to every resident", () => {
  it("the reference holds a base simulation and the map", () => {
    expect(found.simulations.length).toBeGreaterThan(0);
    expect(found.matrix).toBeDefined();
  });

  for (const sim of found.simulations) {
    it(`${sim.name}: from every spawn tile for people, every home, sector and resident`, async () => {
      const store = await openStore({ dataDir: path.join(tmp, sim.name, "db") });
      const gateway = new OfflineGateway({ meter: false });
      let result;
      try {
        result = await importReverie(store, gateway, {
          simDir: sim.dir,
          matrixDir: found.matrix!,
          name: "reach",
          townsDir: path.join(tmp, sim.name, "towns"),
        });
      } finally {
        await store.close();
      }
      const template = await loadTemplate(result.templateDir);
      expect(template.personas.length).toBe(result.residents.length);
      const starts = result.residents.map((r) => ({ x: r.x, y: r.y }));
      expect(unreachedFromSpawns(template.map, template.personas, starts)).toEqual([]);
      // What the tool printed for the map maker: the open ground around the town, with its tiles.
      expect(result.warnings[0]).toMatch(
        /cut off from the town \(the region of 4,158 tiles that joins 19 of 19 sectors\).*7,519 tiles/,
      );
      expect(result.warnings.join("\n")).not.toMatch(/resident "/);
    }, 120_000);
  }
});
