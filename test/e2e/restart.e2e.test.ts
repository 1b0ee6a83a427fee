// The page survives a server restart (issue 30), in headless Chromium against the real server as
// a child process: SIGTERM, the page says the server is restarting and waits; the server starts
// again on the same port and data folder, and the page is back in the same town with the same
// name, without a reload, its camera's zoom kept. Screenshot: test/artifacts/restart-back.png.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { removeFolder, stopChild } from "../helpers/childProcess.ts";
import {
  artifact,
  ensureClientBuilt,
  freePort,
  joinTown,
  launchBrowser,
  startServerProcess,
  type ServerProcess,
} from "./helpers.ts";

const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-e2e-restart-"));
const servers: ServerProcess[] = [];
let browser: Browser;

type Hook = {
  link: string;
  status: string;
  render: { zoom: number };
  state: () => { name: string; avatars: { id: string; name: string; role: string }[] };
  avatarId: string;
};
declare const window: { __simulacra: Hook; __sameDocument?: boolean };

beforeAll(async () => {
  ensureClientBuilt();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await Promise.all(servers.map((s) => stopChild(s.child, { group: true, signal: "SIGKILL" })));
  removeFolder(dataDir);
});

async function start(port: number): Promise<ServerProcess> {
  const s = await startServerProcess({ HOST: "127.0.0.1" }, 60_000, { dataDir, port });
  servers.push(s);
  return s;
}

it("after a restart the page is back in the town without a reload, and says so", async () => {
  const port = await freePort();
  const first = await start(port);
  const page = await browser.newPage({ viewport: { width: 1100, height: 700 } });
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(first.url.replace("localhost", "127.0.0.1"));
  await joinTown(page, "Pia");
  await page.keyboard.press("+");
  const zoom = await page.evaluate(() => window.__simulacra.render.zoom);
  const town = await page.evaluate(() => window.__simulacra.state().name);
  await page.evaluate(() => (window.__sameDocument = true));

  await stopChild(first.child, { group: true, signal: "SIGTERM" });
  await page.waitForFunction(() => window.__simulacra.link === "waiting");
  await page.waitForFunction(() =>
    /restarting/i.test(document.querySelector("#hud-status")?.textContent ?? ""),
  );

  await start(port);
  await page.waitForFunction(() => window.__simulacra.link === "back", undefined, {
    timeout: 30_000,
  });
  await page.waitForFunction(() => (window as any).__simulacra.render.ready === true);
  // The status line is redrawn a few times a second.
  await page.waitForFunction(() =>
    /Back/.test(document.querySelector("#hud-status")?.textContent ?? ""),
  );
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
  const after = await page.evaluate(() => {
    const s = window.__simulacra.state();
    return { town: s.name, me: s.avatars.find((a) => a.id === window.__simulacra.avatarId) };
  });
  expect(after).toMatchObject({ town, me: { name: "Pia", role: "visitor" } });
  expect(await page.evaluate(() => window.__simulacra.render.zoom)).toBe(zoom);
  await page.screenshot({ path: artifact("restart-back.png") });
  expect(errors).toEqual([]);
}, 180_000);
