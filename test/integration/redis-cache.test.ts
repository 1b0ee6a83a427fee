// The shared LLM caches over the real Redis (127.0.0.1:6379 or TEST_REDIS_URL), and over a Redis
// that is down or never answers: a cache in trouble is a quick miss, never an error or a hang.
import { Redis } from "ioredis";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { readLlmConfig } from "../../server/llm/config.ts";
import { OpenAIGateway } from "../../server/llm/openaiGateway.ts";
import { redisEmbeddingCache, redisResponseCache } from "../../server/llm/redisCache.ts";
import { FakeOpenAI } from "../helpers/fakeOpenAI.ts";
import { openTestRedis, REDIS_URL } from "../helpers/testRedis.ts";
import { waitFor } from "../helpers/wait.ts";
import { z } from "zod";

const { redis, prefix: PREFIX, problem, skip, cleanup } = await openTestRedis("redis-cache.test");

afterAll(cleanup);

describe.skipIf(skip)("over the real Redis", () => {
  it("keeps answers and vectors, with the TTL asked for", async () => {
    if (problem)
      throw new Error(`Redis at ${REDIS_URL} is unreachable (${problem}); CI=true needs it`);
    const answers = redisResponseCache(redis, { ttlSeconds: 60 });
    const vectors = redisEmbeddingCache(redis, { ttlSeconds: 60 });
    expect(await answers.get("llm:r:nothing")).toBeUndefined();
    await answers.set("llm:r:one", '{"hour":7,"note":"é ✓"}');
    expect(await answers.get("llm:r:one")).toBe('{"hour":7,"note":"é ✓"}');
    const v = Float32Array.from([0.25, -1, 3.5]);
    await vectors.set("llm:e:one", v);
    expect([...((await vectors.get("llm:e:one")) ?? [])]).toEqual([0.25, -1, 3.5]);
    const ttl = await redis.ttl("llm:r:one");
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);
    // Bytes that are not whole floats are a miss, not garbage.
    await redis.set("llm:e:bad", Buffer.from([1, 2, 3]));
    expect(await vectors.get("llm:e:bad")).toBeUndefined();
  });

  it("two gateways on one Redis: the second one's identical ask is a hit, not a request", async () => {
    const model = await new FakeOpenAI().start();
    try {
      const config = readLlmConfig({
        LLM_BASE_URL: model.url,
        LLM_MODEL: "fake-small",
        LLM_API_KEY: "test",
      });
      const prompt = {
        name: "wake_up_hour",
        tier: "cheap" as const,
        answer: z.object({ hour: z.number().int() }),
        render: (i: { who: string }) => [
          { role: "user" as const, content: `When does ${i.who} wake up?` },
        ],
        offline: () => ({ hour: 6 }),
      };
      const gateway = () =>
        new OpenAIGateway(config, {
          responseCache: redisResponseCache(redis, { ttlSeconds: 60 }),
          embeddingCache: redisEmbeddingCache(redis, { ttlSeconds: 60 }),
        });
      const first = gateway();
      const second = gateway();
      const paid = await first.ask(prompt, { who: "Isabella" });
      expect(model.chatRequests).toBe(1);
      // The set is not awaited by the gateway: wait until the answer is in Redis.
      await waitFor(
        "the answer cached in Redis",
        async () => (await redis.keys(`${PREFIX}*`)).length > 0,
      );
      expect(await second.ask(prompt as any, { who: "Isabella" })).toEqual(paid);
      expect(model.chatRequests).toBe(1);
      expect(second.metrics()).toMatchObject({ asks: 1, cacheHits: 1, calls: 0 });
      await second.ask(prompt, { who: "Klaus" });
      expect(model.chatRequests).toBe(2);
    } finally {
      await model.close();
    }
  });
});

describe("a Redis in trouble", () => {
  it("a Redis that is down: misses at once, sets do nothing, nothing throws", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
    const cache = redisResponseCache(down, { ttlSeconds: 60 });
    const t0 = Date.now();
    expect(await cache.get("k")).toBeUndefined();
    await cache.set("k", "v");
    expect(Date.now() - t0).toBeLessThan(500);
    expect(cache.misses).toBe(1);
    down.disconnect();
  });

  it("a Redis that never answers: a miss after the bounded wait", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => void sockets.push(s)); // accepts, never replies
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const port = (silent.address() as net.AddressInfo).port;
    // Commands wait for a hand-shake that never comes (like a Redis stuck or far away).
    const mute = new Redis({ port, host: "127.0.0.1", maxRetriesPerRequest: 0 });
    mute.on("error", () => {});
    const cache = redisEmbeddingCache(mute, { ttlSeconds: 60, waitMs: 100 });
    const t0 = Date.now();
    expect(await cache.get("k")).toBeUndefined();
    await cache.set("k", Float32Array.from([1]));
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(190);
    expect(took).toBeLessThan(1_000);
    mute.disconnect();
    for (const s of sockets) s.destroy();
    silent.close();
  });
});
