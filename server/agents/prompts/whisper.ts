// Whispers: an inner voice (a moderator, or a line of a history file) rewritten as thoughts about
// the resident, each with its importance, in one call for a whole batch of statements (the
// original asks whisper_inner_thought, then the event triple and poignancy, per statement).
import { z } from "zod";
import type { Prompt } from "../../llm/prompt.ts";
import { keywordImportance, youToThirdPerson } from "../offline/text.ts";
import { firstName, quote, QUOTED_SPEECH } from "./common.ts";

export interface WhisperInput {
  name: string;
  brief: string;
  /** Who speaks: "inner voice" for history files; a moderator's name for live whispers. */
  voice: string;
  statements: string[];
}

export const WhisperAnswer = z.object({ thoughts: z.array(z.object({ thought: z.string().min(1), importance: z.number().int().min(1).max(10) })).min(1) });
export type WhisperAnswer = z.infer<typeof WhisperAnswer>;

export const whisperPrompt: Prompt<WhisperInput, WhisperAnswer> = {
  name: "whisper",
  tier: "cheap",
  answer: WhisperAnswer,
  maxTokens: 600,
  render: (i) => [
    { role: "system", content: `You turn what a town resident's inner voice says (addressed to them as "you") into the resident's own thoughts. ${QUOTED_SPEECH}` },
    {
      role: "user",
      content: [
        i.brief,
        ...i.statements.map((s, n) => `${n + 1}. ${quote(i.voice, s)}`),
        `For each, in order, give "thoughts" [{thought: a statement about ${i.name} in the third person, keeping every name, day, time and place; importance: 1-10 for ${firstName(i.name)}}].`,
      ].join("\n"),
    },
  ],
  offline: (i) => ({
    thoughts: i.statements.map((s) => {
      const thought = youToThirdPerson(s, i.name);
      return { thought, importance: keywordImportance(thought) };
    }),
  }),
};
