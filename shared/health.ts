// The answer of GET /api/health, for load balancers, scripts and tests that wait on the server.
import { z } from "zod";

/** A service the server depends on: "up", "down" (since when, why), or "off" (not used here). */
export const DependencyHealth = z.object({
  state: z.enum(["up", "down", "off"]),
  /** When it went down (ISO time), while down. */
  since: z.string().optional(),
  /** What the last failure said, while down. */
  error: z.string().optional(),
});
export type DependencyHealth = z.infer<typeof DependencyHealth>;

export const Health = z.object({
  /**
   * The server is ready and its store can write: 200 then, else 503 (while the database is down
   * the towns go on stepping and what they would write waits in memory: `waiting`).
   */
  ok: z.boolean(),
  /** Every town listed at start-up is open (here, or hosted by another process with Redis). */
  ready: z.boolean(),
  /** The default town. */
  town: z.string(),
  /** The towns this process hosts (so far, while not ready). */
  towns: z.array(z.string()),
  /** The default town's step and game time; null while it is not open here. */
  step: z.number().int().nullable(),
  time: z.string().nullable(),
  llm: z.string(),
  db: z.enum(["embedded", "postgres"]),
  presence: z.enum(["local", "redis"]),
  /** Each dependency's state: the database, Redis (off without REDIS_URL), the model (off offline). */
  dependencies: z.object({
    database: DependencyHealth,
    redis: DependencyHealth,
    model: DependencyHealth,
  }),
  /** What waits in memory for the database (all towns here): recording steps and their bytes. */
  waiting: z.object({ recordingSteps: z.number().int(), recordingBytes: z.number().int() }),
});
export type Health = z.infer<typeof Health>;
