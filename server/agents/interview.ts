// Interview (the paper's evaluation interface, §3.6): any question answered in character from the
// memories retrieved for it, the day's plan and the persona. Off the record nothing is written
// (not even last-access times); otherwise the agent remembers being interviewed.
import { interviewPrompt } from "./prompts/interview.ts";
import { keywordImportance } from "./offline/text.ts";
import { identity, lines, placeNames, rememberOne, retrieve, type AgentState, type MindContext } from "./state.ts";
import type { MemoryRecord } from "./memoryPort.ts";

/**
 * What the interview may not use (the paper's ablations, §6.1, for the eval harness): no
 * reflections; no reflections and no plans; no memory at all (only who the agent is).
 */
export interface InterviewMask {
  reflection?: boolean;
  planning?: boolean;
  memory?: boolean;
}

const isReflection = (m: MemoryRecord) => m.type === "thought" && m.evidence.length > 0;

export interface InterviewOptions {
  /** Write nothing: no memory of the interview, no change to what was retrieved. */
  offTheRecord?: boolean;
  /** Who asks (default "An interviewer"). */
  interviewer?: string;
  /** Game time of the interview (default: the agent's last step). */
  now?: number;
  /** Parts of the mind hidden from this answer (see InterviewMask). */
  mask?: InterviewMask;
}

export async function interview(ctx: MindContext, s: AgentState, question: string, opts: InterviewOptions = {}): Promise<string> {
  const now = opts.now ?? s.now;
  const interviewer = opts.interviewer ?? "An interviewer";
  const record = !opts.offTheRecord;
  // People the question names: the agent's view of them goes into the answer, and into the focus.
  const named = [...ctx.agents.values()].filter((a) => new RegExp(`\\b(${a.persona.name}|${a.persona.name.split(" ")[0]})\\b`, "i").test(question));
  const mask = opts.mask ?? {};
  const people = named.map((a) => ({ name: a.persona.name, relationship: a.id === s.id || mask.memory ? "" : (s.relationships.get(a.id) ?? "") }));
  const n = ctx.settings.retrieveForInterview;
  // Masked kinds are left out after retrieval, from a pool large enough to still fill n.
  const hidden = (m: MemoryRecord) => (mask.reflection && isReflection(m)) || (mask.planning && m.type === "plan");
  const memories = mask.memory
    ? []
    : (await retrieve(ctx, s, [question, ...named.filter((a) => a.id !== s.id).map((a) => `${s.persona.name} and ${a.persona.name}`)], now, 50, mask.reflection || mask.planning ? 50 : n, record)).filter((m) => !hidden(m)).slice(0, n);
  const { answer } = await ctx.gateway.ask(interviewPrompt, {
    identity: identity(s),
    now,
    interviewer,
    question,
    memories: lines(memories),
    plan: mask.planning || mask.memory ? [] : (s.schedule?.items ?? []),
    people,
    places: placeNames(s),
  });
  if (record) {
    const text = `${interviewer} asked ${s.persona.name} "${question.replace(/"/g, "'")}" and ${s.persona.name} answered "${answer.replace(/"/g, "'")}"`;
    await rememberOne(ctx, s, "chat", now, text, Math.max(3, keywordImportance(question)), { predicate: "was interviewed by", object: interviewer, lines: [[interviewer, question], [s.persona.name, answer]] });
  }
  return answer;
}
