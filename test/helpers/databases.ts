// The two databases the store runs on, for integration tests that must pass on both: embedded
// PGlite in a temp folder, and a real PostgreSQL server (TEST_DATABASE_URL, default
// postgresql://postgres@127.0.0.1:5432/test) in a schema of the run's own, dropped afterwards.
// When PostgreSQL is unreachable its tests are skipped with a message; with CI=true they fail.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { redactDatabaseUrl } from "../../server/store/databaseUrl.ts";
import { openStore } from "../../server/store/open.ts";
import type { PrismaStore } from "../../server/store/prismaStore.ts";

export const PG_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/test";
export const IN_CI = process.env.CI === "true";

export async function adminQuery(sql: string): Promise<Record<string, unknown>[]> {
  const adapter = await new PrismaPg({
    connectionString: PG_URL,
    connectionTimeoutMillis: 5_000,
  }).connect();
  try {
    return (await adapter.underlyingDriver().query(sql)).rows as Record<string, unknown>[];
  } finally {
    await adapter.dispose();
  }
}

/** null when PostgreSQL answers, else why not. */
export async function probePostgres(): Promise<string | null> {
  try {
    await adminQuery("SELECT 1");
    return null;
  } catch (err) {
    const e = err as Error;
    return e instanceof AggregateError
      ? e.errors.map((x: Error) => x.message).join("; ")
      : e.message || String(e);
  }
}

export function pgUrlWithSchema(schema: string): string {
  const url = new URL(PG_URL);
  url.searchParams.set("schema", schema);
  return url.toString();
}

export interface Backend {
  name: "embedded" | "postgres";
  /** Opens the backend's database (the same data each time). */
  open(): Promise<PrismaStore>;
  /** Environment for a server on this database (DATA_DIR or DATABASE_URL). */
  env: Record<string, string>;
  /** Drops what the backend made. */
  dispose(): Promise<void>;
}

/** The backends a test file runs on; PostgreSQL only when it answers (or CI, where it must). */
export async function backends(
  label: string,
): Promise<{ list: Backend[]; pgProblem: string | null }> {
  const pgProblem = await probePostgres();
  const runId = `${label}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const dir = mkdtempSync(path.join(tmpdir(), `simulacra-${label}-`));
  const list: Backend[] = [
    {
      name: "embedded",
      open: () => openStore({ dataDir: path.join(dir, "db") }),
      env: { DATA_DIR: dir },
      dispose: async () => rmSync(dir, { recursive: true, force: true }),
    },
  ];
  if (pgProblem === null || IN_CI) {
    const schema = `t_${runId}`;
    list.push({
      name: "postgres",
      open: async () => {
        if (pgProblem !== null)
          throw new Error(
            `PostgreSQL is unreachable at ${redactDatabaseUrl(PG_URL)} (${pgProblem}); CI=true, so this fails instead of skipping`,
          );
        return openStore({ databaseUrl: pgUrlWithSchema(schema), dataDir: "unused" });
      },
      env: { DATABASE_URL: pgUrlWithSchema(schema), DATA_DIR: dir },
      dispose: async () => {
        if (pgProblem === null) await adminQuery(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      },
    });
  } else {
    console.warn(
      `\n[${label}] SKIPPING the PostgreSQL tests: ${redactDatabaseUrl(PG_URL)} is unreachable (${pgProblem}). With CI=true this fails.\n`,
    );
  }
  return { list, pgProblem };
}
