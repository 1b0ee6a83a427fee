// Reflection's insights: up to five per focal question, each citing the numbered statements it
// rests on (the original's insight_and_evidence_v1 over the memories retrieved for the question,
// §3.4). The questions of one reflection may share a call (settings.insightsInOneCall): the
// statements are shown once, numbered, and each question lists the ones retrieved for it. Half of
// what three questions retrieve is the same memories (base-25), so one call sends about half the
// statements' tokens of three, and each question still sees exactly its own statements.
import { z } from "zod";
import type { PlaceName } from "../language/events.ts";
import { importanceOf } from "../language/importance.ts";
import { offlineInsights } from "../offline/reflection.ts";
import { datedNote, definePrompt, stamp, type MemoryLine } from "./builder.ts";

export interface FocalQuestion {
  question: string;
  /** The statements retrieved for it, best first: indices into `statements` (0-based). */
  statements: number[];
}

export interface ReflectionInsightsInput {
  name: string;
  questions: FocalQuestion[];
  /** Every statement retrieved for any of the questions, once; numbered from 1 in the prompt. */
  statements: MemoryLine[];
  /** Insights per question. */
  n: number;
  people: readonly string[];
  places: PlaceName[];
  /** Memories of this day show only their time (builder.stamp). */
  today?: number;
}

export const ReflectionInsightsAnswer = z.object({
  insights: z
    .array(
      z.object({
        question: z.number().int().min(1),
        insight: z.string().min(1),
        evidence: z.array(z.number().int().min(1)),
        importance: z.number().int().min(1).max(10),
      }),
    )
    .min(1),
});
export type ReflectionInsightsAnswer = z.infer<typeof ReflectionInsightsAnswer>;

/** "1-4, 7, 9-10": statement numbers (0-based indices shown from 1) in runs. */
export function numberRuns(indices: readonly number[]): string {
  const sorted = [...new Set(indices)].sort((a, b) => a - b).map((k) => k + 1);
  const runs: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    runs.push(j > i ? `${sorted[i]}-${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return runs.join(", ");
}

export const reflectionInsightsPrompt = definePrompt<
  ReflectionInsightsInput,
  ReflectionInsightsAnswer
>({
  name: "reflection-insights",
  tier: "strong",
  answer: ReflectionInsightsAnswer,
  maxTokens: 500,
  temperature: 0.5,
  system: () => "You help a town resident in a life simulation reflect on recent experience.",
  user: (i) => {
    const one = i.questions.length === 1;
    return [
      `Statements about ${i.name}:`,
      datedNote(i.today),
      ...i.statements.map((s, n) => `${n + 1}. ${stamp(s.created, i.today)} ${s.text}`),
      ...(one
        ? [
            `Question: ${i.questions[0].question}`,
            `What ${i.n} high-level insights about ${i.name} can you infer from the statements to answer it?`,
          ]
        : [
            ...i.questions.map(
              (q, k) => `Question ${k + 1}: ${q.question} (statements ${numberRuns(q.statements)})`,
            ),
            `For each question, what ${i.n} high-level insights about ${i.name} can you infer from its statements to answer it?`,
          ]),
      `Give "insights" [{question: ${one ? "1" : "its number"}, insight, evidence: the numbers of the statements it rests on, importance: 1-10 for ${i.name}}].`,
    ];
  },
  offline: (i) => ({
    // Each question over its own statements, as if asked alone; the offline engine cites 0-based
    // indices into what it was given, the prompt numbers the shared list from 1.
    insights: i.questions.flatMap((q, k) =>
      offlineInsights(
        i.name,
        q.question,
        q.statements.map((j) => i.statements[j]),
        i.people,
        i.places,
        i.n,
      ).map((x) => ({
        question: k + 1,
        insight: x.insight,
        evidence: x.evidence.map((e) => q.statements[e] + 1),
        importance: Math.max(3, importanceOf(x.insight, { people: i.people })),
      })),
    ),
  }),
});
