// End to end: the real server (a child process) and the built client in headless Chromium.
// A person types a name, presses Enter, sees the town and walks with the arrow keys; an SDK
// observer in the same room checks that the server moved the avatar. Residents are there and
// walk. Screenshots go to test/artifacts/.
import { Client, type Room } from "@colyseus/sdk";
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { avatarAt, doingOf, type TownState } from "../../shared/state.ts";
import {
  artifact,
  avatarStanding,
  ensureClientBuilt,
  joinObserver,
  launchBrowser,
  ROOT,
  sleep,
  startServerProcess,
  waitFor,
  type ServerProcess,
  framesDrawn,
  restingCamera,
} from "./helpers.ts";

let server: ServerProcess;
let browser: Browser;
let observer: Room<any, TownState> | undefined;
const pageErrors: string[] = [];

type Hook = {
  status: string;
  error: string;
  avatarId: string;
  render: { ready: boolean; agents: number; avatars: number };
  state: () => any;
};
declare const window: { __simulacra: Hook };

// The collision layer of the town, to pick a direction the avatar can walk.
const town = JSON.parse(readFileSync(`${ROOT}assets/towns/base-3/town.json`, "utf8"));
const collision: number[] = town.layers.find((l: { name: string }) => l.name === "collision").data;
const walkable = (x: number, y: number) =>
  x >= 0 && y >= 0 && x < town.width && y < town.height && collision[y * town.width + x] === 0;

