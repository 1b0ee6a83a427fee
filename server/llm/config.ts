// LLM settings, read once from the environment and validated with zod. Nothing set means the
// offline engine. Any OpenAI-compatible server works: OpenAI, OpenRouter, Ollama
// (http://localhost:11434/v1), vLLM, llama.cpp server, LM Studio; the base URL includes `/v1`.
//
// Keys are only ever sent where they belong: LLM_API_KEY goes to whatever LLM_BASE_URL says, but
// OPENAI_API_KEY is only sent to api.openai.com and OPENROUTER_API_KEY only to openrouter.ai, so a
// key exported for another tool never leaks to a local or third-party server. Local servers need
// no key; the SDK still wants one, so they get a placeholder.
import { z } from "zod";

export const OPENAI_BASE_URL = "https://api.openai.com/v1";
export const OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1";
/** What local servers (Ollama, llama.cpp, LM Studio, vLLM without --api-key) are sent. */
export const PLACEHOLDER_KEY = "no-key-needed";

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const text = z.preprocess(emptyToUndefined, z.string().trim().optional());
const url = z.preprocess(
  emptyToUndefined,
  z
    .url({ protocol: /^https?$/, error: "an http(s) URL, e.g. http://localhost:11434/v1" })
    .optional(),
);
const int = (min: number, max: number, fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const optInt = (min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).optional());
const price = z.preprocess(emptyToUndefined, z.coerce.number().min(0).optional());

/** The environment variables this module reads (all optional). */
export const LlmEnv = z.object({
  LLM_BASE_URL: url,
  LLM_API_KEY: text,
  OPENAI_API_KEY: text,
  OPENROUTER_API_KEY: text,
  /** The cheap model; setting it is what turns the language model on. */
  LLM_MODEL: text,
  /** The model of `tier: "strong"` prompts; defaults to LLM_MODEL. */
  LLM_MODEL_STRONG: text,
  /** Without it embeddings stay offline (hashed), even when a chat model is configured. */
  EMBEDDING_MODEL: text,
  EMBEDDING_BASE_URL: url,
  /** A key for the embedding server when it differs from the chat server's. */
  EMBEDDING_API_KEY: text,
  /** Size of model embeddings, when known; used to size hashed vectors if the model fails. */
  EMBEDDING_DIMS: optInt(1, 65_536),
  LLM_CONCURRENCY: int(1, 256, 4),
  LLM_TIMEOUT_MS: int(1, 600_000, 30_000),
  LLM_MAX_RETRIES: int(0, 10, 2),
  LLM_BACKOFF_BASE_MS: int(0, 60_000, 500),
  LLM_BACKOFF_CAP_MS: int(0, 600_000, 8_000),
  /** Hard limit on one ask, retries and repair included; see `deadlineMs`. */
  LLM_DEADLINE_MS: optInt(1, 3_600_000),
  /** Entries of the in-memory response cache (and of the embedding cache). */
  LLM_CACHE_SIZE: int(0, 10_000_000, 10_000),
  /** How the JSON answer is asked for; `json_schema` falls back by itself where unsupported. */
  LLM_RESPONSE_FORMAT: z.preprocess(
    emptyToUndefined,
    z.enum(["json_schema", "json_object", "none"]).default("json_schema"),
  ),
  /** US dollars per million tokens. */
  LLM_PRICE_IN: price,
  LLM_PRICE_OUT: price,
  LLM_PRICE_STRONG_IN: price,
  LLM_PRICE_STRONG_OUT: price,
  EMBEDDING_PRICE_IN: price,
});
export type LlmEnv = z.infer<typeof LlmEnv>;

export type ResponseFormatMode = "json_schema" | "json_object" | "none";

export interface Endpoint {
  baseURL: string;
  apiKey: string;
  /** Which variable the key came from ("placeholder" for keyless local servers); never the key. */
  keySource: string;
}

