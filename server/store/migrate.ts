// The migration runner: applies the committed prisma/migrations/<timestamp>_<name>/migration.sql
// files that a database lacks, at start-up, for PGlite and PostgreSQL alike.
//
// It keeps Prisma's bookkeeping table `_prisma_migrations` (same columns, sha256 checksums, one row
// per applied migration), so `prisma migrate deploy/status` would see the same history. All pending
// migrations run in ONE transaction holding Prisma's migration advisory lock: two processes opening
// the same database at once apply them once, and a failing migration leaves nothing half-done.
import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** prisma/migrations of this repository. */
export const MIGRATIONS_DIR = fileURLToPath(new URL("../../prisma/migrations/", import.meta.url));

/** The advisory lock key `prisma migrate` takes, so our runner and Prisma's never run together. */
const PRISMA_MIGRATE_LOCK = 72707369;

export interface Migration {
  /** Folder name, e.g. "20261122113210_init"; migrations apply in the order of their names. */
  name: string;
  sql: string;
  /** sha256 of migration.sql in hex, as Prisma computes it. */
  checksum: string;
}

/** One connection inside one transaction. */
export interface SqlSession {
  /** One statement, with $1… parameters. */
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
  /** Several statements separated by ';' (a migration file); no parameters. */
  script(sql: string): Promise<void>;
}

/** What the runner needs of a database: a transaction on one connection, rolled back if fn throws. */
export interface MigrationTarget {
  transaction<T>(fn: (session: SqlSession) => Promise<T>): Promise<T>;
}

export interface MigrateResult {
  /** Names of the migrations applied now (empty when the database was up to date). */
  applied: string[];
}

export function checksumOf(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

/** Reads the migrations folder: every sub-folder with a migration.sql, sorted by name. */
export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(
    (err: NodeJS.ErrnoException) => {
      throw new Error(`cannot read the migrations folder ${dir}: ${err.code ?? err.message}`);
    },
  );
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrations: Migration[] = [];
  for (const name of names) {
    const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8").catch(() => null);
    if (sql !== null) migrations.push({ name, sql, checksum: checksumOf(sql) });
  }
  if (migrations.length === 0) throw new Error(`no migrations found in ${dir}`);
  return migrations;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

// Prisma's own definition (prisma-engines, postgres flavour), made idempotent.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/**
 * Applies the pending migrations to `schema` (created when missing). Idempotent: a database that is
 * up to date is left untouched. Throws, naming the migration, when one fails, when an applied one
 * was edited since, or when Prisma recorded one as failed.
 */
export async function migrate(
  target: MigrationTarget,
  migrations: Migration[],
  schema = "public",
): Promise<MigrateResult> {
  return target.transaction(async (db) => {
    await db.query(`SELECT pg_advisory_xact_lock(${PRISMA_MIGRATE_LOCK})`);
    const exists = await db.query("SELECT 1 AS ok FROM pg_namespace WHERE nspname = $1", [schema]);
    if (exists.length === 0) await db.script(`CREATE SCHEMA ${quoteIdent(schema)}`);
    // Migration files name tables unqualified, as Prisma writes them: they land in `schema`.
    await db.script(`SET LOCAL search_path TO ${quoteIdent(schema)}`);
    await db.script(CREATE_MIGRATIONS_TABLE);

    const rows = await db.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at`,
    );
    const done = new Map<string, AppliedRow>();
    for (const row of rows) {
      if (row.rolled_back_at !== null) continue;
      if (row.finished_at === null) {
        throw new Error(
          `migration ${row.migration_name} is recorded as failed in ${schema}._prisma_migrations; repair the database, then mark it rolled back or applied`,
        );
      }
      done.set(row.migration_name, row);
    }

    const applied: string[] = [];
    for (const m of migrations) {
      const row = done.get(m.name);
      if (row) {
        // Accept a file whose line endings changed (git autocrlf), nothing else.
        const lf = checksumOf(m.sql.replaceAll("\r\n", "\n"));
        const crlf = checksumOf(m.sql.replaceAll("\r\n", "\n").replaceAll("\n", "\r\n"));
        if (row.checksum !== m.checksum && row.checksum !== lf && row.checksum !== crlf) {
          throw new Error(
            `migration ${m.name} was edited after it was applied to this database; add a new migration instead`,
          );
        }
        continue;
      }
      const startedAt = new Date().toISOString();
      try {
        await db.script(m.sql);
      } catch (err) {
        throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
      }
      await db.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
         VALUES ($1, $2, $3, $4::timestamptz, clock_timestamp(), 1)`,
        [randomUUID(), m.checksum, m.name, startedAt],
      );
      applied.push(m.name);
    }
    return { applied };
  });
}
