// Stopping a child process and removing its data folder (test/helpers/childProcess.ts), with
// real processes that keep writing into their folder while they are asked to stop: the folder is
// removed only once nothing writes into it any more, and nothing throws.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { removeFolder, stopChild } from "../helpers/childProcess.ts";
import { sleep, waitFor } from "../helpers/wait.ts";

// A "server" that writes a file every few ms into nested folders of its data folder (as the
// embedded database does). `slow`: on SIGTERM it keeps writing for 1.5 s, then writes "saved"
// and exits; `stuck`: it ignores SIGTERM; `wrapper`: it starts a stuck writer in its own process
// group and exits at once on SIGTERM (as a launcher like npx may). Its timers are the code under
// test taking time on purpose, not waits of the test.
const SCRIPT = `
const fs = require("node:fs"), path = require("node:path"), { spawn } = require("node:child_process");
const [dir, mode] = process.argv.slice(1);
// Before the first write: whoever sees a file may signal at once.
process.on("SIGTERM", () => {
  // Time on purpose: the slow mode takes 1.5 s to save.
  if (mode === "slow") setTimeout(() => { fs.writeFileSync(path.join(dir, "saved"), "yes"); process.exit(0); }, 1500);
  if (mode === "wrapper") process.exit(0);
});
if (mode === "wrapper") spawn(process.execPath, ["-e", process.env.WRITER_SCRIPT, dir, "stuck"], { stdio: "inherit" });
let i = 0;
const write = () => {
  try {
    const sub = path.join(dir, "db", mode, String(i % 5));
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, "f" + i++), "x".repeat(4096));
  } catch {}
  setTimeout(write, 2); // time on purpose: a write every 2 ms
};
write();
`;

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  // Whatever a failed test left: the whole group, even when its leader has exited.
  for (const c of children)
    if (c.pid)
      try {
        process.kill(-c.pid, "SIGKILL");
      } catch {
        /* gone */
      }
  for (const d of dirs) removeFolder(d);
});

/** Starts the writer in its own process group and waits until it has written into its folder. */
async function startWriter(
  mode: "slow" | "stuck" | "wrapper",
): Promise<{ child: ChildProcess; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "simulacra-teardown-"));
  dirs.push(dir);
  const child = spawn(process.execPath, ["-e", SCRIPT, dir, mode], {
    detached: true,
    stdio: "inherit",
    env: { ...process.env, WRITER_SCRIPT: SCRIPT },
  });
  children.push(child);
  await waitFor(
    "the writer to write",
    () => existsSync(path.join(dir, "db", mode === "wrapper" ? "stuck" : mode)),
    10_000,
  );
  return { child, dir };
}

/** Whether any process of the group `pid` leads still runs. */
function groupRuns(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("stopping a child process and removing its data folder", () => {
  it("gives a slow shutdown its time: it finishes saving, then the folder goes", async () => {
    const { child, dir } = await startWriter("slow");
    await stopChild(child, { group: true });
    expect(child.exitCode, "it exited by itself, not killed").toBe(0);
    expect(readdirSync(dir)).toContain("saved");
    removeFolder(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it("kills a process that outlives its grace, waits for its exit, and the folder stays gone", async () => {
    const { child, dir } = await startWriter("stuck");
    const t0 = Date.now();
    await stopChild(child, { group: true, graceMs: 500 });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(500);
    expect(child.signalCode).toBe("SIGKILL");
    removeFolder(dir);
    // Time on purpose: a writer left behind would recreate the folder within its 2 ms period.
    await sleep(200);
    expect(existsSync(dir), "nothing writes into the folder after it is removed").toBe(false);
  });

  it("waits for every process of the group, not only the one it started", async () => {
    const { child, dir } = await startWriter("wrapper");
    await stopChild(child, { group: true, graceMs: 1_000 });
    expect(child.exitCode, "the wrapper itself stopped at once").toBe(0);
    expect(groupRuns(child.pid!), "the writer it started is gone too").toBe(false);
    removeFolder(dir);
    // Time on purpose: as above, nothing may write into the folder later.
    await sleep(200);
    expect(existsSync(dir)).toBe(false);
  });
});
