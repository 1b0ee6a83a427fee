// Settings for running a town over several processes, read from the same environment as the
// rest of the configuration (server/config.ts keeps REDIS_URL; the rest lives here, beside the
// code that uses it).
import { z } from "zod";

/** "host:port" as a browser reaches this process directly: no scheme, no path. */
const Address = z
  .string()
  .trim()
  .regex(
    /^[\w.-]+(:\d{1,5})?$|^\[[\da-fA-F:]+\](:\d{1,5})?$/,
    "host:port, without a scheme (e.g. game1.example.org:2567)",
  );

export const ScaleSettings = z.object({
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Where clients reach this process when another process reserves their seat. */
  PUBLIC_ADDRESS: Address.optional().or(z.literal("").transform(() => undefined)),
  /** Every key this deployment writes to Redis starts with it, so deployments (and test runs)
   *  can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[\w.:-]{1,64}$/, "letters, digits, '.', '_', ':' or '-'")
    .default("simulacra:"),
  /** How long a town's ownership lasts without renewal: a dead owner's town is taken over by
   *  another process after at most this long. */
  TOWN_LEASE_SECONDS: z.coerce.number().min(1).max(300).default(15),
  /** How long a shared LLM answer or embedding is kept. */
  LLM_CACHE_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 3600),
});
export type ScaleSettings = z.infer<typeof ScaleSettings>;

export function readScaleSettings(env: Record<string, string | undefined>): ScaleSettings {
  const parsed = ScaleSettings.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`bad configuration:\n${lines.join("\n")}`);
  }
  return parsed.data;
}

/** The address other processes hand out for this one: PUBLIC_ADDRESS, else the host it listens
 *  on (a wildcard host means this machine, which a browser on it calls localhost). */
export function publicAddressFor(
  settings: Pick<ScaleSettings, "PUBLIC_ADDRESS">,
  host: string,
  port: number,
): string {
  if (settings.PUBLIC_ADDRESS) return settings.PUBLIC_ADDRESS;
  const h =
    host === "0.0.0.0" || host === "::" || host === ""
      ? "localhost"
      : host.includes(":")
        ? `[${host}]`
        : host;
  return `${h}:${port}`;
}

/** Redis URL without its password, for logs and the start-up line. */
export function describeRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 6379}${u.pathname && u.pathname !== "/" ? u.pathname : ""}`;
  } catch {
    return "REDIS_URL";
  }
}
