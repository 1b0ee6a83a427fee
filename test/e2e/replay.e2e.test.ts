// End to end: a short live session of the real server is recorded; /replay/<id> in headless
// Chromium draws it, seeks with the timeline, shows every resident on the tile the recording
// has for that step, plays and pauses, and shows what a clicked resident was doing then.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { artifact, ensureClientBuilt, launchBrowser, startServerProcess, waitFor, type ServerProcess } from "./helpers.ts";

let server: ServerProcess;
let browser: Browser;
const pageErrors: string[] = [];

type Frame = { step: number; agents: { id: string; name: string; x: number; y: number; action: string; emoji: string }[] };
type Hook = {
  status: string; error: string; step: number; frame: Frame | null; drawn: { id: string; x: number; y: number }[];
  locate(id: string): { x: number; y: number } | null;
};
declare const window: { __replay: Hook };

beforeAll(async () => {
  ensureClientBuilt();
  [server, browser] = await Promise.all([startServerProcess({ STEPS_PER_SECOND: "40", AUTOSAVE_STEPS: "30" }), launchBrowser()]);
}, 60_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
});

const api = async <T>(p: string): Promise<T> => (await fetch(server.url + p)).json() as Promise<T>;

describe("replay in a browser", () => {
  it("plays a recorded session, seeks with the timeline, and shows the residents where they were", async () => {
    // Record a short session: residents wake up and walk.
    await waitFor("a recorded session of 300 steps", async () => {
      const [rec] = await api<{ toStep: number }[]>("/api/recordings");
      return rec && rec.toStep >= 300;
    }, 40_000);
    const [rec] = await api<{ id: string; toStep: number; fromStep: number }[]>("/api/recordings");

    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/replay/${rec.id}`);
    await page.waitForFunction(() => window.__replay?.status === "ready", undefined, { timeout: 20_000 });
    expect(await page.evaluate(() => window.__replay.step)).toBe(rec.fromStep);
    const max = Number(await page.getAttribute(".timeline", "max"));
    expect(max).toBeGreaterThanOrEqual(300);

    // Seek with the timeline to a step where residents are up and about.
    const target = 260;
    await page.$eval(".timeline", (el, v) => {
      (el as HTMLInputElement).value = String(v);
      el.dispatchEvent(new Event("change"));
    }, target);
    await page.waitForFunction((t) => window.__replay.step === t, target, { timeout: 10_000 });
    const truth = await api<Frame>(`/api/recordings/${rec.id}/frame?step=${target}`);
    const shown = await page.evaluate(() => ({ frame: window.__replay.frame!, drawn: window.__replay.drawn }));
    expect(shown.frame.agents).toEqual(truth.agents);
    expect(shown.drawn.sort((a, b) => a.id.localeCompare(b.id))).toEqual(truth.agents.map((a) => ({ id: a.id, x: a.x, y: a.y })).sort((a, b) => a.id.localeCompare(b.id)));
    await expect.poll(() => page.textContent(".stepno")).toContain(`step ${target} /`);

    // Play at 64× for a moment, then pause: the replay moved on and stays.
    await page.selectOption(".speed", "64");
    await page.click(".play");
    await page.waitForFunction((t) => window.__replay.step > t + 20, target, { timeout: 10_000 });
    await page.click(".play");
    const paused = await page.evaluate(() => window.__replay.step);
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.__replay.step)).toBe(paused);

    // Back to the target step, then click a resident: the card says what it was doing then.
    await page.$eval(".timeline", (el, v) => {
      (el as HTMLInputElement).value = String(v);
      el.dispatchEvent(new Event("change"));
    }, target);
    await page.waitForFunction((t) => window.__replay.step === t, target, { timeout: 10_000 });
    await page.waitForTimeout(600); // sprites finish walking to their tiles
    const who = truth.agents.find((a) => a.action) ?? truth.agents[0];
    const at = await page.evaluate((id) => window.__replay.locate(id), who.id);
    expect(at).not.toBeNull();
    await page.mouse.click(at!.x, at!.y);
    await page.waitForSelector(".replay-inspector:not([hidden])", { timeout: 5_000 });
    const card = await page.textContent(".replay-inspector");
    expect(card).toContain(who.name);
    expect(card).toContain(who.action || "nothing yet");
    expect(card).toContain(`${who.x}, ${who.y}`);
    await page.screenshot({ path: artifact("replay.png") });
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 90_000);

  it("says so when there is no such recording", async () => {
    const page = await browser.newPage();
    await page.goto(`${server.url}/replay/no-such-recording`);
    await page.waitForFunction(() => window.__replay?.status === "failed", undefined, { timeout: 10_000 });
    expect(await page.textContent("#ui")).toContain("No replay here");
    await page.close();
  });
});
