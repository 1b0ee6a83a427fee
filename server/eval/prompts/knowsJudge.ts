// The judge of one interview answer (information diffusion, relationships, hallucination):
// does the answer show the resident knows the fact (or the person), and do the resident's own
// memories back it? With a model this is a strong-tier prompt; offline it is a rubric: the answer
// must state the fact's content (what happens, and where or when where the fact says; never a
// name alone; not in a denial or a question back; no wrong time: statesFact.ts), and "supported"
// is whether the memory stream holds a supporting memory (support.ts, computed by the caller).
// The rubric is weaker than a model: it compares words by stem, so a paraphrase in other words
// ("a get-together" for "a party") is missed (measured: bench/judge.bench.ts).
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { factParts, statesFact, type FactParts } from "../statesFact.ts";
import { mentions, terms, type FactTerms } from "../terms.ts";

export interface KnowsJudgeInput {
  resident: string;
  /** What there is to know: a fact's description, or "<name>: who they are" for a person. */
  about: string;
  claim: { kind: "fact"; fact: FactTerms } | { kind: "person"; name: string };
  question: string;
  answer: string;
  /** The resident's memories that back the claim (support.ts), oldest first, at most a few. */
  evidence: string[];
  /** Game time of the interview: what "tomorrow" in the answer and "February 14" in the fact mean. */
  now?: number;
}

export const KnowsVerdict = z.object({
  knows: z.boolean(),
  supported: z.boolean(),
  reason: z.string().min(1).max(600),
});
export type KnowsVerdict = z.infer<typeof KnowsVerdict>;

const quoteList = (xs: readonly string[]) =>
  xs.length ? xs.map((x) => `- ${x}`).join("\n") : "(none)";

const partsMemo = new Map<string, FactParts>();
/** A fact read into parts once per question and day (the judge asks the same over and over). */
function partsOf(about: string, question: string, now: number): FactParts {
  const key = `${Math.floor(now / 86_400_000)}\n${question}\n${about}`;
  let parts = partsMemo.get(key);
  if (!parts) {
    if (partsMemo.size > 1000) partsMemo.clear();
    parts = factParts(about, question, now);
    partsMemo.set(key, parts);
  }
  return parts;
}

/** The offline rubric. */
export function rubricKnows(i: KnowsJudgeInput): KnowsVerdict {
  const supported = i.evidence.length > 0;
  const backing = supported
    ? `memory backs it ("${i.evidence[0].slice(0, 120)}")`
    : "no memory backs it";
  if (i.claim.kind === "fact") {
    const now = i.now ?? Date.now();
    const v = statesFact(partsOf(i.about, i.question, now), i.answer, now);
    return { knows: v.knows, supported, reason: `rubric: the answer ${v.reason}; ${backing}.` };
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
