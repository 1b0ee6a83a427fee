// End to end: interest management as a person sees it in the browser. Another person (an SDK
// client) walks off out of what the page's camera shows and comes back: the page stops drawing
// them (no sprite left behind where they were), draws them again where they are, and never
// stops drawing its own avatar.
import { Client, type Room } from "@colyseus/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TILE_SIZE } from "../../shared/constants.ts";
import { VIEW_HYSTERESIS, VIEW_MARGIN } from "../../shared/interest.ts";
import { avatarAt, type TownState } from "../../shared/state.ts";
import { readTownInfo } from "../../client/render/townInfo.ts";
import { readFileSync } from "node:fs";
import {
  artifact,
  ensureClientBuilt,
  joinTown,
  launchBrowser,
  restingCamera,
  ROOT,
  sleep,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "./helpers.ts";

let server: ServerProcess;
let browser: Browser;
let walker: Room<any, TownState> | undefined;
const pageErrors: string[] = [];
const town = JSON.parse(readFileSync(`${ROOT}assets/towns/base-3/town.json`, "utf8"));
const info = readTownInfo(town);

type Hook = {
  avatarId: string;
  render: { ready: boolean; avatars: number; zoom: number; self: { x: number; y: number } | null };
};
declare const window: { __simulacra: Hook };

beforeAll(async () => {
  ensureClientBuilt();
  [server, browser] = await Promise.all([startServerProcess(), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  // A bound on a busy server's answer, not a wait.
  if (walker?.connection.isOpen) await Promise.race([walker.leave().catch(() => {}), sleep(2000)]);
  await browser?.close().catch(() => {});
  await server?.stop();
});

async function walkTo(room: Room<any, TownState>, x: number, y: number): Promise<boolean> {
  let refused = false;
  const off = room.onMessage("error", () => {
    refused = true;
  });
  room.send("move", { x, y });
  const r = await waitFor(
    `the walker at ${x},${y}`,
    () => {
      const me = avatarAt(room.state.avatars.get(room.sessionId));
      return me && me.x === x && me.y === y ? "here" : refused ? "refused" : undefined;
    },
    30_000,
  );
  off?.();
  return r === "here";
}

describe("avatars entering and leaving what the camera shows", () => {
  it("stops drawing a person who walks out of view, draws them again on return, and always draws one's own avatar", async () => {
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/?fps=30&daylight=12:00`);
    await joinTown(page, "Pia");
    walker = await new Client(server.url).joinOrCreate<TownState>("town", { name: "Walker" });
    await waitFor("the page draws the walker", () =>
      page.evaluate(() => window.__simulacra.render.avatars === 2),
    );

    // Out of the page's area: half its camera (1280 × 800 pixels at its zoom) plus the margins.
    const zoom = await page.evaluate(() => window.__simulacra.render.zoom);
    const keepX = Math.ceil(1280 / zoom / TILE_SIZE / 2) + VIEW_MARGIN + VIEW_HYSTERESIS;
    const keepY = Math.ceil(800 / zoom / TILE_SIZE / 2) + VIEW_MARGIN + VIEW_HYSTERESIS;
    // (The walker's own first state may come after the page has drawn it.)
    const joined = walker;
    await waitFor("the walker's own state", () => !!joined.state.avatars?.get(joined.sessionId));
    const start = avatarAt(walker.state.avatars.get(walker.sessionId))!;
    const spawn = { x: start.x, y: start.y };
    const far: { x: number; y: number; d: number }[] = [];
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const out = Math.abs(x - spawn.x) > keepX + 1 || Math.abs(y - spawn.y) > keepY + 1;
        const walkable =
          town.layers.find((l: { name: string }) => l.name === "collision").data[
            y * town.width + x
          ] === 0;
        if (out && walkable) far.push({ x, y, d: Math.abs(x - spawn.x) + Math.abs(y - spawn.y) });
      }
    }
    far.sort((a, b) => a.d - b.d);
    let gone = false;
    for (const t of far.slice(0, 20)) if ((gone = await walkTo(walker, t.x, t.y))) break;
    expect(gone, "the walker reached a tile out of view").toBe(true);

    await waitFor("the page stops drawing the walker", () =>
      page.evaluate(() => window.__simulacra.render.avatars === 1),
    );
    const self = await page.evaluate(() => window.__simulacra.render.self);
    expect(self).not.toBeNull();
    // Still in the town: the list of people online names them.
    await expect(page.textContent("#hud-online")).resolves.toMatch(/Walker/);
    await page.screenshot({ path: artifact("interest-away.png") });

    // Back next to the page's avatar (two tiles off, so the screenshot shows both): drawn again,
    // where the server has them.
    const collision: number[] = town.layers.find(
      (l: { name: string }) => l.name === "collision",
    ).data;
    const beside =
      [
        [2, 0],
        [-2, 0],
        [0, 2],
        [0, -2],
        [1, 1],
        [-1, 1],
        [1, 0],
        [0, 1],
      ]
        .map(([dx, dy]) => ({ x: spawn.x + dx, y: spawn.y + dy }))
        .find(
          (t) =>
            t.x >= 0 &&
            t.y >= 0 &&
            t.x < town.width &&
            t.y < town.height &&
            collision[t.y * town.width + t.x] === 0,
        ) ?? spawn;
    expect(await walkTo(walker, beside.x, beside.y)).toBe(true);
    await waitFor("the page draws the walker again", () =>
      page.evaluate(() => window.__simulacra.render.avatars === 2),
    );
    const back = avatarAt(walker.state.avatars.get(walker.sessionId))!;
    const seen = await page.evaluate(
      (id) => (window as any).__simulacra.state().avatars.find((a: { id: string }) => a.id === id),
      walker.sessionId,
    );
    expect([seen.x, seen.y]).toEqual([back.x, back.y]);
    await restingCamera(page);
    await page.screenshot({ path: artifact("interest-back.png") });
    expect(await page.evaluate(() => window.__simulacra.render.self)).not.toBeNull();
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 120_000);
});
