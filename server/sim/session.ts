// What both command-line tools open, configured like the server: the store (DATABASE_URL, else
// the embedded database under DATA_DIR), the LLM gateway (LLM_* variables, else offline) and a
// logger on stderr. Also how they end: a usage mistake prints one line and exits 1.
import path from "node:path";
import { pino, type Logger } from "pino";
import { readConfig, type ServerConfig } from "../config.ts";
import { describeEngine, makeGateway, readLlmConfig } from "../llm/index.ts";
import type { Gateway } from "../llm/prompt.ts";
import { openStore } from "../store/open.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import type { TownRecord } from "../store/store.ts";
import { UsageError } from "./saves.ts";

export interface Session {
  config: ServerConfig;
  store: PrismaStore;
  gateway: Gateway;
  /** describeEngine's line: which engine answers. */
  engine: string;
  /** Where the data is, for the start-up line. */
  database: string;
  log: Logger;
  close(): Promise<void>;
}

export async function openSession(
  env: NodeJS.ProcessEnv = process.env,
  /** Run the embedded database on a thread of its own (StoreOptions.embeddedThread). */
  opts: { embeddedThread?: boolean } = {},
): Promise<Session> {
  // Warnings and errors only by default: a CLI's stdout is its result.
  const config = readConfig({ LOG_LEVEL: "warn", ...env });
  const llm = readLlmConfig(config.env);
  const log = pino({ level: config.LOG_LEVEL }, pino.destination(2));
  const dataDir = path.join(config.DATA_DIR, "db");
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    embeddedThread: opts.embeddedThread,
  });
  const gateway = makeGateway(llm, { log });
  let closed: Promise<void> | null = null;
  return {
    config,
    store,
    gateway,
    engine: describeEngine(llm),
    database:
      store.kind === "embedded"
        ? `embedded (${dataDir})${opts.embeddedThread ? ", on a thread of its own" : ""}`
        : "postgres (DATABASE_URL)",
    log,
    close: () => (closed ??= Promise.all([store.close(), gateway.close()]).then(() => {})),
  };
}

/**
 * Runs `fn` on the save named `name` in the server's store (DATABASE_URL, else DATA_DIR), closing
 * the store after; a name that is no save is a UsageError.
 */
export async function withSave<T>(
  name: string,
  fn: (store: PrismaStore, town: TownRecord) => Promise<T>,
): Promise<T> {
  const config = readConfig({ LOG_LEVEL: "warn", ...process.env });
  const store = await openStore({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, "db"),
  });
  try {
    const town = await store.findTown(name);
    if (!town) throw new UsageError(`no save named "${name}"`);
    return await fn(store, town);
  } finally {
    await store.close();
  }
}

/** Runs a tool's main: a UsageError or a bad setting prints its message alone; exit code 1. */
export async function runMain(tool: string, main: () => Promise<number | void>): Promise<void> {
  try {
    const code = await main();
    process.exitCode = code ?? 0;
  } catch (e) {
    const err = e as Error;
    // Unexpected failures show their stack with LOG_LEVEL=debug; a person's mistake never does.
    const stack =
      !(err instanceof UsageError) && /^(debug|trace)$/.test(process.env.LOG_LEVEL ?? "");
    console.error(`${tool}: ${stack ? (err.stack ?? err.message) : err.message}`);
    process.exitCode = 1;
  }
}
