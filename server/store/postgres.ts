// The PostgreSQL database behind DATABASE_URL, through @prisma/adapter-pg (node-postgres).
import { PrismaPg } from "@prisma/adapter-pg";
import { parseDatabaseUrl } from "./databaseUrl.ts";
import type { MigrationTarget } from "./migrate.ts";

/** How long to wait for a connection when the URL does not say (`connect_timeout`). */
const CONNECT_TIMEOUT_MS = 10_000;

export interface PostgresDatabase {
  adapter: PrismaPg;
  schema: string;
  migrations: MigrationTarget;
  /** The URL without its password, for messages. */
  display: string;
  /** A small pool of its own, on the driver itself, for bulk reads and writes past Prisma (see rawSql.ts). */
  rawPool: () => Promise<PgPool>;
}

/** node-postgres's Pool, as the adapter hands it out. */
export type PgPool = ReturnType<Awaited<ReturnType<PrismaPg["connect"]>>["underlyingDriver"]>;

/** Prepares the adapter for DATABASE_URL (does not connect yet: the first migration does). */
export function postgresDatabase(databaseUrl: string): PostgresDatabase {
  const target = parseDatabaseUrl(databaseUrl);
  const adapter = new PrismaPg(
    {
      connectionString: target.connectionString,
      ...(target.hasConnectTimeout ? {} : { connectionTimeoutMillis: CONNECT_TIMEOUT_MS }),
      // Prisma qualifies its own queries with the schema; this sends raw SQL there too, as ?schema= does for Prisma's CLI.
      ...(target.schema === "public" || target.hasOptions
        ? {}
        : { options: `-c search_path="${target.schema}"` }),
    },
    { schema: target.schema },
  );

  const migrations: MigrationTarget = {
    // A pool of its own, closed after: Prisma Client opens its pool from the same factory later.
    async transaction(fn) {
      const pool = (await adapter.connect()).underlyingDriver();
      try {
        const client = await pool.connect().catch((err: Error) => {
          throw connectError(target.display, err);
        });
        try {
          await client.query("BEGIN");
          const result = await fn({
            query: async <R>(sql: string, params?: unknown[]) =>
              (await client.query(sql, params)).rows as R[],
            // Without parameters node-postgres sends the simple protocol: several statements are fine.
            script: async (sql: string) => {
              await client.query(sql);
            },
          });
          await client.query("COMMIT");
          return result;
        } catch (err) {
          await client.query("ROLLBACK").catch(() => {});
          throw err;
        } finally {
          client.release();
        }
      } finally {
        await pool.end().catch(() => {});
      }
    },
  };
  const rawPool = async () => (await adapter.connect()).underlyingDriver();
  return { adapter, schema: target.schema, migrations, display: target.display, rawPool };
}

/** The PostgreSQL server could not be reached, or refused us (wrong user, password or database). */
export class DatabaseConnectError extends Error {
  override name = "DatabaseConnectError";
}

function connectError(display: string, err: Error): Error {
  return new DatabaseConnectError(`cannot connect to PostgreSQL at ${display}: ${describe(err)}`, {
    cause: err,
  });
}

/** An error's message; a refused dual-stack connect is an AggregateError with an empty one. */
function describe(err: Error & { code?: string }): string {
  if (err instanceof AggregateError && !err.message) {
    return (
      err.errors.map((e: Error & { code?: string }) => e.message || e.code).join("; ") ||
      "connection failed"
    );
  }
  return err.message || err.code || String(err);
}
