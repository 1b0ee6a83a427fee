// The real Redis for integration tests (TEST_REDIS_URL, default redis://127.0.0.1:6379), under a
// key prefix of the run's own: a client that fails fast, whether Redis answers, and a cleanup
// that deletes only this run's keys. When Redis is unreachable the tests skip with a message;
// with CI=true they fail.
import { Redis } from "ioredis";

export const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const IN_CI = process.env.CI === "true";

export interface TestRedis {
  redis: Redis;
  prefix: string;
  /** null when Redis answers, else why not. */
  problem: string | null;
  /** Skip the tests: Redis is unreachable and this is not CI. */
  skip: boolean;
  /** Deletes this run's keys and disconnects. */
  cleanup: () => Promise<void>;
}

/** Connects for the test file `name` (named in the skip message). */
export async function openTestRedis(name: string): Promise<TestRedis> {
  const prefix = `simulacra-test:${process.pid}-${Math.random().toString(36).slice(2, 8)}:`;
  const redis = new Redis(REDIS_URL, {
    keyPrefix: prefix,
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  const problem = await redis.connect().then(
    () => null,
    (e: Error) => e.message,
  );
  const skip = problem !== null && !IN_CI;
  if (skip)
    console.warn(
      `\n[${name}] SKIPPING the real-Redis tests: ${REDIS_URL} is unreachable (${problem}). With CI=true this fails.\n`,
    );
  return {
    redis,
    prefix,
    problem,
    skip,
    cleanup: async () => {
      if (problem) return;
      const keys = await redis.keys(`${prefix}*`);
      // keys() answers with full names; del() would prefix them again.
      if (keys.length) await redis.del(...keys.map((k) => k.slice(prefix.length)));
      redis.disconnect();
    },
  };
}
