// One ask of a resident's mind as the trace keeps it (server/llm/trace.ts makes it, the store
// keeps it as a MindTrace row, the API and the inspector's Mind tab show it): why a resident did
// what it did, in the words it was asked and answered.
import { z } from "zod";

/** A memory retrieved for the ask, with the scores that ranked it (each 0-1 before its weight). */
export const TraceMemory = z.object({
  id: z.number(),
  text: z.string(),
  /** Game time (ms) the memory was made. */
  created: z.number(),
  recency: z.number(),
  importance: z.number(),
  relevance: z.number(),
  /** The weighted sum the retrieval ranked by. */
  total: z.number(),
});
export type TraceMemory = z.infer<typeof TraceMemory>;

/** Something the offline engine drew an answer from: a persona fact, a plan block, a memory, a
 *  typed record (its id), a place or a person; `ref` says which (an id, a field, a time), `text`
 *  what it holds (short). */
export const TraceDrawn = z.object({
  kind: z.string().max(40),
  ref: z.string().max(200),
  text: z.string().max(300),
});
export type TraceDrawn = z.infer<typeof TraceDrawn>;

/**
 * Who answered: the model; the model after one repair (its first answer broke the schema); the
 * response cache; the offline engine (no model configured, or the budget); the offline answer as a
 * fallback when the model gave none (`reason` says why).
 */
export const TraceEngine = z.enum(["model", "repair", "cache", "offline", "fallback"]);
export type TraceEngine = z.infer<typeof TraceEngine>;

export const TraceEntry = z.object({
  agentId: z.string(),
  /** Game time (ms) of the ask and the town's step then (null when not known). */
  time: z.number(),
  step: z.number().nullable(),
  /** Order the asks began in (per minds' process): asks of one step keep their order by it. */
  n: z.number(),
  prompt: z.string(),
  /** The prompt's task in its own words (the first sentence of its system text). */
  purpose: z.string(),
  /** The text sent (offline: that would have been sent), JSON instruction included. */
  system: z.string(),
  user: z.string(),
  memories: z.array(TraceMemory),
  /** What the offline engine drew its answer from (absent for a model's answer, and in traces
   *  from before it was kept). */
  drew: z.array(TraceDrawn).optional(),
  answer: z.unknown(),
  /** The model's text as received (the last one, after a repair); null when no model answered. */
  raw: z.string().nullable(),
  engine: TraceEngine,
  /** The model that answered or was asked ("offline" for the offline engine). */
  model: z.string(),
  reason: z.string().nullable(),
  tokensIn: z.number(),
  tokensOut: z.number(),
  costUsd: z.number(),
  latencyMs: z.number(),
  cacheHit: z.boolean(),
});
export type TraceEntry = z.infer<typeof TraceEntry>;

/** A page of the trace, newest first; `next` is the `before` of the following page; `prompts`:
 *  every prompt the resident's trace holds (for a filter). */
export const TracePage = z.object({
  agent: z.string(),
  entries: z.array(TraceEntry),
  next: z.string().nullable(),
  prompts: z.array(z.string()),
});
export type TracePage = z.infer<typeof TracePage>;

/** GET /api/agents/:id/trace: a saved town's trace (`town`), or a recording's up to a step. */
export const TraceQuery = z
  .object({
    town: z.string().max(64).optional(),
    /** A recording (the replay): its asks, up to `step` when given. */
    recording: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .optional(),
    step: z.coerce.number().int().min(0).optional(),
    /** Game time bounds, ISO 8601 (inclusive). */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    prompt: z.string().max(64).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(50),
    /** The `next` of the page before. */
    before: z
      .string()
      .regex(/^-?[\d.e+]+:\d+$/)
      .optional(),
  })
  .strict();
export type TraceQuery = z.infer<typeof TraceQuery>;

/** How long the trace is kept, in game days (TRACE_KEEP_DAYS; 0: no trace). */
export function traceKeepDays(env: Record<string, string | undefined>): number {
  const raw = env.TRACE_KEEP_DAYS;
  if (raw === undefined || raw.trim() === "") return 7;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0)
    throw new Error(`TRACE_KEEP_DAYS must be a number of game days >= 0, not "${raw}"`);
  return n;
}
