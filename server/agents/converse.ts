// Converse (§3.6): a dialogue between two residents written turn by turn, each line by its
// speaker from its OWN memories only: a summary of what it remembers of the other (the
// relationship), memories retrieved for that, for what the other is doing and for the last line,
// when they last talked and about what, and the conversation so far; the speaker ends it (cap:
// maxChatRounds). When the Town says it is over, each side writes what it takes away (a chat
// memory, a memo naming who said what, a planning note) from its own view, updates how it sees
// the other, and a planning note with an appointment today goes into the day's schedule.
import { minuteOfDay } from "../../shared/time.ts";
import { startOfDay } from "../world/clock.ts";
import type { ConversationLine, ConversationPlan, Notice } from "../world/mind.ts";
import type {
  Ask,
  ChatSideInput,
  Line,
  Meeting,
  PastContext,
  Proposal,
} from "./offline/dialogue.ts";
import type { Fact } from "./memory/fact.ts";
import type { MemoryRecord } from "./memory/port.ts";
import { eventOnDay, extractEvent, type PlaceName } from "./language/events.ts";
import { parseHourMinute } from "../../shared/time.ts";
import { flushObservations } from "./perceive.ts";
import { knowledgeOf, planningNotes } from "./knowing.ts";
import type { Knowledge } from "./language/knowledge.ts";
import { postChatPrompt } from "./prompts/postChat.ts";
import { relationshipPrompt } from "./prompts/relationship.ts";
import { utterancePrompt } from "./prompts/utterance.ts";
import { insertAppointment, replanFrom } from "./schedule.ts";
import { promisesOn, sameBuilding } from "./offline/planner.ts";
import {
  briefOf,
  datedFrom,
  identity,
  lines as memoryLines,
  peopleFor,
  placeNames,
  remember,
  retrieve,
  type AgentState,
  type MindContext,
} from "./state.ts";

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

/** What the pair's last talk was, as the speaker remembers it (the original's "past context"). */
function pastContext(self: AgentState, otherId: string, now: number): PastContext | undefined {
  const last = self.lastChat.get(otherId);
  return last
    ? { minutesAgo: Math.max(0, Math.round((now - last.ended) / 60_000)), topic: last.topic }
    : undefined;
}

/** The resident's usual day: [minute, place] of its habits (for whether it is free at an hour). */
function usualDay(s: AgentState): { start: number; place: string }[] {
  return s.persona.schedule
    .map((h) => ({ start: parseHourMinute(h.at), place: h.address }))
    .sort((a, b) => a.start - b.start);
}

/** What the resident's plan for today has next (its next block of another task), if any. */
function laterToday(s: AgentState, now: number): { start: number; task: string; place?: string }[] {
  const sch = s.schedule;
  if (!sch || sch.day !== startOfDay(now)) return [];
  const minute = minuteOfDay(now);
  const at = sch.blocks.find((b) => b.start <= minute && b.end > minute);
  return sch.blocks
    .filter((b) => b.start > minute && b.task !== at?.task)
    .slice(0, 2)
    .map((b) => ({ start: b.start, task: b.task, ...(b.place ? { place: b.place } : {}) }));
}

/** One side of a conversation, from its OWN memories only. */
export async function side(
  ctx: MindContext,
  self: AgentState,
  _other: { id: string; name: string; action: string },
  now: number,
  focal: string[],
  n: number,
  relationship: string,
  shown?: Set<number>,
  knows?: Knowledge,
): Promise<ChatSideInput> {
  const floor = ctx.settings.chatMemoryFloor;
  let mems = await retrieve(
    ctx,
    self,
    focal,
    now,
    n,
    n,
    true,
    (m) => m.type !== "observation" || m.importance > floor,
  );
  if (shown) {
    // The best few always; of the rest, only what this side was not shown on an earlier line.
    mems = mems.filter((m, rank) => rank < ctx.settings.chatRepeatBest || !shown.has(m.id));
    for (const m of mems) shown.add(m.id);
  }
  return {
    id: self.id,
    name: self.persona.name,
    brief: briefOf(self),
    action: doing(self),
    relationship,
    memories: memoryLines(mems),
    people: peopleFor(ctx, self),
    usual: usualDay(self),
    home: self.persona.home,
    later: laterToday(self, now),
    kept: memoryLines(keptNews(self, now, mems, _other.name)),
    ...(knows ? { knows } : {}),
  };
}

