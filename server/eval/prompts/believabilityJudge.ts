// The judge of the interview battery (the paper's §6): two sets of answers by the same resident,
// under two memory conditions, compared for believability. With a model this is a strong-tier
// prompt that sees who the resident is and what they remember. Offline it is a rubric: each answer
// scores the content terms it shares with what the resident is and remembers (grounded), minus a
// point per answer that says nothing beyond the question; the higher total wins, a near tie is a
// draw. Weaker than a model: it rewards recall, not tone, coherence or plausibility.
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { terms } from "../terms.ts";

export interface BelievabilityInput {
  resident: string;
  /** Who the resident is (persona), for the judge. */
  profile: string;
  /** A sample of the resident's memories, newest first. */
  memories: string[];
  /** Every content term of the persona and memory stream (offline rubric only; not rendered). */
  grounding: ReadonlySet<string>;
  a: { question: string; answer: string }[];
  b: { question: string; answer: string }[];
}

export const BelievabilityVerdict = z.object({
  better: z.enum(["A", "B", "tie"]),
  reason: z.string().min(1).max(600),
});
export type BelievabilityVerdict = z.infer<typeof BelievabilityVerdict>;

/** The rubric's score of one set of answers. */
export function groundedScore(
  answers: readonly { question: string; answer: string }[],
  grounding: ReadonlySet<string>,
): { score: number; grounded: number; empty: number } {
  let grounded = 0;
  let empty = 0;
  for (const { question, answer } of answers) {
    const q = new Set(terms(question));
    const own = terms(answer).filter((t) => !q.has(t));
    const g = own.filter((t) => grounding.has(t)).length;
    grounded += g;
    if (g === 0) empty++;
  }
  return { score: grounded - empty, grounded, empty };
}

export function rubricBelievability(i: BelievabilityInput): BelievabilityVerdict {
  const a = groundedScore(i.a, i.grounding);
  const b = groundedScore(i.b, i.grounding);
  const margin = Math.max(1, 0.05 * Math.max(Math.abs(a.score), Math.abs(b.score)));
  const better = Math.abs(a.score - b.score) < margin ? "tie" : a.score > b.score ? "A" : "B";
  return {
    better,
    reason: `rubric: A ${a.grounded} grounded terms, ${a.empty} empty answers (score ${a.score}); B ${b.grounded} grounded, ${b.empty} empty (score ${b.score}).`,
  };
}

const transcript = (xs: readonly { question: string; answer: string }[]) =>
  xs.map((x, k) => `${k + 1}. Q: ${x.question}\n   A: ${x.answer}`).join("\n");

export const believabilityJudgePrompt: Prompt<BelievabilityInput, BelievabilityVerdict> = {
  name: "eval.believabilityJudge",
  tier: "strong",
  answer: BelievabilityVerdict,
  maxTokens: 200,
  render: (i) => [
    {
      role: "system",
      content:
        "You judge the believability of a simulated person, as the evaluators of the Generative Agents study did: which of two interviews (same questions) sounds more like a believable person who lives this life and remembers it? Penalise answers that contradict the profile or memories, invent things, or dodge. Answer A, B or tie, with a one-sentence reason.",
    },
    {
      role: "user",
      content: [
        `Resident: ${i.resident}. ${i.profile}`,
        `Some of their memories (newest first):`,
        i.memories.map((m) => `- ${m}`).join("\n") || "(none)",
        `Interview A:\n${transcript(i.a)}`,
        `Interview B:\n${transcript(i.b)}`,
        `Give "better" ("A", "B" or "tie") and "reason".`,
      ].join("\n"),
    },
  ],
  offline: rubricBelievability,
};
