// Server settings, read once from the environment and validated. Everything has a default, so
// `npm start` with nothing set runs: embedded database, local presence, offline engine.
import { availableParallelism } from "node:os";
import { z } from "zod";
import { TownName } from "../shared/text.ts";

/** How long the server may take to save and stop after SIGTERM/SIGINT before it exits anyway. */
export const SHUTDOWN_LIMIT_MS = 15_000;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const ServerConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().default("0.0.0.0"),
  /** Town template to start (a folder of assets/towns). */
  TOWN: z
    .string()
    .regex(/^[\w.-]+$/, "a town name: letters, digits, '.', '_' or '-'")
    .default("base-3"),
  /** Name of the running town (its save); defaults to the template's name. */
  TOWN_NAME: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(TownName.optional()),
  /**
   * Several towns at once, comma-separated, the first one the default: each entry a saved town or
   * a template ("base-3"), or "name=template" for a new town of that name. Replaces TOWN/TOWN_NAME.
   */
  TOWNS: optionalText,
  DATA_DIR: z.string().default("./data"),
  /** Where `npm run eval` writes reports (one folder each) and /api/evals lists them. */
  EVALS_DIR: z.string().default("./evals"),
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  MODERATOR_TOKEN: optionalText,
  /** When set, joining as a reporter needs it (the `token` join option), as moderators need theirs. */
  REPORTER_TOKEN: optionalText,
  /** Other origins whose pages may call this server (comma-separated); its own always may. */
  CORS_ORIGINS: optionalText,
  /** Whether a proxy in front says who the client is (X-Forwarded-For): as Express's `trust proxy`. */
  TRUST_PROXY: optionalText,
  /**
   * Model tokens a town may spend per hour; past it, visitors' and reporters' asks are answered by
   * the offline engine until the hour's spending falls below it again.
   */
  LLM_BUDGET_TOKENS_PER_HOUR: z.coerce.number().int().positive().default(2_000_000),
  /** Rate limits hold per session and per address; an address may use this many sessions' worth. */
  ADDRESS_RATE_SHARE: z.coerce.number().positive().default(4),
  /** Seats a single address may hold waiting (reserved, not yet joined), and a town in all. */
  SEATS_WAITING_PER_ADDRESS: z.coerce.number().int().positive().default(8),
  SEATS_WAITING_PER_TOWN: z.coerce.number().int().positive().default(64),
  /** Time of day a new town starts at ("08:00"): residents are up and about from the first minute. "" keeps the map's own start. */
  /** Seconds a dropped person's avatar, seat and talks wait for their connection to come back. */
  RECONNECT_SECONDS: z.coerce.number().min(0).max(3600).default(20),
  START_TIME: z
    .string()
    .trim()
    .regex(
      /^(([01]?\d|2[0-3]):[0-5]\d)?$/,
      "a time of day, HH:MM (00:00 to 23:59), or empty for the map's own start",
    )
    .default("08:00"),
  STEPS_PER_SECOND: z.coerce.number().positive().max(100).default(1),
  AUTOSAVE_STEPS: z.coerce.number().int().positive().default(60),
  /** Most bytes of a town's recording that wait in memory while the database cannot write (64 MiB). */
  RECORDING_BUFFER_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024 * 1024),
  SEED: z.coerce.number().int().default(1),
  /**
   * "on": each town's minds (memory, retrieval, prompts, the offline engine, token counting) run
   * on a worker thread of their own, so the room's thread only steps the town; "off": in the
   * room's thread.
   */
  MIND_THREAD: z.enum(["on", "off"]).default("on"),
  /**
   * With MIND_THREAD=on: the threads a town's minds run on, its residents partitioned over them
   * (agents/mindPool.ts); default: the cores but one (one at least).
   */
  MIND_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(() => Math.max(1, availableParallelism() - 1)),
  /**
   * "redis": the minds run in mind worker processes (npm run mind-worker) on any machine, fed
   * through Redis at REDIS_URL (scale/mindQueue.ts, docs/mind-workers.md); "threads": here.
   */
  MIND_WORKERS: z.enum(["threads", "redis"]).default("threads"),
  /** With MIND_WORKERS=redis: the partitions a town's residents are dealt into (a worker runs one or more). */
  MIND_PARTITIONS: z.coerce.number().int().min(1).max(256).default(4),
  /** With MIND_WORKERS=redis: the prefix of the queue's keys (the workers' MIND_QUEUE_PREFIX must match). */
  MIND_QUEUE_PREFIX: z.string().trim().min(1).default("minds:"),
  /** Game days the minds' trace (every ask, its prompt and answer) is kept; 0: no trace. */
  TRACE_KEEP_DAYS: z.coerce.number().min(0).default(7),
  /** "on": anyone may read the minds' trace (the API, the inspector's Mind tab); else moderators
   *  only (prompts hold the residents' private memories). */
  TRACE_PUBLIC: z
    .string()
    .trim()
    .optional()
    .transform((v) => v !== undefined && /^(on|1|true|yes)$/i.test(v)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});
export type ServerConfig = z.infer<typeof ServerConfig> & {
  /** The environment it was read from: the LLM gateway reads its own settings there. */
  env: Record<string, string | undefined>;
};

/** Reads the configuration; a bad value stops start-up with a message naming the variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = ServerConfig.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`bad configuration:\n${lines.join("\n")}`);
  }
  return { ...parsed.data, env: { ...env } };
}
