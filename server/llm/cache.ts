// Caches of model answers and embeddings, so a re-run or a forked town does not pay twice.
// Both sit behind a two-method interface that may be synchronous or not, so a shared Redis
// cache can replace the in-memory LRU without touching the gateway.
import { createHash } from "node:crypto";
import type { ChatMessage } from "./prompt.ts";

export interface KeyValueCache<V> {
  get(key: string): V | undefined | Promise<V | undefined>;
  set(key: string, value: V): void | Promise<void>;
}

/** Answers as the JSON text the model gave (re-validated on every hit, so a changed schema
 *  turns old entries into misses instead of wrong answers). Strings travel to Redis as they are. */
export type ResponseCache = KeyValueCache<string>;
export type EmbeddingCache = KeyValueCache<Float32Array>;

/** A bounded least-recently-used map: a Map keeps insertion order, so a hit re-inserts its key
 *  and the first key is the oldest. Size 0 stores nothing. */
export class LruCache<V> implements KeyValueCache<V> {
  private readonly map = new Map<string, V>();
  constructor(readonly maxEntries: number) {}

  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }

  set(key: string, value: V): void {
    if (this.maxEntries <= 0) return;
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.maxEntries) this.map.delete(this.map.keys().next().value as string);
  }

  get size(): number {
    return this.map.size;
  }
}

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * The key of one answer: everything that decides it. The model, the prompt's name (two prompts
 * rendering the same text still get separate entries), the temperature, and the rendered
 * messages. The JSON instruction the gateway adds is derived from the schema, and hits are
 * re-validated, so neither needs to be part of the key. Hashed, so keys stay short in Redis.
 */
export function responseKey(
  model: string,
  prompt: string,
  messages: readonly ChatMessage[],
  temperature: number,
): string {
  return `llm:r:${sha256(JSON.stringify([model, prompt, temperature, messages.map((m) => [m.role, m.content])]))}`;
}

export function embeddingKey(model: string, text: string): string {
  return `llm:e:${sha256(JSON.stringify([model, text]))}`;
}
