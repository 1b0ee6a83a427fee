// Reading DATABASE_URL: what the PostgreSQL store connects to, and how to name it in messages
// without printing its password.

export interface PostgresTarget {
  /** The connection string handed to the driver (without Prisma's `schema` parameter). */
  connectionString: string;
  /** The PostgreSQL schema the store's tables live in: `?schema=` of the URL, else "public". */
  schema: string;
  /** The URL for messages and logs: `postgresql://user@host:port/database?schema=…`, no password. */
  display: string;
  /** Whether the URL sets its own connect timeout (`connect_timeout`). */
  hasConnectTimeout: boolean;
  /** Whether the URL sets server options (`options`, e.g. `-c search_path=…`). */
  hasOptions: boolean;
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_$]{0,62}$/;

/** Parses a PostgreSQL connection URL; throws an error naming what is wrong (never echoing the URL). */
export function parseDatabaseUrl(databaseUrl: string): PostgresTarget {
  let url: URL;
  try {
    url = new URL(databaseUrl.trim());
  } catch {
    throw new Error(
      "DATABASE_URL is not a valid URL (expected postgresql://user:password@host:port/database)",
    );
  }
  if (url.protocol !== "postgresql:" && url.protocol !== "postgres:") {
    throw new Error(
      `DATABASE_URL must start with postgresql:// or postgres://, not ${url.protocol}//`,
    );
  }
  const schema = url.searchParams.get("schema") ?? "public";
  if (!SCHEMA_NAME.test(schema)) {
    throw new Error(
      "DATABASE_URL has a bad ?schema= (letters, digits and '_', not starting with a digit, at most 63)",
    );
  }
  url.searchParams.delete("schema");
  return {
    connectionString: url.toString(),
    schema,
    display: redactDatabaseUrl(databaseUrl),
    hasConnectTimeout: url.searchParams.has("connect_timeout"),
    hasOptions: url.searchParams.has("options"),
  };
}

/** The URL without its password (and without any query parameter but `schema`), for messages. */
export function redactDatabaseUrl(databaseUrl: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl.trim());
  } catch {
    return "(unparsable DATABASE_URL)";
  }
  const user = url.username ? `${decodeURIComponent(url.username)}@` : "";
  const host = url.host || "(default host)";
  const database = url.pathname.replace(/^\//, "") || "(default database)";
  const schema = url.searchParams.get("schema");
  return `${url.protocol}//${user}${host}/${database}${schema ? `?schema=${schema}` : ""}`;
}
