// A gateway that notes which tier each prompt is routed to, so a dry run's tokens can be priced at
// the cheap or the strong model's rates (the metrics count by prompt name, not by tier).
import type { Gateway, LlmMetrics, Prompt, Tier } from "../llm/prompt.ts";

export class TierTally implements Gateway {
  readonly tiers = new Map<string, Tier>();
  constructor(private readonly inner: Gateway) {}
  get engine(): string {
    return this.inner.engine;
  }
  ask<In, Out>(prompt: Prompt<In, Out>, input: In): Promise<Out> {
    this.tiers.set(prompt.name, prompt.tier);
    return this.inner.ask(prompt, input);
  }
  embed(texts: string[]): Promise<Float32Array[]> {
    return this.inner.embed(texts);
  }
  metrics(): LlmMetrics {
    return this.inner.metrics();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}
