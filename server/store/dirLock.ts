// One process at a time per embedded database folder. PGlite itself does not lock its folder: two
// servers on the same DATA_DIR would both open it and corrupt it. The lock is a file beside the
// folder (`<dir>.lock`) holding the owner's pid and host; a lock whose process is gone is stale
// and taken over, so a crash never leaves the database locked. Taking over is atomic too: two
// servers starting at once on a stale lock must not both end up owning it (see takeOver).
import { hostname } from "node:os";
import { link, readFile, stat, unlink, writeFile } from "node:fs/promises";

export interface DirLock {
  release(): Promise<void>;
}

export async function lockDir(dir: string): Promise<DirLock> {
  const lockPath = `${dir}.lock`;
  const me = `${process.pid}\n${hostname()}\n`;
  // Several servers starting at once on a stale lock wait for each other's takeover; on a busy
  // machine that can take a while, so the bound is time, not a count of tries.
  const deadline = Date.now() + 10_000;
  for (let attempt = 0; attempt < 3 || Date.now() < deadline; attempt++) {
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
        throw new Error(
          `cannot lock the embedded database (${lockPath}): ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
          { cause: err },
        );
      }
    } finally {
      await unlink(aside).catch(() => {});
    }
    const found = await stat(lockPath).catch(() => null);
    if (!found) continue; // released meanwhile
    const owner = await readFile(lockPath, "utf8").catch(() => "");
    const live = liveOwner(owner);
    if (live) {
      const who =
        live.pid === process.pid
          ? "this process (opened twice?)"
          : `process ${live.pid} on ${live.host}`;
      throw new Error(
        `the embedded database in ${dir} is in use by ${who}; if no server uses it, delete ${lockPath}`,
      );
    }
    // Stale: its process is gone. Take it over.
    await takeOver(lockPath, found.ino, owner, me);
  }
  throw new Error(
    `cannot lock the embedded database in ${dir}: ${lockPath} keeps reappearing; if no server uses the database, delete it and any ${lockPath}.takeover-* beside it`,
  );
}

/** The pid and host of a lock's owner while that process lives (on another host: assumed alive). */
function liveOwner(owner: string): { pid: number; host: string } | null {
  const [pidText = "", host = ""] = owner.split("\n");
  const pid = Number(pidText);
  return owner && Number.isInteger(pid) && pid > 0 && (host !== hostname() || isAlive(pid))
    ? { pid, host }
    : null;
}

/**
 * Removes the stale lock file seen (inode `ino` holding `owner`) so the caller can link its own.
 * Only one process may remove a given stale file: it first creates a marker named after that
 * file's inode (an exclusive create). Whoever holds the marker removes the lock only if it is
 * still that very file (same inode and same owner text: a fresh lock of another process has
 * another owner even if its inode was reused), so a lock taken meanwhile is never removed.
 */
async function takeOver(lockPath: string, ino: number, owner: string, me: string): Promise<void> {
  const marker = `${lockPath}.takeover-${ino}`;
  try {
    await writeFile(marker, me, { flag: "wx" });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    // Another process is taking this stale lock over: let it, then look again. A marker that is
    // gone (the takeover just finished) or still empty (created, its owner not yet written) is
    // a takeover in progress too; only a marker whose owner is dead was interrupted.
    const holder = await readFile(marker, "utf8").catch(() => "");
    if (!holder || liveOwner(holder)) return void (await new Promise((r) => setTimeout(r, 50)));
    throw new Error(
      `a takeover of the stale lock ${lockPath} was interrupted; if no server uses the database, delete ${lockPath} and ${marker}`,
      { cause: err },
    );
  }
  try {
    const now = await stat(lockPath).catch(() => null);
    if (now?.ino === ino && (await readFile(lockPath, "utf8").catch(() => null)) === owner)
      await unlink(lockPath).catch(() => {});
  } finally {
    await unlink(marker).catch(() => {});
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
