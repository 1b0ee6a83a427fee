// Perceive (§3.1): what the Town says an agent notices becomes observation memories. An event
// already among the latest `retention` observations (same subject, predicate, object) is skipped,
// the original's only dedupe. New observations wait in a small queue and are scored for
// importance in batches (one call for many, idle ones scored 1 without a call), then embedded and
// stored; the queue is flushed when it is full, when it is old, and before a day plan, a
// reflection or an interview (and a conversation, with settings.flushBeforeChat). Idle events and the states residents' own actions
// give objects ("window table is in use") are scored without a call.
import { Address } from "../../shared/address.ts";
import type { PerceivedEvent } from "../world/perception.ts";
import { importanceOf } from "./language/importance.ts";
import { asClause, newsRecord } from "./language/news.ts";
import type { Fact } from "./memory/fact.ts";
import { fitScores, importancePrompt } from "./prompts/importance.ts";
import {
  identity,
  keywordsOf,
  peopleFor,
  closeFor,
  placeNames,
  remember,
  type AgentState,
  type MindContext,
  type PendingObservation,
} from "./state.ts";

const MAX_SCORED = 4000;
const MAX_BATCH = 40;

/** The observation an event makes: empty predicates are "is idle" (the original's rule). An
 *  object whose state a resident's own action gives it ("window table is in use") is routine. */
export function observationOf(e: PerceivedEvent, now: number): PendingObservation {
  const idle = !e.predicate;
  const subject = e.subject;
  const predicate = idle ? "is" : e.predicate;
  const object = idle ? "idle" : e.object;
  const name = Address.hasLevels(subject) ? Address.last(subject) : subject;
  const description = idle ? `${name} is idle` : e.description;
  const routine = idle || (Address.hasLevels(subject) && e.byPerson === false);
  return {
    created: now,
    description,
    subject,
    predicate,
    object,
    keywords: keywordsOf(subject, object),
    ...(routine ? { routine } : {}),
    ...(Address.hasLevels(subject) && e.byPerson === true && e.by ? { setBy: e.by } : {}),
  };
}

function seen(s: AgentState, o: PendingObservation, retention: number): boolean {
  let k = 0;
  for (let i = s.pending.length - 1; i >= 0 && k < retention; i--, k++) {
    const p = s.pending[i];
    if (p.subject === o.subject && p.predicate === o.predicate && p.object === o.object)
      return true;
  }
  return (
    retention - k > 0 && s.memory.seenRecently(o.subject, o.predicate, o.object, retention - k)
  );
}

/** What an announcement weighs to be told on as news (an importance of 5 and more). */
const NOTABLE = 5;

/**
 * Something seen that carries news, as a record (memory/fact.ts) so it travels as itself: a
 * thing whose state someone set ("the stove is on fire"), not a resident's own use of it, or an
 * announcement heard, when it weighs. Everyday sights (people at their work, a table in use)
 * make none.
 */
function seenNews(
  s: AgentState,
  o: PendingObservation,
  importance: number,
  people: readonly string[],
): Fact[] {
  if (o.routine) return [];
  const me = s.persona.name;
  if (o.predicate === "announced" && importance >= NOTABLE)
    return newsRecord(
      `${o.subject} announced that ${asClause(o.object.replace(/[.!]+$/, ""))}`,
      me,
      o.created,
      placeNames(s),
      people,
      o.subject,
    );
  // A thing someone gave a state by a command (not residents' use of it) is news of itself.
  if (!o.setBy || Address.depth(o.subject) < 3) return [];
  const [, sector] = Address.levels(o.subject);
  const thing = Address.last(o.subject);
  return newsRecord(
    `${me} saw the ${thing} at ${sector} ${o.object} today`,
    me,
    o.created,
    placeNames(s),
    people,
  );
}

/** An event's line in a resident's last look (AgentState.lastSeen): "subject|predicate|object". */
export const lookLine = (e: Pick<PerceivedEvent, "subject" | "predicate" | "object">) =>
  `${e.subject}|${e.predicate}|${e.object}`;

