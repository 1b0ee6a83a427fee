// Reflection, one call per focal question: up to five insights, each citing the numbered
// statements it rests on (the original's insight_and_evidence_v1 over the memories retrieved for
// the question, §3.4).
import { z } from "zod";
import type { PlaceName } from "../offline/events.ts";
import { importanceOf } from "../offline/importance.ts";
import { offlineInsights } from "../offline/reflection.ts";
import { datedNote, definePrompt, stamp, type MemoryLine } from "./builder.ts";

export interface ReflectionInsightsInput {
  name: string;
  question: string;
  /** Retrieved for the question, numbered from 1 in the prompt. */
  statements: MemoryLine[];
  n: number;
  people: string[];
  places: PlaceName[];
  /** Memories of this day show only their time (builder.stamp). */
  today?: number;
}

export const ReflectionInsightsAnswer = z.object({
  insights: z.array(z.object({ insight: z.string().min(1), evidence: z.array(z.number().int().min(1)), importance: z.number().int().min(1).max(10) })).min(1),
});
export type ReflectionInsightsAnswer = z.infer<typeof ReflectionInsightsAnswer>;

export const reflectionInsightsPrompt = definePrompt<ReflectionInsightsInput, ReflectionInsightsAnswer>({
  name: "reflection-insights",
  tier: "strong",
  answer: ReflectionInsightsAnswer,
  maxTokens: 500,
  temperature: 0.5,
  system: () => "You help a town resident in a life simulation reflect on recent experience.",
  user: (i) => [
    `Statements about ${i.name}:`,
    datedNote(i.today),
    ...i.statements.map((s, n) => `${n + 1}. ${stamp(s.created, i.today)} ${s.text}`),
    `Question: ${i.question}`,
    `What ${i.n} high-level insights about ${i.name} can you infer from the statements to answer it? Give "insights" [{insight, evidence: the numbers of the statements it rests on, importance: 1-10 for ${i.name}}].`,
  ],
  offline: (i) => ({
    // The offline engine cites 0-based indices; the prompt numbers from 1.
    insights: offlineInsights(i.name, i.question, i.statements, i.people, i.places, i.n).map((x) => ({
      insight: x.insight,
      evidence: x.evidence.map((e) => e + 1),
      importance: Math.max(3, importanceOf(x.insight, { people: i.people })),
    })),
  }),
});
