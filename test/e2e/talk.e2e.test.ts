// End to end in headless Chromium against the real server (offline engine): a resident someone
// walks up to stops and turns to them before a word is said, and keeps still while they talk;
// three people talk with one resident at once, every panel showing everyone and every line; two
// visitors' panels are open on one resident at once and neither is locked out. An SDK observer
// checks what the server shows. Screenshots (test/artifacts/): talk-approach.png (the resident
// stopped and turned to Ada, before a word), talk-approach-chat.png (their talk, the resident
// still in place), talk-group-{bea,cy,dee}.png (each of the three panels: everyone in the talk,
// every line with speaker → listener), talk-two-{eve,fay}.png (both visitors' panels open at once).
import type { Room } from "@colyseus/sdk";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TALK_RANGE } from "../../shared/constants.ts";
import { avatarAt, facingOf, talkingToOf, type TownState } from "../../shared/state.ts";
import { facingToward } from "../../shared/view.ts";
import {
  artifact,
  ensureClientBuilt,
  joinObserver,
  joinTown,
  launchBrowser,
  leaveObserver,
  startServerProcess,
  waitFor,
  type ServerProcess,
  framesDrawn,
} from "./helpers.ts";

let server: ServerProcess;
let browser: Browser;
let observer: Room<any, TownState>;
const pageErrors: string[] = [];

type Line = { who: string; speaker: string; name: string; to: string; text: string; state: string };
type Member = { id: string; name: string; kind: string };
type Hook = {
  avatarId: string;
  render: { residents: Record<string, { x: number; y: number; facing: string }> };
  state: () => { avatars: { id: string; x: number; y: number }[] } | null;
  chat: () => Line[];
  chatMembers: () => Member[];
};
declare const window: { __simulacra: Hook };

beforeAll(async () => {
  ensureClientBuilt();
  [server, browser] = await Promise.all([startServerProcess(), launchBrowser()]);
  observer = await joinObserver(server.url);
  await waitFor("the observer to see residents", () => observer.state.agents?.size >= 3);
}, 60_000);

afterAll(async () => {
  await leaveObserver(observer);
  await browser?.close().catch(() => {});
  await server?.stop();
  expect(pageErrors).toEqual([]);
});

async function person(name: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  await page.goto(`${server.url}/?fps=30&daylight=12:00`);
  try {
    await joinTown(page, name);
  } catch (e) {
    const hook = await page.evaluate(() => {
      const w = window as unknown as { __simulacra?: { status: string; error: string } };
      return {
        status: w.__simulacra?.status,
        error: w.__simulacra?.error,
        toast: document.body.innerText.slice(0, 400),
      };
    });
    throw new Error(`${name} could not join: ${JSON.stringify(hook)}`, { cause: e });
  }
  return page;
}

const idOf = (page: Page) => page.evaluate(() => window.__simulacra.avatarId);
const tileOf = async (page: Page) => {
  const id = await idOf(page);
  return page.evaluate((me) => window.__simulacra.state()!.avatars.find((a) => a.id === me)!, id);
};
const resident = (id: string) => observer.state.agents.get(id)!;
/** Whom a resident talks to, as a client reads it (a person by their seat). */
const withWhom = (id: string) => talkingToOf(observer.state, resident(id));
const far = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** Opens the resident in the inspector (the residents list) and presses Talk: the avatar walks up. */
async function talkTo(page: Page, id: string): Promise<void> {
  await page.click(`[data-inspect="${id}"]`);
  await page.click("#inspector-talk");
  await page.waitForFunction(
    () => /^Talking with/.test(document.querySelector("#chat-status")?.textContent ?? ""),
    undefined,
    { timeout: 30_000 },
  );
}

async function say(page: Page, text: string): Promise<void> {
  await page.fill("#chat-input", text);
  await page.press("#chat-input", "Enter");
}

