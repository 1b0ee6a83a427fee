// The answer of GET /api/health, for load balancers, scripts and tests that wait on the server.
import { z } from "zod";

export const Health = z.object({
  /** Same as `ready`: the server answers 200 when ready, 503 before. */
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
});
export type Health = z.infer<typeof Health>;
