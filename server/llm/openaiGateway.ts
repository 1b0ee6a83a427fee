// The gateway to an OpenAI-compatible server, through the official SDK. It routes each prompt
// to the cheap or strong model, asks for JSON, validates it with the prompt's zod schema, sends a
// wrong answer back once with the error, retries transport failures, caches, counts, and in the
// end always answers: the prompt's offline answer is the last resort. It never throws to the
// caller and never waits past the ask's deadline (config.deadlineMs).
//
// Retries are our own loop; the SDK runs with maxRetries 0. Reasons: (1) metrics count every
// request the server saw, retries included; (2) the SDK's retry sleep is not abortable and
// honours any Retry-After, however long, so one 429 could outlive the deadline; ours gives up at
// once when the server asks for a wait past the deadline; (3) a Retry-After holds back every ask
// to that server, not just the one that was told (a shared "not before" time); (4) some servers
// reject parameters (response_format, temperature, max_tokens): the request is adapted and sent
// again, without using up a retry.
import OpenAI, { APIError } from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";
import {
  LruCache,
  embeddingKey,
  responseKey,
  type EmbeddingCache,
  type ResponseCache,
} from "./cache.ts";
import type { LlmConfig } from "./config.ts";
import { HASH_EMBEDDING_DIMS, hashEmbed } from "./hashEmbedding.ts";
import { checkAnswer, repairMessage, withJsonInstruction, type Checked } from "./json.ts";
import { Meter } from "./metrics.ts";
import {
  HASHED_EMBEDDINGS,
  OFFLINE_MODEL,
  hashedEmbeddings,
  meterOfflineAsk,
} from "./offlineGateway.ts";
import type { ChatMessage, Gateway, LlmMetrics, Prompt, Tier } from "./prompt.ts";
import { backoffDelay, classifyError, describeError, retryAfterOf, sleep } from "./retry.ts";
import { Semaphore } from "./semaphore.ts";
import { TokenCounter } from "./tokens.ts";
import { askedForAPerson } from "./turns.ts";
import { answerOffline, AskTrace, safeRender } from "./trace.ts";

/** The little of a logger we use; pino's satisfies it. */
export interface LogLike {
  warn(obj: object, msg: string): void;
  debug?(obj: object, msg: string): void;
}

export interface OpenAIGatewayOptions {
  responseCache?: ResponseCache;
  embeddingCache?: EmbeddingCache;
  log?: LogLike;
  /** Jitter source for backoff (tests pass a constant). */
  random?: () => number;
  /** Texts per embeddings request. */
  embeddingBatch?: number;
}

/** How long a shared cache may take to answer before it counts as a miss. */
const CACHE_WAIT_MS = 250;

/** A bad answer is echoed back for repair, but not a runaway one. */
const MAX_ECHO = 4_000;

type Outcome<Out> = { ok: true; value: Out; raw: unknown } | { ok: false };

/**
 * One ask (or one embedding batch) against its deadline. Everything it records goes through
 * `live()`: once the deadline has answered for it, late events of the aborted work are dropped,
 * so the metrics count exactly what the caller saw.
 */
class Run {
  done = false;
  /** Requests out now; at the deadline each is counted as a failure. */
  inFlight = 0;
  readonly controller = new AbortController();
  readonly deadlineAt: number;

  constructor(
    deadlineMs: number,
    private readonly onLateFailure: () => void,
  ) {
    this.deadlineAt = Date.now() + deadlineMs;
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  live(): boolean {
    return !this.done;
  }

  /** Ends the run: what is still out failed; everything waiting stops. */
  finish(): void {
    if (this.done) return;
    this.done = true;
    for (let i = 0; i < this.inFlight; i++) this.onLateFailure();
    this.controller.abort();
  }

  /** `work` or, at the deadline, `timedOut`; whichever comes first. */
  async race<T>(work: Promise<T>, timedOut: T): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<T>((resolve) => {
      timer = setTimeout(() => resolve(timedOut), Math.max(0, this.deadlineAt - Date.now()));
    });
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
      this.finish();
    }
  }
}

/** What the transport loop needs to know about one kind of request. */
interface Attempts<T> {
  run: Run;
  baseURL: string;
  send(signal: AbortSignal): Promise<T>;
  onCall(): void;
  onFailure(error: unknown): void;
  /** Change the request after a 400 so it may pass; true if something changed. */
  adapt?(error: APIError): boolean;
}

