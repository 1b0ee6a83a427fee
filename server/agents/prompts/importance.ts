// Importance ("poignancy") of new memories, scored in batches: one call for everything an agent
// noticed since the last batch, instead of the original's one call per event (§3.1). The
// original's poignancy prompt opens with the identity block.
import { z } from "zod";
import { importanceOf } from "../language/importance.ts";
import { definePrompt, iss, numbered, type Identity } from "./builder.ts";

export interface ImportanceInput {
  identity: Identity;
  items: string[];
  /** When the items were noticed, and the names the resident knows (the offline engine's cues). */
  at: number;
  people: readonly string[];
  /** Per item: nothing like it among what the resident holds (novelty). */
  novel?: boolean[];
  /** How much each person matters to the resident (state.ts closeFor), for the items that are
   *  sights of people (`sights`): a stranger seen passing is mundane. */
  close?: ReadonlyMap<string, number>;
  sights?: boolean[];
}

export const ImportanceAnswer = z.object({ scores: z.array(z.number().int().min(1).max(10)) });
export type ImportanceAnswer = z.infer<typeof ImportanceAnswer>;

export const importancePrompt = definePrompt<ImportanceInput, ImportanceAnswer>({
  name: "importance",
  tier: "cheap",
  answer: ImportanceAnswer,
  maxTokens: 200,
  system: (i) =>
    `Rate how poignant each memory is for ${i.identity.name} on a scale of 1 to 10: 1 is purely mundane (brushing teeth, making the bed, someone idle), 10 is extremely poignant (a break-up, a college acceptance).`,
  user: (i) => [
    iss(i.identity),
    "Memories:",
    numbered(i.items),
    `Give "scores", one integer per memory, in order.`,
  ],
  offline: (i) => ({
    scores: i.items.map((t, n) =>
      importanceOf(t, {
        at: i.at,
        people: i.people,
        novel: i.novel?.[n],
        ...(i.sights?.[n] ? { close: i.close } : {}),
      }),
    ),
  }),
});

/** The model's scores fitted to the items: missing or extra ones fixed by the general cues. */
export function fitScores(
  items: readonly string[],
  scores: readonly number[],
  at?: number,
): number[] {
  return items.map((t, n) => {
    const s = scores[n];
    return Number.isInteger(s) && s >= 1 && s <= 10 ? s : importanceOf(t, { at });
  });
}
