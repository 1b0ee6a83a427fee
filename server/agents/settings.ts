// The mind's own numbers: planning, reactions, conversation and reflection (retrieval weights and
// recency decay are the memory package's, memory/port.ts PAPER_RETRIEVAL). Defaults are the
// original implementation's (joonspk-research/generative_agents, reverie/backend_server/persona/
// cognitive_modules; research/original-implementation.md §3) unless a comment says why not; each
// memory count names the place of the original it comes from.

import { z } from "zod";

export interface MindSettings {
  /** Perceived events compared against this many latest observations before a new one is kept. */
  retention: number;
  /** Observations waiting for an importance score are scored together once this many wait... */
  importanceBatch: number;
  /** ...or once the oldest has waited this long (game minutes), or before a day plan, a
   *  reflection or an interview (and a conversation, flushBeforeChat; reactions see the new event
   *  itself). 120 before
   *  the cost work; 240: every place a score matters flushes first, so waiting longer only means
   *  fewer, fuller batches (each call carries the identity block once). The original scores
   *  every event in its own call. */
  importanceFlushMinutes: number;
  /** Whether a conversation first scores and stores what the two noticed and have not stored yet
   *  (one importance call each). The original stores every event when it is perceived, so a
   *  conversation sees all of them. false (default): what waits is stored at the next flush
   *  (full, old, day plan, reflection, interview). The utterance prompt shows what the other is
   *  doing, and the talk retrieves for the other and what is said, so the talk loses little. Base-25
   *  sends 1,400 fewer prompt tokens per resident-day (4.7 importance calls instead of 10.1). The
   *  party spread as before: 23.2 of 25 at 48 h against 22.5 (6 seeds). */
  flushBeforeChat: boolean;
  /** Reflection: summed importance of new memories that triggers it (paper 150). */
  reflectionThreshold: number;
  /** Which new memories count toward that sum. "perceived": what the resident
   *  perceives, observations and conversations, as the original's importance_trigger_curr, which
   *  only perceive() lowers; its own thoughts (post-chat memos and planning notes, reflections) and
   *  plans do not, so thinking about a talk does not itself bring on the next reflection (with
   *  "all" they did: 4 reflections a resident-day on base-25, the paper reports 2-3). "all": every
   *  memory but a reflection (default): "perceived" leaves base-3's residents without a
   *  reflection in two days (~135 of 150 each), as this world perceives fewer events than the
   *  original, which perceives every object's state in the arena. */
  reflectionCounts: "perceived" | "all";
  /** Reflection reads the latest this many memories (paper: 100)... */
  reflectionWindow: number;
  /** ...of which the prompt shows at most this many distinct ones, most recent first. */
  reflectionStatements: number;
  /** ...and of those only the ones made since the last reflection: the original's code
   *  (reflect.py generate_focal_points shows the last importance_ele_n nodes, the memories
   *  perceived since the last reflection; research/original-implementation.md §8); the paper
   *  says "the 100 most recent". The first reflection reads the whole window. Questions about
   *  what is new, for about half the tokens. */
  reflectSinceLast: boolean;
  /** At least this many game minutes between two reflections of an agent (the original has no
   *  such floor: 0). */
  reflectionMinMinutes: number;
  /** Focal questions per reflection (reflect.py generate_focal_points(persona, 3)) and insights per
   *  question (reflect.py generate_insights_and_evidence(persona, nodes, 5)). */
  focalQuestions: number;
  insights: number;
  /** Memories retrieved per focal question (reflect.py run_reflect: new_retrieve(persona,
   *  focal_points), n_count=30 by default in retrieve.py). */
  reflectionRetrieve: number;
  /** The insights of a reflection's questions asked in one call, each question with the
   *  statements retrieved for it and the statements shown once (the original asks one call per
   *  question: false). The questions of one reflection retrieve the same memories about half the
   *  time (base-25), so this sends about half the statements' tokens, with 2 calls fewer. */
  insightsInOneCall: boolean;
  /** Steps two agents wait after a conversation before they may talk again (original: 800). */
  chatCooldownSteps: number;
  /** After a "no" to talking, the same pair is not asked again for this many game minutes (the
   *  original asks again at every new event). */
  declineCooldownMinutes: number;
  /** An agent asks the reaction prompt at most once in this many game minutes (the original asks
   *  at every new event; 10 here before the cost work; 30: of 11 calls a resident-day, 9 said
   *  "carry on", and a minute's walk past someone brings no new reason to talk). */
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
   *  since it last did (or since their last conversation's takeaway, which updates that view);
   *  otherwise reuse it. The original summarises again before every line (agent_chat_v2); a
   *  summary of the same memories says the same. What one sees (the other, or others with
   *  them) and one's own day plan are not news about them: the utterance prompt shows what they
   *  do; what one hears, thinks or talks of about them is. */
  reuseRelationship: boolean;
  /** After a conversation that left a planning note, forget the decomposed tasks from its end and
   *  decompose again with the note in view (the original re-plans the window with
   *  new_decomp_schedule); otherwise the tasks resume where the clock is (its fail-safe splice). */
  replanAfterChat: boolean;
  /** Task decomposition covers the next this many minutes of the schedule at a time (the
   *  original decomposes one hourly block per call, ~14 calls a day; 120 here before the cost
   *  work; 240: half the calls, each carrying its identity block and known places once for four
   *  hours; a conversation that changes the plan still re-plans from its end, replanAfterChat). */
  decompositionWindowMinutes: number;
  /** Hourly items shorter than this are not decomposed (original: 60). */
  decomposeMinMinutes: number;
  /** Memories shown to prompts (retrieved by score, best first). Day plan: per focal point, two
   *  focal points (plan.py revise_identity: new_retrieve(persona, [plan for date, important recent
   *  events]) with n_count 30). */
  retrieveForPlan: number;
  /** A line of dialogue: the union for the partner's name, what they do and the last line
   *  (converse.py agent_chat_v2: new_retrieve(init_persona, focal_points, 15); 15 here before the
   *  cost work). 8: with the mundane left out (chatMemoryFloor) the best 8 hold what the speaker
   *  tells, and the conversation so far, shown on every line, holds what it made of the rest;
   *  the single largest cost of a day (a quarter of base-25's prompt tokens are dialogue lines). */
  retrieveForChat: number;
  /** The relationship summary before a conversation (converse.py agent_chat_v2:
   *  new_retrieve(init_persona, [target name], 50); 50 here before the cost work). 25: asked only
   *  when something new about the other arrived (reuseRelationship), and summarising one or two
   *  sentences; sightings of the other fill the rest of 50. */
  retrieveForRelationship: number;
  /** Deciding to talk or wait: the original shows every memory its keyword retrieval finds for
   *  the other (retrieve.py retrieve, plan.py _choose_retrieved); here the best 6 (10 before the
   *  cost work: the decision needs what one has to tell and what one knows of the other, and
   *  the last conversation's topic is in the prompt). */
  retrieveForReaction: number;
  /** An interview answer (converse.py open_convo_session: new_retrieve(persona, [line], 50)). */
  retrieveForInterview: number;
  /** A line of dialogue shows the speaker its best this many retrieved memories always, and of
   *  the rest only those it was not shown on its earlier lines of the same conversation: the
   *  original repeats all 15 on every line, though what the speaker made of them is in the
   *  conversation so far, which every line shows. Infinity repeats all (the original), the
   *  default: with 5, base-3's unseeded town lost a mechanism (Ines never got to tell her own plan
   *  in two days; mind-scenarios.test.ts), so the lever stays off until it can be had without that. */
  chatRepeatBest: number;
  /** A line of dialogue is not shown observations of this importance or less: the mundane
   *  ("bed is being slept in", "Walter is shaving"), which filled half of the 15 places and left
   *  out what the speaker could tell. The original shows whatever scores best (0). What the other
   *  is doing now is in the prompt itself. */
  chatMemoryFloor: number;
  /** In "brief" dialogue, memories per line. */
  retrieveForBriefChat: number;
  /** How prompts date memories. "full": "[Fri, Feb 13, 07:05]" on each. "compact" (default): a
   *  memory of the day the prompt says it is shows only "[07:05]", older ones the full date; the
   *  same information (the prompt states the date once) for 4 tokens instead of 13 per memory,
   *  about a tenth of a day's prompt tokens (bench/RESULTS.md). The original shows no dates. */
  memoryDates: "compact" | "full";
  /** The lifestyle policy of the Affordable Generative Agents paper (Yu et al. 2024): a day like
   *  yesterday reuses yesterday's plan and its decomposed tasks instead of a new plan and new
   *  decompositions (one check, no call). Like yesterday: yesterday was planned as a routine day
   *  (nothing the resident held was dated on it), nothing it holds is dated on the new day, and
   *  nothing since yesterday's plan bears on plans: no planning note from a conversation, no memory
   *  naming a time ahead, no thought of importance replanImportance or more; the same day heard of
   *  again is not news. On by default: over five game days of base-25 the evaluation harness
   *  shows no loss with it (diffusion, density, coordination, hallucination, the battery;
   *  bench/RESULTS.md), and a day reused is a plan and its decompositions not asked. */
  reusePlans: boolean;
  /** ...a thought this important since yesterday's plan makes a new one. */
  replanImportance: number;
  /** No calls while a resident sleeps: waiting observations are scored and reflection is made
   *  when it wakes, nobody passing by is reacted to, and a day that starts in its sleep is planned
   *  when it wakes (at yesterday's hour), not at midnight. A thing a person changes (a fire, a
   *  flood) is still weighed by the object reaction, which may wake it. The original plans at the day's first step and reflects whenever the
   *  threshold is reached. On by default (measured with reusePlans, bench/RESULTS.md). */
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
