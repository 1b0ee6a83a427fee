// The offline engine: every prompt answered by its own `offline` function, every text embedded
// as a hashed bag of words. No network, deterministic. It still meters what a model would have
// been sent (the rendered messages with the JSON instruction, counted with gpt-tokenizer) and
// what it would have answered (the JSON of the offline answer), so a benchmark can say what a
// resident would cost.
//
// Metering cost (bench/llm-metering.bench.ts, 2-core EPYC): an offline ask is 0.7 µs median
// without metering and about 20 µs with it (render, JSON instruction, per-line cached token counts);
// counting the same prompts whole with gpt-tokenizer alone is 30-50 µs median, 0.1-0.6 ms p99.
// That is on by default (a benchmark wants the numbers); `meter: false` skips rendering and
// counting altogether for large headless runs (asks and calls are still counted, they are free).
import { hashEmbed, HASH_EMBEDDING_DIMS } from "./hashEmbedding.ts";
import { withJsonInstruction } from "./json.ts";
import { Meter, type Prices } from "./metrics.ts";
import type { Gateway, LlmMetrics, Prompt } from "./prompt.ts";
import { TokenCounter } from "./tokens.ts";
import { answerOffline, AskTrace } from "./trace.ts";

export const OFFLINE_MODEL = "offline";
export const HASHED_EMBEDDINGS = "hashed";

export interface OfflineGatewayOptions {
  /** Count the tokens a model would have been sent and given (default true). */
  meter?: boolean;
  /** US dollars per million tokens, keyed "offline" (and "hashed" for embeddings). */
  prices?: Prices;
  /** Shared token counter (and its cache). */
  counter?: TokenCounter;
}

/** Meters one offline answer as the request a model would have had, and traces it when the
 *  ask is traced (the text that would have been sent). Never throws: a metering problem must
 *  not change what the town does. */
export function meterOfflineAsk<In, Out>(
  meter: Meter,
  counter: TokenCounter | undefined,
  prompt: Prompt<In, Out>,
  input: In,
  answer: Out,
  trace?: AskTrace,
): void {
  meter.add(prompt.name, OFFLINE_MODEL, "calls");
  if (!counter && !trace) return;
  try {
    const messages = withJsonInstruction(prompt.render(input), prompt.answer);
    if (trace) trace.messages = messages;
    if (!counter) return;
    const tokensIn = counter.chat(messages);
    const tokensOut = counter.text(JSON.stringify(answer) ?? "");
    meter.tokens(prompt.name, OFFLINE_MODEL, tokensIn, tokensOut);
    trace?.tokens(tokensIn, tokensOut, meter.priceOf(OFFLINE_MODEL, tokensIn, tokensOut));
  } catch {
    // a prompt whose render throws is still answered; only its tokens go uncounted
  }
}

/** Hashed embeddings, metered as one request that would carry all the texts. */
export function hashedEmbeddings(
  meter: Meter,
  counter: TokenCounter | undefined,
  texts: readonly string[],
  dims = HASH_EMBEDDING_DIMS,
): Float32Array[] {
  if (texts.length === 0) return [];
  meter.embeddings.calls++;
  meter.embeddings.texts += texts.length;
  if (counter) for (const t of texts) meter.embeddings.tokensIn += counter.text(t);
  return texts.map((t) => hashEmbed(t, dims));
}

export class OfflineGateway implements Gateway {
  readonly engine = "offline";
  private readonly meter: Meter;
  private readonly counter: TokenCounter | undefined;

  constructor(options: OfflineGatewayOptions = {}) {
    this.meter = new Meter(this.engine, options.prices, HASHED_EMBEDDINGS);
    this.counter = options.meter === false ? undefined : (options.counter ?? new TokenCounter());
  }

  ask<In, Out>(prompt: Prompt<In, Out>, input: In): Promise<Out> {
    try {
      const trace = AskTrace.start(prompt.name, OFFLINE_MODEL);
      const answer = answerOffline(prompt, input, trace);
      this.meter.add(prompt.name, OFFLINE_MODEL, "asks");
      meterOfflineAsk(this.meter, this.counter, prompt, input, answer, trace);
      trace?.done(answer, "offline", "no model configured");
      return Promise.resolve(answer);
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    return Promise.resolve(hashedEmbeddings(this.meter, this.counter, texts));
  }

  metrics(): LlmMetrics {
    return this.meter.snapshot();
  }

  async close(): Promise<void> {}
}
