// Server settings, read once from the environment and validated. Everything has a default, so
// `npm start` with nothing set runs: embedded database, local presence, offline engine.
import { z } from "zod";

/** How long the server may take to save and stop after SIGTERM/SIGINT before it exits anyway. */
export const SHUTDOWN_LIMIT_MS = 15_000;

const optionalText = z.string().trim().optional().transform((v) => (v ? v : undefined));

export const ServerConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().default("0.0.0.0"),
  /** Town template to start (a folder of assets/towns). */
  TOWN: z.string().regex(/^[\w.-]+$/, "a town name: letters, digits, '.', '_' or '-'").default("base-3"),
  /** Name of the running town (its save); defaults to the template's name. */
  TOWN_NAME: optionalText,
  /**
   * Several towns at once, comma-separated, the first one the default: each entry a saved town or
   * a template ("base-3"), or "name=template" for a new town of that name. Replaces TOWN/TOWN_NAME.
   */
  TOWNS: optionalText,
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  MODERATOR_TOKEN: optionalText,
  /** Time of day a new town starts at ("08:00"): residents are up and about from the first minute. "" keeps the map's own start. */
  START_TIME: z.string().trim().regex(/^(([01]?\d|2[0-3]):[0-5]\d)?$/, "a time of day, HH:MM (00:00 to 23:59), or empty for the map's own start").default("08:00"),
  STEPS_PER_SECOND: z.coerce.number().positive().max(100).default(1),
  AUTOSAVE_STEPS: z.coerce.number().int().positive().default(60),
  SEED: z.coerce.number().int().default(1),
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
