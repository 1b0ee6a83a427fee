// The gateway against a local server that speaks the OpenAI API (node:http on port 0), whose
// behaviour each test sets: good answers, slow ones, rate limits, errors, broken JSON, silence.
// Every test checks three things: the answer is valid for the schema, the time is bounded, and
// the metrics count exactly what happened.
import type http from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { readLlmConfig } from "../../server/llm/config.ts";
import { makeGateway } from "../../server/llm/index.ts";
import { OpenAIGateway } from "../../server/llm/openaiGateway.ts";
import type { ResponseCache } from "../../server/llm/cache.ts";
import type { ChatMessage, Prompt } from "../../server/llm/prompt.ts";
import { answer, FakeOpenAI, send } from "../helpers/fakeOpenAI.ts";
import { sleep, waitFor } from "../helpers/wait.ts";

// ---- the fake server's answers for these tests ------------------------------------------

/** Deterministic, deliberately not unit-length vectors: [len, words, 1, 0]. */
function vectors(res: http.ServerResponse, input: string[]) {
  send(res, {
    object: "list",
    model: "e",
    data: input.map((t, index) => ({
      object: "embedding",
      index,
      embedding: [t.length, t.split(" ").length, 1, 0],
    })),
    usage: { prompt_tokens: input.length * 3, total_tokens: input.length * 3 },
  });
}

// ---- the prompts under test ---------------------------------------------------------------

const Action = z.object({ action: z.string().min(1), emoji: z.string() });
type Action = z.infer<typeof Action>;

const testAction: Prompt<{ who: string }, Action> = {
  name: "test_action",
  tier: "cheap",
  answer: Action,
  render: ({ who }) => [
    { role: "system", content: "You live in a small town." },
    { role: "user", content: `What does ${who} do next?` },
  ],
  offline: ({ who }) => ({ action: `${who} is idle`, emoji: "🙂" }),
};

const testInsight: Prompt<{ who: string }, { insight: string }> = {
  name: "test_insight",
  tier: "strong",
  answer: z.object({ insight: z.string() }),
  render: ({ who }) => [{ role: "user", content: `What has ${who} learned today?` }],
  offline: ({ who }) => ({ insight: `${who} learned nothing new` }),
};

// ---- set-up -------------------------------------------------------------------------------

let server: FakeOpenAI;
beforeEach(async () => {
  server = await new FakeOpenAI().start();
  server.chat = (_req, res) => answer(res, { action: "walk to the cafe", emoji: "🚶" });
  server.embeddings = (req, res) => vectors(res, req.body.input as string[]);
});
afterEach(async () => {
  await server.close();
});

const TIMEOUT = 300;
/** 300 ms per try, 2 retries, backoff 20..100 ms: deadline 300 × 4 + 100 × 2 = 1,400 ms. */
function gateway(env: Record<string, string> = {}, url = server.url) {
  const config = readLlmConfig({
    LLM_BASE_URL: url,
    LLM_MODEL: "cheap-model",
    LLM_MODEL_STRONG: "strong-model",
    EMBEDDING_MODEL: "embed-model",
    LLM_TIMEOUT_MS: String(TIMEOUT),
    LLM_MAX_RETRIES: "2",
    LLM_BACKOFF_BASE_MS: "20",
    LLM_BACKOFF_CAP_MS: "100",
    LLM_CONCURRENCY: "4",
    ...env,
  });
  expect(config.deadlineMs).toBe(env.LLM_DEADLINE_MS ? Number(env.LLM_DEADLINE_MS) : 1400);
  return { gw: new OpenAIGateway(config, { random: () => 0.5 }), config };
}

async function timed<T>(p: Promise<T>): Promise<{ value: T; ms: number }> {
  const t = Date.now();
  const value = await p;
  return { value, ms: Date.now() - t };
}

/** For tests of what is sent and kept, not of time: no try times out on a loaded machine. */
const ROOMY = { LLM_TIMEOUT_MS: "20000", LLM_DEADLINE_MS: "60000" };

const offlineAnswer = testAction.offline({ who: "Klaus" });

// ---- tests --------------------------------------------------------------------------------

