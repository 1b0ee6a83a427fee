// Whispers: an inner voice (a moderator, or a line of a history file) rewritten as thoughts about
// the resident, each with its importance, in one call for a whole batch of statements (the
// original asks whisper_inner_thought, then the event triple and poignancy, per statement).
import { z } from "zod";
import { importanceOf } from "../language/importance.ts";
import { youToThirdPerson } from "../language/person.ts";
import { definePrompt, firstName, iss, quote, type Identity } from "./builder.ts";

export interface WhisperInput {
  identity: Identity;
  /** Who speaks: "inner voice" for history files; a moderator's name for live whispers. */
  voice: string;
  statements: string[];
  /** When it is whispered, and the names the resident knows (the offline engine's cues). */
  at: number;
  people: readonly string[];
}

export const WhisperAnswer = z.object({
  thoughts: z
    .array(z.object({ thought: z.string().min(1), importance: z.number().int().min(1).max(10) }))
    .min(1),
});
export type WhisperAnswer = z.infer<typeof WhisperAnswer>;

export const whisperPrompt = definePrompt<WhisperInput, WhisperAnswer>({
  name: "whisper",
  tier: "cheap",
  answer: WhisperAnswer,
  maxTokens: 600,
  system: () =>
    `You turn what a town resident's inner voice says (addressed to them as "you") into the resident's own thoughts.`,
  user: (i) => [
    iss(i.identity),
    ...i.statements.map((s, n) => `${n + 1}. ${quote(i.voice, s)}`),
    `For each, in order, give "thoughts" [{thought: a statement about ${i.identity.name} in the third person, keeping every name, day, time and place; importance: 1-10 for ${firstName(i.identity.name)}}].`,
  ],
  offline: (i) => ({
    thoughts: i.statements.map((s) => {
      const thought = youToThirdPerson(s, i.identity.name);
      // What one is told about one's own life matters to one: at least 4.
      return {
        thought,
        importance: Math.max(4, importanceOf(thought, { at: i.at, people: i.people })),
      };
    }),
  }),
});