export class OpenAIGateway implements Gateway {
  readonly engine: string;
  private readonly meter: Meter;
  private readonly counter = new TokenCounter();
  private readonly semaphore: Semaphore;
  private readonly chatClient?: OpenAI;
  private readonly embedClient?: OpenAI;
  private readonly responses: ResponseCache;
  private readonly vectors: EmbeddingCache;
  private readonly log?: LogLike;
  private readonly random: () => number;
  private readonly embeddingBatch: number;
  /** A shared wait after a Retry-After, per server. */
  private readonly notBefore = new Map<string, number>();
  /** What servers refused: "model|prompt|response_format" (a schema may be refused for one
   *  prompt only), "model||temperature", "model||use max_tokens" and so on. */
  private readonly quirks = new Set<string>();
  /** Asks being answered now, by cache key: an identical ask waits for the same answer. */
  private readonly inflight = new Map<string, Promise<Outcome<unknown>>>();
  private readonly runs = new Set<Run>();
  private readonly warned = new Set<string>();
  private embeddingDims: number | undefined;
  private closed = false;

  constructor(
    private readonly config: LlmConfig,
    options: OpenAIGatewayOptions = {},
  ) {
    this.engine = config.chat?.model ?? OFFLINE_MODEL;
    this.meter = new Meter(
      this.engine,
      config.prices,
      config.embedding?.model ?? HASHED_EMBEDDINGS,
    );
    this.semaphore = new Semaphore(config.concurrency);
    this.responses = options.responseCache ?? new LruCache<string>(config.cacheSize);
    this.vectors = options.embeddingCache ?? new LruCache<Float32Array>(config.cacheSize);
    this.log = options.log;
    this.random = options.random ?? Math.random;
    this.embeddingBatch = options.embeddingBatch ?? 128;
    this.embeddingDims = config.embedding?.dims;
    const client = (e: { baseURL: string; apiKey: string }) =>
      new OpenAI({
        baseURL: e.baseURL,
        apiKey: e.apiKey,
        maxRetries: 0,
        timeout: config.timeoutMs,
        // OpenRouter ranks and attributes apps by this header; harmless elsewhere.
        defaultHeaders: new URL(e.baseURL).hostname.endsWith("openrouter.ai")
          ? { "X-Title": "Simulacra" }
          : undefined,
      });
    if (config.chat) this.chatClient = client(config.chat);
    if (config.embedding) {
      const same =
        config.chat &&
        config.chat.baseURL === config.embedding.baseURL &&
        config.chat.apiKey === config.embedding.apiKey;
      this.embedClient = same ? this.chatClient : client(config.embedding);
    }
  }

  /** The model a prompt goes to. */
  modelFor(prompt: { readonly tier: Tier }): string {
    const chat = this.config.chat;
    if (!chat) return OFFLINE_MODEL;
    return prompt.tier === "strong" ? chat.strongModel : chat.model;
  }

