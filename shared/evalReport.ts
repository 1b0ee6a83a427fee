// The eval harness's report (npm run eval; GET /api/evals, /eval/<id>): what each seed measured,
// every judgement with its reason, and the mean and spread over seeds beside the paper's figures.
import { z } from "zod";

export const DiffusionPoint = z.object({
  /** Game time (ms) the residents were asked. */
  time: z.number(),
  informed: z.number().int(),
  total: z.number().int(),
  /** informed / total, 0..1. */
  share: z.number(),
  residents: z.array(z.string()),
});
export type DiffusionPoint = z.infer<typeof DiffusionPoint>;

export const Density = z.object({
  eta: z.number(),
  vertices: z.number().int(),
  /** Undirected edges: both residents know each other. */
  edges: z.array(z.tuple([z.string(), z.string()])),
  /** Ordered pairs where the first knows the second. */
  oneSided: z.number().int(),
});
export type Density = z.infer<typeof Density>;

export const NoShowReason = z.enum(["conflicting plan", "no plan made", "forgot"]);
export type NoShowReason = z.infer<typeof NoShowReason>;

export const CoordinationRow = z.object({
  resident: z.string(),
  invited: z.boolean(),
  minutes: z.number(),
  attended: z.boolean(),
  reason: NoShowReason.optional(),
  plan: z.array(z.string()),
});
export type CoordinationRow = z.infer<typeof CoordinationRow>;

export const Coordination = z.object({
  study: z.string(),
  invited: z.number().int(),
  attendedInvited: z.number().int(),
  attendedUninvited: z.number().int(),
  noShows: z.record(NoShowReason, z.number().int()),
  rows: z.array(CoordinationRow),
});
export type Coordination = z.infer<typeof Coordination>;

export const Hallucination = z.object({
  claims: z.number().int(),
  unsupported: z.number().int(),
  rate: z.number(),
});
export type Hallucination = z.infer<typeof Hallucination>;

export const RatingRow = z.object({
  condition: z.string(),
  mu: z.number(),
  sigma: z.number(),
  wins: z.number().int(),
  losses: z.number().int(),
  ties: z.number().int(),
});
export type RatingRow = z.infer<typeof RatingRow>;

/** One verdict of the judge, kept with its reason. */
export const Judgement = z.object({
  kind: z.enum(["diffusion", "relationship", "battery"]),
  /** Game time of the interview(s). */
  time: z.number(),
  resident: z.string(),
  /** The study id, the person asked about, or "A vs B" conditions. */
  subject: z.string(),
  question: z.string().optional(),
  answer: z.string().optional(),
  knows: z.boolean().optional(),
  supported: z.boolean().optional(),
  better: z.enum(["A", "B", "tie"]).optional(),
  reason: z.string(),
});
export type Judgement = z.infer<typeof Judgement>;

export const BatteryAnswer = z.object({
  resident: z.string(),
  condition: z.string(),
  category: z.string(),
  question: z.string(),
  answer: z.string(),
});
export type BatteryAnswer = z.infer<typeof BatteryAnswer>;

export const SeedResult = z.object({
  seed: z.number().int(),
  /** The save the run wrote, and its recording (/replay/<recording>). */
  save: z.string(),
  recording: z.string(),
  steps: z.number().int(),
  wallSeconds: z.number(),
  diffusion: z.array(
    z.object({ study: z.string(), label: z.string(), points: z.array(DiffusionPoint) }),
  ),
  density: z.object({ start: Density, end: Density }).nullable(),
  coordination: z.array(Coordination),
  hallucination: z.object({ facts: Hallucination, relationships: Hallucination }),
  battery: z
    .object({
      ratings: z.array(RatingRow),
      residents: z.number().int(),
      answers: z.array(BatteryAnswer),
    })
    .nullable(),
  judgements: z.array(Judgement),
  /** Answers given by the offline engine although a model was configured, and all asks. */
  asks: z.number().int(),
  fallbacks: z.number().int(),
  fallbackRate: z.number(),
  /** What running the town cost, by game day (the measuring interviews left out): model calls
   *  (offline answers counted as a model's would be) and tokens. */
  days: z
    .array(
      z.object({
        day: z.string(),
        calls: z.number(),
        tokensIn: z.number(),
        tokensOut: z.number(),
        /** The same by prompt (day-plan, utterance, ...): where a day's cost goes. */
        byPrompt: z
          .record(z.string(), z.object({ calls: z.number(), tokensIn: z.number() }))
          .default({}),
      }),
    )
    .default([]),
});
export type SeedResult = z.infer<typeof SeedResult>;

export const Spread = z.object({
  mean: z.number(),
  sd: z.number(),
  min: z.number(),
  max: z.number(),
  n: z.number().int(),
  values: z.array(z.number()),
});
export type Spread = z.infer<typeof Spread>;

export const EvalReport = z.object({
  version: z.literal(1),
  id: z.string(),
  createdAt: z.string(),
  scenario: z.object({
    name: z.string(),
    description: z.string(),
    town: z.string(),
    hours: z.number(),
    studies: z.array(z.object({ id: z.string(), label: z.string(), about: z.string() })),
    /** The minds' settings the scenario changed (cost levers). */
    mind: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).default({}),
  }),
  engine: z.string(),
  /** "model <name>" or "offline rubric (weaker than a model)". */
  judge: z.string(),
  wallSeconds: z.number(),
  seeds: z.array(SeedResult),
  summary: z.object({
    diffusion: z.array(
      z.object({ study: z.string(), label: z.string(), start: Spread, end: Spread }),
    ),
    density: z.object({ start: Spread, end: Spread }).nullable(),
    coordination: z.array(z.object({ study: z.string(), invited: Spread, attended: Spread })),
    hallucination: z.object({ facts: Spread, relationships: Spread }),
    trueskill: z.array(z.object({ condition: z.string(), mu: Spread, sigma: Spread })),
  }),
  /** The paper's figures to compare with. */
  paper: z.object({
    diffusion: z.record(z.string(), z.object({ start: z.number(), end: z.number() })),
    density: z.object({ start: z.number(), end: z.number() }),
    coordination: z.object({ invited: z.number(), attended: z.number() }),
    hallucination: z.object({ relationships: z.number() }),
    trueskill: z.record(z.string(), z.number()),
  }),
  llm: z.object({
    calls: z.number(),
    asks: z.number(),
    fallbacks: z.number(),
    tokensIn: z.number(),
    tokensOut: z.number(),
    costUsd: z.number(),
  }),
  /** More than 1% of answers came from the offline engine while a model was configured. */
  fallbackMarked: z.boolean(),
});
export type EvalReport = z.infer<typeof EvalReport>;

/** One line of GET /api/evals. */
export const EvalListing = z.object({
  id: z.string(),
  scenario: z.string(),
  createdAt: z.string(),
  engine: z.string(),
  judge: z.string(),
  seeds: z.number().int(),
  fallbackMarked: z.boolean(),
  recordings: z.array(z.string()),
});
export type EvalListing = z.infer<typeof EvalListing>;