beforeAll(async () => {
  ensureClientBuilt();
  // Ten steps a second: residents leave home for their first errands within a minute or so.
  [server, browser] = await Promise.all([
    startServerProcess({ STEPS_PER_SECOND: "10" }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await observer?.leave().catch(() => {});
  await browser?.close().catch(() => {});
  await server?.stop();
});

async function openPage(path = "/"): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(server.url + path);
  return page;
}

async function joinAs(page: Page, name: string): Promise<void> {
  await page.waitForSelector("#join-name");
  await page.fill("#join-name", name);
  await page.press("#join-name", "Enter");
  await page.waitForSelector("#game canvas", { timeout: 15_000 });
  await page.waitForFunction(() => window.__simulacra?.render?.ready === true, undefined, {
    timeout: 15_000,
  });
}

describe("the town in a browser", () => {
  it("joins with a name and Enter, draws the town, and walks with the arrow keys", async () => {
    const page = await openPage();
    await page.waitForSelector("#join-name");
    await page.fill("#join-name", "Wren");
    await page.screenshot({ path: artifact("town-join.png") });
    await page.press("#join-name", "Enter");
    await page.waitForSelector("#game canvas", { timeout: 15_000 });
    await page.waitForFunction(() => window.__simulacra?.render?.ready === true, undefined, {
      timeout: 15_000,
    });
    const avatarId = await page.evaluate(() => window.__simulacra.avatarId);
    expect(avatarId).toBeTruthy();

    // An observer in the same room sees the page's avatar.
    observer = await joinObserver(server.url);
    const { avatar: start, at: from } = await avatarStanding(
      observer,
      avatarId,
      "the observer to see the page's avatar where it stands",
    );
    expect(start.name).toBe("Wren");

    // Residents: at least three, drawn by the page.
    expect(observer.state.agents.size).toBeGreaterThanOrEqual(3);
    await page.waitForFunction(() => window.__simulacra.render.agents >= 3);
    await framesDrawn(page);
    await page.screenshot({ path: artifact("town-joined.png") });

    // Walk three tiles in the first direction that is free for three tiles.
    const dirs = [
      ["ArrowRight", 1, 0],
      ["ArrowLeft", -1, 0],
      ["ArrowDown", 0, 1],
      ["ArrowUp", 0, -1],
    ] as const;
    const [key, dx, dy] = dirs.find(([, dx, dy]) =>
      [1, 2, 3].every((k) => walkable(from.x + dx * k, from.y + dy * k)),
    )!;
    // Each press walks (at least) one tile on; the server's state follows. Waited for per press,
    // so a slow machine does not turn into lost key presses; "at least", because a press held
    // long on a slow machine counts as a held key, which walks on (see below).
    const along = () => {
      const a = avatarAt(observer!.state.avatars.get(avatarId))!;
      return (a.x - from.x) * dx + (a.y - from.y) * dy;
    };
    for (let i = 1; i <= 3; i++) {
      await page.keyboard.press(key);
      await waitFor(
        `the server to walk the avatar ${i} tiles from ${from.x},${from.y} with ${key}`,
        () => along() >= i,
        8000,
      );
    }
    // Where it came to rest, on the line it walked.
    let rest = "";
    for (let i = 0; i < 40; i++) {
      await sleep(250); // time on purpose: at rest means not moved for 250 ms
      const a = avatarAt(observer.state.avatars.get(avatarId))!;
      if (`${a.x},${a.y}` === rest) break;
      rest = `${a.x},${a.y}`;
    }
    const end = avatarAt(observer.state.avatars.get(avatarId))!;
    expect(dx === 0 ? end.x : end.y).toBe(dx === 0 ? from.x : from.y);
    const to = { x: end.x, y: end.y };
    // The page shows the same position as the server.
    await page.waitForFunction(
      ([x, y]) => {
        const me = window.__simulacra
          .state()
          .avatars.find((a: { id: string }) => a.id === window.__simulacra.avatarId);
        return me && me.x === x && me.y === y;
      },
      [to.x, to.y],
    );
    await framesDrawn(page);
    await page.screenshot({ path: artifact("town-walked.png") });

    // Holding a key walks on, paced at walking speed (it does not flood the server).
    const [holdKey, hx, hy] = dirs.find(([, ddx, ddy]) =>
      [1, 2].every((k) => walkable(to.x + ddx * k, to.y + ddy * k)),
    )!;
    await page.keyboard.down(holdKey);
    await sleep(700); // time on purpose: a key held for 700 ms walks at walking speed
    await page.keyboard.up(holdKey);
    await waitFor(
      "a held key to walk at least two tiles",
      () => {
        const a = avatarAt(observer!.state.avatars.get(avatarId))!;
        return (a.x - to.x) * hx + (a.y - to.y) * hy >= 2;
      },
      5000,
    );

    // Clicking a tile walks there too.
    const here = avatarAt(observer.state.avatars.get(avatarId))!;
    const click = [
      [0, 2],
      [2, 0],
      [0, -2],
      [-2, 0],
    ]
      .map(([cx, cy]) => ({ x: here.x + cx, y: here.y + cy }))
      .find((t) => walkable(t.x, t.y))!;
    // The camera eases after the avatar: wait until it rests before aiming at a tile.
    const camera = () =>
      page.evaluate(() => {
        const r = window.__simulacra.render as unknown as {
          zoom: number;
          view: { x: number; y: number };
        };
        return JSON.stringify({ zoom: r.zoom, view: r.view });
      });
    let seen = "";
    for (let i = 0; i < 40; i++) {
      await sleep(150); // time on purpose: resting means unchanged over 150 ms
      const now = await camera();
      if (now === seen) break;
      seen = now;
    }
    const cam = JSON.parse(seen) as { zoom: number; view: { x: number; y: number } };
    const cx = (click.x * 32 + 16 - cam.view.x) * cam.zoom;
    const cy = (click.y * 32 + 16 - cam.view.y) * cam.zoom;
    await page.mouse.click(cx, cy);
    await waitFor(
      `a click to walk the avatar to ${click.x},${click.y}`,
      () => {
        const a = avatarAt(observer!.state.avatars.get(avatarId))!;
        return a.x === click.x && a.y === click.y;
      },
      6000,
    );

    // The HUD shows the clock, the engine and who is online.
    await expect(page.textContent("#hud-time")).resolves.toMatch(/^\d\d:\d\d$/);
    await expect(page.textContent("#hud-clock")).resolves.toMatch(/offline engine/);
    await page.waitForFunction(() =>
      /Observer/.test(document.querySelector("#hud-online")?.textContent ?? ""),
    );
    await expect(page.textContent("#hud-online")).resolves.toMatch(/Wren \(you\)/);

    // Zoomed out: the whole town.
    for (let i = 0; i < 4; i++) await page.keyboard.press("-");
    await restingCamera(page);
    await page.screenshot({ path: artifact("town-overview.png") });
    expect(pageErrors).toEqual([]);
    await page.close();
  });

  it("shows residents walking within a game hour", async () => {
    const room =
      observer ??
      (observer = await new Client(server.url).joinOrCreate<TownState>("town", {
        name: "Observer",
      }));
    await waitFor("residents", () => room.state.agents?.size >= 3);
    const before = new Map(Array.from(room.state.agents.values(), (a) => [a.id, `${a.x},${a.y}`]));
    const moved = await waitFor(
      "a resident to move",
      () =>
        Array.from(room.state.agents.values()).find((a) => before.get(a.id) !== `${a.x},${a.y}`),
      45_000,
    );
    expect(moved.name).toBeTruthy();
    // The doing as a client shows it: a group talk's is sent as its partner and a count (doingOf).
    const doings = Array.from(room.state.agents.values(), (a) => doingOf(room.state, a).action);
    expect(doings.every((d) => d.length > 0)).toBe(true);
  });

  it("shows why a join is refused", async () => {
    const page = await openPage();
    await page.waitForSelector("#join-name");
    await page.fill("#join-name", "Mallory");
    await page.selectOption("#join-role", "moderator");
    await page.fill("#join-token", "not-the-token");
    await page.press("#join-token", "Enter");
    await page.waitForFunction(() => window.__simulacra.status === "refused");
    await expect(page.textContent(".join .error")).resolves.toMatch(/moderator/i);
    await page.close();
  });

  it("draws the town by day, and follows a resident picked in the list", async () => {
    const page = await openPage("/?daylight=12:00");
    await joinAs(page, "Daytripper");
    await framesDrawn(page);
    await page.screenshot({ path: artifact("town-day.png") });
    await page.click('[data-resident="ines"]');
    await page.keyboard.press("+");
    await page.keyboard.press("+");
    await page.waitForFunction(() =>
      /Following/.test(document.querySelector("#hud-residents")?.textContent ?? ""),
    );
    await restingCamera(page);
    await page.screenshot({ path: artifact("town-resident.png") });
    await page.close();
    expect(pageErrors).toEqual([]);
  });
});
