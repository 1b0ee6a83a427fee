// The mind's own numbers: planning, reactions, conversation and reflection (retrieval weights and
// recency decay are the memory package's, memory/port.ts PAPER_RETRIEVAL). Each comment says what
// the setting does and the original implementation's value (joonspk-research/generative_agents,
// reverie/backend_server/persona/cognitive_modules); where the default differs, it cites the
// measurement in bench/RESULTS.md that chose it ("cost per resident-day" is the lever-by-lever
// table of "The mind's cost per resident-day"; "cost levers" is "Cheaper days: the cost levers").

import { z } from "zod";

export interface MindSettings {
  /** Perceived events compared against this many latest observations before a new one is kept. */
  retention: number;
  /** Observations waiting for an importance score are scored together once this many wait... */
  importanceBatch: number;
  /** ...or once the oldest has waited this long (game minutes), or before a day plan, a
   *  reflection or an interview (and a conversation, flushBeforeChat). Every place a score
   *  matters flushes first, so a longer wait only makes fewer, fuller batches. The original
   *  scores each event in its own call. 240: cost per resident-day, row "reflectSinceLast ...". */
  importanceFlushMinutes: number;
  /** Whether a conversation first scores and stores what its two residents noticed and have not
   *  stored yet (one importance call each), as the original, which stores every event when it
   *  perceives it. Off: what waits is stored at the next flush; the utterance prompt shows what
   *  the other is doing and the talk retrieves for what is said. Off by default: "Cheaper
   *  reflections and truer news", item 6 and step 6 of its table (party informed at 48 h
   *  23.2 ± 1.3 of 25, against 22.5 ± 1.9 with it on). */
  flushBeforeChat: boolean;
  /** Reflection: summed importance of new memories that triggers it (paper 150). */
  reflectionThreshold: number;
  /** Which new memories count toward that sum. "perceived": observations and conversations only,
   *  as the original's importance_trigger_curr (which only perceive() lowers), so one's own
   *  thoughts and plans do not bring on the next reflection. "all" (default): every memory but a
   *  reflection; this world perceives fewer events than the original (not every object's state in
   *  the arena), and with "perceived" base-3's residents never reach 150 in two days. */
  reflectionCounts: "perceived" | "all";
  /** Reflection reads the latest this many memories (paper: 100)... */
  reflectionWindow: number;
  /** ...of which the prompt shows at most this many distinct ones, most recent first. */
  reflectionStatements: number;
  /** ...and of those only the ones made since the last reflection, as the original's code
   *  (reflect.py generate_focal_points shows the memories perceived since the last reflection);
   *  the paper says "the 100 most recent". The first reflection reads the whole window. Cost per
   *  resident-day, row "reflectSinceLast ...". */
  reflectSinceLast: boolean;
  /** At least this many game minutes between two reflections of an agent (original: 0). */
  reflectionMinMinutes: number;
  /** Focal questions per reflection (reflect.py generate_focal_points(persona, 3)) and insights per
   *  question (reflect.py generate_insights_and_evidence(persona, nodes, 5)). */
  focalQuestions: number;
  insights: number;
  /** Memories retrieved per focal question (reflect.py run_reflect: new_retrieve(persona,
   *  focal_points), n_count=30 by default in retrieve.py). */
  reflectionRetrieve: number;
  /** Ask the insights of all of a reflection's questions in one call: each question lists the
   *  numbers of its statements and a statement retrieved by several is shown once. false: one
   *  call per question (the original). "Cheaper reflections and truer news", item 1. */
  insightsInOneCall: boolean;
  /** Steps two agents wait after a conversation before they may talk again (original: 800). */
  chatCooldownSteps: number;
  /** After a "no" to talking, the same pair is not asked again for this many game minutes (the
   *  original asks again at every new event). */
  declineCooldownMinutes: number;
  /** An agent asks the reaction prompt at most once in this many game minutes (the original asks
   *  at every new event). Cost per resident-day, row "reflectSinceLast ..." (60 was tried there
   *  and cost base-3 a resident's day of talk). */
  reactionMinMinutes: number;
  /** Hard cap on conversation rounds (one round = both speak once). */
  maxChatRounds: number;
  /** "turns" (default): the paper's loop, one call per utterance from the speaker's own
   *  memories, with a relationship summary per side drawn from its memories about the other.
   *  "brief": the same loop, cheaper: the relationship kept from the pair's last conversation
   *  instead of a summary call, and fewer memories per line. Neither ever shows one speaker's
   *  memories when writing the other's lines. */
  conversationMode: "turns" | "brief";
  /** "turns": summarise how the speaker sees the other only when memories about them arrived
   *  since it last did (or since their last conversation's takeaway); otherwise reuse it. The
   *  original summarises again before every line (agent_chat_v2); a summary of the same memories
   *  says the same. Seeing the other, or one's own day plan, is not news about them; what one
   *  hears, thinks or talks of about them is. */
  reuseRelationship: boolean;
  /** After a conversation that left a planning note, forget the decomposed tasks from its end and
   *  decompose again with the note in view (the original re-plans the window with
   *  new_decomp_schedule); otherwise the tasks resume where the clock is. */
  replanAfterChat: boolean;
  /** Task decomposition covers the next this many minutes of the schedule at a time (the original
   *  decomposes one hourly block per call). A conversation that changes the plan still re-plans
   *  from its end (replanAfterChat). Cost per resident-day, row "reflectSinceLast ...". */
  decompositionWindowMinutes: number;
  /** Hourly items shorter than this are not decomposed (original: 60). */
  decomposeMinMinutes: number;
  /** Memories shown to prompts (retrieved by score, best first). Day plan: per focal point, two
   *  focal points (plan.py revise_identity: new_retrieve(persona, [plan for date, important recent
   *  events]) with n_count 30). */
  retrieveForPlan: number;
  /** A line of dialogue: the union for the partner's name, what they do and the last line
   *  (converse.py agent_chat_v2: new_retrieve(init_persona, focal_points, 15)). With the mundane
   *  left out (chatMemoryFloor) the best 8 hold what the speaker tells, and the conversation so
   *  far is on every line. Cost per resident-day, row "retrieveForChat 15→8 ...". */
  retrieveForChat: number;
  /** The relationship summary before a conversation (converse.py agent_chat_v2:
   *  new_retrieve(init_persona, [target name], 50)). Asked only when something new about the
   *  other arrived (reuseRelationship); sightings of the other fill the rest of 50. Cost per
   *  resident-day, row "retrieveForChat 15→8 ...". */
  retrieveForRelationship: number;
  /** Deciding to talk or wait: the original shows every memory its keyword retrieval finds for
   *  the other (retrieve.py retrieve, plan.py _choose_retrieved); the decision needs what one has
   *  to tell and what one knows of the other, and the last talk's topic is in the prompt. Cost per
   *  resident-day, row "retrieveForChat 15→8 ...". */
  retrieveForReaction: number;
  /** An interview answer (converse.py open_convo_session: new_retrieve(persona, [line], 50)). */
  retrieveForInterview: number;
  /** A line of dialogue shows the speaker its best this many retrieved memories always, and of
   *  the rest only those it was not shown on its earlier lines of the same conversation.
   *  Infinity (default) repeats all, as the original: with 5, base-3's town lost a mechanism (Ines
   *  never told her own plan in two days; mind-scenarios.test.ts). Cost per resident-day, "Tried
   *  and not kept". */
  chatRepeatBest: number;
  /** A line of dialogue is not shown observations of this importance or less (the mundane: "bed
   *  is being slept in"), which would fill the places of what the speaker could tell. The original
   *  shows whatever scores best (0). Cost per resident-day, row "chatMemoryFloor: 2". */
  chatMemoryFloor: number;
  /** In "brief" dialogue, memories per line. */
  retrieveForBriefChat: number;
  /** How prompts date memories. "full": "[Fri, Feb 13, 07:05]" on each. "compact" (default): a
   *  memory of the prompt's own day shows only "[07:05]", older ones the full date (the prompt
   *  states the date once). The original shows no dates. Cost per resident-day, row
   *  'memoryDates: "compact"'. */
  memoryDates: "compact" | "full";
  /** The lifestyle policy of the Affordable Generative Agents paper (Yu et al. 2024): a day like
   *  yesterday reuses yesterday's plan and its decomposed tasks instead of a new plan and new
   *  decompositions (one local check, no call). Like yesterday: yesterday was planned as a routine
   *  day (nothing the resident held was dated on it), nothing it holds is dated on the new day, and
   *  nothing since yesterday's plan bears on plans: no planning note from a conversation, no memory
   *  naming a time ahead, no thought of importance replanImportance or more; the same day heard of
   *  again is not news. On: no loss in the evaluation harness over five game days of base-25
   *  (cost levers). */
  reusePlans: boolean;
  /** ...a thought this important since yesterday's plan makes a new one. */
  replanImportance: number;
  /** No calls while a resident sleeps: waiting observations are scored and reflection is made
   *  when it wakes, nobody passing by is reacted to, and a day that starts in its sleep is planned
   *  when it wakes (at yesterday's hour), not at midnight. A thing a person changes (a fire, a
   *  flood) is still weighed by the object reaction, which may wake it. The original plans at the
   *  day's first step and reflects whenever the threshold is reached. On: cost levers. */
  restWhileAsleep: boolean;
  /** Step length (s), to turn the step cooldowns into game time. */
  stepSeconds: number;
}

