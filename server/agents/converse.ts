// Converse (§3.6): a dialogue between two residents conditioned on each side's own retrieved
// memories and how each sees the other; it ends when the speakers end it or at the cap (8 rounds).
// Mode "whole" writes it in one call together with each side's takeaways; mode "turns" is the
// paper's loop, one call per utterance from the speaker's own memories, then one post-chat call
// per side. When the Town says the conversation is over, each side remembers it as a chat memory
// plus a memo and a planning note (the original's post-chat thoughts), updates how it sees the
// other, and a planning note with an appointment today goes into the day's schedule.
import { minuteOfDay } from "../../shared/time.ts";
import { startOfDay } from "../world/clock.ts";
import type { ConversationLine, ConversationPlan, Notice } from "../world/mind.ts";
import { eventOnDay, extractEvent, type PlaceName } from "./offline/text.ts";
import type { ChatSideInput, Line } from "./offline/dialogue.ts";
import { flushObservations } from "./perceive.ts";
import { conversationPrompt } from "./prompts/conversation.ts";
import { postChatPrompt, type PostChatAnswer } from "./prompts/postChat.ts";
import { utterancePrompt } from "./prompts/utterance.ts";
import { insertAppointment, replanFrom } from "./schedule.ts";
import { briefOf, lines as memoryLines, placeNames, remember, retrieve, type AgentState, type MindContext } from "./state.ts";

/** The original's duration: about 30 words a minute at 8 characters a word, at least a minute. */
export function chatMinutes(lines: readonly { name: string; text: string }[]): number {
  const chars = lines.reduce((n, l) => n + l.name.length + 2 + l.text.length + 1, 0);
  return Math.max(1, Math.ceil(chars / 8 / 30));
}

export function unionPlaces(...lists: PlaceName[][]): PlaceName[] {
  const seen = new Map<string, PlaceName>();
  for (const l of lists) for (const p of l) if (!seen.has(p.name)) seen.set(p.name, p);
  return [...seen.values()];
}

export function doing(s: AgentState): string {
  return s.current?.action ?? "";
}

async function side(ctx: MindContext, self: AgentState, other: AgentState, now: number, extra: string[] = []): Promise<ChatSideInput> {
  const focal = [other.persona.name, `${other.persona.name} is ${doing(other) || "here"}`, `${self.persona.name}'s plans, invitations and upcoming events`, ...extra];
  const mems = await retrieve(ctx, self, focal, now, 15, ctx.settings.retrieveForChat);
  return {
    id: self.id,
    name: self.persona.name,
    brief: briefOf(self),
    action: doing(self),
    relationship: self.relationships.get(other.id) ?? "",
    memories: memoryLines(mems),
  };
}

/** Claims a pair for a conversation: neither starts another meanwhile. */
export function claim(a: AgentState, b: AgentState, now: number): void {
  a.engagedWith = b.id;
  b.engagedWith = a.id;
  a.engagedSince = now;
  b.engagedSince = now;
}

/** Releases a pair's claim on each other (a refused or abandoned conversation). */
export function release(a: AgentState, b: AgentState | undefined): void {
  if (b && b.engagedWith === a.id) {
    b.engagedWith = "";
    b.chat = undefined;
  }
  a.engagedWith = "";
  a.chat = undefined;
}

/**
 * Writes a conversation `a` starts with `b` (both must already be engaged with each other).
 * Returns null if one of them turned to something else meanwhile.
 */
export async function startConversation(ctx: MindContext, a: AgentState, b: AgentState, now: number, place: string): Promise<ConversationPlan | null> {
  claim(a, b, now);
  await Promise.all([flushObservations(ctx, a), flushObservations(ctx, b)]);
  const places = unionPlaces(placeNames(a), placeNames(b));
  const maxLines = ctx.settings.maxChatRounds * 2;
  let said: Line[];
  let topic: string;
  let takeaways: [PostChatAnswer | undefined, PostChatAnswer | undefined] = [undefined, undefined];
  if (ctx.settings.conversationMode === "whole") {
    const [sa, sb] = await Promise.all([side(ctx, a, b, now), side(ctx, b, a, now)]);
    const answer = await ctx.gateway.ask(conversationPrompt, { now, place, a: sa, b: sb, maxLines, places });
    said = answer.lines.slice(0, maxLines);
    topic = answer.topic;
    takeaways = [answer.a, answer.b];
  } else {
    said = [];
    topic = "";
    for (let turn = 0; turn < maxLines; turn++) {
      const [speaker, listener] = turn % 2 === 0 ? [a, b] : [b, a];
      const recent = said.slice(-4).map((l) => l.text);
      const sp = await side(ctx, speaker, listener, now, recent);
      const ls: ChatSideInput = { id: listener.id, name: listener.persona.name, brief: "", action: doing(listener), relationship: "", memories: [] };
      // The offline engine plays both parts from the speaker's knowledge only.
      const answer = await ctx.gateway.ask(utterancePrompt, { now, place, speaker: sp, listener: { ...ls, memories: [] }, soFar: said, maxLines, places });
      said.push({ speaker: speaker.persona.name, text: answer.text });
      topic = answer.topic || topic;
      if (answer.end) break;
    }
  }
  if (a.engagedWith !== b.id || b.engagedWith !== a.id) {
    // One of them was claimed by another conversation while this one was being written.
    if (a.engagedWith === b.id) a.engagedWith = "";
    if (b.engagedWith === a.id) b.engagedWith = "";
    return null;
  }
  const named = (n: string) => (n === a.persona.name || n === a.persona.name.split(" ")[0] ? a : n === b.persona.name || n === b.persona.name.split(" ")[0] ? b : undefined);
  const lines: ConversationLine[] = [];
  said.forEach((l, i) => {
    const text = l.text.trim();
    if (!text) return;
    const who = named(l.speaker.trim()) ?? (i % 2 === 0 ? a : b);
    lines.push({ speaker: who.id, name: who.persona.name, text });
  });
  if (lines.length === 0) {
    release(a, b);
    return null;
  }
  topic = topic.trim() || `conversing with ${b.persona.name}`;
  if (!/^conversing/i.test(topic)) topic = `conversing about ${topic.replace(/^(about|talking about)\s+/i, "")}`;
  a.chat = { with: b.id, lines, topic, takeaway: takeaways[0] };
  b.chat = { with: a.id, lines, topic, takeaway: takeaways[1] };
  ctx.stats.conversations++;
  return { with: b.id, lines, topic, until: now + chatMinutes(lines) * 60_000 };
}

