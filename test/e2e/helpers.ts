// Helpers for the browser tests: build the client when it is missing, launch Debian's headless
// Chromium, drive the client's pages; the real server as a child process comes from
// test/helpers/serverProcess.ts.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { Client, type Room } from "@colyseus/sdk";
import { chromium, type Browser } from "playwright-core";
import { COARSE_SETTLE_MS, MAX_VIEW_HALF, VIEW_MESSAGE } from "../../shared/interest.ts";
import { avatarAt, type AvatarState, type TownState } from "../../shared/state.ts";
import { ROOT } from "../helpers/serverProcess.ts";
import { sleep, waitFor } from "../helpers/wait.ts";

export { sleep, waitFor };
export {
  freePort,
  ROOT,
  startServerProcess,
  type ServerProcess,
} from "../helpers/serverProcess.ts";

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/** A client in the room that watches the whole town (a camera as large as the server allows: shared/interest.ts). */
export async function joinObserver(url: string): Promise<Room<any, TownState>> {
  const room = await new Client(url).joinOrCreate<TownState>("town", { name: "Observer" });
  (room as unknown as { send(t: string, m: unknown): void }).send(VIEW_MESSAGE, {
    follow: "",
    halfWidth: MAX_VIEW_HALF.width,
    halfHeight: MAX_VIEW_HALF.height,
  });
  return room;
}

/**
 * Waits until `room` sees the avatar `id` where it stands, and returns it with that place. Exactly
 * when it is near the middle of the room's view (`at`); else by its coarse place (`far`), which is
 * where it stands once it has stood still COARSE_SETTLE_MS, so that place is read once it has held
 * longer than that (with time to spare for a busy machine's patches). An observer's maximal view
 * is clamped to the map's middle, so an avatar arriving away from it is seen coarsely at first,
 * or not at all until the observer's view reaches it.
 */
export async function avatarStanding(
  room: Room<any, TownState>,
  id: string,
  what = "the observer to see the avatar where it stands",
  ms = 10_000,
): Promise<{ avatar: AvatarState; at: { x: number; y: number } }> {
  let last = "";
  let since = Date.now();
  const avatar = await waitFor(
    what,
    () => {
      const a = room.state.avatars?.get(id);
      const p = avatarAt(a);
      if (!a || !p) return undefined;
      if (`${p.x},${p.y}` !== last) [last, since] = [`${p.x},${p.y}`, Date.now()];
      return (typeof a.x === "number" || Date.now() - since > 2.5 * COARSE_SETTLE_MS) && a;
    },
    ms,
  );
  const p = avatarAt(avatar)!;
  return { avatar, at: { x: p.x, y: p.y } };
}

/** Leaves the room, waiting at most 2 s for a busy server's answer (a bound, not a wait). */
export async function leaveObserver(room: Room | undefined): Promise<void> {
  if (room?.connection.isOpen) await Promise.race([room.leave().catch(() => {}), sleep(2000)]);
}

// ---------------------------------------------------------------- pages of the client

type PageLike = import("playwright-core").Page;

/**
 * Waits until the page has drawn `frames` more animation frames: what a change asked for (a
 * panel, a bubble, a zoom step) is on screen, however slow the machine. A condition, not a time.
 */
export async function framesDrawn(page: PageLike, frames = 10): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        let left = n;
        const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    frames,
  );
}

/** Fills the join dialog (name, role, token), presses Enter and waits until the town is drawn. */
export async function joinTown(
  page: PageLike,
  name: string,
  role: "visitor" | "reporter" | "moderator" = "visitor",
  token?: string,
): Promise<void> {
  await page.waitForSelector("#join-name");
  await page.fill("#join-name", name);
  await page.selectOption("#join-role", role);
  if (token !== undefined) await page.fill("#join-token", token);
  await page.press("#join-name", "Enter");
  await page.waitForSelector("#game canvas", { timeout: 15_000 });
  await page.waitForFunction(
    () =>
      (window as unknown as { __simulacra: { render: { ready: boolean } } }).__simulacra?.render
        ?.ready === true,
    undefined,
    { timeout: 15_000 },
  );
}

export interface Camera {
  zoom: number;
  view: { x: number; y: number };
}

/** Waits until the camera stops easing and returns where it looks. */
export async function restingCamera(page: PageLike, maxMs = 6000): Promise<Camera> {
  const read = () =>
    page.evaluate(() => {
      const r = (window as unknown as { __simulacra: { render: Camera } }).__simulacra.render;
      return JSON.stringify({ zoom: r.zoom, view: r.view });
    });
  let seen = "";
  const deadline = Date.now() + maxMs;
  while (Date.now() < deadline) {
    await sleep(150); // time on purpose: resting means unchanged over 150 ms
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
