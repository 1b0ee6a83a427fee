// One process at a time per embedded database folder. PGlite itself does not lock its folder: two
// servers on the same DATA_DIR would both open it and corrupt it. The lock is a file beside the
// folder (`<dir>.lock`) holding the owner's pid and host; a lock whose process is gone is stale
// and taken over, so a crash never leaves the database locked.
import { hostname } from "node:os";
import { link, readFile, unlink, writeFile } from "node:fs/promises";

export interface DirLock {
  release(): Promise<void>;
}

export async function lockDir(dir: string): Promise<DirLock> {
  const lockPath = `${dir}.lock`;
  const me = `${process.pid}\n${hostname()}\n`;
  for (let attempt = 0; attempt < 3; attempt++) {
    // Written aside and hard-linked into place: the lock appears atomically, content included.
    const aside = `${lockPath}.${process.pid}.${attempt}`;
    try {
      await writeFile(aside, me);
      await link(aside, lockPath);
      let released = false;
      return {
        async release() {
          if (released) return;
          released = true;
          await unlink(lockPath).catch(() => {});
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new Error(`cannot lock the embedded database (${lockPath}): ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`, { cause: err });
      }
    } finally {
      await unlink(aside).catch(() => {});
    }
    const owner = await readFile(lockPath, "utf8").catch(() => "");
    const [pidText = "", host = ""] = owner.split("\n");
    const pid = Number(pidText);
    if (owner && Number.isInteger(pid) && pid > 0 && (host !== hostname() || isAlive(pid))) {
      const who = pid === process.pid ? "this process (opened twice?)" : `process ${pid} on ${host}`;
      throw new Error(`the embedded database in ${dir} is in use by ${who}; if no server uses it, delete ${lockPath}`);
    }
    // Stale: its process is gone. Take it over.
    await unlink(lockPath).catch(() => {});
  }
  throw new Error(`cannot lock the embedded database in ${dir}: ${lockPath} keeps reappearing`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
