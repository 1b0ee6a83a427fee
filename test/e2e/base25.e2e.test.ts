// End to end: the real server on base-25 (Oakmere) and on the original's Smallville imported
// with `npm run import-map`, in headless Chromium. Screenshots go to test/artifacts/base25-*.png:
// the town centre close up with its residents, the whole town zoomed out, and Smallville drawn
// with our tiles.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { preview } from "../../assets/scripts/preview.ts";
import { importMap } from "../../server/cli/importMap.ts";
import { loadTemplate, TOWNS_DIR } from "../../server/content/template.ts";
import {
  artifact,
  ensureClientBuilt,
  launchBrowser,
  restingCamera,
  ROOT,
  startServerProcess,
  type ServerProcess,
  framesDrawn,
} from "./helpers.ts";

type Agent = { id: string; name: string; x: number; y: number; action: string };
type Hook = {
  render: { ready: boolean; agents: number; zoom: number };
  state: () => { agents: Agent[]; clock: { time: number } } | null;
};
declare const window: { __simulacra: Hook };

const IMPORTED = "the-ville-import";
// The ville server's DATA_DIR: the import is a user's town, written under DATA_DIR/towns.
const villeData = mkdtempSync(path.join(tmpdir(), "simulacra-base25-ville-"));
const importedDir = path.join(villeData, "towns", IMPORTED);
let browser: Browser;
const servers: ServerProcess[] = [];
const pageErrors: string[] = [];

let oakmereServer: ServerProcess;
let villeServer: ServerProcess;
let imported: Awaited<ReturnType<typeof importMap>>;

beforeAll(async () => {
  ensureClientBuilt();
  // The original's Smallville, imported as `npm run import-map` does: under DATA_DIR/towns.
  const matrix = path.resolve(ROOT, "../shared/reference/the_ville/matrix");
  imported = await importMap({ matrixDir: matrix, outDir: importedDir, force: true });
  // A few residents of ours (importing the original's personas is another tool's job).
  const spawnOf = (room: string) => imported.spawns.find((s) => s.name.includes(room))!.name;
  const resident = (
    id: string,
    name: string,
    sprite: number,
    room: string,
    home: string,
    at: string,
  ) => ({
    id,
    name,
    age: 30,
    innate: "friendly",
    learned: "",
    currently: "",
    lifestyle: "",
    sprite,
    spawn: spawnOf(room),
    home: `the Ville:${home}`,
    schedule: [
      { at: "07:00", action: "having breakfast", emoji: "☕", address: `the Ville:${at}` },
    ],
  });
  writeFileSync(
    path.join(importedDir, "personas.json"),
    JSON.stringify({
      residents: [
        resident(
          "isabella",
          "Isabella Test",
          0,
          "Isabella Rodriguez's apartment",
          "Isabella Rodriguez's apartment:main room",
          "Hobbs Cafe:cafe:cafe customer seating",
        ),
        resident(
          "klaus",
          "Klaus Test",
          1,
          "Klaus Mueller's room",
          "Dorm for Oak Hill College:Klaus Mueller's room",
          "Hobbs Cafe:cafe:cafe customer seating",
        ),
        resident(
          "maria",
          "Maria Test",
          5,
          "Maria Lopez's room",
          "Dorm for Oak Hill College:Maria Lopez's room",
          "Oak Hill College:library:library table",
        ),
        resident(
          "john",
          "John Test",
          13,
          "Mei and John Lin's bedroom",
          "Lin family's house:Mei and John Lin's bedroom",
          "The Willows Market and Pharmacy:store:behind the pharmacy counter",
        ),
      ],
    }),
  );

  // Both servers start together (twenty steps a second: the early risers are soon out).
  [browser, oakmereServer, villeServer] = await Promise.all([
    launchBrowser(),
    startServerProcess({ TOWN: "base-25", STEPS_PER_SECOND: "20" }, 90_000),
    startServerProcess({ TOWN: IMPORTED, STEPS_PER_SECOND: "10" }, 90_000, {
      dataDir: villeData,
    }),
  ]);
  servers.push(oakmereServer, villeServer);
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  for (const s of servers) await s.stop();
  rmSync(villeData, { recursive: true, force: true });
});

async function openTown(server: ServerProcess, name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  // Daylight at noon, so the screenshots show the art rather than the night.
  await page.goto(`${server.url}/?daylight=12:00`);
  await page.waitForSelector("#join-name");
  await page.fill("#join-name", name);
  await page.press("#join-name", "Enter");
  await page.waitForSelector("#game canvas", { timeout: 20_000 });
  await page.waitForFunction(() => window.__simulacra?.render?.ready === true, undefined, {
    timeout: 20_000,
  });
  return page;
}

const agents = (page: Page) => page.evaluate(() => window.__simulacra.state()?.agents ?? []);

