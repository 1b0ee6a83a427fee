import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lockDir } from "../../server/store/dirLock.ts";

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "simulacra-lock-"));
});
afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe("lockDir", () => {
  it("holds a folder until released, then lets it be locked again", async () => {
    const dir = path.join(tmp, "a");
    const lock = await lockDir(dir);
    expect(await readFile(`${dir}.lock`, "utf8")).toBe(`${process.pid}\n${hostname()}\n`);
    await expect(lockDir(dir)).rejects.toThrow(/in use by this process/);
    await lock.release();
    await lock.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    await (await lockDir(dir)).release();
  });

  it("takes over the lock of a process that is gone", async () => {
    const dir = path.join(tmp, "b");
    await writeFile(`${dir}.lock`, `4194305\n${hostname()}\n`); // above Linux's largest pid: never alive
    const lock = await lockDir(dir);
    expect(await readFile(`${dir}.lock`, "utf8")).toBe(`${process.pid}\n${hostname()}\n`);
    await lock.release();
  });

  it("names the owner of a lock held by a live process", async () => {
    const dir = path.join(tmp, "c");
    await writeFile(`${dir}.lock`, `${process.ppid}\n${hostname()}\n`);
    await expect(lockDir(dir)).rejects.toThrow(
      new RegExp(`in use by process ${process.ppid} on .*delete .*c\\.lock`),
    );
  });

  it("never lets two of several servers starting at once own a stale lock together", async () => {
    const module = fileURLToPath(new URL("../../server/store/dirLock.ts", import.meta.url));
    const tsx = fileURLToPath(new URL("../../node_modules/.bin/tsx", import.meta.url));
    for (let round = 0; round < 2; round++) {
      const dir = path.join(tmp, `race-${round}`);
      await writeFile(`${dir}.lock`, `4194305\n${hostname()}\n`); // a crashed server's lock
      // Time on purpose: every process tries at the same moment, and holds the lock 1.5 s.
      const at = Date.now() + 2_500;
      const script = `(async () => { const { lockDir } = await import(${JSON.stringify(module)});
        // time on purpose: start together, hold the lock 1.5 s
        await new Promise((r) => setTimeout(r, ${at} - Date.now()));
        try { const l = await lockDir(${JSON.stringify(dir)}); const from = Date.now(); await new Promise((r) => setTimeout(r, 1500)); console.log("locked " + from + " " + Date.now()); await l.release(); }
        catch (e) { console.log(/in use by process/.test(e.message) ? "refused" : "error: " + e.message); } })();`;
      const outs = await Promise.all(
        Array.from({ length: 5 }, () =>
          promisify(execFile)(tsx, ["--eval", script]).then((r) => r.stdout.trim()),
        ),
      );
      // Never two owners at once (a process that starts late, on a busy machine, may lock it
      // legitimately after the first released it); every other one is refused, none fails.
      const held = outs
        .filter((o) => o.startsWith("locked"))
        .map((o) => o.split(" ").slice(1).map(Number))
        .sort((x, y) => x[0] - y[0]);
      expect(held.length).toBeGreaterThanOrEqual(1);
      for (let i = 1; i < held.length; i++)
        expect(held[i][0], "two owners at once").toBeGreaterThanOrEqual(held[i - 1][1]);
      expect(
        outs.filter((o) => !o.startsWith("locked") && o !== "refused"),
        "no process fails",
      ).toEqual([]);
      expect(outs.filter((o) => o === "refused")).toHaveLength(5 - held.length);
    }
  }, 60_000);
});
