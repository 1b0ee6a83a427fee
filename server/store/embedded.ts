// The embedded database: PGlite (PostgreSQL compiled to wasm) in a folder, or in memory.
import { existsSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { lockDir, type DirLock } from "./dirLock.ts";
import type { MigrationTarget } from "./migrate.ts";
import { discardTemplate, loadTemplate, saveTemplate } from "./pgliteTemplate.ts";
import { PGliteThread, type PGliteLike } from "./pgliteThread.ts";

export const IN_MEMORY = "memory://";

export interface EmbeddedDatabase {
  /** PGlite on its own thread (when asked for), or in this one. */
  pglite: PGliteLike;
  adapter: PrismaPGlite;
  migrations: MigrationTarget;
  /** What it is, for messages: the folder, or "memory://". */
  display: string;
  /** Closes the database and unlocks its folder. */
  close(): Promise<void>;
}

export interface EmbeddedOptions {
  /** Run PGlite on a worker thread, off the caller's event loop (default false; the server asks). */
  thread?: boolean;
}

/**
 * Opens the PGlite database in `dataDir`, creating the folder and the database when new;
 * "memory://" gives a throwaway one. One process at a time may open a folder (see dirLock.ts).
 */
export async function openEmbedded(
  dataDir: string,
  options: EmbeddedOptions = {},
): Promise<EmbeddedDatabase> {
  if (!dataDir.trim())
    throw new Error("the embedded database needs a folder (dataDir), or memory://");
  const inMemory = dataDir.startsWith(IN_MEMORY);
  const dir = inMemory ? dataDir : path.resolve(dataDir);
  let isNew = inMemory;
  let lock: DirLock | null = null;
  if (!inMemory) {
    await mkdir(dir, { recursive: true }).catch((err: NodeJS.ErrnoException) => {
      throw new Error(
        `cannot create the embedded database folder ${dir}: ${err.code ?? err.message}`,
        { cause: err },
      );
    });
    lock = await lockDir(dir);
    isNew = (await readdir(dir)).length === 0;
    if (!isNew && !existsSync(path.join(dir, "PG_VERSION"))) {
      await lock.release();
      throw new Error(
        `the embedded database folder ${dir} is not empty and holds no database (no PG_VERSION)`,
      );
    }
  }

  let pglite: PGliteLike;
  try {
    pglite = options.thread
      ? await PGliteThread.open({ dir, isNew, inMemory })
      : await createPGlite(dir, isNew, inMemory);
  } catch (err) {
    await lock?.release();
    throw new Error(`cannot open the embedded database in ${dir}: ${(err as Error).message}`, {
      cause: err,
    });
  }
  const migrations: MigrationTarget = {
    transaction: (fn) =>
      pglite.transaction((tx) =>
        fn({
          query: async <R>(sql: string, params?: unknown[]) =>
            (await tx.query<R>(sql, params)).rows,
          script: async (sql: string) => {
            await tx.exec(sql);
          },
        }),
      ),
  };
  const close = async () => {
    try {
      if (!pglite.closed) await pglite.close();
    } finally {
      await lock?.release();
    }
  };
  // The adapter calls query, exec and transaction only: the thread's stand-in has them.
  return { pglite, adapter: new PrismaPGlite(pglite as PGlite), migrations, display: dir, close };
}

/** Opens PGlite in this thread. A new database starts from the template when there is one, and
 *  makes it when there is not. */
export async function createPGlite(
  dir: string,
  isNew: boolean,
  inMemory: boolean,
): Promise<PGlite> {
  if (!isNew) return PGlite.create(dir);
  const template = await loadTemplate();
  if (template) {
    try {
      return await PGlite.create(dir, { loadDataDir: template });
    } catch {
      await discardTemplate();
      // The folder was empty: clear what the failed unpacking left, then run initdb.
      if (!inMemory)
        for (const entry of await readdir(dir))
          await rm(path.join(dir, entry), { recursive: true, force: true });
    }
  }
  const pglite = await PGlite.create(dir);
  await saveTemplate(pglite);
  return pglite;
}
