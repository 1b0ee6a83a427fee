// The mind's own numbers: planning, reactions, conversation and reflection. Memory and retrieval
// numbers (retention, weights, recency decay, reflection threshold) live in memory/settings.ts.
// Defaults are the original implementation's (research/original-implementation.md §3) unless a
// comment says why not.

export interface MindSettings {
  /** Perceived events compared against this many latest observations before a new one is kept. */
  retention: number;
  /** Observations waiting for an importance score are scored together once this many wait... */
  importanceBatch: number;
  /** ...or once the oldest has waited this long (game minutes), or before a day plan, a
   *  conversation, a reflection or an interview (reactions see the new event itself). */
  importanceFlushMinutes: number;
  /** Reflection: summed importance of new memories that triggers it (paper 150). */
  reflectionThreshold: number;
  /** Reflection reads the latest this many memories (paper: 100)... */
  reflectionWindow: number;
  /** ...of which the prompt shows at most this many distinct ones, most recent first. */
  reflectionStatements: number;
  /** At least this many game minutes between two reflections of an agent: crowded towns pile up
   *  importance fast (the paper reports two or three reflections a day). */
  reflectionMinMinutes: number;
  /** Focal questions per reflection (3) and insights per reflection (paper: 5). */
  focalQuestions: number;
  insights: number;
  /** Memories retrieved per focal question. The original takes 30; the prompt shows the best
   *  `reflectionEvidence` of the union, so the prompt stays small. */
  reflectionRetrieve: number;
  reflectionEvidence: number;
  /** Steps two agents wait after a conversation before they may talk again (original: 800). */
  chatCooldownSteps: number;
  /** After a "no" to talking, the same pair is not asked again for this many game minutes (the
   *  original asks again at every new event). */
  declineCooldownMinutes: number;
  /** An agent asks the reaction prompt at most once in this many game minutes. */
  reactionMinMinutes: number;
  /** Hard cap on conversation rounds (one round = both speak once). */
  maxChatRounds: number;
  /** "whole": one call writes the dialogue from both sides' memories; "turns": the paper's
   *  loop, one call per utterance from the speaker's own memories. */
  conversationMode: "whole" | "turns";
  /** After a conversation that left a planning note, forget the decomposed tasks from its end and
   *  decompose again with the note in view (the original re-plans the window with
   *  new_decomp_schedule); otherwise the tasks resume where the clock is (its fail-safe splice). */
  replanAfterChat: boolean;
  /** Task decomposition covers the next this many minutes of the schedule at a time. */
  decompositionWindowMinutes: number;
  /** Hourly items shorter than this are not decomposed (original: 60). */
  decomposeMinMinutes: number;
  /** Memories shown to prompts (retrieved by score, best first). */
  retrieveForPlan: number;
  retrieveForChat: number;
  retrieveForReaction: number;
  retrieveForInterview: number;
  /** Step length (s), to turn the step cooldowns into game time. */
  stepSeconds: number;
}

export const DEFAULT_MIND_SETTINGS: MindSettings = {
  retention: 8,
  importanceBatch: 32,
  importanceFlushMinutes: 120,
  reflectionThreshold: 150,
  reflectionWindow: 100,
  reflectionStatements: 40,
  reflectionMinMinutes: 180,
  focalQuestions: 3,
  insights: 5,
  reflectionRetrieve: 30,
  reflectionEvidence: 18,
  chatCooldownSteps: 800,
  declineCooldownMinutes: 90,
  reactionMinMinutes: 10,
  maxChatRounds: 8,
  conversationMode: "whole",
  replanAfterChat: true,
  decompositionWindowMinutes: 120,
  decomposeMinMinutes: 60,
  retrieveForPlan: 10,
  retrieveForChat: 8,
  retrieveForReaction: 5,
  retrieveForInterview: 12,
  stepSeconds: 10,
};

export function mindSettings(overrides: Partial<MindSettings> = {}): MindSettings {
  return { ...DEFAULT_MIND_SETTINGS, ...overrides };
}
