import { describe, expect, it } from "vitest";
import {
  describeEngine,
  OPENAI_BASE_URL,
  OPENROUTER_BASE_URL,
  PLACEHOLDER_KEY,
  readLlmConfig,
  safeUrl,
} from "../../server/llm/config.ts";
import { makeGateway } from "../../server/llm/index.ts";
import { OfflineGateway } from "../../server/llm/offlineGateway.ts";
import { OpenAIGateway } from "../../server/llm/openaiGateway.ts";

describe("LLM configuration", () => {
  it("nothing set: offline, with defaults", () => {
    const c = readLlmConfig({});
    expect(c.chat).toBeUndefined();
    expect(c.embedding).toBeUndefined();
    expect(c).toMatchObject({
      concurrency: 4,
      timeoutMs: 30_000,
      maxRetries: 2,
      backoffBaseMs: 500,
      backoffCapMs: 8000,
      deadlineMs: 30_000 * 4 + 8000 * 2,
    });
    expect(describeEngine(c)).toBe("offline engine (no LLM configured)");
    expect(makeGateway(c)).toBeInstanceOf(OfflineGateway);
    expect(makeGateway(c).engine).toBe("offline");
  });

  it("a key alone does not start spending: offline, and says why", () => {
    const c = readLlmConfig({ OPENAI_API_KEY: "sk-secret" });
    expect(c.chat).toBeUndefined();
    expect(describeEngine(c)).toBe(
      "offline engine (no LLM configured; an API key is set but LLM_MODEL is not)",
    );
  });

  it("OpenAI: the key implies OpenAI's URL; the strong model defaults to the cheap one", () => {
    const c = readLlmConfig({ OPENAI_API_KEY: "sk-secret", LLM_MODEL: "gpt-4o-mini" });
    expect(c.chat).toMatchObject({
      baseURL: OPENAI_BASE_URL,
      apiKey: "sk-secret",
      keySource: "OPENAI_API_KEY",
      model: "gpt-4o-mini",
      strongModel: "gpt-4o-mini",
    });
    const line = describeEngine(c);
    expect(line).toBe(
      "model gpt-4o-mini at https://api.openai.com/v1, strong model the same, embeddings offline (hashed bag of words; set EMBEDDING_MODEL for model embeddings)",
    );
    expect(line).not.toContain("sk-secret");
    expect(makeGateway(c)).toBeInstanceOf(OpenAIGateway);
    expect(makeGateway(c).engine).toBe("gpt-4o-mini");
  });

  it("OpenRouter: its key implies its URL", () => {
    const c = readLlmConfig({
      OPENROUTER_API_KEY: "or-secret",
      LLM_MODEL: "openai/gpt-4o-mini",
      LLM_MODEL_STRONG: "anthropic/claude-sonnet-4",
    });
    expect(c.chat).toMatchObject({
      baseURL: OPENROUTER_BASE_URL,
      apiKey: "or-secret",
      strongModel: "anthropic/claude-sonnet-4",
    });
    expect(describeEngine(c)).toContain("strong model anthropic/claude-sonnet-4");
  });

  it("Ollama and other local servers: no key needed, and other keys never go there", () => {
    const c = readLlmConfig({
      LLM_BASE_URL: "http://localhost:11434/v1/",
      LLM_MODEL: "llama3.2",
      OPENAI_API_KEY: "sk-secret",
      OPENROUTER_API_KEY: "or-secret",
    });
    expect(c.chat).toMatchObject({
      baseURL: "http://localhost:11434/v1",
      apiKey: PLACEHOLDER_KEY,
      keySource: "placeholder",
    });
    const withKey = readLlmConfig({
      LLM_BASE_URL: "http://vllm:8000/v1",
      LLM_MODEL: "qwen",
      LLM_API_KEY: "local-key",
    });
    expect(withKey.chat).toMatchObject({ apiKey: "local-key", keySource: "LLM_API_KEY" });
  });

  it("embeddings: EMBEDDING_BASE_URL defaults to LLM_BASE_URL; prices by model", () => {
    const c = readLlmConfig({
      LLM_BASE_URL: "http://localhost:11434/v1",
      LLM_MODEL: "llama3.2",
      LLM_MODEL_STRONG: "qwen3:32b",
      EMBEDDING_MODEL: "nomic-embed-text",
      LLM_PRICE_IN: "0.15",
      LLM_PRICE_OUT: "0.6",
      LLM_PRICE_STRONG_IN: "2.5",
      EMBEDDING_PRICE_IN: "0.02",
    });
    expect(c.embedding).toMatchObject({
      baseURL: "http://localhost:11434/v1",
      model: "nomic-embed-text",
    });
    expect(c.prices).toEqual({
      "llama3.2": { in: 0.15, out: 0.6 },
      "qwen3:32b": { in: 2.5, out: 0.6 },
      "nomic-embed-text": { in: 0.02, out: 0 },
    });
    expect(describeEngine(c)).toBe(
      "model llama3.2 at http://localhost:11434/v1, strong model qwen3:32b, embeddings nomic-embed-text",
    );
    const split = readLlmConfig({
      OPENAI_API_KEY: "sk",
      LLM_MODEL: "gpt-4o-mini",
      EMBEDDING_MODEL: "nomic-embed-text",
      EMBEDDING_BASE_URL: "http://localhost:11434/v1",
    });
    expect(split.embedding).toMatchObject({
      baseURL: "http://localhost:11434/v1",
      apiKey: PLACEHOLDER_KEY,
    });
    expect(describeEngine(split)).toContain(
      "embeddings nomic-embed-text at http://localhost:11434/v1",
    );
  });

  it("embeddings without a chat model: prompts offline, embeddings from the model", () => {
    const c = readLlmConfig({
      LLM_BASE_URL: "http://localhost:11434/v1",
      EMBEDDING_MODEL: "nomic-embed-text",
    });
    expect(c.chat).toBeUndefined();
    expect(describeEngine(c)).toBe(
      "offline engine for prompts (LLM_MODEL not set), embeddings nomic-embed-text at http://localhost:11434/v1",
    );
    expect(makeGateway(c).engine).toBe("offline");
  });

  it("contradictions and bad values stop start-up, naming the variable", () => {
    expect(() => readLlmConfig({ LLM_MODEL: "llama3.2" })).toThrow(
      /LLM_MODEL is set but there is no server/,
    );
    expect(() => readLlmConfig({ LLM_BASE_URL: "http://localhost:11434/v1" })).toThrow(
      /LLM_BASE_URL is set but no model/,
    );
    expect(() =>
      readLlmConfig({ LLM_BASE_URL: "https://api.openai.com/v1", LLM_MODEL: "gpt-4o" }),
    ).toThrow(/needs a key: set LLM_API_KEY or OPENAI_API_KEY/);
    expect(() => readLlmConfig({ LLM_MODEL_STRONG: "gpt-4o" })).toThrow(
      /LLM_MODEL_STRONG is set without LLM_MODEL/,
    );
    expect(() => readLlmConfig({ LLM_BASE_URL: "localhost:11434", LLM_MODEL: "x" })).toThrow(
      /LLM_BASE_URL/,
    );
    expect(() => readLlmConfig({ LLM_CONCURRENCY: "0" })).toThrow(/LLM_CONCURRENCY/);
    expect(() => readLlmConfig({ LLM_TIMEOUT_MS: "soon" })).toThrow(/LLM_TIMEOUT_MS/);
    // Empty strings are unset, as in a .env file with blank values.
    expect(readLlmConfig({ LLM_MODEL: "", LLM_CONCURRENCY: "" }).concurrency).toBe(4);
  });

  it("printed URLs never carry credentials or query strings", () => {
    expect(safeUrl("https://user:pass@proxy.example/v1/?api_key=secret")).toBe(
      "https://proxy.example/v1",
    );
    const c = readLlmConfig({
      LLM_BASE_URL: "https://user:pass@proxy.example/v1?key=secret",
      LLM_MODEL: "m",
      LLM_API_KEY: "k-secret",
    });
    const line = describeEngine(c);
    expect(line).not.toMatch(/pass|secret/);
  });
});
