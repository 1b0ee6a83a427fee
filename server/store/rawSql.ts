// Bulk reads and writes on the database driver itself, past Prisma's mapping of every value
// (which turns a bytea into base64 text and back, and builds an object per column, then compiles
// a batch per write): a restore reads a town's memory rows here and an autosave writes them
// (memoryRows.ts). Values come as the driver parses them: a bytea as bytes.
import type { PGliteLike } from "./pgliteThread.ts";
import type { PgPool } from "./postgres.ts";

export interface RawSql {
  query<R>(sql: string, params: (string | number | null)[]): Promise<R[]>;
  close(): Promise<void>;
}

/**
 * Reads and writes on a pool of its own, opened at the first read. (node-postgres reads every value as
 * text, a bytea as hex it decodes natively into a Buffer; its "binary" option would decode a
 * bytea's bytes as UTF-8 first, so it is not used.)
 */
export function pgRawSql(open: () => Promise<PgPool>): RawSql {
  let pool: Promise<PgPool> | null = null;
  return {
    async query<R>(sql: string, params: (string | number | null)[]) {
      pool ??= open();
      return (await (await pool).query(sql, params)).rows as R[];
    },
    async close() {
      if (pool) await (await pool).end();
    },
  };
}

/** Reads and writes on the embedded database's own query (it hands a bytea over as a Uint8Array). */
export function pgliteRawSql(pglite: PGliteLike): RawSql {
  return {
    async query<R>(sql: string, params: (string | number | null)[]) {
      return (await pglite.query<R>(sql, params)).rows;
    },
    async close() {},
  };
}
