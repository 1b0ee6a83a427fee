// End to end in headless Chromium, on a town of a thousand (`npm run make-town -- --residents 1000
// --name town-1000 --seed 7`, made here in the server's own data folder): a visitor joins and
// sees the residents around them drawn, the others listed by name; the minimap shades where all
// of them are (the state's coarse crowd) with the ones in view as dots; the town shown whole
// (the minimap made big) and zoomed out. Screenshots: test/artifacts/town-1000-spawn.png,
// town-1000-close.png (following a resident picked in the list), town-1000-wide.png,
// town-1000-overview.png, town-1000-action.png (F, "follow the action").
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTownFolder } from "../../server/cli/makeTown.ts";
import { removeFolder } from "../helpers/childProcess.ts";
import {
  artifact,
  ensureClientBuilt,
  framesDrawn,
  joinTown,
  launchBrowser,
  restingCamera,
  startServerProcess,
  type ServerProcess,
} from "./helpers.ts";

let dataDir = "";
let server: ServerProcess;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

type Hook = {
  render: { agents: number; zoom: number };
  state: () => { agents: unknown[] };
};
declare const window: { __simulacra: Hook };

beforeAll(async () => {
  ensureClientBuilt();
  dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-town-1000-"));
  await makeTownFolder({
    residents: 1000,
    seed: 7,
    outDir: path.join(dataDir, "towns", "town-1000"),
  });
  [server, browser] = await Promise.all([
    startServerProcess({ TOWN: "town-1000", START_TIME: "10:00" }, 180_000, {
      dataDir,
    }),
    launchBrowser(),
  ]);
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
  if (dataDir) removeFolder(dataDir);
});

const drawn = () => page.evaluate(() => window.__simulacra.render.agents);

describe("a town of a thousand in the browser", () => {
  it("a visitor sees the residents near them, the whole town on the minimap, and the town from afar", async () => {
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/?fps=30`);
    await joinTown(page, "Vera");
    // Every resident is listed by name, in the town's list too.
    await page.waitForFunction(() => window.__simulacra.state().agents.length === 1000);
    expect(await page.locator("#hud-residents li").count()).toBe(1000);
    await restingCamera(page);
    await framesDrawn(page);
    await page.screenshot({ path: artifact("town-1000-spawn.png") });
    // A name in the list follows that resident, wherever they are: the camera goes there and
    // the server sends the residents around them (and only those).
    const id = (await page
      .locator("#hud-residents [data-resident]")
      .nth(500)
      .getAttribute("data-resident"))!;
    await page.click(`#hud-residents [data-resident="${id}"]`);
    await page.waitForFunction(
      (who) =>
        who in
        (window as unknown as { __simulacra: { render: { residents: object } } }).__simulacra.render
          .residents,
      id,
      { timeout: 30_000 },
    );
    await restingCamera(page);
    await framesDrawn(page);
    const near = await drawn();
    expect(near).toBeGreaterThan(0);
    expect(near).toBeLessThan(200);
    await page.screenshot({ path: artifact("town-1000-close.png") });

    // Zoomed out as far as it goes: more residents come in, still not the whole town.
    for (let i = 0; i < 12; i++) await page.keyboard.press("-");
    await restingCamera(page);
    await page.waitForFunction((n) => window.__simulacra.render.agents > n, near, {
      timeout: 15_000,
    });
    await framesDrawn(page);
    expect(await drawn()).toBeLessThan(1000);
    await page.screenshot({ path: artifact("town-1000-wide.png") });

    // The whole town, big: the crowd shades where the residents are all over it.
    await page.click("#minimap-expand");
    await framesDrawn(page);
    const shaded = await page.evaluate(() => {
      const c = document.querySelector<HTMLCanvasElement>("#minimap-canvas")!;
      const d = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
      return n / (c.width * c.height);
    });
    expect(shaded, "share of the big minimap drawn over").toBeGreaterThan(0.01);
    await page.screenshot({ path: artifact("town-1000-overview.png") });

    // F: the camera goes to where residents talk, in view or, from the crowd, anywhere in town.
    await page.keyboard.press("Escape");
    await page.keyboard.press("f");
    // F's toast and where the camera went, read together: on a slow machine a toast can expire
    // between two reads.
    const { toast, action } = (await (
      await page.waitForFunction(() => {
        const said = Array.from(document.querySelectorAll(".toast"), (t) => t.textContent ?? "");
        const toast = said.find((t) => t.includes("🎯") || t.includes("Nothing out of"));
        const { action } = (
          window as unknown as { __simulacra: { render: { action: { why: string } | null } } }
        ).__simulacra.render;
        return toast === undefined ? null : { toast, action };
      })
    ).jsonValue())!;
    if (action) expect(toast).toContain(action.why);
    else expect(toast).toMatch(/Nothing out of the ordinary/);
    await restingCamera(page);
    await framesDrawn(page);
    await page.screenshot({ path: artifact("town-1000-action.png") });
    expect(pageErrors).toEqual([]);
  }, 180_000);
});