/**
 * Queues what is new among perceived events; returns the events that were new. `lastLook` is what
 * the resident saw at its last look (AgentState.lastSeen, one lookLine a line): an event still in
 * view since then, unchanged, is the same sight, not a new event, even when the latest
 * `retention` observations no longer hold it. Where more people are in view than the attention
 * bandwidth, whoever comes nearest pushes an older sight out of those latest observations, and
 * without this the people one kept looking at all along were observed again at each such change
 * (a crowded cafe made most of a resident's observations, and with them its reflections).
 */
export function perceive(
  ctx: MindContext,
  s: AgentState,
  perceived: readonly PerceivedEvent[],
  now: number,
  lastLook = "",
): PerceivedEvent[] {
  const fresh: PerceivedEvent[] = [];
  const before = lastLook ? new Set(lastLook.split("\n")) : undefined;
  for (const e of perceived) {
    if (before?.has(lookLine(e))) continue;
    const o = observationOf(e, now);
    if (seen(s, o, ctx.settings.retention)) continue;
    s.pending.push(o);
    fresh.push(e);
  }
  return fresh;
}

/** Whether the queue should be scored now (full, or its oldest waited long enough). */
export function flushDue(ctx: MindContext, s: AgentState, now: number): boolean {
  if (s.pending.length === 0) return false;
  return (
    s.pending.length >= ctx.settings.importanceBatch ||
    now - s.pending[0].created >= ctx.settings.importanceFlushMinutes * 60_000
  );
}

/** Scores the queued observations (one call per batch) and stores them as memories. */
export async function flushObservations(ctx: MindContext, s: AgentState): Promise<number> {
  if (s.pending.length === 0) return 0;
  const batch = s.pending;
  s.pending = [];
  const unknown = [
    ...new Set(
      batch
        .filter((o) => !o.routine)
        .map((o) => o.description)
        .filter((d) => !s.scored.has(d)),
    ),
  ];
  // Novelty against what the resident holds: nothing with the same subject and predicate among
  // its latest observations.
  const held = s.memory.latest(64, (m) => m.type === "observation");
  const novel = (o: Pick<PendingObservation, "subject" | "predicate">) =>
    !held.some((m) => m.subject === o.subject && m.predicate === o.predicate);
  const byDescription = new Map(batch.map((o) => [o.description, o]));
  // A sight of someone (not what was announced: that is news) weighs as the person matters to the
  // resident, a friend more than a stranger passing.
  const sight = (o: Pick<PendingObservation, "predicate">) => o.predicate !== "announced";
  try {
    for (let i = 0; i < unknown.length; i += MAX_BATCH) {
      const items = unknown.slice(i, i + MAX_BATCH);
      const answer = await ctx.gateway.ask(importancePrompt, {
        identity: identity(s),
        items,
        at: batch[0].created,
        people: peopleFor(ctx, s),
        novel: items.map((d) => novel(byDescription.get(d)!)),
        close: closeFor(ctx, s),
        sights: items.map((d) => sight(byDescription.get(d)!)),
      });
      fitScores(items, answer.scores, batch[0].created).forEach((score, n) =>
        s.scored.set(items[n], score),
      );
    }
  } catch (e) {
    // Nothing is lost: the batch waits for the next flush.
    s.pending = [...batch, ...s.pending];
    throw e;
  }
  if (s.scored.size > MAX_SCORED) {
    const drop = s.scored.size - MAX_SCORED / 2;
    let n = 0;
    for (const k of s.scored.keys()) {
      if (n++ >= drop) break;
      s.scored.delete(k);
    }
  }
  const people = peopleFor(ctx, s);
  await remember(
    ctx,
    s,
    batch.map((o) => {
      const importance = o.routine
        ? Math.min(2, importanceOf(o.description))
        : (s.scored.get(o.description) ??
          importanceOf(o.description, {
            at: o.created,
            people,
            novel: novel(o),
            ...(sight(o) ? { close: closeFor(ctx, s) } : {}),
          }));
      const facts = seenNews(s, o, importance, people);
      return {
        type: "observation" as const,
        created: o.created,
        description: o.description,
        subject: o.subject,
        predicate: o.predicate,
        object: o.object,
        keywords: o.keywords,
        importance,
        ...(facts.length ? { facts } : {}),
      };
    }),
  );
  ctx.stats.observations += batch.length;
  return batch.length;
}