  async ask<In, Out>(prompt: Prompt<In, Out>, input: In): Promise<Out> {
    const model = this.modelFor(prompt);
    this.meter.add(prompt.name, model, "asks");
    const trace = AskTrace.start(prompt.name, model);
    // After close(), nothing new goes out.
    if (this.closed) {
      const answer = answerOffline(prompt, input, trace);
      if (trace) trace.messages = safeRender(prompt, input);
      trace?.done(answer, "offline", "the gateway is closed");
      return answer;
    }
    if (!this.chatClient) {
      const answer = answerOffline(prompt, input, trace);
      meterOfflineAsk(this.meter, this.counter, prompt, input, answer, trace);
      trace?.done(answer, "offline", "no model configured");
      return answer;
    }
    const fallback = (reason: string): Out => {
      this.meter.add(prompt.name, model, "fallbacks");
      const answer = answerOffline(prompt, input, trace);
      if (trace) trace.messages ??= safeRender(prompt, input);
      trace?.done(answer, "fallback", reason);
      return answer;
    };

    let rendered: ChatMessage[];
    try {
      rendered = prompt.render(input);
    } catch (e) {
      this.warnOnce(
        `render:${prompt.name}`,
        { prompt: prompt.name, error: describeError(e) },
        "prompt failed to render; offline answer used",
      );
      return fallback(`the prompt failed to render: ${describeError(e)}`);
    }
    if (trace) trace.messages = withJsonInstruction(rendered, prompt.answer);
    const temperature = prompt.temperature ?? 0;
    const key = responseKey(model, prompt.name, rendered, temperature);

    const cached = await this.cacheGet(this.responses, key);
    if (cached !== undefined) {
      const hit = checkAnswer(cached, prompt.answer);
      if (hit.ok) {
        this.meter.add(prompt.name, model, "cacheHits");
        if (trace) {
          trace.cacheHit = true;
          trace.raw = cached;
          trace.done(hit.value, "cache");
        }
        return hit.value;
      }
    }

    const pending = this.inflight.get(key);
    if (pending) {
      const shared = await pending;
      if (shared.ok) {
        const again = prompt.answer.safeParse(shared.raw);
        if (again.success) {
          this.meter.add(prompt.name, model, "cacheHits");
          if (trace) {
            trace.cacheHit = true;
            trace.raw = JSON.stringify(shared.raw);
            trace.done(again.data, "cache", "the same ask was in flight");
          }
          return again.data;
        }
      }
      return fallback("the same ask in flight got no valid answer");
    }

    const started = Date.now();
    const work = this.converse(prompt, model, rendered, temperature, trace);
    this.inflight.set(key, work);
    let outcome: Outcome<Out>;
    try {
      outcome = await work;
    } finally {
      this.inflight.delete(key);
    }
    this.meter.latency(prompt.name, model, Date.now() - started);
    if (!outcome.ok) return fallback(trace?.reason ?? "the model gave no valid answer in time");
    void this.cacheSet(this.responses, key, JSON.stringify(outcome.raw));
    // A retry that then got an answer is still the model's answer: no reason to give.
    trace?.done(outcome.value, undefined, trace.engine === "model" ? null : undefined);
    return outcome.value;
  }

  /** The request, and one repair if the answer is wrong; bounded by the deadline. */
  private converse<In, Out>(
    prompt: Prompt<In, Out>,
    model: string,
    rendered: ChatMessage[],
    temperature: number,
    trace?: AskTrace,
  ): Promise<Outcome<Out>> {
    const run = this.startRun(() => this.meter.add(prompt.name, model, "failures"));
    const rec = (counter: "calls" | "failures" | "repairs" | "invalid") => {
      if (run.live()) this.meter.add(prompt.name, model, counter);
    };
    const chat = (messages: ChatMessage[]) =>
      this.chatAttempts(run, prompt, model, messages, temperature, rec, trace);

    const work = (async (): Promise<Outcome<Out>> => {
      const messages = withJsonInstruction(rendered, prompt.answer);
      const first = await chat(messages);
      if (first === undefined) return { ok: false };
      let checked: Checked<Out> = checkAnswer(first, prompt.answer);
      if (checked.ok) return checked;
      rec("invalid");
      rec("failures");
      if (!run.live()) return { ok: false };

      // One repair: the wrong answer and exactly what is wrong with it.
      rec("repairs");
      if (trace) {
        trace.engine = "repair";
        trace.reason = `the first answer was invalid: ${checked.error.slice(0, 300)}`;
      }
      const repair: ChatMessage[] = [
        ...messages,
        { role: "assistant", content: first.slice(0, MAX_ECHO) },
        { role: "user", content: repairMessage(checked.error, prompt.answer) },
      ];
      const second = await chat(repair);
      if (second === undefined) return { ok: false };
      checked = checkAnswer(second, prompt.answer);
      if (checked.ok) return checked;
      rec("invalid");
      rec("failures");
      if (trace)
        trace.reason = `the answer was still invalid after a repair: ${checked.error.slice(0, 300)}`;
      this.warnOnce(
        `invalid:${model}:${prompt.name}`,
        { prompt: prompt.name, model, error: checked.error.slice(0, 300) },
        "model answer still invalid after repair; offline answer used",
      );
      return { ok: false };
    })().catch((e: unknown): Outcome<Out> => {
      this.warnOnce(
        `bug:${prompt.name}`,
        { prompt: prompt.name, error: describeError(e) },
        "unexpected error in the gateway; offline answer used",
      );
      return { ok: false };
    });
    return run.race(work, { ok: false });
  }

