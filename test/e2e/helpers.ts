// Helpers for the browser tests: build the client when it is missing, start the real server as
// a child process on a free port, launch Debian's headless Chromium.
import { execSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "playwright-core";
import { Health } from "../../shared/health.ts";
import { removeFolder, stopChild } from "../helpers/childProcess.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const ARTIFACTS = path.join(ROOT, "test/artifacts");

/** Builds dist/client unless it is there already (`npm test` builds it first). */
export function ensureClientBuilt(): void {
  if (existsSync(path.join(ROOT, "dist/client/index.html"))) return;
  execSync("npm run build", { cwd: ROOT, stdio: "inherit" });
}

export function artifact(name: string): string {
  mkdirSync(ARTIFACTS, { recursive: true });
  return path.join(ARTIFACTS, name);
}

/** A port nobody listens on: listen on 0, read the port, close. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  port: number;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts `npx tsx server/index.ts` with its own data folder; resolves once it prints its URL. */
export async function startServerProcess(env: Record<string, string> = {}, timeoutMs = 45_000): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "simulacra-e2e-"));
  // Node itself with tsx's loader (no wrapper that could exit before the server has saved), in its
  // own process group so that stopping it stops anything it started too.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? tmpdir(),
      ...(process.env.CI !== undefined ? { CI: process.env.CI } : {}),
      PORT: String(port),
      TOWN: "base-3",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
  });
  let out = "";
  child.stdout!.on("data", (b: Buffer) => { out += b.toString(); });
  child.stderr!.on("data", (b: Buffer) => { out += b.toString(); });
  const url = `http://localhost:${port}`;
  let exited = false;
  child.once("exit", () => { exited = true; });
  const stop = async () => {
    await stopChild(child, { group: true });
    removeFolder(dataDir);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (/http:\/\//.test(out)) break;
    if (exited) {
      await stop();
      throw new Error(`the server exited before it was ready:\n${out}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start in ${timeoutMs} ms:\n${out}`);
    }
    await sleep(100);
  }
  // Printed means listening with its towns open; make sure HTTP says so too.
  try {
    await waitFor("the server to be ready (/api/health)", () => fetch(`${url}/api/health`).then(async (r) => Health.parse(await r.json()).ready, () => false), 5_000);
  } catch (e) {
    await stop();
    throw e;
  }
  return { url, port, output: () => out, stop };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls until `check` returns something truthy, or fails naming what it waited for. */
export async function waitFor<T>(what: string, check: () => T | undefined | null | false | Promise<T | undefined | null | false>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(50);
  }
}

// ---------------------------------------------------------------- pages of the client

type PageLike = import("playwright-core").Page;

/** Fills the join dialog (name, role, token), presses Enter and waits until the town is drawn. */
export async function joinTown(page: PageLike, name: string, role: "visitor" | "reporter" | "moderator" = "visitor", token?: string): Promise<void> {
  await page.waitForSelector("#join-name");
  await page.fill("#join-name", name);
  await page.selectOption("#join-role", role);
  if (token !== undefined) await page.fill("#join-token", token);
  await page.press("#join-name", "Enter");
  await page.waitForSelector("#game canvas", { timeout: 15_000 });
  await page.waitForFunction(() => (window as unknown as { __simulacra: { render: { ready: boolean } } }).__simulacra?.render?.ready === true, undefined, { timeout: 15_000 });
}

export interface Camera { zoom: number; view: { x: number; y: number } }

/** Waits until the camera stops easing and returns where it looks. */
export async function restingCamera(page: PageLike, maxMs = 6000): Promise<Camera> {
  const read = () => page.evaluate(() => {
    const r = (window as unknown as { __simulacra: { render: Camera } }).__simulacra.render;
    return JSON.stringify({ zoom: r.zoom, view: r.view });
  });
  let seen = "";
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    await sleep(150);
    const now = await read();
    if (now === seen) break;
    seen = now;
  }
  return JSON.parse(seen) as Camera;
}

/** Screen position of a world point, pixels. */
export function toScreen(cam: Camera, wx: number, wy: number): { x: number; y: number } {
  return { x: (wx - cam.view.x) * cam.zoom, y: (wy - cam.view.y) * cam.zoom };
}
