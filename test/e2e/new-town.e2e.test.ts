// End to end in headless Chromium (issue 32, part 4): a moderator opens "New town" in the join
// dialog, makes a town from a template (a start and a seed of its own), is told what is wrong with
// a map whose tile the tileset has not, then uploads the guide's Tiled map (docs/tiled/) with its
// personas.json and joins the new town; a visitor joins the one made from the template.
// Screenshots: test/artifacts/new-town-form.png, new-town-refused.png, new-town-made.png,
// new-town-fernhollow.png, new-town-oak.png.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TownListing } from "../../shared/api.ts";
import {
  artifact,
  ensureClientBuilt,
  joinTown,
  launchBrowser,
  ROOT,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "./helpers.ts";

const TOKEN = "e2e-new-town-token";
const MAP = path.join(ROOT, "docs/tiled/fernhollow.tmj");
const PERSONAS = path.join(ROOT, "docs/tiled/personas.json");
let server: ServerProcess;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  [server, browser] = await Promise.all([
    startServerProcess({ MODERATOR_TOKEN: TOKEN, START_TIME: "09:00", STEPS_PER_SECOND: "5" }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
});

const towns = async () => (await (await fetch(`${server.url}/api/towns`)).json()) as TownListing[];

/** Opens New town from the join dialog as a moderator; waits for the templates. */
async function openNewTown(page: Page): Promise<void> {
  await page.waitForSelector("#join-name");
  await page.fill("#join-name", "Mona");
  await page.selectOption("#join-role", "moderator");
  await page.fill("#join-token", TOKEN);
  await page.click("#join-new-town");
  await page.waitForSelector("#new-town-from option[value='base-3']", { state: "attached" });
}

/** Waits for the join dialog to come back with `town` chosen in its list. */
async function backWith(page: Page, town: string): Promise<void> {
  await page.waitForFunction(
    (name) =>
      !document.querySelector("#new-town") &&
      document.querySelector<HTMLSelectElement>("#join-town")?.value === name,
    town,
    { timeout: 60_000 },
  );
}

describe("a new town from the browser", () => {
  it("a moderator makes one from a template and one from a Tiled map, and joins it", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/?fps=30`);
    // A visitor is not offered New town.
    await page.waitForSelector("#join-role");
    expect(await page.isVisible("#join-new-town")).toBe(false);

    // From a template, with a start and a seed of its own.
    await openNewTown(page);
    await page.fill("#new-town-name", "oak");
    await page.selectOption("#new-town-from", "base-3");
    await page.fill("#new-town-start", "2026-03-02T10:30");
    await page.fill("#new-town-seed", "5");
    await page.locator("#new-town").screenshot({ path: artifact("new-town-form.png") });
    await page.click("#new-town-make");
    await backWith(page, "oak");
    const oak = (await towns()).find((t) => t.name === "oak");
    expect(oak).toMatchObject({ residents: 3, here: true });
    expect(oak!.time!.slice(0, 16)).toBe("2026-03-02T10:30");

    // A map with a tile the tileset has not: the server's reason, and no town.
    const broken = JSON.parse(readFileSync(MAP, "utf8"));
    broken.layers.find((l: { name: string }) => l.name === "furniture").data[40] = 5000;
    const brokenFile = artifact("broken.tmj");
    writeFileSync(brokenFile, JSON.stringify(broken));
    await page.click("#join-new-town");
    await page.waitForSelector("#new-town-from option[value='base-3']", { state: "attached" });
    await page.fill("#new-town-name", "fernhollow");
    await page.selectOption("#new-town-from", "__upload__");
    await page.setInputFiles("#new-town-map", brokenFile);
    await page.setInputFiles("#new-town-personas", PERSONAS);
    await page.click("#new-town-make");
    await page.waitForFunction(
      () =>
        /tile id 5000 is not in the tileset/.test(
          document.querySelector("#new-town-error")?.textContent ?? "",
        ),
      undefined,
      { timeout: 30_000 },
    );
    expect(await page.textContent("#new-town-error")).toMatch(
      /broken\.tmj: layer "furniture", tile 6,1: tile id 5000 is not in the tileset/,
    );
    await page.locator("#new-town").screenshot({ path: artifact("new-town-refused.png") });
    expect((await towns()).map((t) => t.name)).not.toContain("fernhollow");

    // The guide's map, as it is: made, chosen in the list, joined.
    await page.setInputFiles("#new-town-map", MAP);
    await page.click("#new-town-make");
    await backWith(page, "fernhollow");
    expect(await page.textContent("#join-town-now")).toMatch(/"fernhollow" is open/);
    await page.locator(".join").screenshot({ path: artifact("new-town-made.png") });
    await joinTown(page, "Mona", "moderator", TOKEN);
    await waitFor(
      "Mona in Fernhollow",
      async () => (await towns()).find((t) => t.name === "fernhollow")?.clients === 1,
      20_000,
    );
    await page.waitForFunction(
      () =>
        Object.keys(
          (window as unknown as { __simulacra: { render: { residents: Record<string, unknown> } } })
            .__simulacra.render.residents,
        ).length === 3,
      undefined,
      { timeout: 20_000 },
    );
    await page.screenshot({ path: artifact("new-town-fernhollow.png") });

    // A visitor joins the town made from the template.
    const visitor = await browser.newPage({ viewport: { width: 1000, height: 700 } });
    visitor.on("pageerror", (e) => pageErrors.push(String(e)));
    await visitor.goto(`${server.url}/?town=oak&fps=30`);
    await joinTown(visitor, "Vic");
    await waitFor(
      "Vic in oak",
      async () => (await towns()).find((t) => t.name === "oak")?.clients === 1,
      // (A room for a town made earlier opens on its first visitor: loading it, under the CI's
      // parallel browsers, has taken longer than 20 s.)
      60_000,
    );
    await visitor.screenshot({ path: artifact("new-town-oak.png") });
    expect(pageErrors).toEqual([]);
    await Promise.all([page.close(), visitor.close()]);
  }, 180_000);
});
