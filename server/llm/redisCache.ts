// The LLM caches shared through Redis, so processes serving towns from one Redis never pay
// twice for the same prompt. A cache is an optimisation: every Redis trouble (down, slow, a
// value that does not decode) is a miss, never an error, and no call waits longer than
// `waitMs`. Keys come from the gateway (cache.ts: model and prompt hashed); the client's key
// prefix namespaces them per deployment.
import type { Redis } from "ioredis";
import type { EmbeddingCache, KeyValueCache, ResponseCache } from "./cache.ts";

export interface RedisCacheOptions {
  /** How long an entry is kept. */
  ttlSeconds: number;
  /** Longest a get or set may take before it counts as a miss (the gateway allows 250 ms). */
  waitMs?: number;
}

interface Codec<V> {
  encode(v: V): Buffer;
  decode(b: Buffer): V | undefined;
}

const text: Codec<string> = {
  encode: (v) => Buffer.from(v, "utf8"),
  decode: (b) => b.toString("utf8"),
};

/** Float32 little-endian bytes; a length that is not a whole number of floats is a miss. */
const vector: Codec<Float32Array> = {
  encode: (v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength),
  decode: (b) =>
    b.length === 0 || b.length % 4 !== 0 ? undefined : new Float32Array(new Uint8Array(b).buffer),
};

/** Resolves with `work`, or with `fallback` after `ms` or when `work` fails. Never rejects. */
function bounded<T>(work: Promise<T>, fallback: T, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

export class RedisKeyValueCache<V> implements KeyValueCache<V> {
  hits = 0;
  misses = 0;
  errors = 0;
  private readonly waitMs: number;

  constructor(
    private readonly redis: Redis,
    private readonly codec: Codec<V>,
    private readonly options: RedisCacheOptions,
  ) {
    this.waitMs = options.waitMs ?? 200;
  }

  async get(key: string): Promise<V | undefined> {
    let got: Buffer | null | undefined;
    try {
      got = await bounded(
        this.redis.getBuffer(key).catch((e: unknown) => {
          this.errors++;
          throw e;
        }),
        undefined,
        this.waitMs,
      );
    } catch {
      got = undefined;
    }
    const value = got ? this.codec.decode(got) : undefined;
    if (value === undefined) this.misses++;
    else this.hits++;
    return value;
  }

  async set(key: string, value: V): Promise<void> {
    let encoded: Buffer;
    try {
      encoded = this.codec.encode(value);
    } catch {
      return;
    }
    await bounded(
      this.redis.set(key, encoded, "EX", this.options.ttlSeconds).then(
        () => undefined,
        () => void this.errors++,
      ),
      undefined,
      this.waitMs,
    );
  }
}

export function redisResponseCache(
  redis: Redis,
  options: RedisCacheOptions,
): RedisKeyValueCache<string> & ResponseCache {
  return new RedisKeyValueCache(redis, text, options);
}

export function redisEmbeddingCache(
  redis: Redis,
  options: RedisCacheOptions,
): RedisKeyValueCache<Float32Array> & EmbeddingCache {
  return new RedisKeyValueCache(redis, vector, options);
}