  /** One chat request with retries; the answer's text, or undefined when it could not be had. */
  private chatAttempts<In, Out>(
    run: Run,
    prompt: Prompt<In, Out>,
    model: string,
    messages: ChatMessage[],
    temperature: number,
    rec: (c: "calls" | "failures") => void,
    trace?: AskTrace,
  ): Promise<string | undefined> {
    const chat = this.config.chat!;
    const schema = prompt.answer as z.ZodType;
    return this.attempts<string>({
      run,
      baseURL: chat.baseURL,
      send: async (signal) => {
        const body = this.chatBody(
          chat.responseFormat,
          prompt.name,
          schema,
          model,
          messages,
          temperature,
          prompt.maxTokens,
        );
        const res = await this.chatClient!.chat.completions.create(body, {
          signal,
          maxRetries: 0,
          timeout: this.config.timeoutMs,
        });
        const message = res.choices?.[0]?.message;
        const content =
          message?.content ?? (message?.refusal ? `(refused: ${message.refusal})` : "");
        if (run.live()) {
          const tokensIn = res.usage?.prompt_tokens ?? this.counter.chat(messages);
          const tokensOut = res.usage?.completion_tokens ?? this.counter.text(content);
          this.meter.tokens(prompt.name, model, tokensIn, tokensOut);
          if (trace) {
            trace.raw = content;
            trace.tokens(tokensIn, tokensOut, this.meter.priceOf(model, tokensIn, tokensOut));
          }
        }
        return content;
      },
      onCall: () => rec("calls"),
      onFailure: (e) => {
        rec("failures");
        if (trace) trace.reason = `the request failed: ${describeError(e)}`;
        this.warnOnce(
          `chat:${model}:${e instanceof APIError ? e.status : "net"}`,
          { model, prompt: prompt.name, error: describeError(e) },
          "model request failed",
        );
      },
      adapt: (e) => this.adapt(e, model, prompt, chat.responseFormat),
    });
  }

  /** The request body, minus whatever this server has refused before. */
  private chatBody(
    mode: "json_schema" | "json_object" | "none",
    promptName: string,
    schema: z.ZodType,
    model: string,
    messages: ChatMessage[],
    temperature: number,
    maxTokens: number | undefined,
  ): ChatCompletionCreateParamsNonStreaming {
    const body: ChatCompletionCreateParamsNonStreaming = { model, messages };
    if (!this.quirks.has(`${model}||temperature`)) body.temperature = temperature;
    if (maxTokens !== undefined) {
      if (this.tokenLimitParam(model) === "max_completion_tokens")
        body.max_completion_tokens = maxTokens;
      else body.max_tokens = maxTokens;
    }
    if (this.quirks.has(`${model}|${promptName}|response_format`)) mode = "none";
    if (mode === "json_schema") {
      const format = jsonSchemaFormat(schema, promptName);
      body.response_format = format ?? { type: "json_object" };
    } else if (mode === "json_object") body.response_format = { type: "json_object" };
    return body;
  }

  /** OpenAI's newer models take only max_completion_tokens; most other servers only max_tokens.
   *  A server that refuses one gets the other from then on. */
  private tokenLimitParam(model: string): "max_tokens" | "max_completion_tokens" {
    if (this.quirks.has(`${model}||use max_tokens`)) return "max_tokens";
    if (this.quirks.has(`${model}||use max_completion_tokens`)) return "max_completion_tokens";
    return new URL(this.config.chat!.baseURL).hostname === "api.openai.com"
      ? "max_completion_tokens"
      : "max_tokens";
  }

  /** After a 400 that names a parameter we sent, send the request without it (or with the
   *  other spelling) from then on. True if something changed. Each change happens once. */
  private adapt(
    e: APIError,
    model: string,
    prompt: { name: string; maxTokens?: number },
    mode: string,
  ): boolean {
    if (e.status !== 400) return false;
    const text = `${e.message} ${JSON.stringify(e.error ?? "")}`.toLowerCase();
    const learn = (quirk: string) => {
      if (this.quirks.has(quirk)) return false;
      this.quirks.add(quirk);
      this.warnOnce(
        `quirk:${quirk}`,
        { model, prompt: prompt.name, quirk },
        "server refused a parameter; sending without it",
      );
      return true;
    };
    const formatRefused = `${model}|${prompt.name}|response_format`;
    if (
      mode !== "none" &&
      !this.quirks.has(formatRefused) &&
      /response_format|json_schema|json_object|structured output/.test(text)
    )
      return learn(formatRefused);
    if (!this.quirks.has(`${model}||temperature`) && text.includes("temperature"))
      return learn(`${model}||temperature`);
    if (prompt.maxTokens !== undefined && /max_(completion_)?tokens/.test(text)) {
      const other =
        this.tokenLimitParam(model) === "max_tokens" ? "max_completion_tokens" : "max_tokens";
      return learn(`${model}||use ${other}`);
    }
    return false;
  }