/** A week: how long one's own news stays news to tell. */
const NEWS_DAYS = 7;
const keptCache = new WeakMap<
  AgentState,
  { size: number; day: number; kept: MemoryRecord[]; chats: MemoryRecord[] }
>();

/**
 * One's own news, kept whatever was retrieved (a resident never forgets its own news): the
 * memories holding a record of one's own life from the last week, and the talks that told such a
 * record (so who had it is known), and the week's talks with the one spoken to (so what they
 * had from one is not told them again). Read once per new memory, not once per line.
 */
function keptNews(
  self: AgentState,
  now: number,
  retrieved: readonly MemoryRecord[],
  other: string,
): MemoryRecord[] {
  const day = Math.floor(now / 86_400_000);
  let hit = keptCache.get(self);
  if (!hit || hit.size !== self.memory.size || hit.day !== day) {
    const since = now - NEWS_DAYS * 86_400_000;
    const own = self.memory.latest(
      self.memory.size,
      (m) =>
        m.created >= since &&
        m.importance >= 4 &&
        m.type !== "chat" &&
        !!m.facts?.some((f) => !f.told && f.source === self.persona.name),
    );
    const ids = new Set(own.flatMap((m) => (m.facts ?? []).map((f) => f.id)));
    const talks = ids.size
      ? self.memory.latest(
          self.memory.size,
          (m) => m.type === "chat" && m.created >= since && !!m.facts?.some((f) => ids.has(f.id)),
        )
      : [];
    const chats = self.memory.latest(
      self.memory.size,
      (m) => m.type === "chat" && m.created >= since,
    );
    hit = { size: self.memory.size, day, kept: [...own, ...talks], chats };
    keptCache.set(self, hit);
  }
  // And the talks of the week with the one spoken to: what they had from one is no news to them.
  const withThem = hit.chats.filter((m) => m.object === other);
  const have = new Set(retrieved.map((m) => m.id));
  return [...new Set([...hit.kept, ...withThem])].filter((m) => !have.has(m.id));
}

/** How the speaker sees the other before they talk: a summary of its memories about them ("turns"),
 *  or what it kept from their last conversation ("brief"). */
async function relationshipFor(
  ctx: MindContext,
  self: AgentState,
  other: AgentState,
  now: number,
): Promise<string> {
  const before = self.relationships.get(other.id) ?? "";
  if (ctx.settings.conversationMode === "brief") return before;
  if (ctx.settings.reuseRelationship) {
    if (before && !newsAbout(self, other.persona.name, self.relationshipAt.get(other.id)))
      return before;
    // Nothing remembered about them at all: nothing to summarise.
    if (!before && !newsAbout(self, other.persona.name, 0)) return "";
  }
  const about = await retrieve(
    ctx,
    self,
    [other.persona.name],
    now,
    ctx.settings.retrieveForRelationship,
  );
  const answer = await ctx.gateway.ask(relationshipPrompt, {
    identity: identity(self),
    other: other.persona.name,
    memories: memoryLines(about),
    before,
    ...datedFrom(ctx, now),
  });
  const summary = answer.relationship.trim();
  if (summary) noteRelationship(self, other.id, summary);
  return summary;
}

/** Whether memories about `name` (heard, thought or talked of) arrived after memory id `since`.
 *  Reads back to `since` however far that is (a cap of 200 memories, before, made any view older
 *  than that stale whatever had come since). */
