// Runs a store benchmark on both databases: a fresh embedded PGlite, then the real PostgreSQL
// (BENCH_DATABASE_URL, else 127.0.0.1:5432/test) in a schema of its own, dropped afterwards.
// PostgreSQL that does not answer is reported and skipped: a benchmark is not a test.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openStore } from "../server/store/open.ts";
import type { PrismaStore } from "../server/store/prismaStore.ts";

const PG = process.env.BENCH_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";

export async function onBothStores(
  name: string,
  bench: (label: string, store: PrismaStore) => Promise<void>,
): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), `simulacra-bench-${name}-`));
  try {
    const store = await openStore({ dataDir: path.join(dir, "db") });
    await bench("embedded PGlite", store);
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const schema = `bench_${name}_${process.pid}`;
  const url = new URL(PG);
  url.searchParams.set("schema", schema);
  const pg = await openStore({ databaseUrl: url.toString(), dataDir: "unused" }).catch(
    (e: Error) => {
      console.log(`PostgreSQL: skipped (${e.message})`);
      return null;
    },
  );
  if (!pg) return;
  try {
    await bench("PostgreSQL", pg);
    await pg.prisma.$executeRawUnsafe(`DROP SCHEMA "${schema}" CASCADE`);
  } finally {
    await pg.close();
  }
}
