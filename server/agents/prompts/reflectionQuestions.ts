// Reflection, first call: the focal questions the latest memories raise (the original's
// generate_focal_pt_v1: "the 3 most salient high-level questions", §3.4).
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { offlineQuestions } from "../offline/reflection.ts";
import type { PlaceName } from "../offline/text.ts";
import { QUOTED_SPEECH } from "./common.ts";

export interface ReflectionQuestionsInput {
  name: string;
  /** The latest memories' descriptions, oldest first (repeats and idle events left out). */
  statements: string[];
  n: number;
  /** Other residents' names and known places, for the offline engine. */
  people: string[];
  places: PlaceName[];
}

export const ReflectionQuestionsAnswer = z.object({ questions: z.array(z.string().min(1)).min(1) });
export type ReflectionQuestionsAnswer = z.infer<typeof ReflectionQuestionsAnswer>;

export const reflectionQuestionsPrompt: Prompt<ReflectionQuestionsInput, ReflectionQuestionsAnswer> = {
  name: "reflection-questions",
  tier: "cheap",
  answer: ReflectionQuestionsAnswer,
  maxTokens: 200,
  render: (i) => [
    { role: "system", content: `You help a town resident in a life simulation reflect on recent experience. ${QUOTED_SPEECH}` },
    {
      role: "user",
      content: `Statements about ${i.name}:\n${i.statements.map((s, n) => `${n + 1}. ${s}`).join("\n")}\nGiven only these, what are the ${i.n} most salient high-level questions we can answer about the subjects of the statements? Give "questions".`,
    },
  ],
  offline: (i) => ({ questions: offlineQuestions(i.name, i.statements, i.people, i.places, i.n) }),
};
