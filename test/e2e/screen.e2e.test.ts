// End to end in headless Chromium, on Oakmere (base-25, the big town): the screen a newcomer
// sees. The join dialog says what is going on; two people join apart; the panels (minimap,
// online, inspector, residents, chat, moderator tools) never cover each other; the minimap shows
// the whole town and walks you where you click; a moderator's fire is announced to a visitor with
// a link that shows it; "follow the action" (F) takes the camera there; object-state labels keep
// off people's names. Screenshots go to test/artifacts/screen-*.png (and docs/screenshot.png
// with SCREENSHOT_DOCS=1: the README's picture).
import type { Room } from "@colyseus/sdk";
import { copyFileSync, readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TownState } from "../../shared/state.ts";
import { readTownInfo } from "../../client/render/townInfo.ts";
import {
  artifact,
  ensureClientBuilt,
  joinObserver,
  joinTown,
  launchBrowser,
  leaveObserver,
  ROOT,
  startServerProcess,
  waitFor,
  type ServerProcess,
  framesDrawn,
} from "./helpers.ts";

const TOKEN = "e2e-screen-token";
const info = readTownInfo(
  JSON.parse(readFileSync(`${ROOT}assets/towns/base-25/town.json`, "utf8")),
);
let server: ServerProcess;
let browser: Browser;
let observer: Room<any, TownState>;
let visitor: Page;
let moderator: Page;
const pageErrors: string[] = [];

type Box = { x: number; y: number; w: number; h: number };
type Label = Box & { kind: string; text: string };
type Hook = {
  avatarId: string;
  render: {
    zoom: number;
    view: { x: number; y: number };
    labels: Label[];
    action: { x: number; y: number; follow: string; why: string } | null;
  };
};
declare const window: { __simulacra: Hook; innerWidth: number; innerHeight: number };

beforeAll(async () => {
  ensureClientBuilt();
  [server, browser] = await Promise.all([
    startServerProcess({ TOWN: "base-25", MODERATOR_TOKEN: TOKEN }, 90_000),
    launchBrowser(),
  ]);
  observer = await joinObserver(server.url);
  await waitFor("the observer to see residents", () => observer.state.agents?.size >= 25, 30_000);
}, 120_000);

afterAll(async () => {
  await leaveObserver(observer);
  await browser?.close().catch(() => {});
  await server?.stop();
});

async function openPage(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(`${server.url}/?fps=30`);
  return page;
}

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The boxes of every panel shown, by id or class. */
async function panelBoxes(page: Page): Promise<{ name: string; box: Box }[]> {
  return page.evaluate(() => {
    const out: { name: string; box: { x: number; y: number; w: number; h: number } }[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("#ui .panel")) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || el.classList.contains("toast")) continue;
      out.push({
        name: el.id || el.className,
        box: { x: r.left, y: r.top, w: r.width, h: r.height },
      });
    }
    return out;
  });
}

function expectNoOverlap(boxes: { name: string; box: Box }[]): void {
  for (let i = 0; i < boxes.length; i++)
    for (let j = 0; j < i; j++) {
      expect(overlap(boxes[i].box, boxes[j].box), `${boxes[i].name} covers ${boxes[j].name}`).toBe(
        false,
      );
    }
}

/** One's own avatar as the page's own state has it (the observer may not be sent far avatars). */
const avatarOf = (page: Page) =>
  page.evaluate(() => {
    const st = window as unknown as {
      __simulacra: {
        avatarId: string;
        state: () => { avatars: { id: string; x: number; y: number }[] };
      };
    };
    return st.__simulacra.state().avatars.find((a) => a.id === st.__simulacra.avatarId)!;
  });

