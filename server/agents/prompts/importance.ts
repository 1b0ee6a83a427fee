// Importance ("poignancy") of new memories, scored in batches: one call for everything an agent
// noticed since the last batch, instead of the original's one call per event (§3.1).
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { keywordImportance } from "../offline/text.ts";
import { QUOTED_SPEECH } from "./common.ts";

export interface ImportanceInput {
  name: string;
  /** The short introduction (prompts/common.ts brief). */
  brief: string;
  items: string[];
}

export const ImportanceAnswer = z.object({ scores: z.array(z.number().int().min(1).max(10)) });
export type ImportanceAnswer = z.infer<typeof ImportanceAnswer>;

export const importancePrompt: Prompt<ImportanceInput, ImportanceAnswer> = {
  name: "importance",
  tier: "cheap",
  answer: ImportanceAnswer,
  maxTokens: 200,
  render: (i) => [
    {
      role: "system",
      content: `Rate how poignant each memory is for ${i.name} on a scale of 1 to 10: 1 is purely mundane (brushing teeth, making the bed, someone idle), 10 is extremely poignant (a break-up, a college acceptance). ${QUOTED_SPEECH}`,
    },
    { role: "user", content: `${i.brief}\nMemories:\n${i.items.map((t, n) => `${n + 1}. ${t}`).join("\n")}\nGive "scores", one integer per memory, in order.` },
  ],
  offline: (i) => ({ scores: i.items.map(keywordImportance) }),
};

/** The model's scores fitted to the items: missing or extra ones fixed with the keyword scale. */
export function fitScores(items: readonly string[], scores: readonly number[]): number[] {
  return items.map((t, n) => {
    const s = scores[n];
    return Number.isInteger(s) && s >= 1 && s <= 10 ? s : keywordImportance(t);
  });
}