describe("OpenAI gateway against a local server", () => {
  it("answers well: one request, the cheap model, JSON schema asked for, tokens from usage", async () => {
    const { gw } = gateway(ROOMY);
    const value = await gw.ask(testAction, { who: "Klaus" });
    expect(Action.parse(value)).toEqual({ action: "walk to the cafe", emoji: "🚶" });
    // Answered by the first try: one request, no retry (not a wall-clock bound, which a busy machine breaks).
    expect(server.chats()).toHaveLength(1);
    const [req] = server.chats();
    expect(req.body.model).toBe("cheap-model");
    expect(req.body.temperature).toBe(0);
    expect(req.body.response_format.type).toBe("json_schema");
    expect(req.body.response_format.json_schema.name).toBe("test_action");
    expect(req.body.response_format.json_schema.schema.required).toEqual(["action", "emoji"]);
    // The shape is also in the system message, for servers that ignore response_format.
    expect(req.body.messages[0].content).toContain(
      'Reply with one JSON object and nothing else, in this shape: {"action": string, "emoji": string}',
    );
    expect(req.headers["x-stainless-retry-count"]).toBe("0");
    expect(req.headers.authorization).toBe("Bearer no-key-needed"); // a local server gets the placeholder
    const m = gw.metrics();
    expect(m).toMatchObject({
      engine: "cheap-model",
      asks: 1,
      calls: 1,
      failures: 0,
      repairs: 0,
      fallbacks: 0,
      cacheHits: 0,
      tokensIn: 50,
      tokensOut: 10,
      costUsd: 0,
    });
    expect(m.byPrompt.test_action).toMatchObject({
      asks: 1,
      calls: 1,
      tokensIn: 50,
      tokensOut: 10,
    });
    expect(m.byPrompt.test_action.latencyMs.count).toBe(1);
    expect(m.byModel["cheap-model"]).toMatchObject({ calls: 1, tokensIn: 50 });
  });

  it("counts tokens itself when the server reports no usage, and prices them", async () => {
    server.chat = (_r, res) => answer(res, { action: "read", emoji: "📖" }, null);
    const { gw } = gateway({ LLM_PRICE_IN: "1", LLM_PRICE_OUT: "4" });
    await gw.ask(testAction, { who: "Klaus" });
    const m = gw.metrics();
    const sent: ChatMessage[] = server.chats()[0].body.messages;
    const chars = sent.reduce((n, x) => n + x.content.length, 0);
    // Roughly a token per 4 characters, plus framing; the answer is a dozen tokens.
    expect(m.tokensIn).toBeGreaterThan(chars / 6);
    expect(m.tokensIn).toBeLessThan(chars / 2 + 20);
    expect(m.tokensOut).toBeGreaterThan(3);
    expect(m.tokensOut).toBeLessThan(20);
    expect(m.costUsd).toBeCloseTo((m.tokensIn * 1 + m.tokensOut * 4) / 1e6, 12);
    expect(m.byPrompt.test_action.costUsd).toBeCloseTo(m.costUsd, 12);
  });

  it("takes the JSON out of fences and prose", async () => {
    server.chat = (_r, res) =>
      answer(
        res,
        'Sure! Here it is:\n```json\n{"action": "bake bread", "emoji": "🍞"}\n```\nHope that helps.',
      );
    const { gw } = gateway(ROOMY);
    expect(await gw.ask(testAction, { who: "Klaus" })).toEqual({
      action: "bake bread",
      emoji: "🍞",
    });
    expect(gw.metrics()).toMatchObject({ calls: 1, failures: 0, repairs: 0, invalid: 0 });
  });

  it("answers slowly (beyond the timeout): the try is abandoned and the retry succeeds", async () => {
    server.chat = async (_r, res, n) => {
      if (n === 1) await sleep(TIMEOUT + 400); // time on purpose: a model slower than the timeout
      answer(res, { action: "paint", emoji: "🎨" });
    };
    const { gw } = gateway();
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(Action.parse(value)).toEqual({ action: "paint", emoji: "🎨" });
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT - 10);
    expect(ms).toBeLessThan(TIMEOUT + 250);
    expect(server.chats()).toHaveLength(2);
    expect(gw.metrics()).toMatchObject({
      calls: 2,
      failures: 1,
      repairs: 0,
      fallbacks: 0,
      tokensIn: 50,
      tokensOut: 10,
    });
  });

  it("429 with Retry-After: waits about that long, then succeeds", async () => {
    server.chat = (_r, res, n) => {
      if (n === 1)
        send(res, { error: { message: "slow down", type: "rate_limit" } }, 429, {
          "retry-after": "1",
        });
      else answer(res, { action: "wait in line", emoji: "⏳" });
    };
    const { gw } = gateway();
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(Action.parse(value).action).toBe("wait in line");
    const [a, b] = server.chats();
    expect(b.at - a.at).toBeGreaterThanOrEqual(990);
    expect(b.at - a.at).toBeLessThan(1200);
    expect(ms).toBeLessThan(1300);
    expect(gw.metrics()).toMatchObject({ calls: 2, failures: 1, fallbacks: 0 });
  });

  it("a Retry-After beyond the deadline is not waited for: offline answer at once", async () => {
    server.chat = (_r, res) =>
      send(res, { error: { message: "quota" } }, 429, { "retry-after": "60" });
    const { gw } = gateway();
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(value).toEqual(offlineAnswer);
    expect(ms).toBeLessThan(200);
    expect(gw.metrics()).toMatchObject({ calls: 1, failures: 1, fallbacks: 1 });
  });

  it("500s then success: retried with backoff", async () => {
    server.chat = (_r, res, n) =>
      n <= 2
        ? send(res, { error: { message: "boom" } }, 500)
        : answer(res, { action: "cook", emoji: "🍳" });
    const { gw } = gateway();
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(Action.parse(value).action).toBe("cook");
    expect(ms).toBeLessThan(400); // backoffs of 15 and 30 ms with the fixed jitter
    expect(server.chats().map((r) => r.headers["x-stainless-retry-count"])).toEqual([
      "0",
      "0",
      "0",
    ]); // the SDK's own retries are off
    expect(gw.metrics()).toMatchObject({
      calls: 3,
      failures: 2,
      repairs: 0,
      fallbacks: 0,
      tokensIn: 50,
      tokensOut: 10,
    });
  });

  it("500 forever: the offline answer after the last try", async () => {
    server.chat = (_r, res) => send(res, { error: { message: "boom" } }, 500);
    const { gw } = gateway();
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(value).toEqual(offlineAnswer);
    expect(ms).toBeLessThan(400);
    expect(gw.metrics()).toMatchObject({
      calls: 3,
      failures: 3,
      fallbacks: 1,
      tokensIn: 0,
      tokensOut: 0,
    });
    expect(gw.metrics().byModel["cheap-model"]).toMatchObject({
      calls: 3,
      failures: 3,
      fallbacks: 1,
    });
  });

  it("a 401 is not retried", async () => {
    server.chat = (_r, res) => send(res, { error: { message: "bad key" } }, 401);
    const { gw } = gateway(ROOMY);
    expect(await gw.ask(testAction, { who: "Klaus" })).toEqual(offlineAnswer);
    expect(gw.metrics()).toMatchObject({ calls: 1, failures: 1, fallbacks: 1 });
  });

  it("malformed JSON: one repair, then the offline answer", async () => {
    server.chat = (_r, res) => answer(res, '{"action": "walk", "emoji": ');
    const { gw } = gateway(ROOMY);
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(value).toEqual(offlineAnswer);
    expect(ms).toBeLessThan(TIMEOUT);
    const [, second] = server.chats();
    expect(second.body.messages.at(-1).content).toContain("not closed");
    expect(gw.metrics()).toMatchObject({
      calls: 2,
      failures: 2,
      invalid: 2,
      repairs: 1,
      fallbacks: 1,
      tokensIn: 100,
      tokensOut: 20,
    });
  });

  it("JSON that breaks the schema, then a repaired answer: the zod error went back", async () => {
    server.chat = (_r, res, n) =>
      n === 1
        ? answer(res, { action: 42, emoji: "🙂" })
        : answer(res, { action: "sweep the floor", emoji: "🧹" });
    const { gw } = gateway(ROOMY);
    const value = await gw.ask(testAction, { who: "Klaus" });
    expect(value).toEqual({ action: "sweep the floor", emoji: "🧹" });
    const [first, second] = server.chats();
    const msgs: ChatMessage[] = second.body.messages;
    expect(msgs.slice(0, first.body.messages.length)).toEqual(first.body.messages);
    expect(msgs.at(-2)).toEqual({ role: "assistant", content: '{"action":42,"emoji":"🙂"}' });
    expect(msgs.at(-1)!.role).toBe("user");
    expect(msgs.at(-1)!.content).toContain(
      "✖ Invalid input: expected string, received number\n  → at action",
    );
    expect(second.body.model).toBe("cheap-model");
    expect(gw.metrics()).toMatchObject({
      calls: 2,
      failures: 1,
      invalid: 1,
      repairs: 1,
      fallbacks: 0,
      tokensIn: 100,
      tokensOut: 20,
    });
  });

  it("JSON that breaks the schema twice: the offline answer", async () => {
    server.chat = (_r, res) => answer(res, { action: "", emoji: "🙂" });
    const { gw } = gateway(ROOMY);
    expect(await gw.ask(testAction, { who: "Klaus" })).toEqual(offlineAnswer);
    expect(server.chats()[1].body.messages.at(-1).content).toContain(
      "Too small: expected string to have >=1 characters",
    );
    expect(gw.metrics()).toMatchObject({
      calls: 2,
      failures: 2,
      invalid: 2,
      repairs: 1,
      fallbacks: 1,
    });
    // A fallback is never cached: the next ask tries the model again.
    await gw.ask(testAction, { who: "Klaus" });
    expect(server.chats()).toHaveLength(4);
  });

  it("no answer at all (connection accepted, never answered): offline answer within the deadline", async () => {
    server.chat = () => {}; // never responds
    const { gw, config } = gateway();
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(value).toEqual(offlineAnswer);
    expect(ms).toBeGreaterThanOrEqual(3 * TIMEOUT - 10);
    expect(ms).toBeLessThan(config.deadlineMs + 100);
    expect(gw.metrics()).toMatchObject({ calls: 3, failures: 3, fallbacks: 1 });
  });

  it("a closed port: offline answer quickly", async () => {
    const closed = await new FakeOpenAI().start();
    const url = closed.url;
    await closed.close();
    const { gw } = gateway({}, url);
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(value).toEqual(offlineAnswer);
    expect(ms).toBeLessThan(400);
    expect(gw.metrics()).toMatchObject({ calls: 3, failures: 3, fallbacks: 1 });
  });

  it("the overall deadline wins even while a request is still out, and nothing is counted twice", async () => {
    server.chat = () => {};
    const { gw } = gateway({ LLM_TIMEOUT_MS: "5000", LLM_DEADLINE_MS: "250" });
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(value).toEqual(offlineAnswer);
    expect(ms).toBeGreaterThanOrEqual(240);
    expect(ms).toBeLessThan(400);
    expect(gw.metrics()).toMatchObject({ calls: 1, failures: 1, fallbacks: 1 });
    // Time on purpose: the aborted request settles now; it must not be counted again.
    await sleep(50);
    expect(gw.metrics()).toMatchObject({ calls: 1, failures: 1, fallbacks: 1 });
  });

  it("a repeated ask is a cache hit: no second request", async () => {
    const { gw } = gateway(ROOMY);
    const a = await gw.ask(testAction, { who: "Klaus" });
    const b = await gw.ask(testAction, { who: "Klaus" });
    expect(b).toEqual(a);
    expect(server.chats()).toHaveLength(1);
    await gw.ask(testAction, { who: "Maria" });
    expect(server.chats()).toHaveLength(2);
    expect(gw.metrics()).toMatchObject({ asks: 3, calls: 2, cacheHits: 1 });
    expect(gw.metrics().byPrompt.test_action.latencyMs.count).toBe(2);
  });

  it("a shared cache (say Redis) lets a forked town answer without paying again", async () => {
    const store = new Map<string, string>();
    const shared: ResponseCache = {
      get: async (k) => store.get(k),
      set: async (k, v) => void store.set(k, v),
    };
    const first = new OpenAIGateway(gateway(ROOMY).config, { responseCache: shared });
    const fork = new OpenAIGateway(gateway(ROOMY).config, { responseCache: shared });
    const a = await first.ask(testAction, { who: "Klaus" });
    expect(await fork.ask(testAction, { who: "Klaus" })).toEqual(a);
    expect(server.chats()).toHaveLength(1);
    expect(fork.metrics()).toMatchObject({ asks: 1, calls: 0, cacheHits: 1 });
  });

  it("a cache that hangs or throws is a miss, not a hang", async () => {
    const hanging: ResponseCache = {
      get: () => new Promise<undefined>(() => {}),
      set: () => Promise.reject(new Error("down")),
    };
    const gw = new OpenAIGateway(gateway().config, { responseCache: hanging });
    const { value, ms } = await timed(gw.ask(testAction, { who: "Klaus" }));
    expect(Action.parse(value).action).toBe("walk to the cafe");
    expect(ms).toBeLessThan(250 + TIMEOUT);
    const broken: ResponseCache = {
      get: () => {
        throw new Error("down");
      },
      set: () => {
        throw new Error("down");
      },
    };
    const gw2 = new OpenAIGateway(gateway().config, { responseCache: broken });
    expect(Action.parse(await gw2.ask(testAction, { who: "Klaus" })).action).toBe(
      "walk to the cafe",
    );
    expect(gw2.metrics()).toMatchObject({ calls: 1, failures: 0 });
  });

  it("identical asks at the same time share one request", async () => {
    server.chat = async (_r, res) => {
      await sleep(50); // time on purpose: the asks must overlap while the model answers
      answer(res, { action: "chat", emoji: "💬" });
    };
    const { gw } = gateway(ROOMY);
    const answers = await Promise.all([1, 2, 3].map(() => gw.ask(testAction, { who: "Klaus" })));
    expect(new Set(answers.map((a) => a.action))).toEqual(new Set(["chat"]));
    expect(server.chats()).toHaveLength(1);
    expect(gw.metrics()).toMatchObject({ asks: 3, calls: 1, cacheHits: 2 });
  });

  it("routes cheap prompts to LLM_MODEL and strong ones to LLM_MODEL_STRONG", async () => {
    server.chat = (r, res) =>
      answer(
        res,
        r.body.model === "strong-model"
          ? { insight: "people like the cafe" }
          : { action: "walk", emoji: "🚶" },
      );
    const { gw } = gateway(ROOMY);
    expect(await gw.ask(testInsight, { who: "Klaus" })).toEqual({
      insight: "people like the cafe",
    });
    expect(await gw.ask(testAction, { who: "Klaus" })).toEqual({ action: "walk", emoji: "🚶" });
    expect(server.chats().map((r) => r.body.model)).toEqual(["strong-model", "cheap-model"]);
    const m = gw.metrics();
    expect(Object.keys(m.byModel).sort()).toEqual(["cheap-model", "strong-model"]);
    expect(m.byModel["strong-model"]).toMatchObject({ calls: 1, asks: 1 });
    expect(m.byPrompt.test_insight).toMatchObject({ calls: 1 });
  });

  it("keeps at most LLM_CONCURRENCY requests out at once", async () => {
    server.chat = async (_r, res) => {
      await sleep(60); // time on purpose: each request takes 60 ms, so the test can time the queue
      answer(res, { action: "work", emoji: "💼" });
    };
    const { gw } = gateway({ LLM_CONCURRENCY: "2" });
    const { value, ms } = await timed(
      Promise.all(Array.from({ length: 8 }, (_, i) => gw.ask(testAction, { who: `R${i}` }))),
    );
    expect(value.every((v) => Action.safeParse(v).success)).toBe(true);
    expect(server.maxActive).toBe(2);
    expect(ms).toBeGreaterThanOrEqual(4 * 60 - 10);
    expect(gw.metrics()).toMatchObject({ calls: 8, failures: 0, fallbacks: 0 });
  });

  it("a server that refuses response_format gets the request without it, from then on", async () => {
    server.chat = (r, res) =>
      r.body.response_format
        ? send(
            res,
            {
              error: { message: "response_format is not supported", type: "invalid_request_error" },
            },
            400,
          )
        : answer(res, { action: "nap", emoji: "😴" });
    const { gw } = gateway(ROOMY);
    expect(await gw.ask(testAction, { who: "Klaus" })).toEqual({ action: "nap", emoji: "😴" });
    await gw.ask(testAction, { who: "Maria" });
    expect(server.chats().map((r) => Boolean(r.body.response_format))).toEqual([
      true,
      false,
      false,
    ]);
    expect(gw.metrics()).toMatchObject({ calls: 3, failures: 1, fallbacks: 0 });
  });

  it("a model that refuses temperature and max_tokens (as OpenAI's reasoning models do) is adapted to", async () => {
    server.chat = (r, res) => {
      if ("temperature" in r.body)
        return send(
          res,
          {
            error: {
              message:
                "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
            },
          },
          400,
        );
      if ("max_tokens" in r.body)
        return send(
          res,
          {
            error: {
              message:
                "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
            },
          },
          400,
        );
      answer(res, { action: "think", emoji: "🤔" });
    };
    const { gw } = gateway(ROOMY);
    const capped = { ...testAction, maxTokens: 200 };
    expect(await gw.ask(capped, { who: "Klaus" })).toEqual({ action: "think", emoji: "🤔" });
    const bodies = server.chats().map((r) => r.body);
    expect(bodies.map((b) => [b.temperature, b.max_tokens, b.max_completion_tokens])).toEqual([
      [0, 200, undefined],
      [undefined, 200, undefined],
      [undefined, undefined, 200],
    ]);
    expect(gw.metrics()).toMatchObject({ calls: 3, failures: 2, fallbacks: 0 });
  });

  it("close() ends asks in flight with their offline answers", async () => {
    server.chat = () => {};
    const { gw } = gateway({ LLM_TIMEOUT_MS: "5000", LLM_DEADLINE_MS: "10000" });
    const pending = timed(gw.ask(testAction, { who: "Klaus" }));
    await waitFor("the request to reach the model", () => server.chats().length > 0);
    await gw.close();
    const { value, ms } = await pending;
    expect(value).toEqual(offlineAnswer);
    expect(ms).toBeLessThan(200);
    expect(gw.metrics()).toMatchObject({ calls: 1, failures: 1, fallbacks: 1 });
  });
});

