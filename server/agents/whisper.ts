// Whispers (§3.6, "inner voice"): what a moderator whispers, or a history file seeds, becomes the
// agent's own thoughts, each with its importance, in one call per batch. The history loader reads
// the original's `Name,Whisper` CSV with `;`-separated statements.
import { importanceOf } from "./language/importance.ts";
import { youToThirdPerson } from "./language/person.ts";
import { whisperPrompt } from "./prompts/whisper.ts";
import { factOf } from "./language/news.ts";
import {
  identity,
  peopleFor,
  placeNames,
  remember,
  type AgentState,
  type MindContext,
} from "./state.ts";
import type { MemoryRecord } from "./memory/port.ts";

export { loadHistory, HistoryFormatError, type HistoryRow } from "./history.ts";

/** Turns statements addressed to the agent into thought memories. */
export async function whisperThoughts(
  ctx: MindContext,
  s: AgentState,
  statements: readonly string[],
  now: number,
  voice = "inner voice",
): Promise<MemoryRecord[]> {
  const clean = statements.map((t) => t.trim()).filter(Boolean);
  if (clean.length === 0) return [];
  const answer = await ctx.gateway.ask(whisperPrompt, {
    identity: identity(s),
    voice,
    statements: clean,
    at: now,
    people: peopleFor(ctx, s),
  });
  const thoughts = clean.map((text, i) => {
    const t = answer.thoughts[i];
    if (t) return t;
    const thought = youToThirdPerson(text, s.persona.name);
    return { thought, importance: importanceOf(thought, { at: now }) };
  });
  return remember(
    ctx,
    s,
    thoughts.map((t) => ({
      type: "thought" as const,
      created: now,
      description: t.thought,
      subject: s.persona.name,
      predicate: "thinks",
      object: "",
      importance: t.importance,
      // What it tells, as a record read once from the words whispered (news.ts): the resident
      // tells its own news from this, never from its memory's text.
      facts: [factOf(t.thought, s.persona.name, now, placeNames(s), peopleFor(ctx, s))],
    })),
  );
}
