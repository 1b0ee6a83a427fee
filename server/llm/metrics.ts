// Counting what the gateway does, per prompt and per model, and what it costs. Every event is
// written to both rows at once, so the per-prompt and per-model tables always add up to the
// same totals.
import type { LlmMetrics, PromptMetrics } from "./prompt.ts";

export type Counter = Exclude<keyof PromptMetrics, "latencyMs" | "costUsd">;

export function emptyPromptMetrics(): PromptMetrics {
  return {
    calls: 0,
    failures: 0,
    repairs: 0,
    fallbacks: 0,
    cacheHits: 0,
    tokensIn: 0,
    tokensOut: 0,
    latencyMs: { total: 0, max: 0, count: 0 },
    asks: 0,
    invalid: 0,
    costUsd: 0,
  };
}

/** What a gateway reports before anything happened (also handy for stub gateways in tests). */
export function emptyLlmMetrics(engine: string, embeddingModel = "hashed"): LlmMetrics {
  const { latencyMs: _l, costUsd: _c, ...totals } = emptyPromptMetrics();
  return {
    engine,
    ...totals,
    embeddings: {
      model: embeddingModel,
      calls: 0,
      texts: 0,
      tokensIn: 0,
      cacheHits: 0,
      failures: 0,
      fallbacks: 0,
    },
    costUsd: 0,
    byPrompt: {},
    byModel: {},
  };
}

export type Prices = Record<string, { in: number; out: number }>;

const cost = (
  price: { in: number; out: number } | undefined,
  tokensIn: number,
  tokensOut: number,
) => (price ? (tokensIn * price.in + tokensOut * price.out) / 1e6 : 0);

/** What is counted per request, in a prompt's row and in the totals alike. */
const TALLIES = [
  "calls",
  "failures",
  "repairs",
  "fallbacks",
  "cacheHits",
  "tokensIn",
  "tokensOut",
  "asks",
  "invalid",
] as const;

/** The counts that add up when tables are summed: the tallies and what they cost. */
const COUNTS = [...TALLIES, "costUsd"] as const;

export class Meter {
  private readonly byPrompt = new Map<string, PromptMetrics>();
  private readonly byModel = new Map<string, PromptMetrics>();
  /** A prompt may be served by two models (strong in one town, cheap in another), so its cost
   *  is summed per request, at the price of the model that served it. */
  private readonly promptCost = new Map<string, number>();
  readonly embeddings: LlmMetrics["embeddings"];

  constructor(
    readonly engine: string,
    private readonly prices: Prices = {},
    embeddingModel = "hashed",
  ) {
    this.embeddings = emptyLlmMetrics(engine, embeddingModel).embeddings;
  }

  private rows(prompt: string, model: string): [PromptMetrics, PromptMetrics] {
    let p = this.byPrompt.get(prompt);
    if (!p) this.byPrompt.set(prompt, (p = emptyPromptMetrics()));
    let m = this.byModel.get(model);
    if (!m) this.byModel.set(model, (m = emptyPromptMetrics()));
    return [p, m];
  }

  add(prompt: string, model: string, counter: Counter, n = 1): void {
    if (n === 0) return;
    for (const row of this.rows(prompt, model)) row[counter] += n;
  }

  latency(prompt: string, model: string, ms: number): void {
    for (const row of this.rows(prompt, model)) {
      row.latencyMs.total += ms;
      row.latencyMs.count++;
      if (ms > row.latencyMs.max) row.latencyMs.max = ms;
    }
  }

  /** A copy, with totals and per-model costs worked out now. */
  snapshot(): LlmMetrics {
    const out = emptyLlmMetrics(this.engine, this.embeddings.model);
    out.embeddings = { ...this.embeddings };
    for (const [name, row] of this.byModel) {
      const copy = {
        ...row,
        latencyMs: { ...row.latencyMs },
        costUsd: cost(this.prices[name], row.tokensIn, row.tokensOut),
      };
      out.byModel[name] = copy;
      out.costUsd += copy.costUsd;
    }
    for (const [name, row] of this.byPrompt) {
      out.byPrompt[name] = {
        ...row,
        latencyMs: { ...row.latencyMs },
        costUsd: this.promptCost.get(name) ?? 0,
      };
      // Costs are summed per model above: a prompt may be served by two models.
      for (const k of TALLIES) out[k] += row[k];
    }
    out.costUsd += cost(this.prices[this.embeddings.model], this.embeddings.tokensIn, 0);
    return out;
  }

  /** What tokens cost at a model's price (0 without one). */
  priceOf(model: string, tokensIn: number, tokensOut: number): number {
    return cost(this.prices[model], tokensIn, tokensOut);
  }

  /** Tokens of one request, priced by the model that served it. */
  tokens(prompt: string, model: string, tokensIn: number, tokensOut: number): void {
    this.add(prompt, model, "tokensIn", tokensIn);
    this.add(prompt, model, "tokensOut", tokensOut);
    const c = cost(this.prices[model], tokensIn, tokensOut);
    if (c) this.promptCost.set(prompt, (this.promptCost.get(prompt) ?? 0) + c);
  }
}

function addPrompt(into: PromptMetrics, m: PromptMetrics): void {
  for (const k of COUNTS) into[k] += m[k];
  into.latencyMs.total += m.latencyMs.total;
  into.latencyMs.count += m.latencyMs.count;
  into.latencyMs.max = Math.max(into.latencyMs.max, m.latencyMs.max);
}

function addTables(into: Record<string, PromptMetrics>, from: Record<string, PromptMetrics>): void {
  for (const [key, m] of Object.entries(from)) addPrompt((into[key] ??= emptyPromptMetrics()), m);
}

/**
 * The metrics of several gateways made from the same settings (the process's, and those of its
 * towns' minds on their own threads) as one: counts and costs added, the worst latency kept.
 */
export function sumMetrics(first: LlmMetrics, ...rest: LlmMetrics[]): LlmMetrics {
  const out = structuredClone(first);
  for (const m of rest) {
    for (const k of COUNTS) out[k] += m[k];
    for (const k of ["calls", "texts", "tokensIn", "cacheHits", "failures", "fallbacks"] as const)
      out.embeddings[k] += m.embeddings[k];
    addTables(out.byPrompt, m.byPrompt);
    addTables(out.byModel, m.byModel);
  }
  return out;
}