  /**
   * The transport loop: a slot, a request, and on failure a wait (the server's Retry-After, or
   * exponential backoff) and another try, at most maxRetries times, never past the deadline.
   */
  private async attempts<T>(a: Attempts<T>): Promise<T | undefined> {
    const { run } = a;
    for (let retry = 0, adaptations = 0; ;) {
      const gate = (this.notBefore.get(a.baseURL) ?? 0) - Date.now();
      if (gate > 0) {
        if (Date.now() + gate >= run.deadlineAt) return undefined;
        if (!(await sleep(gate, run.signal))) return undefined;
      }
      // A person's ask (llm/turns.ts) takes the next free slot, before the residents' own.
      const release = await this.semaphore.acquire(run.signal, askedForAPerson());
      if (!release) return undefined;
      if (!run.live()) {
        release();
        return undefined;
      }
      const attemptMs = Math.min(this.config.timeoutMs, run.deadlineAt - Date.now());
      const signal = AbortSignal.any([run.signal, AbortSignal.timeout(Math.max(1, attemptMs))]);
      a.onCall();
      run.inFlight++;
      let error: unknown;
      try {
        const result = await a.send(signal);
        if (run.live()) return result;
        return undefined;
      } catch (e) {
        error = e;
      } finally {
        run.inFlight--;
        release();
      }
      if (!run.live()) return undefined;
      a.onFailure(error);
      if (error instanceof APIError && a.adapt && adaptations < 3 && a.adapt(error as APIError)) {
        adaptations++;
        continue;
      }
      if (classifyError(error) === "fatal" || retry >= this.config.maxRetries) return undefined;
      const asked = retryAfterOf(error);
      if (asked !== undefined)
        this.notBefore.set(
          a.baseURL,
          Math.max(this.notBefore.get(a.baseURL) ?? 0, Date.now() + asked),
        );
      const wait =
        asked ??
        backoffDelay(retry, this.config.backoffBaseMs, this.config.backoffCapMs, this.random);
      retry++;
      // A wait that ends past the deadline is pointless: answer now instead.
      if (Date.now() + wait >= run.deadlineAt) return undefined;
      if (!(await sleep(wait, run.signal))) return undefined;
    }
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const emb = this.config.embedding;
    if (!emb || !this.embedClient || this.closed)
      return hashedEmbeddings(this.meter, this.counter, texts);
    if (texts.length === 0) return [];
    const m = this.meter.embeddings;
    m.texts += texts.length;
    const out = new Array<Float32Array>(texts.length);
    const missing = new Map<string, number[]>();
    for (let i = 0; i < texts.length; i++) {
      const hit = await this.cacheGet(this.vectors, embeddingKey(emb.model, texts[i]));
      if (hit !== undefined) {
        m.cacheHits++;
        out[i] = Float32Array.from(hit);
      } else {
        const at = missing.get(texts[i]);
        if (at) at.push(i);
        else missing.set(texts[i], [i]);
      }
    }
    const unique = [...missing.keys()];
    const batches: string[][] = [];
    for (let i = 0; i < unique.length; i += this.embeddingBatch)
      batches.push(unique.slice(i, i + this.embeddingBatch));
    await Promise.all(
      batches.map(async (batch) => {
        const vectors = await this.embedBatch(emb.model, batch);
        batch.forEach((text, j) => {
          const indices = missing.get(text)!;
          let v = vectors?.[j];
          if (v) {
            void this.cacheSet(this.vectors, embeddingKey(emb.model, text), v);
          } else {
            // Hashed, at the model's size so cosines stay defined; not cached, so the model's
            // own vector replaces it once the server is back.
            m.fallbacks += indices.length;
            v = hashEmbed(text, this.embeddingDims ?? HASH_EMBEDDING_DIMS);
          }
          for (const i of indices) out[i] = Float32Array.from(v);
        });
      }),
    );
    return out;
  }

