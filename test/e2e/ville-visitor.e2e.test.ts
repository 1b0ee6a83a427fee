// Issue 35 end to end, as a new user tries it: the original's Smallville imported with
// `npm run import-reverie` (its base simulation, its map), started at 14:00 as a new town of that
// template, and a visitor in headless Chromium who walks up to the nearest resident and is
// answered. Before the fix the visitor stood on the open ground around the map's edge, cut off from
// the town, and every walk to a resident was refused ("no path"). Screenshots
// (test/artifacts/): ville-visitor-join.png (where the visitor starts: the town's open ground),
// ville-visitor-talk.png (the visitor beside the resident, the answer in the chat panel).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Room } from "@colyseus/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSimulations, importReverie } from "../../server/cli/importReverie.ts";
import { loadTemplate, type TownTemplate } from "../../server/content/template.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { openStore } from "../../server/store/open.ts";
import { townRegion } from "../../server/world/townRegions.ts";
import { TALK_RANGE } from "../../shared/constants.ts";
import { avatarAt, talkingToOf, type TownState } from "../../shared/state.ts";
import {
  artifact,
  ensureClientBuilt,
  joinObserver,
  joinTown,
  launchBrowser,
  leaveObserver,
  restingCamera,
  ROOT,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "./helpers.ts";

type Line = { who: string; speaker: string; text: string; state: string };
type Hook = {
  avatarId: string;
  state: () => { avatars: { id: string; x: number; y: number }[] } | null;
  chat: () => Line[];
};
declare const window: { __simulacra: Hook };

const REF = path.resolve(ROOT, "../shared/reference/the_ville");
const data = mkdtempSync(path.join(tmpdir(), "simulacra-ville-visitor-"));
let server: ServerProcess;
let browser: Browser;
let observer: Room<any, TownState>;
let template: TownTemplate;
const pageErrors: string[] = [];

beforeAll(async () => {
  ensureClientBuilt();
  // The import, as `DATA_DIR=<data> npm run import-reverie -- ../shared/reference/the_ville --name ville` does.
  const found = findSimulations(REF);
  const store = await openStore({ dataDir: path.join(data, "db") });
  try {
    const r = await importReverie(store, new OfflineGateway({ meter: false }), {
      simDir: found.simulations[0].dir,
      matrixDir: found.matrix!,
      name: "ville",
      townsDir: path.join(data, "towns"),
    });
    template = await loadTemplate(r.templateDir);
  } finally {
    await store.close();
  }
  // A new town of that template at two in the afternoon: the residents up and about.
  [server, browser] = await Promise.all([
    startServerProcess(
      { TOWNS: "afternoon=ville", START_TIME: "14:00", STEPS_PER_SECOND: "5" },
      90_000,
      { dataDir: data },
    ),
    launchBrowser(),
  ]);
  observer = await joinObserver(server.url);
  await waitFor("the observer to see the residents", () => observer.state.agents?.size >= 3);
}, 180_000);

afterAll(async () => {
  await leaveObserver(observer);
  await browser?.close().catch(() => {});
  await server?.stop();
  rmSync(data, { recursive: true, force: true });
  expect(pageErrors).toEqual([]);
});

const far = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

describe("a visitor in an imported Smallville", () => {
  it("starts in town, walks up to the nearest resident and is answered", async () => {
    // The server warned of the open ground cut off from the town, and runs all the same.
    expect(server.output()).toMatch(/town map: \d+ walkable regions .*cut off from the town/);

    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/?fps=30&daylight=14:00`);
    await joinTown(page, "Ada");
    const me = await page.evaluate(() => window.__simulacra.avatarId);
    const start = await waitFor("Ada's avatar", () => avatarAt(observer.state.avatars.get(me)));
    const at = { x: start.x, y: start.y };
    // Where she stands: the region that holds the town (not the larger ground around it).
    expect(template.map.regions.at(at.x, at.y)).toBe(townRegion(template.map));
    await restingCamera(page);
    await page.screenshot({ path: artifact("ville-visitor-join.png") });

    // The nearest resident who is awake and free (the six residents were all refused).
    const target = Array.from(observer.state.agents.values())
      .filter((a) => !talkingToOf(observer.state, a) && !/sleep|bed/i.test(a.action))
      .sort((a, b) => far(a, at) - far(b, at))[0];
    expect(target, "an awake resident").toBeDefined();
    await page.click(`[data-inspect="${target.id}"]`);
    await page.click("#inspector-talk");
    await page.waitForFunction(
      () => /^Talking with/.test(document.querySelector("#chat-status")?.textContent ?? ""),
      undefined,
      { timeout: 90_000 },
    );
    const ada = avatarAt(observer.state.avatars.get(me))!;
    const them = observer.state.agents.get(target.id)!;
    expect(far(ada, them)).toBeLessThanOrEqual(TALK_RANGE);
    expect(far(ada, at)).toBeGreaterThan(0); // she walked there

    await page.fill("#chat-input", "Hello! What are you up to this afternoon?");
    await page.press("#chat-input", "Enter");
    await waitFor(
      "the resident's answer",
      async () =>
        (await page.evaluate(() => window.__simulacra.chat())).some(
          (l) => l.who === "them" && l.speaker === target.id && l.text.length > 0,
        ),
      45_000,
    );
    const lines = await page.evaluate(() => window.__simulacra.chat());
    expect(lines.filter((l) => l.state === "failed")).toEqual([]);
    await restingCamera(page);
    await page.screenshot({ path: artifact("ville-visitor-talk.png") });
    await page.close();
  }, 180_000);
});
