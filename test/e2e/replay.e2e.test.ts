// End to end: a short live session of the real server is recorded; /replay/<id> in headless
// Chromium draws it, seeks with the timeline, shows every resident on the tile the recording
// has for that step, plays and pauses, and shows what a clicked resident was doing then.
import { Client } from "@colyseus/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  artifact,
  ensureClientBuilt,
  launchBrowser,
  sleep,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from "./helpers.ts";

const TOKEN = "e2e-replay-token";
let server: ServerProcess;
let browser: Browser;
const pageErrors: string[] = [];

type Frame = {
  step: number;
  agents: { id: string; name: string; x: number; y: number; action: string; emoji: string }[];
};
type Hook = {
  status: string;
  error: string;
  step: number;
  frame: Frame | null;
  drawn: { id: string; x: number; y: number }[];
  locate(id: string): { x: number; y: number } | null;
  seek(step: number): Promise<void>;
  drawnAt: number;
  stats(): { ticks: number; starved: number; longestTickMs: number };
};
declare const window: { __replay: Hook };

beforeAll(async () => {
  ensureClientBuilt();
  [server, browser] = await Promise.all([
    startServerProcess({ STEPS_PER_SECOND: "40", AUTOSAVE_STEPS: "30", MODERATOR_TOKEN: TOKEN }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
});

const api = async <T>(p: string): Promise<T> => (await fetch(server.url + p)).json() as Promise<T>;

describe("replay in a browser", () => {
  it("plays a recorded session, seeks with the timeline, and shows the residents where they were", async () => {
    // Record a short session: residents go about their morning (a new town starts at START_TIME,
    // so the recording starts at that step, not at 0).
    await waitFor(
      "a recorded session of 300 steps",
      async () => {
        const [rec] = await api<{ toStep: number; fromStep: number }[]>("/api/recordings");
        return rec && rec.toStep - rec.fromStep >= 300;
      },
      40_000,
    );
    const [rec] = await api<{ id: string; toStep: number; fromStep: number }[]>("/api/recordings");

    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/replay/${rec.id}`);
    await page.waitForFunction(() => window.__replay?.status === "ready", undefined, {
      timeout: 20_000,
    });
    expect(await page.evaluate(() => window.__replay.step)).toBe(rec.fromStep);
    const max = Number(await page.getAttribute(".timeline", "max"));
    expect(max - rec.fromStep).toBeGreaterThanOrEqual(300);

    // Seek with the timeline to a step where residents are up and about.
    const target = rec.fromStep + 260;
    await page.$eval(
      ".timeline",
      (el, v) => {
        (el as HTMLInputElement).value = String(v);
        el.dispatchEvent(new Event("change"));
      },
      target,
    );
    await page.waitForFunction((t) => window.__replay.step === t, target, { timeout: 10_000 });
    const truth = await api<Frame>(`/api/recordings/${rec.id}/frame?step=${target}`);
    const shown = await page.evaluate(() => ({
      frame: window.__replay.frame!,
      drawn: window.__replay.drawn,
    }));
    expect(shown.frame.agents).toEqual(truth.agents);
    expect(shown.drawn.sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      truth.agents
        .map((a) => ({ id: a.id, x: a.x, y: a.y }))
        .sort((a, b) => a.id.localeCompare(b.id)),
    );
    await expect.poll(() => page.textContent(".stepno")).toContain(`step ${target} /`);

    // Play at 64× for a moment, then pause: the replay moved on and stays.
    await page.selectOption(".speed", "64");
    await page.click(".play");
    await page.waitForFunction((t) => window.__replay.step > t + 20, target, { timeout: 10_000 });
    await page.click(".play");
    await page.waitForFunction(
      () => document.querySelector(".play")?.getAttribute("aria-label") === "Play",
      undefined,
      { timeout: 5_000 },
    );
    // Paused: the step settles (a frame already due may still be drawn) and then stays.
    let last = -1;
    const paused = await waitFor(
      "the replay to stop",
      async () => {
        const now = await page.evaluate(() => window.__replay.step);
        const settled = now === last ? now : undefined;
        last = now;
        return settled;
      },
      10_000,
      300,
    );
    await page.waitForTimeout(400);
    expect(await page.evaluate(() => window.__replay.step)).toBe(paused);

    // Back to the target step, then click a resident: the card says what it was doing then.
    await page.$eval(
      ".timeline",
      (el, v) => {
        (el as HTMLInputElement).value = String(v);
        el.dispatchEvent(new Event("change"));
      },
      target,
    );
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
    // The card's Mind list, for a moderator (the token a moderator's join keeps in this tab's
    // session): the resident's asks up to this step, none after it.
    await page.evaluate((t) => sessionStorage.setItem("simulacra-moderator-token", t), TOKEN);
    await page.mouse.click(at!.x, at!.y);
    await page.waitForSelector(".replay-inspector #mind-asks li", { timeout: 10_000 });
    expect(await page.textContent(".replay-inspector .mind-note")).toContain(
      `up to step ${target}`,
    );
    await page.click(".replay-inspector #mind-asks li:first-child .mind-line");
    const facts = await page.textContent(".replay-inspector #mind-asks li:first-child .facts");
    const askedAt = Number(/step (\d+)/.exec(facts ?? "")?.[1]);
    expect(askedAt).toBeLessThanOrEqual(target);
    await page.screenshot({ path: artifact("replay-mind.png") });
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 90_000);

  it("plays at the speed it says: 64× is 64 steps a second", async () => {
    await waitFor(
      "a recording of 700 steps",
      async () => {
        const [rec] = await api<{ toStep: number; fromStep: number }[]>("/api/recordings");
        return rec && rec.toStep - rec.fromStep >= 700;
      },
      60_000,
    );
    const [rec] = await api<{ id: string; fromStep: number }[]>("/api/recordings");
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/replay/${rec.id}`);
    await page.waitForFunction(() => window.__replay?.status === "ready", undefined, {
      timeout: 20_000,
    });
    await page.selectOption(".speed", "64");
    await page.click(".play");
    await page.waitForFunction((t) => window.__replay.step > t + 10, rec.fromStep, {
      timeout: 10_000,
    });
    // The step drawn and when it was drawn: the replay's own timeline, however busy the machine.
    const read = () =>
      page.evaluate(() => ({
        step: window.__replay.step,
        at: window.__replay.drawnAt,
        stats: window.__replay.stats(),
      }));
    const a = await read();
    await sleep(4000); // time on purpose: the replay must keep drawing over four seconds
    // At least one frame drawn in the last second of the wait.
    const b = await waitFor(
      "a frame after the wait",
      async () => {
        const r = await read();
        return r.at > a.at + 3000 && r;
      },
      20_000,
    );
    const perSecond = ((b.step - a.step) * 1000) / (b.at - a.at);
    console.log(
      `replay at 64×: ${perSecond.toFixed(1)} steps per second`,
      JSON.stringify(a.stats),
      JSON.stringify(b.stats),
    );
    expect(perSecond).toBeGreaterThan(64 * 0.85);
    expect(perSecond).toBeLessThan(64 * 1.15);
    await page.close();
  }, 120_000);

  it("the log tells every kind of event: conversations, whispers, interviews on the record, moderators' acts", async () => {
    // A moderator and a reporter act in the live town while it is recorded.
    // The step before anyone joins: the replay is played from there, so the arrivals are in it too.
    const [town] = await api<{ step: number }[]>("/api/towns");
    const from = town.step;
    const mod = await new Client(server.url).joinOrCreate("town", {
      name: "Mona",
      role: "moderator",
      token: TOKEN,
    });
    const rep = await new Client(server.url).joinOrCreate("town", {
      name: "Rita",
      role: "reporter",
    });
    const send = (room: unknown, type: string, m: unknown) =>
      (room as { send(t: string, m: unknown): void }).send(type, m);
    const agents = await api<{ id: string; name: string }[]>("/api/agents");
    const whispered = new Promise((r) =>
      (mod as unknown as { onMessage(t: string, f: (m: unknown) => void): void }).onMessage(
        "whisper_done",
        r,
      ),
    );
    const answered = new Promise((r) =>
      (rep as unknown as { onMessage(t: string, f: (m: unknown) => void): void }).onMessage(
        "interview_answer",
        r,
      ),
    );
    send(mod, "whisper", { agentId: agents[0].id, text: "You should bake a cake for the fair" });
    send(rep, "interview", { agentId: agents[1].id, question: "What is on your mind today?" });
    send(rep, "interview", {
      agentId: agents[1].id,
      question: "A secret question",
      offTheRecord: true,
    });
    await Promise.all([whispered, answered]);
    send(mod, "control", { action: "pause" });
    await waitFor(
      "the pause to reach the moderator",
      () => !(mod as unknown as { state: { clock: { running: boolean } } }).state.clock.running,
    );
    send(mod, "control", { action: "resume" });
    await waitFor(
      "the acts to be recorded",
      async () => {
        const [t] = await api<{ step: number }[]>("/api/towns");
        return t.step > from + 80;
      },
      30_000,
    );
    await Promise.all([mod.leave(), rep.leave()]);
    await waitFor(
      "the recording to reach them",
      async () => {
        const [rec] = await api<{ toStep: number }[]>("/api/recordings");
        return rec.toStep > from + 60;
      },
      30_000,
    );

    const [rec] = await api<{ id: string }[]>("/api/recordings");
    const page: Page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on("pageerror", (e) => pageErrors.push(String(e)));
    await page.goto(`${server.url}/replay/${rec.id}`);
    await page.waitForFunction(() => window.__replay?.status === "ready", undefined, {
      timeout: 20_000,
    });
    await page.evaluate((s) => window.__replay.seek(s), Math.max(0, from - 5));
    await page.selectOption(".speed", "16");
    await page.click(".play");
    await page.waitForFunction((t) => window.__replay.step > t, from + 50, { timeout: 20_000 });
    // The log is written as the frames are drawn: wait for the last of the acts to be in it.
    await page.waitForFunction(
      () => /Mona resumed the clock/.test(document.querySelector(".replay-log")?.textContent ?? ""),
      undefined,
      { timeout: 20_000 },
    );
    const log = await page.textContent(".replay-log");
    expect(log).toMatch(/Mona \(moderator\) came in/);
    expect(log).toMatch(
      new RegExp(`Mona whispered to ${agents[0].name}: “You should bake a cake for the fair”`),
    );
    expect(log).toMatch(
      new RegExp(
        `Rita \\(a reporter\\) asked ${agents[1].name}: “What is on your mind today\\?” — “.+”`,
      ),
    );
    expect(log).not.toMatch(/A secret question/);
    expect(log).toMatch(/Mona paused the clock/);
    expect(log).toMatch(/Mona resumed the clock/);
    await page.screenshot({ path: artifact("replay-log.png") });
    await page.close();
  }, 150_000);

  it("a styled page when there is no such recording, with the recordings there are", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${server.url}/replay/no-such-recording`);
    await page.waitForFunction(() => window.__replay?.status === "failed", undefined, {
      timeout: 10_000,
    });
    expect(await page.textContent("#replay-missing")).toContain("No replay here");
    await page.waitForSelector("#replay-choices li a");
    // The way back is readable: yellow on the dark card, not the browser's blue.
    const colour = await page.$eval(
      "#replay-missing .button-link",
      (el) => getComputedStyle(el).backgroundColor,
    );
    expect(colour).toBe("rgb(244, 210, 81)");
    await page.screenshot({ path: artifact("replay-missing.png") });
    await page.close();
  });
});
