// Reflect (§3.4), as in the paper: when the summed importance of new memories reaches the
// threshold (150), the latest 100 memories raise 3 salient questions; for each question the
// memories retrieved for it (30) give up to 5 insights, each citing its evidence, stored as
// thoughts with a depth: 1 over observations, 1 + the deepest insight it rests on, so
// reflections build on reflections. Calls: one for the questions, then one for the insights of all
// three (settings.insightsInOneCall) or one per question.
import { aboutTheFuture, importanceOf } from "./language/importance.ts";
import { without } from "./language/names.ts";
import { newsRecord } from "./language/news.ts";
import { flushObservations } from "./perceive.ts";
import { reflectionInsightsPrompt } from "./prompts/reflectionInsights.ts";
import { reflectionQuestionsPrompt } from "./prompts/reflectionQuestions.ts";
import type { MemoryRecord } from "./memory/port.ts";
import {
  datedFrom,
  lines,
  placeNames,
  remember,
  retrieve,
  type AgentState,
  type MindContext,
} from "./state.ts";

/** Whether a new memory counts toward the next reflection (settings.reflectionCounts). */
export function countsTowardReflection(
  rule: MindContext["settings"]["reflectionCounts"],
): (m: MemoryRecord) => boolean {
  return rule === "perceived"
    ? (m) => m.type === "observation" || m.type === "chat"
    : (m) => !m.depth;
}

export function reflectionDue(ctx: MindContext, s: AgentState, now: number): boolean {
  return (
    !s.reflecting &&
    s.memory.importanceSinceReflection >= ctx.settings.reflectionThreshold &&
    now - s.lastReflection >= ctx.settings.reflectionMinMinutes * 60_000
  );
}

/** Of the latest `window` memories (made after `since`, game ms), the `max` most recent distinct
 *  ones, oldest first, without idle observations or plans. */
export function recentMemories(
  s: AgentState,
  window: number,
  max = window,
  since = -Infinity,
): MemoryRecord[] {
  const seen = new Set<string>();
  const out: MemoryRecord[] = [];
  for (const m of s.memory.latest(window)) {
    if (m.created < since) continue;
    if (
      m.importance <= 1 ||
      m.type === "plan" ||
      /\bis idle\b/.test(m.description) ||
      seen.has(m.description)
    )
      continue;
    seen.add(m.description);
    out.push(m);
    if (out.length >= max) break;
  }
  return out.reverse();
}

/** Reflects now; returns the insight memories made. */
export async function reflect(
  ctx: MindContext,
  s: AgentState,
  now: number,
): Promise<MemoryRecord[]> {
  if (s.reflecting) return [];
  s.reflecting = true;
  try {
    await flushObservations(ctx, s);
    const name = s.persona.name;
    const people = without(ctx.people(), name);
    const places = placeNames(s);
    const since = ctx.settings.reflectSinceLast ? s.lastReflection : -Infinity;
    s.lastReflection = now;
    const recent = recentMemories(
      s,
      ctx.settings.reflectionWindow,
      ctx.settings.reflectionStatements,
      since,
    );
    if (recent.length === 0) {
      s.memory.markReflected();
      return [];
    }
    const q = await ctx.gateway.ask(reflectionQuestionsPrompt, {
      name,
      statements: lines(recent),
      n: ctx.settings.focalQuestions,
      people,
      places,
      ...datedFrom(ctx, now),
    });
    // Every question's memories are retrieved before any insight is stored (reflect.py
    // run_reflect: new_retrieve over all focal points, then insights per point).
    const asked: { question: string; evidence: MemoryRecord[] }[] = [];
    for (const question of q.questions.slice(0, ctx.settings.focalQuestions)) {
      const evidence = await retrieve(ctx, s, [question], now, ctx.settings.reflectionRetrieve);
      if (evidence.length) asked.push({ question, evidence });
    }
    const calls = ctx.settings.insightsInOneCall
      ? asked.length
        ? [asked]
        : []
      : asked.map((a) => [a]);
    const made: MemoryRecord[] = [];
    for (const group of calls) {
      const shown = [...new Set(group.flatMap((a) => a.evidence))];
      const index = new Map(shown.map((m, k) => [m, k]));
      const questions = group.map((a) => ({
        question: a.question,
        statements: a.evidence.map((m) => index.get(m)!),
      }));
      const answer = await ctx.gateway.ask(reflectionInsightsPrompt, {
        name,
        questions,
        statements: lines(shown),
        n: ctx.settings.insights,
        people,
        places,
        ...datedFrom(ctx, now),
      });
      // At most n insights per question; asked one question, any number is its; asked several, an
      // answer for a question not asked is dropped.
      const perQuestion = new Map<number, number>();
      const kept = answer.insights.filter((x) => {
        const k = group.length === 1 ? 1 : x.question;
        const had = perQuestion.get(k) ?? 0;
        perQuestion.set(k, had + 1);
        return k <= group.length && had < ctx.settings.insights;
      });
      const insights = kept.map((x) => {
        const cited = [
          ...new Set(
            x.evidence.map((k) => shown[k - 1]).filter((m): m is MemoryRecord => m !== undefined),
          ),
        ];
        const depth = 1 + Math.max(0, ...cited.map((m) => m.depth ?? 0));
        const importance = x.importance ?? importanceOf(x.insight);
        // An insight that tells of something ahead and weighs is news of its own (a record that
        // travels); one drawn from memories that carry records already tells nothing new.
        const news =
          importance >= 5 &&
          aboutTheFuture(x.insight, now) &&
          !cited.some((m) => m.facts?.length) &&
          newsRecord(x.insight, name, now, places, people);
        return {
          type: "thought" as const,
          created: now,
          description: x.insight,
          subject: name,
          predicate: "reflects",
          object: "",
          importance,
          evidence: cited.map((m) => m.id),
          depth,
          ...(news && news.length ? { facts: news } : {}),
        };
      });
      // An insight already held (or given twice in this answer) is not stored twice.
      const held = new Set(
        s.memory.latest(200, (m) => m.predicate === "reflects").map((m) => m.description),
      );
      made.push(
        ...(await remember(
          ctx,
          s,
          insights.filter((x) => !held.has(x.description) && held.add(x.description)),
        )),
      );
    }
    s.memory.markReflected();
    ctx.stats.reflections++;
    return made;
  } finally {
    s.reflecting = false;
  }
}