/** An awake resident, not talking, nearest to (but farther than `min` tiles from) a tile. */
function awakeResidentNear(
  from: { x: number; y: number },
  min: number,
  not: string[] = [],
): string {
  const free = Array.from(observer.state.agents.values())
    .filter(
      (a) =>
        !talkingToOf(observer.state, a) &&
        !/sleep|bed/i.test(a.action) &&
        !not.includes(a.id) &&
        far(a, from) > min,
    )
    .sort((a, b) => far(a, from) - far(b, from));
  expect(free.length).toBeGreaterThan(0);
  return free[0].id;
}

describe("talking with residents", () => {
  it("a resident walked up to stops and turns to the person before a word is said, and stays while they talk", async () => {
    const page = await person("Ada");
    const me = await idOf(page);
    const target = awakeResidentNear(await tileOf(page), TALK_RANGE + 2);
    const before = { x: resident(target).x, y: resident(target).y };
    await page.click(`[data-inspect="${target}"]`);
    await page.click("#inspector-talk");
    // The reaction step: the resident sees Ada coming and turns to her (no word said yet).
    await waitFor("the resident to stop for Ada", () => withWhom(target) === me, 30_000);
    const stoppedAt = { x: resident(target).x, y: resident(target).y };
    expect(far(stoppedAt, before)).toBeLessThan(far(before, await tileOf(page)) + 20);
    await page.waitForFunction(
      () => /^Talking with/.test(document.querySelector("#chat-status")?.textContent ?? ""),
      undefined,
      { timeout: 30_000 },
    );
    const at = await tileOf(page);
    expect(far(at, stoppedAt)).toBeLessThanOrEqual(TALK_RANGE);
    // It looks at her (wherever her last steps took her): in the server's view and as the page draws its sprite.
    const facing = await waitFor(
      "the resident to face Ada",
      () => {
        const ada = avatarAt(observer.state.avatars.get(me));
        const toward = ada ? facingToward(stoppedAt, ada) : undefined;
        return toward && facingOf(resident(target)) === toward ? toward : undefined;
      },
      20_000,
    );
    await page.waitForFunction(
      ([id, f]) => window.__simulacra.render.residents[id]?.facing === f,
      [target, facing] as const,
      { timeout: 10_000 },
    );
    await framesDrawn(page);
    await page.screenshot({ path: artifact("talk-approach.png") });

    // It keeps still while they talk, whatever its plan says, and every line is heard.
    await say(page, "Hello! Do you have a minute?");
    await waitFor(
      "an answer",
      async () =>
        (await page.evaluate(() => window.__simulacra.chat())).some(
          (l) => l.who === "them" && l.speaker === target,
        ),
      30_000,
    );
    await say(page, "What have you been up to?");
    await waitFor(
      "a second answer",
      async () =>
        (await page.evaluate(() => window.__simulacra.chat())).filter((l) => l.who === "them")
          .length >= 2,
      30_000,
    );
    const lines = await page.evaluate(() => window.__simulacra.chat());
    expect(lines.filter((l) => l.state === "failed")).toEqual([]);
    expect({ x: resident(target).x, y: resident(target).y }).toEqual(stoppedAt);
    expect(withWhom(target)).toBe(me);
    // The room sends whom it talks with, not the words: the page writes them, in the list of
    // residents and on the resident's label (the screenshot).
    expect(resident(target).action).toBe("");
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`[data-inspect="${id}"]`)
          ?.closest("li")
          ?.title.endsWith(": talking with Ada"),
      target,
      { timeout: 10_000 },
    );
    await page.screenshot({ path: artifact("talk-approach-chat.png") });

    // Goodbye: it answers, and goes back to its day.
    await say(page, "Goodbye, see you later!");
    await waitFor("the resident to be free again", () => withWhom(target) === "", 30_000);
    await page.close();
  }, 150_000);

  it("three people talk with one resident: each panel shows everyone and every line, and each is answered in turn", async () => {
    const names = ["Bea", "Cy", "Dee"];
    const asks = [
      "Good morning! What are you working on today?",
      "Who are your closest friends in town?",
      "What did you do yesterday?",
    ];
    const pages: Page[] = [];
    for (const n of names) pages.push(await person(n));
    const ids = await Promise.all(pages.map(idOf));
    const target = awakeResidentNear(await tileOf(pages[0]), 0);
    for (const [i, page] of pages.entries()) {
      await talkTo(page, target);
      await say(page, asks[i]);
    }
    // Every panel lists the resident and the three people (a resident passing by may join too).
    for (const page of pages) {
      await page.waitForFunction(
        (n) => window.__simulacra.chatMembers().filter((m) => m.kind === "avatar").length === n,
        3,
        { timeout: 20_000 },
      );
      const members = await page.evaluate(() => window.__simulacra.chatMembers());
      expect(
        members
          .filter((m) => m.kind === "avatar")
          .map((m) => m.id)
          .sort(),
      ).toEqual([...ids].sort());
      expect(members.map((m) => m.id)).toContain(target);
    }
    // The resident answers each of them, in the order they spoke; every panel shows every line with its speaker.
    const answered = await waitFor(
      "an answer to each of the three",
      async () => {
        const l = await pages[0].evaluate(() => window.__simulacra.chat());
        const to = l.filter((x) => x.speaker === target).map((x) => x.to);
        return ids.every((id) => to.includes(id)) && to;
      },
      60_000,
    );
    expect(answered.filter((id, i) => answered.indexOf(id) === i)).toEqual(ids);
    // The three stand around the resident, each on a tile of their own.
    const tiles = await Promise.all(pages.map(tileOf));
    expect(new Set(tiles.map((t) => `${t.x},${t.y}`)).size).toBe(3);
    for (const [i, page] of pages.entries()) {
      const l = await page.evaluate(() => window.__simulacra.chat());
      for (const [j, id] of ids.entries()) {
        const said = l.find((x) => x.speaker === id && x.text === asks[j]);
        expect(said, `${names[i]}'s panel shows ${names[j]}'s line`).toBeTruthy();
        if (i !== j) expect(said!.name).toMatch(new RegExp(`^${names[j]} → `));
      }
      expect(l.filter((x) => x.state === "failed")).toEqual([]);
      await expect(page.textContent("#chat-members")).resolves.toMatch(
        new RegExp(`${names[i]} \\(you\\)`),
      );
      await framesDrawn(page);
      await page.screenshot({ path: artifact(`talk-group-${names[i].toLowerCase()}.png`) });
    }
    for (const page of pages) await page.close();
    await waitFor("the resident to be free again", () => withWhom(target) === "", 30_000);
  }, 240_000);

  it("two visitors' panels are open on one resident at once and neither is locked out", async () => {
    const eve = await person("Eve");
    const fay = await person("Fay");
    const target = awakeResidentNear(await tileOf(eve), 0);
    await talkTo(eve, target);
    await say(eve, "Good morning!");
    await talkTo(fay, target);
    await say(fay, "Morning! May I join you?");
    // Each is answered, and each panel shows the other's words too.
    for (const page of [eve, fay]) {
      const me = await idOf(page);
      await waitFor(
        "an answer to each",
        async () =>
          (await page.evaluate(() => window.__simulacra.chat())).some(
            (l) => l.speaker === target && l.to === me,
          ),
        40_000,
      );
    }
    await waitFor("Eve's panel to show Fay's words", async () =>
      (await eve.evaluate(() => window.__simulacra.chat())).some(
        (l) => l.text === "Morning! May I join you?",
      ),
    );
    for (const [name, page] of [
      ["eve", eve],
      ["fay", fay],
    ] as const) {
      expect(await page.isVisible("#chat-panel")).toBe(true);
      const l = await page.evaluate(() => window.__simulacra.chat());
      expect(l.filter((x) => x.state === "failed")).toEqual([]);
      expect(await page.textContent("#chat-log")).not.toMatch(/is talking with/);
      await page.screenshot({ path: artifact(`talk-two-${name}.png`) });
    }
    await eve.close();
    await fay.close();
  }, 150_000);
});