export const DEFAULT_MIND_SETTINGS: MindSettings = {
  retention: 8,
  importanceBatch: 32,
  importanceFlushMinutes: 240,
  flushBeforeChat: false,
  reflectionThreshold: 150,
  reflectionCounts: "all",
  reflectionWindow: 100,
  reflectionStatements: 100,
  reflectSinceLast: true,
  reflectionMinMinutes: 0,
  focalQuestions: 3,
  insights: 5,
  reflectionRetrieve: 30,
  insightsInOneCall: true,
  chatCooldownSteps: 800,
  declineCooldownMinutes: 90,
  reactionMinMinutes: 30,
  maxChatRounds: 8,
  conversationMode: "turns",
  reuseRelationship: true,
  replanAfterChat: true,
  decompositionWindowMinutes: 240,
  decomposeMinMinutes: 60,
  retrieveForPlan: 30,
  retrieveForChat: 8,
  retrieveForRelationship: 25,
  retrieveForReaction: 6,
  retrieveForInterview: 50,
  retrieveForBriefChat: 8,
  chatMemoryFloor: 2,
  chatRepeatBest: Infinity,
  memoryDates: "compact",
  reusePlans: true,
  replanImportance: 7,
  restWhileAsleep: true,
  stepSeconds: 10,
};

/** The settings a scenario or a command line may change (validated: unknown keys are refused). */
export const MindOverrides = z
  .strictObject({
    reusePlans: z.boolean(),
    replanImportance: z.number().int().min(1).max(10),
    restWhileAsleep: z.boolean(),
    conversationMode: z.enum(["turns", "brief"]),
    reuseRelationship: z.boolean(),
    insightsInOneCall: z.boolean(),
    flushBeforeChat: z.boolean(),
  })
  .partial();
export type MindOverrides = z.infer<typeof MindOverrides>;

export function mindSettings(overrides: Partial<MindSettings> = {}): MindSettings {
  return { ...DEFAULT_MIND_SETTINGS, ...overrides };
}
