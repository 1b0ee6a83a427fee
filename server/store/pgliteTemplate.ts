// A template for new embedded databases: the tarball of a freshly initialised, empty PGlite cluster.
// PGlite runs initdb (in wasm) for every new database, about 3–5 s here; unpacking this tarball
// instead takes under a second. The tarball is made once, by the first new database, and kept in
// node_modules/.cache/simulacra/ (one file per PGlite version), and in memory for this process.
// Any trouble with the cache only costs time: the caller falls back to initdb.
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGlite } from "@electric-sql/pglite";

const CACHE_DIR = fileURLToPath(new URL("../../node_modules/.cache/simulacra/", import.meta.url));

let memo: Blob | null = null;

function pgliteVersion(): string {
  // The package's exports hide package.json; walk up from its entry point instead.
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (let i = 0; i < 4; i++) {
    try {
      const pkg = createRequire(import.meta.url)(path.join(dir, "package.json")) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === "@electric-sql/pglite" && pkg.version) return pkg.version;
    } catch {
      // not here; go up
    }
    dir = path.dirname(dir);
  }
  return "unknown";
}

const VERSION = pgliteVersion();
const cacheFile = () => path.join(CACHE_DIR, `pglite-${VERSION}-empty.tar.gz`);

/** The template for this PGlite version, or null when there is none yet. */
export async function loadTemplate(): Promise<Blob | null> {
  if (memo) return memo;
  if (VERSION === "unknown") return null;
  const bytes = await readFile(cacheFile()).catch(() => null);
  if (!bytes) return null;
  memo = new Blob([bytes]);
  return memo;
}

/** Keeps a tarball of `db`, which must be a freshly initialised, still empty cluster. */
export async function saveTemplate(db: PGlite): Promise<void> {
  if (VERSION === "unknown") return;
  // Written aside then renamed, so a concurrent reader never sees half a file.
  const partial = `${cacheFile()}.${process.pid}.${Date.now()}.partial`;
  try {
    const tarball = await db.dumpDataDir("gzip");
    memo = tarball;
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
    await rename(partial, cacheFile());
  } catch {
    // A read-only node_modules or a full disk: new databases keep running initdb.
    await rm(partial, { force: true }).catch(() => {});
  }
}

/** Forgets a template that failed to load. */
export async function discardTemplate(): Promise<void> {
  memo = null;
  await rm(cacheFile(), { force: true }).catch(() => {});
}