export interface LlmConfig {
  /** Absent: prompts are answered offline. */
  chat?: Endpoint & { model: string; strongModel: string; responseFormat: ResponseFormatMode };
  /** Absent: embeddings are hashed bag-of-words vectors. */
  embedding?: Endpoint & { model: string; dims?: number };
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  backoffBaseMs: number;
  backoffCapMs: number;
  /** Per ask: enough for every try, one repair and the backoffs between them, unless set. */
  deadlineMs: number;
  cacheSize: number;
  /** US dollars per million tokens, by model name (cheap, strong, embedding). */
  prices: Record<string, { in: number; out: number }>;
  /** Why the engine is offline although something was set (shown at start-up). */
  hint?: string;
}

/** Default deadline: every try of the first request and of one repair could time out, with the
 *  longest backoff between tries. Past it the ask returns its fallback whatever is still out. */
export function defaultDeadline(
  timeoutMs: number,
  maxRetries: number,
  backoffCapMs: number,
): number {
  return timeoutMs * (maxRetries + 2) + backoffCapMs * maxRetries;
}

function hostOf(u: string): string {
  return new URL(u).hostname.toLowerCase();
}

/** The key for a base URL: LLM_API_KEY anywhere, a provider's own key only at its own host. */
function keyFor(
  baseURL: string,
  env: LlmEnv,
  explicit?: { key?: string; source: string },
): { apiKey: string; keySource: string } | { missing: string } {
  if (explicit?.key) return { apiKey: explicit.key, keySource: explicit.source };
  if (env.LLM_API_KEY) return { apiKey: env.LLM_API_KEY, keySource: "LLM_API_KEY" };
  const host = hostOf(baseURL);
  if (host === "openrouter.ai" || host.endsWith(".openrouter.ai")) {
    return env.OPENROUTER_API_KEY
      ? { apiKey: env.OPENROUTER_API_KEY, keySource: "OPENROUTER_API_KEY" }
      : { missing: "LLM_API_KEY or OPENROUTER_API_KEY" };
  }
  if (host === "api.openai.com") {
    return env.OPENAI_API_KEY
      ? { apiKey: env.OPENAI_API_KEY, keySource: "OPENAI_API_KEY" }
      : { missing: "LLM_API_KEY or OPENAI_API_KEY" };
  }
  return { apiKey: PLACEHOLDER_KEY, keySource: "placeholder" };
}

/** The base URL a key implies when LLM_BASE_URL is unset. Order: LLM_API_KEY and OPENAI_API_KEY
 *  mean OpenAI, OPENROUTER_API_KEY means OpenRouter. */
function impliedBaseURL(env: LlmEnv): string | undefined {
  if (env.LLM_API_KEY || env.OPENAI_API_KEY) return OPENAI_BASE_URL;
  if (env.OPENROUTER_API_KEY) return OPENROUTER_BASE_URL;
  return undefined;
}

const trimSlash = (u: string) => u.replace(/\/+$/, "");

/**
 * Reads the LLM configuration; a bad or contradictory setting throws an Error naming the
 * variables, so start-up stops instead of a town silently running offline.
 */
