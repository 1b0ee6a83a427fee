// `npm run eval -- --estimate`: what a run would take on the configured model, before spending
// anything. The offline engine runs the same scenario (one seed, metered: every request a model
// would be sent, counted with gpt-tokenizer, the offline answers standing for the model's) and the
// tokens are priced per tier at LLM_PRICE_* (US dollars per million tokens), times the seeds.
import type { LlmMetrics, Tier } from "../llm/prompt.ts";

export interface Prices {
  cheap?: { in: number; out: number };
  strong?: { in: number; out: number };
  /** Per million embedded tokens. */
  embedding?: number;
}

export interface Estimate {
  seeds: number;
  calls: number;
  tokensIn: number;
  tokensOut: number;
  embeddingTokens: number;
  byTier: Record<
    Tier,
    { calls: number; tokensIn: number; tokensOut: number; costUsd: number | null }
  >;
  /** Null when a tier that is used has no price set. */
  costUsd: number | null;
}

export function pricesFromEnv(env: Record<string, string | undefined>): Prices {
  const n = (k: string) =>
    env[k] !== undefined && env[k] !== "" && Number.isFinite(Number(env[k]))
      ? Number(env[k])
      : undefined;
  const pair = (i?: number, o?: number) =>
    i !== undefined && o !== undefined ? { in: i, out: o } : undefined;
  const cheap = pair(n("LLM_PRICE_IN"), n("LLM_PRICE_OUT"));
  return {
    cheap,
    strong: pair(n("LLM_PRICE_STRONG_IN"), n("LLM_PRICE_STRONG_OUT")) ?? cheap,
    embedding: n("EMBEDDING_PRICE_IN"),
  };
}

export function estimate(
  dry: LlmMetrics,
  tiers: ReadonlyMap<string, Tier>,
  seeds: number,
  prices: Prices,
  embeddingsPriced = false,
): Estimate {
  const byTier: Estimate["byTier"] = {
    cheap: { calls: 0, tokensIn: 0, tokensOut: 0, costUsd: 0 },
    strong: { calls: 0, tokensIn: 0, tokensOut: 0, costUsd: 0 },
  };
  for (const [name, row] of Object.entries(dry.byPrompt)) {
    const t = byTier[tiers.get(name) ?? "cheap"];
    t.calls += row.calls * seeds;
    t.tokensIn += row.tokensIn * seeds;
    t.tokensOut += row.tokensOut * seeds;
  }
  let costUsd: number | null = 0;
  for (const tier of ["cheap", "strong"] as const) {
    const t = byTier[tier];
    const p = prices[tier];
    t.costUsd = t.calls === 0 ? 0 : p ? (t.tokensIn * p.in + t.tokensOut * p.out) / 1e6 : null;
    costUsd = costUsd === null || t.costUsd === null ? null : costUsd + t.costUsd;
  }
  const embeddingTokens = dry.embeddings.tokensIn * seeds;
  if (embeddingsPriced && costUsd !== null)
    costUsd =
      prices.embedding === undefined ? null : costUsd + (embeddingTokens * prices.embedding) / 1e6;
  return {
    seeds,
    calls: byTier.cheap.calls + byTier.strong.calls,
    tokensIn: byTier.cheap.tokensIn + byTier.strong.tokensIn,
    tokensOut: byTier.cheap.tokensOut + byTier.strong.tokensOut,
    embeddingTokens,
    byTier,
    costUsd,
  };
}