describe("a screen that is easy to read, on Oakmere", () => {
  it("the join dialog says what is going on, and two visitors arrive apart", async () => {
    visitor = await openPage();
    await visitor.waitForSelector("#join-town-now");
    // START_TIME: the town starts at eight, residents up and about.
    // (Awake once the residents' first plans are made, a moment after the town opens.)
    await visitor.waitForFunction(
      () =>
        /^0[89]:\d\d · [1-9]\d* of 25 awake · \d+ conversations? now · \d+ (people|person) here$/.test(
          document.querySelector("#join-town-now")?.textContent ?? "",
        ),
      undefined,
      { timeout: 30_000 },
    );
    const [town] = (await (await fetch(`${server.url}/api/towns`)).json()) as {
      awake: number;
      conversations: number;
      time: string;
    }[];
    expect(town.awake).toBeGreaterThan(0);
    expect(typeof town.conversations).toBe("number");
    expect(town.time.slice(11, 13)).toMatch(/^0[89]$/);
    await visitor.screenshot({ path: artifact("screen-join.png") });
    await joinTown(visitor, "Vera");

    moderator = await openPage();
    await joinTown(moderator, "Mo", "moderator", TOKEN);
    const a = await avatarOf(visitor),
      b = await avatarOf(moderator);
    // Not on one tile, not side by side: each sees their own avatar.
    expect(Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y))).toBeGreaterThan(1);
    await moderator.screenshot({ path: artifact("screen-spawn.png") });
  }, 60_000);

  it("panels never cover each other: the inspector opens in the right dock, the chat in the left", async () => {
    // A click on a resident opens the inspector only; its Talk button then opens the chat.
    // The click is held while the residents' list changes (they change what they do every few
    // seconds): the button under the pointer is the same element before and after, so the
    // click is not lost (a list built anew replaced it between press and release).
    const first = Array.from(observer.state.agents.values())[0];
    const button = await visitor.waitForSelector(`[data-inspect="${first.id}"]`);
    const box = (await button.boundingBox())!;
    const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const listed = await visitor.textContent("#hud-residents");
    await visitor.mouse.move(at.x, at.y);
    await visitor.mouse.down();
    await visitor.waitForFunction(
      (was) => document.querySelector("#hud-residents")?.textContent !== was,
      listed,
      { timeout: 40_000 },
    );
    expect(await button.evaluate((el, p) => document.elementFromPoint(p.x, p.y) === el, at)).toBe(
      true,
    );
    await visitor.mouse.up();
    await visitor.waitForSelector("#inspector:not([hidden])");
    expect(await visitor.isVisible("#chat-panel")).toBe(false);
    await visitor.click("#inspector-talk");
    await visitor.waitForSelector("#chat-panel:not([hidden])");
    await framesDrawn(visitor);
    const shown = await panelBoxes(visitor);
    for (const name of [
      "inspector",
      "chat-panel",
      "minimap",
      "hud-online",
      "hud-residents",
      "hud-clock",
    ])
      expect(shown.map((p) => p.name)).toContain(name);
    expectNoOverlap(shown);
    await visitor.screenshot({ path: artifact("screen-panels.png") });

    // The moderator's tools, the inspector and the chat at once.
    await moderator.click(`[data-inspect="${first.id}"]`);
    await moderator.waitForSelector("#inspector:not([hidden])");
    await moderator.click("#inspector-talk");
    await moderator.waitForSelector("#chat-panel:not([hidden])");
    await framesDrawn(moderator);
    const mod = await panelBoxes(moderator);
    expect(mod.map((p) => p.name)).toContain("moderator-panel");
    expectNoOverlap(mod);
    await moderator.screenshot({ path: artifact("screen-panels-moderator.png") });
    await visitor.keyboard.press("Escape");
    await visitor.keyboard.press("Escape");
    await visitor.keyboard.press("Escape");
  }, 100_000);

  it("the minimap shows the whole town, you on it; expanded it fits the window; a click on it walks you there", async () => {
    const box = await visitor.evaluate(() => {
      const r = document.querySelector("#minimap-canvas")!.getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height };
    });
    expect(box.w / box.h).toBeCloseTo(info.width / info.height, 1);
    // Your own avatar is the yellow dot (where the page's own state has it, give or take a tile
    // walked since the dots were drawn).
    const yellowDot = () =>
      visitor.evaluate((w) => {
        const st = (
          window as unknown as {
            __simulacra: {
              avatarId: string;
              state: () => { avatars: { id: string; x: number; y: number }[] };
            };
          }
        ).__simulacra;
        const me = st.state().avatars.find((a) => a.id === st.avatarId)!;
        const c = document.querySelector<HTMLCanvasElement>("#minimap-canvas")!;
        const s = c.width / w;
        for (let dy = -1.5; dy <= 1.5; dy += 0.5)
          for (let dx = -1.5; dx <= 1.5; dx += 0.5) {
            const [r, g, b, a] = c
              .getContext("2d")!
              .getImageData(
                Math.floor((me.x + 0.5 + dx) * s),
                Math.floor((me.y + 0.5 + dy) * s),
                1,
                1,
              ).data;
            if (a > 200 && r > 200 && g > 170 && b < 140) return true;
          }
        return false;
      }, info.width);
    // The minimap redraws on its own clock: wait for a frame that has the dot where the state says.
    await waitFor("the minimap's dot where the state says", yellowDot, 8_000, 200);

    const me = await avatarOf(visitor);
    await visitor.click("#minimap-expand");
    const big = await visitor.evaluate(() => {
      const r = document.querySelector("#minimap-canvas")!.getBoundingClientRect();
      return {
        x: r.left,
        y: r.top,
        w: r.width,
        h: r.height,
        vw: window.innerWidth,
        vh: window.innerHeight,
      };
    });
    expect(big.w).toBeGreaterThan(box.w * 2.5);
    expect(big.x).toBeGreaterThanOrEqual(0);
    expect(big.y).toBeGreaterThanOrEqual(0);
    expect(big.x + big.w).toBeLessThanOrEqual(big.vw);
    expect(big.y + big.h).toBeLessThanOrEqual(big.vh);
    await visitor.screenshot({ path: artifact("screen-minimap.png") });

    // A click on the big map walks towards that place (and closes the big map).
    const goal = { x: me.x + (me.x > info.width / 2 ? -12 : 12), y: me.y };
    const before = Math.abs(me.x - goal.x);
    await visitor.mouse.click(
      big.x + ((goal.x + 0.5) * big.w) / info.width,
      big.y + ((goal.y + 0.5) * big.h) / info.height,
    );
    await waitFor(
      "the avatar to walk towards the tile clicked on the minimap",
      async () => {
        const now = await avatarOf(visitor);
        return Math.abs(now.x - goal.x) < before - 3;
      },
      15_000,
    );
    expect(
      await visitor.evaluate(() =>
        document.querySelector("#minimap")!.classList.contains("expanded"),
      ),
    ).toBe(false);
  }, 60_000);

  it("a moderator's fire is announced with a link that shows it; F follows the action there; its label keeps off names", async () => {
    // The object nearest to a resident: its label would sit on their name.
    const agents = Array.from(observer.state.agents.values());
    const near = info.objects
      .map((o) => ({
        o,
        d: Math.min(...agents.map((a) => Math.abs(a.x - (o.x + o.w / 2)) + Math.abs(a.y - o.y))),
      }))
      .sort((p, q) => p.d - q.d)[0].o;
    await moderator.selectOption("#mod-object", near.address);
    await moderator.fill("#mod-state", "on fire");
    // While the moderator types, a talk asked for before opens (a walk to Ada that arrives, or
    // she is beside them already): the chat must leave the field being typed in alone, or this
    // Enter would go to the chat. (A script's click moves no focus, as a walk arriving would not.)
    await moderator.evaluate(() =>
      document.querySelector<HTMLButtonElement>("#inspector-talk")?.click(),
    );
    await waitFor(
      "the moderator's talk with Ada to open (or give up)",
      async () => !/Walking over/.test((await moderator.textContent("#chat-status")) ?? ""),
      30_000,
    );
    expect(await moderator.evaluate(() => document.activeElement?.id)).toBe("mod-state");
    await moderator.press("#mod-state", "Enter");
    // The server took it (the moderator's panel says so); if not, the failure says what it said.
    const said = async () => (await moderator.textContent("#mod-feedback")) ?? "";
    await waitFor(
      "the moderator's panel to confirm the fire",
      async () => (await said()).includes("on fire"),
      15_000,
    ).catch(async (e: Error) => {
      throw new Error(
        `${e.message}; the panel says "${await said()}", toasts: ${JSON.stringify(await moderator.locator(".toast").allTextContents())}`,
      );
    });

    // The visitor, far away, is told, and the link takes the camera there.
    await visitor
      .waitForSelector(".toast .toast-link", { timeout: 30_000 })
      .catch(async (e: Error) => {
        await visitor.screenshot({ path: artifact("screen-announce-missed.png") });
        const seen = await visitor.evaluate(() =>
          Array.from(document.querySelectorAll(".toast"), (t) => t.textContent),
        );
        const status = await visitor.evaluate(
          () => (window as unknown as { __simulacra: { status: string } }).__simulacra.status,
        );
        throw new Error(
          `${e.message}; the visitor's toasts: ${JSON.stringify(seen)}, status "${status}", page errors ${JSON.stringify(pageErrors)} (screenshot screen-announce-missed.png)`,
        );
      });
    expect(await visitor.textContent(".toast.link")).toMatch(new RegExp(`${near.name} is on fire`));
    await visitor.click(".toast .toast-link");
    const inView = async () =>
      visitor.evaluate(
        ([x, y]) => {
          const r = window.__simulacra.render;
          const sx = (x * 32 - r.view.x) * r.zoom,
            sy = (y * 32 - r.view.y) * r.zoom;
          return sx > 0 && sy > 0 && sx < window.innerWidth && sy < window.innerHeight;
        },
        [near.x + near.w / 2, near.y + near.h / 2] as const,
      );
    await waitFor("the camera to show the fire", inView, 8000);
    await visitor.screenshot({ path: artifact("screen-announce.png") });

    // Back home, F finds the fire again: it is the liveliest place in town.
    await visitor.keyboard.press("ArrowUp");
    await waitFor("the camera to come back", async () => !(await inView()), 8000).catch(() => {});
    await visitor.keyboard.press("f");
    await waitFor(
      "the camera to follow the action",
      async () =>
        (await visitor.evaluate(() => window.__simulacra.render.action?.why ?? "")).includes(
          near.name,
        ),
      5000,
    );
    await waitFor("the camera to show the fire", inView, 8000);

    // Labels: the object's label covers no name, action or speech.
    await framesDrawn(visitor);
    const labels = await visitor.evaluate(() => window.__simulacra.render.labels);
    const objects = labels.filter((l) => l.kind === "object");
    expect(objects.length).toBeGreaterThan(0);
    for (const o of objects)
      for (const l of labels)
        if (l.kind !== "object")
          expect(overlap(o, l), `"${o.text}" covers "${l.text}"`).toBe(false);
    await visitor.screenshot({ path: artifact("screen-action.png") });
    if (process.env.SCREENSHOT_DOCS === "1")
      copyFileSync(artifact("screen-action.png"), `${ROOT}docs/screenshot.png`);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