  private embedBatch(model: string, batch: string[]): Promise<Float32Array[] | undefined> {
    const m = this.meter.embeddings;
    const run = this.startRun(() => m.failures++);
    const work = this.attempts<Float32Array[]>({
      run,
      baseURL: this.config.embedding!.baseURL,
      send: async (signal) => {
        const res = await this.embedClient!.embeddings.create(
          { model, input: batch, encoding_format: "float" },
          { signal, maxRetries: 0, timeout: this.config.timeoutMs },
        );
        const data = [...(res.data ?? [])].sort((x, y) => x.index - y.index);
        if (
          data.length !== batch.length ||
          data.some((d) => !Array.isArray(d.embedding) || d.embedding.length === 0)
        ) {
          throw new Error(`embeddings answer has ${data.length} vectors for ${batch.length} texts`);
        }
        if (run.live())
          m.tokensIn +=
            res.usage?.prompt_tokens ?? batch.reduce((n, t) => n + this.counter.text(t), 0);
        const vectors = data.map((d) => unit(Float32Array.from(d.embedding)));
        this.embeddingDims ??= vectors[0].length;
        return vectors;
      },
      onCall: () => {
        if (run.live()) m.calls++;
      },
      onFailure: (e) => {
        if (run.live()) m.failures++;
        this.warnOnce(
          `embed:${model}:${e instanceof APIError ? e.status : "net"}`,
          { model, error: describeError(e) },
          "embedding request failed; hashed vectors used",
        );
      },
    }).catch(() => undefined);
    return run.race(work, undefined);
  }

  private startRun(onLateFailure: () => void): Run {
    const run = new Run(this.config.deadlineMs, onLateFailure);
    this.runs.add(run);
    run.signal.addEventListener("abort", () => this.runs.delete(run), { once: true });
    return run;
  }

  /** Cache trouble is a miss, never an error, and a slow shared cache (a Redis hiccup) is a miss
   *  after CACHE_WAIT_MS: the cache sits outside the ask's deadline, so it must not hang it. */
  private async cacheGet<V>(
    cache: { get(k: string): V | undefined | Promise<V | undefined> },
    key: string,
  ): Promise<V | undefined> {
    try {
      const got = cache.get(key);
      if (!isThenable(got)) return got;
      let timer: NodeJS.Timeout | undefined;
      const miss = new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), CACHE_WAIT_MS);
      });
      try {
        return await Promise.race([Promise.resolve(got).catch(() => undefined), miss]);
      } finally {
        clearTimeout(timer);
      }
    } catch {
      return undefined;
    }
  }

  private async cacheSet<V>(
    cache: { set(k: string, v: V): void | Promise<void> },
    key: string,
    value: V,
  ): Promise<void> {
    try {
      await cache.set(key, value);
    } catch {
      // a lost cache entry only costs a request later
    }
  }

  private warnOnce(key: string, obj: object, msg: string): void {
    if (!this.log) return;
    if (this.warned.has(key)) this.log.debug?.(obj, msg);
    else {
      this.warned.add(key);
      this.log.warn(obj, msg);
    }
  }

  metrics(): LlmMetrics {
    return this.meter.snapshot();
  }

  /** Requests out now and asks waiting for a slot (read-only, for the ops page). */
  get load(): { inFlight: number; queued: number } {
    return { inFlight: this.semaphore.inUse, queued: this.semaphore.waiting };
  }

  /** Stops everything out: running asks end with their offline answers; later asks are offline. */
  close(): Promise<void> {
    this.closed = true;
    for (const run of [...this.runs]) run.finish();
    return Promise.resolve();
  }
}

const formats = new WeakMap<
  object,
  Map<string, ChatCompletionCreateParamsNonStreaming["response_format"] | null>
>();

/** The strict JSON-schema response format of a zod schema, or null when the SDK's converter
 *  cannot express it (transforms, say); then plain JSON mode is asked for. */
function jsonSchemaFormat(
  schema: z.ZodType,
  name: string,
): ChatCompletionCreateParamsNonStreaming["response_format"] | undefined {
  let byName = formats.get(schema);
  if (!byName)
    formats.set(
      schema,
      (byName = new Map<
        string,
        ChatCompletionCreateParamsNonStreaming["response_format"] | null
      >()),
    );
  if (!byName.has(name)) {
    try {
      byName.set(
        name,
        zodResponseFormat(schema, name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64)),
      );
    } catch {
      byName.set(name, null);
    }
  }
  return byName.get(name) ?? undefined;
}

function isThenable<V>(x: V | Promise<V>): x is Promise<V> {
  return typeof (x as { then?: unknown } | undefined)?.then === "function";
}

/** Scaled to length 1 (most servers already are; some local ones are not). */
function unit(v: Float32Array): Float32Array {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  if (n === 0) {
    v[0] = 1;
    return v;
  }
  const s = 1 / Math.sqrt(n);
  for (let i = 0; i < v.length; i++) v[i] *= s;
  return v;
}
