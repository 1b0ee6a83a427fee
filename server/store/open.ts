// Opening the store: PostgreSQL when a DATABASE_URL is given, else the embedded PGlite database
// in dataDir. Pending migrations are applied before the store is handed out.
import { PrismaClient } from "../../generated/prisma/client.ts";
import { openEmbedded } from "./embedded.ts";
import { loadMigrations, migrate } from "./migrate.ts";
import { DatabaseConnectError, postgresDatabase } from "./postgres.ts";
import { PrismaStore } from "./prismaStore.ts";
import { pgliteRawSql, pgRawSql } from "./rawSql.ts";
import type { StoreOptions } from "./store.ts";

/**
 * Opens the store: PostgreSQL at `databaseUrl` when set (its `?schema=`, default public), else the
 * embedded database in `dataDir`. Throws an error naming the database (never its password).
 */
export async function openStore(opts: StoreOptions): Promise<PrismaStore> {
  const migrations = await loadMigrations();
  if (opts.databaseUrl) {
    const db = postgresDatabase(opts.databaseUrl);
    await migrate(db.migrations, migrations, db.schema).catch((err: Error) => {
      throw err instanceof DatabaseConnectError
        ? err
        : new Error(`cannot prepare the database at ${db.display}: ${err.message}`, { cause: err });
    });
    return new PrismaStore(
      "postgres",
      new PrismaClient({ adapter: db.adapter }),
      pgRawSql(db.rawPool),
    );
  }
  const db = await openEmbedded(opts.dataDir, { thread: opts.embeddedThread });
  try {
    await migrate(db.migrations, migrations);
  } catch (err) {
    await db.close().catch(() => {});
    throw new Error(
      `cannot prepare the embedded database in ${db.display}: ${(err as Error).message}`,
      { cause: err },
    );
  }
  return new PrismaStore(
    "embedded",
    new PrismaClient({ adapter: db.adapter }),
    pgliteRawSql(db.pglite),
    () => db.close(),
  );
}
