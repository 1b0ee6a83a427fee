// The report of a headless run (docs/ARCHITECTURE.md, "Command line"): where the town got to, what each
// resident is doing and holds in memory, and what the language model cost. Built by one pure
// function from what the run has at its end; the schema is what readers of the file may rely on.
import { z } from "zod";
import type { LlmMetrics } from "../llm/prompt.ts";

const Count = z.number().int().nonnegative();

export const PromptFigures = z.object({
  calls: Count,
  tokensIn: Count,
  tokensOut: Count,
  failures: Count,
  repairs: Count,
  fallbacks: Count,
  cacheHits: Count,
  costUsd: z.number().nonnegative(),
});
export type PromptFigures = z.infer<typeof PromptFigures>;

const AgentFigures = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  action: z.string(),
  memories: Count,
  reflections: Count,
  conversations: Count,
});

export const SimReport = z.object({
  /** The save the run wrote to. */
  town: z.string(),
  template: z.string(),
  /** Where it started: a template, or the save it was forked or resumed from. */
  from: z.string(),
  /** Steps run by this command (fewer than asked when interrupted). */
  steps: Count,
  stepsRequested: Count,
  startStep: Count,
  endStep: Count,
  interrupted: z.boolean(),
  /** Game time (ISO 8601, UTC as the game clock reads it) at the first and last step. */
  gameTimeStart: z.iso.datetime(),
  gameTimeEnd: z.iso.datetime(),
  wallSeconds: z.number().nonnegative(),
  engine: z.string(),
  agents: z.array(AgentFigures),
  llm: z.object({
    engine: z.string(),
    calls: Count,
    failures: Count,
    fallbacks: Count,
    repairs: Count,
    cacheHits: Count,
    tokensIn: Count,
    tokensOut: Count,
    costUsd: z.number().nonnegative(),
    embeddings: z.object({
      model: z.string(),
      calls: Count,
      texts: Count,
      tokensIn: Count,
      failures: Count,
    }),
    byPrompt: z.record(z.string(), PromptFigures),
  }),
});
export type SimReport = z.infer<typeof SimReport>;

export interface ReportInput {
  town: string;
  template: string;
  from: string;
  stepsRequested: number;
  startStep: number;
  endStep: number;
  /** Game time (ms) at startStep and endStep. */
  startTime: number;
  endTime: number;
  wallSeconds: number;
  interrupted: boolean;
  engine: string;
  agents: { id: string; name: string; address: string; action: string }[];
  /** The mind's counts for a resident (undefined for one it does not know). */
  counts: (
    agentId: string,
  ) => { memories: number; reflections: number; conversations: number } | undefined;
  /** The gateway's metrics (a gateway made for this run: they count this run only). */
  llm: LlmMetrics;
}

export function buildReport(r: ReportInput): SimReport {
  const byPrompt: Record<string, PromptFigures> = {};
  for (const [name, p] of Object.entries(r.llm.byPrompt).sort(([a], [b]) => a.localeCompare(b))) {
    byPrompt[name] = {
      calls: p.calls,
      tokensIn: p.tokensIn,
      tokensOut: p.tokensOut,
      failures: p.failures,
      repairs: p.repairs,
      fallbacks: p.fallbacks,
      cacheHits: p.cacheHits,
      costUsd: p.costUsd,
    };
  }
  const e = r.llm.embeddings;
  return {
    town: r.town,
    template: r.template,
    from: r.from,
    steps: r.endStep - r.startStep,
    stepsRequested: r.stepsRequested,
    startStep: r.startStep,
    endStep: r.endStep,
    interrupted: r.interrupted,
    gameTimeStart: new Date(r.startTime).toISOString(),
    gameTimeEnd: new Date(r.endTime).toISOString(),
    wallSeconds: Math.round(r.wallSeconds * 1000) / 1000,
    engine: r.engine,
    agents: r.agents.map((a) => {
      const c = r.counts(a.id) ?? { memories: 0, reflections: 0, conversations: 0 };
      return {
        id: a.id,
        name: a.name,
        address: a.address,
        action: a.action,
        memories: c.memories,
        reflections: c.reflections,
        conversations: c.conversations,
      };
    }),
    llm: {
      engine: r.llm.engine,
      calls: r.llm.calls,
      failures: r.llm.failures,
      fallbacks: r.llm.fallbacks,
      repairs: r.llm.repairs,
      cacheHits: r.llm.cacheHits,
      tokensIn: r.llm.tokensIn,
      tokensOut: r.llm.tokensOut,
      costUsd: r.llm.costUsd,
      embeddings: {
        model: e.model,
        calls: e.calls,
        texts: e.texts,
        tokensIn: e.tokensIn,
        failures: e.failures,
      },
      byPrompt,
    },
  };
}

/** One line for the end of a run: steps, game time, wall time, calls and tokens. */
export function summaryLine(r: SimReport): string {
  const perStep = r.steps ? ` (${((r.wallSeconds * 1000) / r.steps).toFixed(1)} ms/step)` : "";
  return `${r.interrupted ? "interrupted after" : "ran"} ${r.steps} steps, step ${r.startStep} → ${r.endStep}, game time ${r.gameTimeStart} → ${r.gameTimeEnd}, ${r.wallSeconds.toFixed(1)} s wall${perStep}; llm ${r.llm.calls} calls, ${r.llm.tokensIn} tokens in, ${r.llm.tokensOut} out, ${r.llm.failures} failures, ${r.llm.fallbacks} fallbacks`;
}
