// Scoring a knows-judge against hand-labelled answers (test/fixtures/judge-answers.json): each
// case a fact, the question asked, the interview's game time, an answer and whether the answer
// states the fact. Precision: of the answers judged "knows", the share labelled so; recall: of the
// answers labelled "knows", the share judged so. Used by bench/judge.bench.ts and its test.
import { z } from "zod";
import { rubricKnows } from "./prompts/knowsJudge.ts";
import { carries, factTerms } from "./terms.ts";

export const LabelledAnswer = z.object({
  /** Where the answer comes from: a harness run (scenario, seed, hour) or "hand: <kind>". */
  from: z.string().min(1),
  about: z.string().min(1),
  question: z.string().min(1),
  /** The interview's game time (ISO). */
  now: z.string().datetime(),
  answer: z.string(),
  knows: z.boolean(),
  /** Why it was labelled so, where it is not plain. */
  note: z.string().optional(),
});
export type LabelledAnswer = z.infer<typeof LabelledAnswer>;
export const LabelledAnswers = z.array(LabelledAnswer).min(1);

export type Judge = (c: LabelledAnswer) => boolean;

/** The offline judge before issue 29: the answer names the topic and any other term of the fact. */
export const termOverlapJudge: Judge = (c) =>
  carries(c.answer, factTerms(c.about, c.question)).carries;

/** The offline judge now (the knows-judge prompt's rubric). */
export const contentJudge: Judge = (c) =>
  rubricKnows({
    resident: "",
    about: c.about,
    claim: { kind: "fact", fact: factTerms(c.about, c.question) },
    question: c.question,
    answer: c.answer,
    evidence: [],
    now: Date.parse(c.now),
  }).knows;

export interface JudgeScore {
  cases: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  /** The cases it got wrong. */
  wrong: LabelledAnswer[];
}

export function scoreJudge(judge: Judge, cases: readonly LabelledAnswer[]): JudgeScore {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const wrong: LabelledAnswer[] = [];
  for (const c of cases) {
    const says = judge(c);
    if (says && c.knows) tp++;
    else if (says) fp++;
    else if (c.knows) fn++;
    if (says !== c.knows) wrong.push(c);
  }
  return {
    cases: cases.length,
    truePositives: tp,
    falsePositives: fp,
    falseNegatives: fn,
    precision: tp + fp ? tp / (tp + fp) : 1,
    recall: tp + fn ? tp / (tp + fn) : 1,
    wrong,
  };
}