export function newsAbout(s: AgentState, name: string, since: number | undefined): boolean {
  if (since === undefined) return true;
  const first = name.split(" ")[0];
  const mentions = new RegExp(`\\b(${escapeRe(name)}|${escapeRe(first)})\\b`);
  for (const m of s.memory.latest(Infinity)) {
    if (m.id <= since) return false;
    // What one sees people do (the other, or others whose talk names them) and one's own day
    // plan are no news about them: what one hears, thinks and talks of is.
    if (m.type === "observation" || m.type === "plan") continue;
    if (mentions.test(m.description)) return true;
  }
  return false;
}

const escapeRe = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Records how `s` sees another now, as of its newest memory. */
function noteRelationship(s: AgentState, key: string, text: string): void {
  s.relationships.set(key, text);
  s.relationshipAt.set(key, s.memory.latest(1)[0]?.id ?? 0);
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
export async function startConversation(
  ctx: MindContext,
  a: AgentState,
  b: AgentState,
  now: number,
  place: string,
): Promise<ConversationPlan | null> {
  claim(a, b, now);
  if (ctx.settings.flushBeforeChat)
    await Promise.all([flushObservations(ctx, a), flushObservations(ctx, b)]);
  const maxLines = ctx.settings.maxChatRounds * 2;
  const brief = ctx.settings.conversationMode === "brief";
  const perLine = brief ? ctx.settings.retrieveForBriefChat : ctx.settings.retrieveForChat;
  const [relA, relB] = await Promise.all([
    relationshipFor(ctx, a, b, now),
    relationshipFor(ctx, b, a, now),
  ]);
  const said: Line[] = [];
  // Memories each side was shown on its earlier lines of this conversation.
  const shown = new Map([
    [a.id, new Set<number>()],
    [b.id, new Set<number>()],
  ]);
  let topic = "";
  // The record each line told (offline), kept beside the lines for both sides' takeaways.
  const told: (Fact | null)[] = [];
  // What each line asked (offline), so the answer is to the question, not to its words.
  const asked: (Ask | null)[] = [];
  // A meeting agreed in it (offline: the accepting line carries it), for both sides' plans.
  let agreed: Meeting | undefined;
  let proposed: Proposal | undefined;
  // What each knows as values, once a talk (the talk is written at one game time).
  const knows = new Map([
    [a.id, knowledgeOf(ctx, a, now, b.persona.name)],
    [b.id, knowledgeOf(ctx, b, now, a.persona.name)],
  ]);
  for (let turn = 0; turn < maxLines; turn++) {
    const [speaker, listener, rel] = turn % 2 === 0 ? [a, b, relA] : [b, a, relB];
    const last = said.at(-1)?.text;
    // The original's focal points: how it sees the other, what the other is doing, the last line.
    const focal = [
      rel || listener.persona.name,
      `${listener.persona.name} is ${doing(listener) || "here"}`,
      ...(last ? [last] : []),
    ];
    const sp = await side(
      ctx,
      speaker,
      { id: listener.id, name: listener.persona.name, action: doing(listener) },
      now,
      focal,
      perLine,
      rel,
      shown.get(speaker.id),
      knows.get(speaker.id),
    );
    const answer = await ctx.gateway.ask(utterancePrompt, {
      identity: identity(speaker),
      now,
      place,
      speaker: sp,
      listener: { name: listener.persona.name, action: doing(listener) },
      ...(pastContext(speaker, listener.id, now)
        ? { past: pastContext(speaker, listener.id, now) }
        : {}),
      soFar: [...said],
      maxLines,
      places: placeNames(speaker),
      told: [...told],
      asked: [...asked],
      ...(proposed ? { proposed } : {}),
      ...datedFrom(ctx, now),
    });
    said.push({ speaker: speaker.persona.name, text: answer.text });
    told.push(answer.told ?? null);
    asked.push(answer.asks ?? null);
    if (answer.meets) agreed = answer.meets;
    if (answer.proposes) proposed = answer.proposes;
    topic = answer.topic || topic;
    if (answer.end) break;
  }
  if (a.engagedWith !== b.id || b.engagedWith !== a.id) {
    // One of them was claimed by another conversation while this one was being written.
    if (a.engagedWith === b.id) a.engagedWith = "";
    if (b.engagedWith === a.id) b.engagedWith = "";
    return null;
  }
  const named = (n: string) =>
    n === a.persona.name || n === a.persona.name.split(" ")[0]
      ? a
      : n === b.persona.name || n === b.persona.name.split(" ")[0]
        ? b
        : undefined;
  const lines: ConversationLine[] = [];
  const toldKept: (Fact | null)[] = [];
  const askedKept: (Ask | null)[] = [];
  said.forEach((l, i) => {
    const text = l.text.trim();
    if (!text) return;
    const who = named(l.speaker.trim()) ?? (i % 2 === 0 ? a : b);
    lines.push({ speaker: who.id, name: who.persona.name, text });
    toldKept.push(told[i]);
    askedKept.push(asked[i]);
  });
  if (lines.length === 0) {
    release(a, b);
    return null;
  }
  topic = topic.trim() || `conversing with ${b.persona.name}`;
  if (!/^conversing/i.test(topic))
    topic = `conversing about ${topic.replace(/^(about|talking about)\s+/i, "")}`;
  const meeting = agreed ? { agreed } : {};
  a.chat = { with: b.id, lines, topic, told: toldKept, asked: askedKept, ...meeting };
  b.chat = { with: a.id, lines, topic, told: toldKept, asked: askedKept, ...meeting };
  ctx.stats.conversations++;
  return { with: b.id, lines, topic, until: now + chatMinutes(lines) * 60_000 };
}

const withPlanningPrefix = (name: string, text: string) =>
  /^for [^:]{1,60}:/i.test(text.trim()) ? text.trim() : `For ${name}'s planning: ${text.trim()}`;

/** Whether a memory is a conversation's planning note ("For Ann's planning: ..."). */
export const isPlanningNote = (text: string): boolean => /planning:/i.test(text);

/** What one side does when the Town says a conversation is over. */
/** Whom a talk was with: "Jane (a visitor to the town)", or for a group "Jane (a visitor to the town), Bob Birch and Kim (…)". */
function together(
  ctx: MindContext,
  otherName: string,
  n: Extract<Notice, { kind: "conversationEnded" }>,
): string {
  const label = (who: string, visitor: boolean) =>
    visitor ? `${who} (a visitor to the town)` : who;
  const names = [
    label(otherName, !!n.visitor),
    ...(n.others ?? []).map((o) => label(o.name, !ctx.isResident(o.name))),
  ];
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
}

export async function conversationEnded(
  ctx: MindContext,
  s: AgentState,
  n: Extract<Notice, { kind: "conversationEnded" }>,
  now: number,
): Promise<void> {
  const other = n.visitor ? undefined : ctx.agents.get(n.withId);
  const otherName = n.withName;
  // People are known by name (their avatar ids change every visit) and get no chat cooldown.
  const key = n.visitor ? `person:${otherName.trim().toLowerCase()}` : n.withId;
  const chat = s.chat && s.chat.with === n.withId ? s.chat : undefined;
  const topic = n.topic || chat?.topic || `conversing with ${otherName}`;
  const said: Line[] = n.lines.map((l) => ({ speaker: l.name, text: l.text }));
  // The records the lines told, when these are the lines this mind wrote (a talk cut short holds
  // the first of them; lines a model wrote, or from before a restore, have none).
  const toldHere =
    chat?.told && n.lines.every((l, i) => chat.lines[i]?.text === l.text)
      ? chat.told.slice(0, n.lines.length)
      : undefined;
  const places = placeNames(s);
  // This side's own view: what it remembers of the other and of what was said.
  const self = await side(
    ctx,
    s,
    { id: n.withId, name: otherName, action: "" },
    now,
    [
      otherName,
      ...said
        .filter((l) => l.speaker === otherName)
        .map((l) => l.text)
        .slice(-3),
    ],
    ctx.settings.retrieveForChat,
    s.relationships.get(key) ?? "",
  );
  // (What it knows as values: a friend its persona names is seen as one, offlineTakeaway.)
  self.knows ??= knowledgeOf(ctx, s, now, otherName);
  const takeaway =
    chat?.takeaway ??
    (await ctx.gateway.ask(postChatPrompt, {
      identity: identity(s),
      self,
      other: otherName,
      now,
      lines: said,
      topic,
      places,
      ...(toldHere ? { told: toldHere } : {}),
      ...(toldHere && chat?.asked
        ? { asked: chat.asked.slice(0, n.lines.length) as (Ask | null)[] }
        : {}),
      // A meeting agreed in the lines the Town played (a talk cut short before it has none).
      ...(toldHere && chat?.agreed && agreedIn(chat.agreed, n.lines.length)
        ? { agreed: chat.agreed }
        : {}),
    }));
  const name = s.persona.name;
  const chatFacts = (toldHere ?? []).filter((f): f is Fact => !!f);
  // "conversing with <them>" says nothing the memory's subject does not already say.
  const about = topic.replace(/^conversing\s*/i, "").replace(/^with\b.*$/i, "");
  const [chatMemory] = await remember(ctx, s, [
    {
      type: "chat",
      created: now,
      description: `${name} and ${together(ctx, otherName, n)} were conversing ${about}`.trim(),
      subject: name,
      predicate: "chat with",
      object: otherName,
      keywords: [name.toLowerCase(), otherName.toLowerCase()],
      importance: takeaway.importance,
      lines: n.lines.map((l) => [l.name, l.text] as [string, string]),
      // What was told in it, as records: news not told again to the same listener (news.ts).
      ...(chatFacts.length ? { facts: chatFacts } : {}),
      // With whom and about what, as values (memory/note.ts).
      note: { kind: "talk", with: [otherName, ...(n.others ?? []).map((o) => o.name)], about },
    },
  ]);
  // Each note with what it is as values, when the takeaway gave them (offline).
  const notes = takeaway.notes ?? {};
  const thoughts = [
    { text: takeaway.memo.trim(), note: notes.memo },
    {
      text: takeaway.planning.trim() ? withPlanningPrefix(name, takeaway.planning) : "",
      note: notes.planning,
    },
    { text: takeaway.meeting?.trim() ?? "", note: notes.meeting },
  ].filter((t) => !!t.text);
  await remember(
    ctx,
    s,
    thoughts.map((t, i) => ({
      type: "thought" as const,
      created: now,
      description: t.text,
      subject: name,
      predicate: "thinks",
      object: otherName,
      importance: takeaway.importance,
      evidence: [chatMemory.id],
      // The memo keeps the record it was written from (not the planning note).
      ...(i === 0 && takeaway.facts?.length ? { facts: takeaway.facts } : {}),
      ...(t.note ? { note: t.note } : {}),
    })),
  );
  if (takeaway.relationship.trim()) noteRelationship(s, key, takeaway.relationship.trim());
  if (!n.visitor)
    s.chatCooldown.set(
      n.withId,
      now + ctx.settings.chatCooldownSteps * ctx.settings.stepSeconds * 1000,
    );
  s.lastChat.set(key, { ended: now, topic });
  if (!n.visitor) s.chat = undefined;
  if (s.engagedWith === n.withId) s.engagedWith = "";
  if (other && other.engagedWith === s.id && !other.chat) other.engagedWith = "";
  // A meeting agreed for later today goes into the schedule at its hour and place.
  const agreed = takeaway.meeting && chat?.agreed;
  if (agreed && s.schedule && s.schedule.day === startOfDay(agreed.at) && agreed.at > now)
    keepMeeting(ctx, s, agreed);
  // A planning note with an appointment later today goes into the schedule (a re-plan).
  const schedule = s.schedule;
  if (schedule && schedule.day === startOfDay(now)) {
    const minute = minuteOfDay(now);
    // (The event as read when it was heard, when the note keeps it; a model's note is read.)
    const kept = takeaway.notes?.planning;
    const e =
      kept?.kind === "plan" && kept.event
        ? kept.event
        : takeaway.planning
          ? extractEvent(takeaway.planning, places, now, peopleFor(ctx, s), s.persona.name)
          : undefined;
    const today = e !== undefined && eventOnDay(e, now);
    if (ctx.settings.replanAfterChat && today) replanFrom(schedule, minute);
    if (e && e.start !== undefined && e.place && eventOnDay(e, now) && e.start > minute) {
      const already = schedule.blocks.some((b) =>
        b.task.toLowerCase().includes(e.what.toLowerCase()),
      );
      // (Never over a meeting promised: the event fills the rest of its time.)
      if (!already)
        insertAppointment(
          schedule,
          e.start,
          Math.min(1440, e.end ?? e.start + 120),
          `going to the ${e.what}`,
          e.place.address,
          promisesOf(ctx, s, schedule.day),
        );
    }
  }
}

/** Whether the line that agreed a meeting was among the first `n` the Town played. */
function agreedIn(m: Meeting, n: number): boolean {
  return m.line < n;
}

/** The meetings it has promised on `day` (a visit agreed with a visitor or a resident), from its
 *  planning notes of the last week, as the day planner reads them: earliest agreed first. */
export function promisesOf(ctx: MindContext, s: AgentState, day: number) {
  const notes = planningNotes(s, day);
  return notes.length
    ? promisesOn(notes, day, placeNames(s), s.persona.name, peopleFor(ctx, s))
    : [];
}

/** An agreed meeting into today's schedule: the accepter goes to the place named; the proposer
 *  keeps its own block there when it is in that place, else goes to the place named. */
function keepMeeting(ctx: MindContext, s: AgentState, m: Meeting): void {
  const accepter = s.persona.name === m.accepter;
  keepPromise(ctx, s, {
    other: accepter ? m.proposer : m.accepter,
    going: accepter,
    at: m.at,
    place: m.place,
    placeName: m.placeName,
  });
}

/**
 * A meeting agreed for later today into today's schedule (a talk's, a visitor's invitation
 * accepted). What one does in that building anyway at that hour stays, with the other now part of
 * it. A meeting promised before keeps its hour and place: one at that hour elsewhere is not kept,
 * and one running into a promise ends where the promise begins.
 */
export function keepPromise(
  ctx: MindContext,
  s: AgentState,
  m: { other: string; going: boolean; at: number; place: string; placeName: string },
): void {
  const schedule = s.schedule!;
  const start = minuteOfDay(m.at);
  const { other } = m;
  // Told where it is: a place one did not know is known now.
  s.spatial.add(m.place);
  const running = schedule.blocks.find((b) => b.start <= start && b.end > start);
  const mine = running?.place;
  const here = !!mine && sameBuilding(mine, m.place);
  const place = here ? mine : m.place;
  // Kept once.
  if (running?.task.includes(other)) return;
  const before = promisesOf(ctx, s, schedule.day).filter(
    (p) => !(p.other === other && p.start === start),
  );
  const over = before.find((p) => p.start <= start && p.end > start);
  if (over && !sameBuilding(over.address, m.place)) return;
  const task =
    here && running && (running.start === start || over)
      ? `${running.task} with ${other}`
      : `${m.going ? "visiting" : "meeting"} ${other} at ${m.placeName}`;
  const end = Math.min(
    1440,
    start + 60,
    ...before.filter((p) => p.start > start).map((p) => p.start),
  );
  insertAppointment(schedule, start, end, task, place);
}
