// Reflection, first call: the focal questions the latest 100 memories raise (the original's
// generate_focal_pt_v1: "the 3 most salient high-level questions", §3.4).
import { z } from "zod";
import type { PlaceName } from "../language/events.ts";
import { offlineQuestions } from "../offline/reflection.ts";
import { datedNote, definePrompt, memories, type MemoryLine } from "./builder.ts";

export interface ReflectionQuestionsInput {
  name: string;
  /** The latest memories, oldest first (repeats and idle events left out). */
  statements: MemoryLine[];
  n: number;
  /** Other residents' names and known places, for the offline engine. */
  people: readonly string[];
  places: PlaceName[];
  /** Memories of this day show only their time (builder.stamp). */
  today?: number;
}

export const ReflectionQuestionsAnswer = z.object({ questions: z.array(z.string().min(1)).min(1) });
export type ReflectionQuestionsAnswer = z.infer<typeof ReflectionQuestionsAnswer>;

export const reflectionQuestionsPrompt = definePrompt<
  ReflectionQuestionsInput,
  ReflectionQuestionsAnswer
>({
  name: "reflection-questions",
  tier: "cheap",
  answer: ReflectionQuestionsAnswer,
  maxTokens: 200,
  system: () => "You help a town resident in a life simulation reflect on recent experience.",
  user: (i) => [
    `Statements about ${i.name}:`,
    datedNote(i.today),
    memories(i.statements, 100, i.today),
    `Given only these, what are the ${i.n} most salient high-level questions we can answer about the subjects of the statements? Give "questions".`,
  ],
  offline: (i) => ({
    questions: offlineQuestions(i.name, i.statements, i.people, i.places, i.n),
  }),
});