/** Follows a resident, as a click on their name in the residents list does (the list redraws often, so click in the page). */
async function follow(page: Page, id: string): Promise<void> {
  await page.waitForSelector(`[data-resident="${id}"]`);
  await page.evaluate(
    (who) => (document.querySelector(`[data-resident="${who}"]`) as HTMLElement).click(),
    id,
  );
}

/** Waits until the town's clock reads at least `minute` (minutes after midnight). */
async function untilClock(page: Page, minute: number): Promise<void> {
  await page.waitForFunction(
    (m) => {
      const t = new Date(window.__simulacra.state()!.clock.time);
      return t.getUTCHours() * 60 + t.getUTCMinutes() >= m;
    },
    minute,
    { timeout: 60_000, polling: 250 },
  );
}

/** Follows the resident (of those `which` picks) with the most others within a screen of them, one step zoomed out. */
async function followBusiest(
  page: Page,
  which: (a: Agent) => boolean,
  atLeast: number,
): Promise<void> {
  const people = (await agents(page)).filter(which);
  const near = (a: Agent) =>
    people.filter((b) => Math.abs(a.x - b.x) <= 12 && Math.abs(a.y - b.y) <= 7).length;
  const busiest = [...people].sort((a, b) => near(b) - near(a))[0];
  expect(near(busiest), `residents around ${busiest.name}`).toBeGreaterThanOrEqual(atLeast);
  await follow(page, busiest.id);
  await restingCamera(page);
  await page.keyboard.press("-");
  await restingCamera(page);
}

/** Zooms out with "-" until the zoom stops changing (the town covers the view). */
async function zoomOut(page: Page): Promise<number> {
  let zoom = -1;
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press("-");
    await framesDrawn(page, 4);
    const z = await page.evaluate(() => window.__simulacra.render.zoom);
    if (z === zoom) break;
    zoom = z;
  }
  await restingCamera(page);
  return zoom;
}

describe("base-25 in a browser", () => {
  it("draws Oakmere with its 25 residents: the centre close up, a resident at work, and the whole town", async () => {
    const server = oakmereServer;
    const page = await openTown(server, "Wren");
    await page.waitForFunction(() => window.__simulacra.render.agents >= 25, undefined, {
      timeout: 20_000,
    });
    expect(await agents(page)).toHaveLength(25);

    // A home in the morning: the busiest view once the town is awake.
    await untilClock(page, 6 * 60 + 45);
    await followBusiest(page, () => true, 3);
    await page.screenshot({ path: artifact("base25-home.png") });

    // Follow Rosa, the cafe owner, at work.
    await follow(page, "rosa");
    await restingCamera(page);
    await page.screenshot({ path: artifact("base25-resident.png") });

    // The town centre at work: the busiest view of the residents away from home.
    await untilClock(page, 8 * 60 + 5);
    // Where a resident is, from the town's map (the state sends no addresses).
    const { map } = await loadTemplate("base-25");
    await followBusiest(
      page,
      (a) => !/house|apartments|dorm|loft/.test(map.addressAt(a.x, a.y)),
      2,
    );
    await page.screenshot({ path: artifact("base25-center.png") });

    // Zoomed out: the whole town.
    await follow(page, "rosa");
    const zoom = await zoomOut(page);
    expect(zoom).toBeLessThan(0.6);
    await page.screenshot({ path: artifact("base25-overview.png") });
    // The whole map at a quarter scale, drawn from the town file (the browser zooms out only so far).
    writeFileSync(
      artifact("base25-map.png"),
      PNG.sync.write(preview(path.join(TOWNS_DIR, "base-25/town.json"), 0.25)),
    );
    // Residents are spread over the town (not stacked on one spawn) and some are up and about.
    const spread = await agents(page);
    expect(new Set(spread.map((a) => `${a.x},${a.y}`)).size).toBeGreaterThan(15);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 120_000);

  it("draws the original's Smallville imported with our tiles", async () => {
    const server = villeServer;
    const page = await openTown(server, "Wren");
    await page.waitForFunction(() => window.__simulacra.render.agents >= 4, undefined, {
      timeout: 20_000,
    });
    await follow(page, "klaus");
    await restingCamera(page);
    await page.screenshot({ path: artifact("base25-the-ville-close.png") });
    await follow(page, "klaus");
    await zoomOut(page);
    await page.screenshot({ path: artifact("base25-the-ville.png") });
    writeFileSync(
      artifact("base25-the-ville-map.png"),
      PNG.sync.write(preview(path.join(importedDir, "town.json"), 0.25)),
    );
    expect(imported.counts.sectors).toBe(19);
    // The client drew the imported map: the page read the town file of the import.
    const served = await (await fetch(`${server.url}/assets/towns/${IMPORTED}/town.json`)).json();
    expect(served.properties.find((p: { name: string }) => p.name === "world").value).toBe(
      "the Ville",
    );
    expect(JSON.parse(readFileSync(path.join(importedDir, "town.json"), "utf8")).width).toBe(140);
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 120_000);
});
