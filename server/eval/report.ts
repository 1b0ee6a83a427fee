// The eval's report: every seed's results, their mean and spread, and the paper's figures beside
// them (Park et al. 2023, §6.3 and §7). Validated against the shared schema before it is written.
import { EvalReport, type SeedResult } from "../../shared/evalReport.ts";
import type { LlmMetrics } from "../llm/prompt.ts";
import { CONDITIONS, PAPER_TRUESKILL } from "./battery.ts";
import type { Scenario } from "./scenario.ts";
import { spread } from "./stats.ts";

/** The paper's figures: diffusion by study position (its party study first, then the candidacy). */
export const PAPER = {
  diffusion: [
    { label: "party", start: 0.04, end: 0.52 },
    { label: "candidacy", start: 0.04, end: 0.32 },
  ],
  density: { start: 0.167, end: 0.74 },
  coordination: { invited: 12, attended: 5 },
  hallucination: { relationships: 0.013 },
  trueskill: PAPER_TRUESKILL,
};

/** Share of answers from the offline engine, above which a run on a model is marked. */
export const FALLBACK_LIMIT = 0.01;

export interface ReportInput {
  id: string;
  scenario: Scenario;
  engine: string;
  judge: string;
  wallSeconds: number;
  seeds: SeedResult[];
  llm: LlmMetrics;
  createdAt?: Date;
}

export function buildEvalReport(i: ReportInput): EvalReport {
  const { seeds, scenario } = i;
  const first = <T>(xs: readonly T[]) => xs[0];
  const last = <T>(xs: readonly T[]) => xs[xs.length - 1];
  const summary: EvalReport["summary"] = {
    diffusion: scenario.studies.map((st, k) => ({
      study: st.id,
      label: st.label,
      start: spread(seeds.map((s) => first(s.diffusion[k].points)?.share ?? 0)),
      end: spread(seeds.map((s) => last(s.diffusion[k].points)?.share ?? 0)),
    })),
    density: scenario.relationships
      ? {
          start: spread(seeds.map((s) => s.density?.start.eta ?? 0)),
          end: spread(seeds.map((s) => s.density?.end.eta ?? 0)),
        }
      : null,
    coordination: scenario.studies
      .filter((st) => st.event)
      .map((st) => ({
        study: st.id,
        invited: spread(
          seeds.map((s) => s.coordination.find((c) => c.study === st.id)?.invited ?? 0),
        ),
        attended: spread(
          seeds.map((s) => s.coordination.find((c) => c.study === st.id)?.attendedInvited ?? 0),
        ),
      })),
    hallucination: {
      facts: spread(seeds.map((s) => s.hallucination.facts.rate)),
      relationships: spread(seeds.map((s) => s.hallucination.relationships.rate)),
    },
    trueskill: seeds.some((s) => s.battery)
      ? CONDITIONS.map((c) => ({
          condition: c,
          mu: spread(
            seeds.flatMap(
              (s) => s.battery?.ratings.filter((r) => r.condition === c).map((r) => r.mu) ?? [],
            ),
          ),
          sigma: spread(
            seeds.flatMap(
              (s) => s.battery?.ratings.filter((r) => r.condition === c).map((r) => r.sigma) ?? [],
            ),
          ),
        }))
      : [],
  };
  const asks = seeds.reduce((a, s) => a + s.asks, 0);
  const fallbacks = seeds.reduce((a, s) => a + s.fallbacks, 0);
  return EvalReport.parse({
    version: 1,
    id: i.id,
    createdAt: (i.createdAt ?? new Date()).toISOString(),
    scenario: {
      name: scenario.name,
      description: scenario.description,
      town: scenario.town,
      hours: scenario.hours,
      studies: scenario.studies.map((s) => ({ id: s.id, label: s.label, about: s.about })),
      mind: scenario.mind,
    },
    engine: i.engine,
    judge: i.judge,
    wallSeconds: i.wallSeconds,
    seeds,
    summary,
    paper: {
      diffusion: Object.fromEntries(
        scenario.studies
          .slice(0, PAPER.diffusion.length)
          .map((st, k) => [
            st.id,
            { start: PAPER.diffusion[k].start, end: PAPER.diffusion[k].end },
          ]),
      ),
      density: PAPER.density,
      coordination: PAPER.coordination,
      hallucination: PAPER.hallucination,
      trueskill: PAPER.trueskill,
    },
    llm: {
      calls: i.llm.calls,
      asks: i.llm.asks,
      fallbacks: i.llm.fallbacks,
      tokensIn: i.llm.tokensIn,
      tokensOut: i.llm.tokensOut,
      costUsd: i.llm.costUsd,
    },
    fallbackMarked: i.engine !== "offline" && asks > 0 && fallbacks / asks > FALLBACK_LIMIT,
  });
}
