// The judge of one interview answer (information diffusion, relationships, hallucination):
// does the answer show the resident knows the fact (or the person), and do the resident's own
// memories back it? With a model this is a strong-tier prompt; offline it is a rubric: the answer
// must carry the fact's topic and a detail the question did not give (terms.ts), and "supported"
// is whether the memory stream holds a supporting memory (support.ts, computed by the caller).
// The rubric is weaker than a model: it cannot read a denial that repeats the details ("I never
// heard of Rosa's party at the cafe") or an answer that paraphrases with other words.
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { carries, mentions, terms, type FactTerms } from "../terms.ts";

export interface KnowsJudgeInput {
  resident: string;
  /** What there is to know: a fact's description, or "<name>: who they are" for a person. */
  about: string;
  claim: { kind: "fact"; fact: FactTerms } | { kind: "person"; name: string };
  question: string;
  answer: string;
  /** The resident's memories that back the claim (support.ts), oldest first, at most a few. */
  evidence: string[];
}

export const KnowsVerdict = z.object({
  knows: z.boolean(),
  supported: z.boolean(),
  reason: z.string().min(1).max(600),
});
export type KnowsVerdict = z.infer<typeof KnowsVerdict>;

const quoteList = (xs: readonly string[]) =>
  xs.length ? xs.map((x) => `- ${x}`).join("\n") : "(none)";

/** The offline rubric. */
export function rubricKnows(i: KnowsJudgeInput): KnowsVerdict {
  const supported = i.evidence.length > 0;
  const backing = supported
    ? `memory backs it ("${i.evidence[0].slice(0, 120)}")`
    : "no memory backs it";
  if (i.claim.kind === "fact") {
    const c = carries(i.answer, i.claim.fact);
    const knows = c.carries;
    const why = knows
      ? `answer names the topic (${c.topic.join(", ")}) and details the question did not give (${c.details.join(", ")})`
      : c.topic.length
        ? `answer names the topic (${c.topic.join(", ")}) but no detail beyond the question`
        : "answer does not name the topic";
    return { knows, supported, reason: `rubric: ${why}; ${backing}.` };
  }
  // A person: the answer names them and says something of them beyond the question's words.
  const q = new Set(terms(i.question));
  const said = terms(i.answer).filter((t) => !q.has(t));
  const named = mentions(i.answer, i.claim.name);
  const knows = named && said.length >= 2;
  const why = knows
    ? `answer names ${i.claim.name} and says more (${said.slice(0, 6).join(", ")})`
    : named
      ? `answer names ${i.claim.name} but says nothing of them`
      : `answer does not name ${i.claim.name}`;
  return { knows, supported, reason: `rubric: ${why}; ${backing}.` };
}

export const knowsJudgePrompt: Prompt<KnowsJudgeInput, KnowsVerdict> = {
  name: "eval.knowsJudge",
  tier: "strong",
  answer: KnowsVerdict,
  maxTokens: 200,
  render: (i) => [
    {
      role: "system",
      content:
        "You judge interviews with residents of a simulated town, as a careful researcher. Decide (1) whether the answer shows that the resident knows the thing below (a vague, evasive or denying answer does not), and (2) whether the resident's memories listed below back that knowledge. Give a one-sentence reason.",
    },
    {
      role: "user",
      content: [
        `${i.claim.kind === "fact" ? "The fact" : "The person"}: ${i.about}`,
        `Question to ${i.resident}: ${i.question}`,
        `Answer: ${i.answer}`,
        `${i.resident}'s memories that mention it:`,
        quoteList(i.evidence),
        `Give "knows" (true/false), "supported" (true/false) and "reason".`,
      ].join("\n"),
    },
  ],
  offline: rubricKnows,
};
