// Reflect (§3.4): when the summed importance of new observations and chats passes the threshold
// (150), the latest 100 memories raise focal questions; memories are retrieved for each; insights
// citing their evidence become thought memories. Two calls per reflection: questions, then the
// insights for all questions at once (the original asks one insight call per question and scores
// each insight with another call).
import { reflectionInsightsPrompt } from "./prompts/reflectionInsights.ts";
import { reflectionQuestionsPrompt } from "./prompts/reflectionQuestions.ts";
import { keywordImportance } from "./offline/text.ts";
import { flushObservations } from "./perceive.ts";
import { placeNames, remember, retrieve, type AgentState, type MindContext } from "./state.ts";
import type { MemoryRecord } from "./memory/port.ts";

export function reflectionDue(ctx: MindContext, s: AgentState, now: number): boolean {
  return (
    !s.reflecting &&
    s.memory.importanceSinceReflection >= ctx.settings.reflectionThreshold &&
    now - s.lastReflection >= ctx.settings.reflectionMinMinutes * 60_000
  );
}

/** Of the latest `window` memories, the `max` most recent distinct ones, oldest first, without
 *  idle observations or plans. */
export function recentStatements(s: AgentState, window: number, max = window): string[] {
  const recent = s.memory.latest(window);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of recent) {
    if (m.importance <= 1 || m.type === "plan" || /\bis idle\b/.test(m.description) || seen.has(m.description)) continue;
    seen.add(m.description);
    out.push(m.description);
    if (out.length >= max) break;
  }
  return out.reverse();
}

/** Reflects now; returns the insight memories made. */
export async function reflect(ctx: MindContext, s: AgentState, now: number): Promise<MemoryRecord[]> {
  if (s.reflecting) return [];
  s.reflecting = true;
  try {
    await flushObservations(ctx, s);
    const name = s.persona.name;
    const people = ctx.people().filter((p) => p !== name);
    const places = placeNames(s);
    s.lastReflection = now;
    const statements = recentStatements(s, ctx.settings.reflectionWindow, ctx.settings.reflectionStatements);
    if (statements.length === 0) {
      s.memory.markReflected();
      return [];
    }
    const q = await ctx.gateway.ask(reflectionQuestionsPrompt, { name, statements, n: ctx.settings.focalQuestions, people, places });
    const questions = q.questions.slice(0, ctx.settings.focalQuestions);
    const evidence = await retrieve(ctx, s, questions, now, ctx.settings.reflectionRetrieve, ctx.settings.reflectionEvidence);
    const answer = await ctx.gateway.ask(reflectionInsightsPrompt, { name, questions, statements: evidence.map((m) => m.description), n: ctx.settings.insights, people, places });
    const made = await remember(
      ctx,
      s,
      answer.insights.slice(0, ctx.settings.insights).map((x) => ({
        type: "thought" as const,
        created: now,
        description: x.insight,
        subject: name,
        predicate: "reflects",
        object: "",
        importance: x.importance ?? keywordImportance(x.insight),
        evidence: [...new Set(x.evidence.map((k) => evidence[k - 1]?.id).filter((id): id is number => id !== undefined))],
      })),
    );
    s.memory.markReflected();
    ctx.stats.reflections++;
    return made;
  } finally {
    s.reflecting = false;
  }
}
