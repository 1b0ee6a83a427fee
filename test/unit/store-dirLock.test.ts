import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
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
    await expect(lockDir(dir)).rejects.toThrow(new RegExp(`in use by process ${process.ppid} on .*delete .*c\\.lock`));
  });
});