export function readLlmConfig(source: Record<string, string | undefined> = process.env): LlmConfig {
  const parsed = LlmEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`bad LLM configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const problems: string[] = [];
  const base = env.LLM_BASE_URL ? trimSlash(env.LLM_BASE_URL) : impliedBaseURL(env);

  let chat: LlmConfig["chat"];
  if (env.LLM_MODEL) {
    if (!base)
      problems.push(
        "LLM_MODEL is set but there is no server: set LLM_BASE_URL (e.g. http://localhost:11434/v1 for Ollama) or an API key",
      );
    else {
      const key = keyFor(base, env);
      if ("missing" in key) problems.push(`${base} needs a key: set ${key.missing}`);
      else
        chat = {
          baseURL: base,
          ...key,
          model: env.LLM_MODEL,
          strongModel: env.LLM_MODEL_STRONG ?? env.LLM_MODEL,
          responseFormat: env.LLM_RESPONSE_FORMAT,
        };
    }
  } else if (env.LLM_MODEL_STRONG) {
    problems.push("LLM_MODEL_STRONG is set without LLM_MODEL: set LLM_MODEL (the cheap model) too");
  }

  let embedding: LlmConfig["embedding"];
  if (env.EMBEDDING_MODEL) {
    const eBase = env.EMBEDDING_BASE_URL ? trimSlash(env.EMBEDDING_BASE_URL) : base;
    if (!eBase)
      problems.push(
        "EMBEDDING_MODEL is set but there is no server: set EMBEDDING_BASE_URL or LLM_BASE_URL",
      );
    else {
      const key = keyFor(eBase, env, { key: env.EMBEDDING_API_KEY, source: "EMBEDDING_API_KEY" });
      if ("missing" in key)
        problems.push(`${eBase} needs a key: set EMBEDDING_API_KEY or ${key.missing}`);
      else
        embedding = {
          baseURL: eBase,
          ...key,
          model: env.EMBEDDING_MODEL,
          dims: env.EMBEDDING_DIMS,
        };
    }
  }

  if (env.LLM_BASE_URL && !env.LLM_MODEL && !env.EMBEDDING_MODEL) {
    problems.push(
      "LLM_BASE_URL is set but no model: set LLM_MODEL (and EMBEDDING_MODEL for model embeddings)",
    );
  }
  if (problems.length)
    throw new Error(`bad LLM configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);

  // Keys alone do not turn the model on: a key exported for another tool must not start spending.
  let hint: string | undefined;
  if (!chat && (env.LLM_API_KEY || env.OPENAI_API_KEY || env.OPENROUTER_API_KEY))
    hint = "an API key is set but LLM_MODEL is not";

  const prices: LlmConfig["prices"] = {};
  if (chat) {
    const cheap = { in: env.LLM_PRICE_IN ?? 0, out: env.LLM_PRICE_OUT ?? 0 };
    // The strong model's own prices when given, else the cheap one's (same model by default).
    prices[chat.strongModel] = {
      in: env.LLM_PRICE_STRONG_IN ?? cheap.in,
      out: env.LLM_PRICE_STRONG_OUT ?? cheap.out,
    };
    prices[chat.model] = cheap;
  } else {
    // Offline: the prices say what a model would have cost (see OfflineGateway's metering).
    prices.offline = { in: env.LLM_PRICE_IN ?? 0, out: env.LLM_PRICE_OUT ?? 0 };
  }
  const embeddingModel = embedding?.model ?? "hashed";
  if (env.EMBEDDING_PRICE_IN !== undefined)
    prices[embeddingModel] = { in: env.EMBEDDING_PRICE_IN, out: 0 };

  return {
    chat,
    embedding,
    concurrency: env.LLM_CONCURRENCY,
    timeoutMs: env.LLM_TIMEOUT_MS,
    maxRetries: env.LLM_MAX_RETRIES,
    backoffBaseMs: env.LLM_BACKOFF_BASE_MS,
    backoffCapMs: env.LLM_BACKOFF_CAP_MS,
    deadlineMs:
      env.LLM_DEADLINE_MS ??
      defaultDeadline(env.LLM_TIMEOUT_MS, env.LLM_MAX_RETRIES, env.LLM_BACKOFF_CAP_MS),
    cacheSize: env.LLM_CACHE_SIZE,
    prices,
    hint,
  };
}

/** A URL safe to print: no user, password, query or fragment (some servers take keys there). */
export function safeUrl(u: string): string {
  try {
    const p = new URL(u);
    return `${p.protocol}//${p.host}${p.pathname.replace(/\/+$/, "")}`;
  } catch {
    return "(invalid url)";
  }
}

/** One line for start-up and /api/health consumers. Never contains a key. */
export function describeEngine(config: LlmConfig): string {
  const { chat, embedding } = config;
  const emb = embedding
    ? `embeddings ${embedding.model}${chat && embedding.baseURL === chat.baseURL ? "" : ` at ${safeUrl(embedding.baseURL)}`}`
    : "embeddings offline (hashed bag of words; set EMBEDDING_MODEL for model embeddings)";
  if (!chat && !embedding)
    return `offline engine (no LLM configured${config.hint ? `; ${config.hint}` : ""})`;
  if (!chat) return `offline engine for prompts (LLM_MODEL not set), ${emb}`;
  const strong =
    chat.strongModel === chat.model ? "strong model the same" : `strong model ${chat.strongModel}`;
  return `model ${chat.model} at ${safeUrl(chat.baseURL)}, ${strong}, ${emb}`;
}
