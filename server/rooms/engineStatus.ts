// The language engine's health as clients see it: "offline" when the offline engine serves,
// "failing" when asks fell back to offline answers within the last minute, else "ok". Read from
// the gateway's cumulative metrics, sampled now and then.
import type { LlmMetrics } from "../llm/prompt.ts";

export type EngineStatus = "offline" | "ok" | "failing";

/** How far back a fallback still counts as failing. */
export const FAILING_WINDOW_MS = 60_000;

export class EngineHealth {
  private samples: { at: number; fallbacks: number }[] = [];

  constructor(private readonly windowMs = FAILING_WINDOW_MS) {}

  /** Adds a sample of the metrics taken at `at` (ms) and says the status now. */
  sample(m: LlmMetrics, at: number): EngineStatus {
    if (m.engine === "offline") return "offline";
    const fallbacks = m.fallbacks + m.embeddings.fallbacks;
    this.samples.push({ at, fallbacks });
    // Keep the newest sample older than the window as the baseline.
    while (this.samples.length > 1 && this.samples[1].at <= at - this.windowMs)
      this.samples.shift();
    const base = this.samples[0];
    return fallbacks > base.fallbacks ? "failing" : "ok";
  }
}
