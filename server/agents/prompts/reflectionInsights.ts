// Reflection, second call: insights answering all focal questions at once, each citing the
// numbered statements it rests on (the original's insight_and_evidence_v1, asked once per
// question, §3.4). The statements are the union of what was retrieved for every question.
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { offlineInsights } from "../offline/reflection.ts";
import { keywordImportance, type PlaceName } from "../offline/text.ts";
import { QUOTED_SPEECH } from "./common.ts";

export interface ReflectionInsightsInput {
  name: string;
  questions: string[];
  /** Retrieved statements, numbered from 1 in the prompt. */
  statements: string[];
  n: number;
  people: string[];
  places: PlaceName[];
}

export const ReflectionInsightsAnswer = z.object({
  insights: z.array(z.object({ insight: z.string().min(1), evidence: z.array(z.number().int().min(1)), importance: z.number().int().min(1).max(10) })).min(1),
});
export type ReflectionInsightsAnswer = z.infer<typeof ReflectionInsightsAnswer>;

export const reflectionInsightsPrompt: Prompt<ReflectionInsightsInput, ReflectionInsightsAnswer> = {
  name: "reflection-insights",
  tier: "strong",
  answer: ReflectionInsightsAnswer,
  maxTokens: 500,
  temperature: 0.5,
  render: (i) => [
    { role: "system", content: `You help a town resident in a life simulation reflect on recent experience. ${QUOTED_SPEECH}` },
    {
      role: "user",
      content: [
        `Statements about ${i.name}:`,
        ...i.statements.map((s, n) => `${n + 1}. ${s}`),
        `Questions: ${i.questions.join(" ")}`,
        `What ${i.n} high-level insights about ${i.name} can you infer from the statements to answer these questions? Give "insights" [{insight, evidence: the numbers of the statements it rests on, importance: 1-10 for ${i.name}}].`,
      ].join("\n"),
    },
  ],
  offline: (i) => ({
    // The offline engine cites 0-based indices; the prompt numbers from 1.
    insights: offlineInsights(i.name, i.statements, i.people, i.places, i.n).map((x) => ({ insight: x.insight, evidence: x.evidence.map((e) => e + 1), importance: keywordImportance(x.insight) })),
  }),
};