const withPlanningPrefix = (name: string, text: string) => (/^for [^:]{1,60}:/i.test(text.trim()) ? text.trim() : `For ${name}'s planning: ${text.trim()}`);

/** What one side does when the Town says a conversation is over. */
export async function conversationEnded(ctx: MindContext, s: AgentState, n: Extract<Notice, { kind: "conversationEnded" }>, now: number): Promise<void> {
  const other = n.visitor ? undefined : ctx.agents.get(n.withId);
  const otherName = n.withName;
  // People are known by name (their avatar ids change every visit) and get no chat cooldown.
  const key = n.visitor ? `person:${otherName.trim().toLowerCase()}` : n.withId;
  const chat = s.chat && s.chat.with === n.withId ? s.chat : undefined;
  const topic = n.topic || chat?.topic || `conversing with ${otherName}`;
  const said: Line[] = n.lines.map((l) => ({ speaker: l.name, text: l.text }));
  const places = placeNames(s);
  const takeaway =
    chat?.takeaway ??
    (await ctx.gateway.ask(postChatPrompt, { name: s.persona.name, brief: briefOf(s), other: otherName, now, lines: said, topic, relationship: s.relationships.get(key) ?? "", places }));
  const name = s.persona.name;
  const about = topic.replace(/^conversing\s*/i, "");
  const [chatMemory] = await remember(ctx, s, [
    {
      type: "chat",
      created: now,
      description: `${name} and ${otherName}${n.visitor ? " (a visitor to the town)" : ""} were conversing ${about}`.trim(),
      subject: name,
      predicate: "chat with",
      object: otherName,
      keywords: [name.toLowerCase(), otherName.toLowerCase()],
      importance: takeaway.importance,
      lines: n.lines.map((l) => [l.name, l.text] as [string, string]),
    },
  ]);
  const thoughts = [takeaway.memo.trim(), takeaway.planning.trim() ? withPlanningPrefix(name, takeaway.planning) : ""].filter(Boolean);
  await remember(
    ctx,
    s,
    thoughts.map((t) => ({ type: "thought" as const, created: now, description: t, subject: name, predicate: "thinks", object: otherName, importance: takeaway.importance, evidence: [chatMemory.id] })),
  );
  if (takeaway.relationship.trim()) s.relationships.set(key, takeaway.relationship.trim());
  if (!n.visitor) s.chatCooldown.set(n.withId, now + ctx.settings.chatCooldownSteps * ctx.settings.stepSeconds * 1000);
  s.lastChat.set(key, { ended: now, topic });
  if (!n.visitor) s.chat = undefined;
  if (s.engagedWith === n.withId) s.engagedWith = "";
  if (other && other.engagedWith === s.id && !other.chat) other.engagedWith = "";
  // A planning note with an appointment later today goes into the schedule (a re-plan).
  const schedule = s.schedule;
  if (schedule && schedule.day === startOfDay(now)) {
    const minute = minuteOfDay(now);
    const e = takeaway.planning ? extractEvent(takeaway.planning, places, now) : undefined;
    const today = !!takeaway.planning && ((e !== undefined && eventOnDay(e, now)) || /\b(today|tonight|this (morning|afternoon|evening)|right away|later)\b/i.test(takeaway.planning));
    if (ctx.settings.replanAfterChat && today) replanFrom(schedule, minute);
    if (e && e.start !== undefined && e.place && eventOnDay(e, now) && e.start > minute) {
      const already = schedule.blocks.some((b) => b.task.toLowerCase().includes(e.what.toLowerCase()));
      if (!already) insertAppointment(schedule, e.start, Math.min(1440, e.end ?? e.start + 120), `going to the ${e.what}`, e.place.address);
    }
  }
}
