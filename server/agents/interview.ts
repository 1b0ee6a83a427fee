// Interview (the paper's evaluation interface, §3.6): any question answered in character from the
// memories retrieved for it, the day's plan and the persona. Off the record nothing is written
// (not even last-access times); otherwise the agent remembers being interviewed.
import { interviewPrompt } from "./prompts/interview.ts";
import { keywordImportance } from "./offline/text.ts";
import { identity, lines, placeNames, rememberOne, retrieve, type AgentState, type MindContext } from "./state.ts";

export interface InterviewOptions {
  /** Write nothing: no memory of the interview, no change to what was retrieved. */
  offTheRecord?: boolean;
  /** Who asks (default "An interviewer"). */
  interviewer?: string;
  /** Game time of the interview (default: the agent's last step). */
  now?: number;
}

export async function interview(ctx: MindContext, s: AgentState, question: string, opts: InterviewOptions = {}): Promise<string> {
  const now = opts.now ?? s.now;
  const interviewer = opts.interviewer ?? "An interviewer";
  const record = !opts.offTheRecord;
  // People the question names: the agent's view of them goes into the answer, and into the focus.
  const named = [...ctx.agents.values()].filter((a) => new RegExp(`\\b(${a.persona.name}|${a.persona.name.split(" ")[0]})\\b`, "i").test(question));
  const people = named.map((a) => ({ name: a.persona.name, relationship: a.id === s.id ? "" : (s.relationships.get(a.id) ?? "") }));
  const memories = await retrieve(ctx, s, [question, ...named.filter((a) => a.id !== s.id).map((a) => `${s.persona.name} and ${a.persona.name}`)], now, 50, ctx.settings.retrieveForInterview, record);
  const { answer } = await ctx.gateway.ask(interviewPrompt, {
    identity: identity(s),
    now,
    interviewer,
    question,
    memories: lines(memories),
    plan: s.schedule?.items ?? [],
    people,
    places: placeNames(s),
  });
  if (record) {
    const text = `${interviewer} asked ${s.persona.name} "${question.replace(/"/g, "'")}" and ${s.persona.name} answered "${answer.replace(/"/g, "'")}"`;
    await rememberOne(ctx, s, "chat", now, text, Math.max(3, keywordImportance(question)), { predicate: "was interviewed by", object: interviewer, lines: [[interviewer, question], [s.persona.name, answer]] });
  }
  return answer;
}
