// Stopping a child process a test started (a server, a CLI) and removing its data folder. The
// folder goes only once the process is really gone: removed under a process still saving, it
// fails with ENOTEMPTY (or comes back half-written).
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { SHUTDOWN_LIMIT_MS } from "../../server/config.ts";

/** How long SIGTERM is given: the server's own shutdown bound, and a margin to exit after it. */
export const STOP_GRACE_MS = SHUTDOWN_LIMIT_MS + 5_000;
/** After SIGKILL the kernel ends the process at once; longer than this means something is wrong. */
const KILL_WAIT_MS = 10_000;

export interface StopOptions {
  /** The child leads its own process group (spawned `detached`): signal the whole group and wait until none of it is left. */
  group?: boolean;
  signal?: NodeJS.Signals;
  graceMs?: number;
}

function running(child: ChildProcess, group: boolean): boolean {
  if (child.pid === undefined) return false; // never started
  if (child.exitCode === null && child.signalCode === null) return true;
  if (!group) return false;
  try {
    process.kill(-child.pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

function send(child: ChildProcess, group: boolean, signal: NodeJS.Signals): void {
  try {
    if (group) process.kill(-child.pid!, signal);
    else child.kill(signal);
  } catch {
    /* already gone */
  }
}

async function gone(child: ChildProcess, group: boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (running(child, group)) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25)); // a poll (as waitFor's), bounded by `ms`
  }
  return true;
}

/**
 * Sends SIGTERM (or `signal`), waits up to `graceMs` for the process (and with `group`, every
 * process of its group) to exit, then sends SIGKILL and waits for that exit too. Resolves only
 * once nothing of it runs; throws if it outlives SIGKILL.
 */
export async function stopChild(
  child: ChildProcess,
  { group = false, signal = "SIGTERM", graceMs = STOP_GRACE_MS }: StopOptions = {},
): Promise<void> {
  if (!running(child, group)) return;
  send(child, group, signal);
  if (await gone(child, group, graceMs)) return;
  send(child, group, "SIGKILL");
  if (!(await gone(child, group, KILL_WAIT_MS)))
    throw new Error(`process ${child.pid} still runs ${KILL_WAIT_MS} ms after SIGKILL`);
}

/** Removes a data folder; retries cover a file handle the OS releases a moment late. Call it after stopChild. */
export function removeFolder(dir: string): void {
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}