describe("embeddings", () => {
  it("round-trip: unit vectors in order, duplicates and repeats served from the cache", async () => {
    const { gw } = gateway(ROOMY);
    const texts = ["the cafe is open", "a party at five", "the cafe is open"];
    const vs = await gw.embed(texts);
    expect(vs).toHaveLength(3);
    for (const v of vs) expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    const expected = (t: string) => {
      const raw = [t.length, t.split(" ").length, 1, 0];
      const n = Math.hypot(...raw);
      return raw.map((x) => x / n);
    };
    expect([...vs[1]].map((x) => +x.toFixed(5))).toEqual(
      expected("a party at five").map((x) => +x.toFixed(5)),
    );
    expect(vs[2]).toEqual(vs[0]);
    const emb = server.requests.filter((r) => r.path === "/v1/embeddings");
    expect(emb).toHaveLength(1);
    expect(emb[0].body).toMatchObject({
      model: "embed-model",
      input: ["the cafe is open", "a party at five"],
      encoding_format: "float",
    });

    const again = await gw.embed(["a party at five", "the cafe is open"]);
    expect(again[0]).toEqual(vs[1]);
    expect(server.requests.filter((r) => r.path === "/v1/embeddings")).toHaveLength(1);
    expect(gw.metrics().embeddings).toEqual({
      model: "embed-model",
      calls: 1,
      texts: 5,
      tokensIn: 6,
      cacheHits: 2,
      failures: 0,
      fallbacks: 0,
    });
  });

  it("a failing embedding server gives hashed vectors of the model's size (counted, not cached)", async () => {
    const { gw } = gateway();
    await gw.embed(["learn the size"]); // 4 dimensions
    server.embeddings = (_r, res) => send(res, { error: { message: "down" } }, 500);
    const { value, ms } = await timed(gw.embed(["the stove is on fire", "fire"]));
    expect(ms).toBeLessThan(400);
    expect(value.map((v) => v.length)).toEqual([4, 4]);
    for (const v of value) expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect(gw.metrics().embeddings).toMatchObject({ calls: 4, failures: 3, fallbacks: 2 });
    server.embeddings = (r, res) => vectors(res, r.body.input);
    await gw.embed(["fire"]);
    expect(gw.metrics().embeddings).toMatchObject({ calls: 5, cacheHits: 0 });
  });

  it("without EMBEDDING_MODEL the hashed embeddings are used, even with a chat model", async () => {
    const config = readLlmConfig({ LLM_BASE_URL: server.url, LLM_MODEL: "cheap-model" });
    const gw = makeGateway(config);
    const [v] = await gw.embed(["hello town"]);
    expect(v).toHaveLength(256);
    expect(server.requests).toHaveLength(0);
    expect(gw.metrics().embeddings).toMatchObject({ model: "hashed", calls: 1, texts: 1 });
  });
});
