import { describe, expect, it } from "vitest";
import { embeddingKey, LruCache, responseKey } from "../../server/llm/cache.ts";

describe("LruCache", () => {
  it("evicts the least recently used entry", () => {
    const c = new LruCache<number>(2);
    c.set("a", 1);
    c.set("b", 2);
    expect(c.get("a")).toBe(1); // a is now the most recent
    c.set("c", 3);
    expect(c.get("b")).toBeUndefined();
    expect(c.get("a")).toBe(1);
    expect(c.get("c")).toBe(3);
    expect(c.size).toBe(2);
  });
  it("size 0 stores nothing", () => {
    const c = new LruCache<number>(0);
    c.set("a", 1);
    expect(c.get("a")).toBeUndefined();
  });
});

describe("cache keys", () => {
  const msgs = [{ role: "user" as const, content: "hi" }];
  it("differ by model, prompt, temperature and messages, and are stable", () => {
    const k = responseKey("m", "p", msgs, 0);
    expect(responseKey("m", "p", [{ role: "user", content: "hi" }], 0)).toBe(k);
    expect(
      new Set([
        k,
        responseKey("m2", "p", msgs, 0),
        responseKey("m", "p2", msgs, 0),
        responseKey("m", "p", msgs, 0.7),
        responseKey("m", "p", [{ role: "system", content: "hi" }], 0),
      ]).size,
    ).toBe(5);
    expect(k).toMatch(/^llm:r:[0-9a-f]{64}$/);
    expect(embeddingKey("e", "text")).not.toBe(embeddingKey("e2", "text"));
  });
});
