// What a prompt is. Every prompt of the mind is one module under server/agents/prompts/ that
// exports a Prompt: its template, the zod schema of its answer, and the answer the offline
// engine gives without a model. The gateway (server/llm/index.ts: makeGateway) is the only caller
// of language models; the mind only ever calls gateway.ask(prompt, input).
import type { z } from "zod";

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

/** Which model a prompt is routed to: LLM_MODEL (cheap) or LLM_MODEL_STRONG (strong). */
export type Tier = "cheap" | "strong";

export interface Prompt<In, Out> {
  /** Unique, stable name: the key of metrics and part of the cache key. */
  readonly name: string;
  readonly tier: Tier;
  /** The JSON answer the model must give, validated before the mind sees it. */
  readonly answer: z.ZodType<Out>;
  /** The chat messages sent to the model. Pure: the same input renders the same messages. */
  render(input: In): ChatMessage[];
  /** The deterministic answer without a model, used offline and as the last fallback. */
  offline(input: In): Out;
  /** Sampling temperature (default 0: answers repeat, so the response cache is meaningful). */
  readonly temperature?: number;
  /** Cap on answer tokens. */
  readonly maxTokens?: number;
}

/**
 * Counters of one prompt (or one model). Offline, `calls` counts the requests a model would have
 * been sent and the tokens are what they would have carried.
 */
export interface PromptMetrics {
  /** Requests sent to a model: every attempt, retry and repair counts (each one costs). */
  calls: number;
  /** Requests that gave no valid answer: transport errors, timeouts, error statuses, and
   *  answers that were not valid JSON for the schema (`invalid` counts those alone). */
  failures: number;
  /** Follow-up requests that sent the validation error back to the model. */
  repairs: number;
  /** Asks answered with the prompt's offline answer because the model gave no valid one. */
  fallbacks: number;
  /** Asks answered from the response cache (or by an identical ask in flight): no request. */
  cacheHits: number;
  /** Tokens sent and received: the server's `usage` when it reports it, else counted locally. */
  tokensIn: number;
  tokensOut: number;
  /** Wall time of asks that went to a model (from ask to answer, queueing included). */
  latencyMs: { total: number; max: number; count: number };
  /** gateway.ask() calls, whatever answered them. */
  asks: number;
  /** Answers received that were not valid JSON or broke the schema. */
  invalid: number;
  /** Estimated US dollars when prices are configured, else 0. */
  costUsd: number;
}

export interface LlmMetrics {
  engine: string;
  calls: number;
  failures: number;
  repairs: number;
  fallbacks: number;
  cacheHits: number;
  tokensIn: number;
  tokensOut: number;
  asks: number;
  invalid: number;
  embeddings: {
    /** The embedding model, or "hashed" for the offline bag-of-words vectors. */
    model: string;
    /** Requests sent (each batch attempt). */
    calls: number;
    /** Texts asked for. */
    texts: number;
    tokensIn: number;
    /** Texts answered from the embedding cache. */
    cacheHits: number;
    /** Requests that failed. */
    failures: number;
    /** Texts given hashed vectors because the embedding model failed. */
    fallbacks: number;
  };
  /** Estimated cost in US dollars when prices are configured, else 0. */
  costUsd: number;
  byPrompt: Record<string, PromptMetrics>;
  byModel: Record<string, PromptMetrics>;
}

/** Requests to a model being made and waiting for a slot (the OpenAI gateway tells; offline has none). */
export interface GatewayLoad {
  inFlight: number;
  queued: number;
}

/** What the process's pages read of its gateways: the engine, the metrics, the load if told. */
export interface GatewayView {
  readonly engine: string;
  metrics(): LlmMetrics;
  readonly load?: GatewayLoad;
}

export interface Gateway {
  /** "offline", or the cheap model's name (what start-up and /api/health report). */
  readonly engine: string;
  ask<In, Out>(prompt: Prompt<In, Out>, input: In): Promise<Out>;
  /** One vector per text, unit length; the same text always gives the same vector per model. */
  embed(texts: string[]): Promise<Float32Array[]>;
  metrics(): LlmMetrics;
  close(): Promise<void>;
  /**
   * Runs a person's ask (a visitor's words, a reporter's question) and everything it asks the
   * model under the town's budget (BudgetedGateway); gateways without a budget have none.
   */
  forPeople?<T>(work: () => Promise<T>): Promise<T>;
}
