// The offline engine's social side: whether to talk, what two residents say, and what each takes
// away. A speaker tells the listener what it finds most important right now (the best-scoring
// retrieved memory about an upcoming event, else about its plans), the listener answers and
// tells its own, and each side's takeaways (memo, planning note, relationship) are written from
// what the OTHER said, so news really travels through conversations.
import { formatClock } from "../../../shared/time.ts";
import type { MemoryLine } from "../prompts/common.ts";
import { cap, iToThirdPerson, describeEvent, eventUpcoming, extractEvent, keywordImportance, knownEvents, pick, seeded, toFirstPerson, dayKey, type EventMention, type PlaceName } from "./text.ts";

export interface News {
  kind: "event" | "plan" | "memory";
  text: string;
  importance?: number;
  event?: EventMention;
  /** The speaker organises the event. */
  host?: boolean;
}

/** A memory about the resident's own plans and projects ("Sam Moore is running for mayor"). */
function ownPlan(text: string, self: string): boolean {
  const first = self.split(" ")[0];
  return (text.startsWith(self) || text.startsWith(`${first} `)) && OWN_PLAN.test(text) && !/^This is .*'s plan for/.test(text);
}
const OWN_PLAN = /\b(plan|plans|planning|running for|going to|wants? to|will|hosting|organi[sz]ing|preparing|hoping to|about to|decided)\b/i;

/**
 * What a resident finds most important to tell right now: its best-scoring retrieved memory
 * (best first) about an upcoming event or about its own plans. Its own projects come first: an
 * event it hosts, then a big plan of its own (a candidacy), then other events, then smaller plans.
 */
export function pickNews(memories: readonly MemoryLine[], now: number, places: readonly PlaceName[], self: string): News | undefined {
  const events = knownEvents(memories, places, self).filter((k) => eventUpcoming(k.event, now) && (k.event.place || k.event.start !== undefined));
  const hosted = events.find((k) => k.hostedBySelf);
  const undated = (text: string, created: number) => {
    const e = extractEvent(text, places, created);
    return !e || (e.month === undefined && e.start === undefined);
  };
  const plan = memories.findIndex((m) => m.importance >= 6 && ownPlan(m.text, self) && undated(m.text, m.created));
  const bigPlan = plan >= 0 && memories[plan].importance >= 7;
  const best = hosted ?? (bigPlan ? undefined : events[0] && (plan < 0 || events[0].rank <= plan) ? events[0] : undefined);
  if (best) return { kind: "event", text: best.texts[0], event: best.event, host: best.hostedBySelf };
  if (plan >= 0) return { kind: "plan", text: memories[plan].text, importance: memories[plan].importance };
  const notable = memories.filter((m) => m.importance >= 6 && !/\bis idle\b/.test(m.text)).sort((a, b) => b.importance - a.importance)[0];
  return notable ? { kind: "memory", text: notable.text, importance: notable.importance } : undefined;
}

const ALARM_NEWS = /\b(the [^,.;:!]+? is [^,.;:!]*\b(?:fire|burning|smok|flood|emergenc|broken)[^,.;:!]*)/i;

/** The sentence in which a speaker tells its news. */
export function tellNews(n: News, speaker: string, listener: string): string {
  const lf = listener.split(" ")[0];
  if (n.kind === "event" && n.event) {
    const e = n.event;
    if (n.host) return `I'm hosting ${describeEvent(e, "a")}! I'd love for you to come, ${lf}.`;
    if (e.host && e.host !== listener && e.host !== lf) return `Have you heard? ${e.host} is hosting ${describeEvent(e, "a")}. I'm planning to go. You should come too!`;
    return `Have you heard about ${describeEvent(e)}? I'm planning to go.`;
  }
  // An alarm (a fire someone saw) is told as the plain fact.
  const alarm = (n.importance ?? 0) >= 8 ? ALARM_NEWS.exec(n.text) : null;
  if (alarm) return `Did you know? ${cap(alarm[1])}!`;
  const mine = toFirstPerson(n.text, speaker).replace(/[.!]+$/, "");
  return n.kind === "plan" ? `Did you know? ${cap(mine)}.` : `Something's been on my mind: ${mine}.`;
}

/** How a listener answers news. */
export function answerNews(n: News, listenerKnows: boolean, listener: string, speaker: string): string {
  const sf = speaker.split(" ")[0];
  if (n.kind === "event" && n.event) {
    if (listenerKnows) return `Yes, I heard about the ${n.event.what}! I'll be there.`;
    return pick([`Oh, I didn't know about the ${n.event.what}! That sounds lovely, I'll come.`, `The ${n.event.what}? Thanks for telling me, ${sf}, I'll be there.`], listener, n.event.what);
  }
  if (ALARM_NEWS.test(n.text)) return pick([`Oh no! Thank you for telling me, ${sf}. Is everyone all right?`, `Oh no, I had no idea! I'll go and see if I can help.`], listener, n.text);
  return pick(["I see. Thanks for telling me.", "That's interesting, I'll keep it in mind.", `Good to know, ${sf}.`], listener, n.text);
}

export interface ChatSideInput {
  id: string;
  name: string;
  brief: string;
  /** What the side is doing, as a phrase. */
  action: string;
  /** One sentence: how this side sees the other. */
  relationship: string;
  /** Retrieved for the other's name and the situation, best first. */
  memories: MemoryLine[];
}

export interface Line {
  speaker: string;
  text: string;
}

function greeting(a: ChatSideInput, b: ChatSideInput, now: number): string {
  const h = new Date(now).getUTCHours();
  const hello = h < 12 ? "Good morning" : h < 18 ? "Good afternoon" : "Good evening";
  const bf = b.name.split(" ")[0];
  const friendly = /friend|close|love|crush|dear/i.test(a.relationship);
  return pick(
    friendly ? [`${bf}! So good to see you.`, `Hey ${bf}, how are you doing?`] : [`${hello}, ${bf}.`, `Hello ${bf}, how are you?`],
    a.id,
    b.id,
    dayKey(now),
    h,
  );
}

function reply(b: ChatSideInput, a: ChatSideInput): string {
  const af = a.name.split(" ")[0];
  const doing = b.action ? ` I was just ${b.action.replace(/\s*\(.*\)$/, "")}.` : "";
  return `Hi ${af}!${doing}`;
}

function knows(memories: readonly MemoryLine[], n: News): boolean {
  if (n.kind !== "event" || !n.event) return memories.some((m) => m.text === n.text);
  const what = n.event.what.toLowerCase();
  return memories.some((m) => m.text.toLowerCase().includes(what));
}

/** Words that say how two people are tied. */
export const RELATION = /\b(friend|friends|known|knows|crush|love|neighbou?r|married|wife|husband|family|classmate|acquaint|customer|regular|dormmate|colleague)\w*/i;

const NEWS_LINE = /^(I'm hosting|Have you heard|Did you know\?|Something's been on my mind)/;
const BYE_LINE = /^(I should get back to|See you)/;

/** The news a line tells, if it tells one. */
function newsIn(text: string, now: number, places: readonly PlaceName[]): News | undefined {
  if (!NEWS_LINE.test(text)) return undefined;
  const event = extractEvent(text, places, now);
  return event ? { kind: "event", text, event } : { kind: "memory", text };
}

function sameNews(a: News, b: News): boolean {
  if (a.event && b.event) return a.event.what.toLowerCase() === b.event.what.toLowerCase();
  return a.text === b.text;
}

function topicOf(lines: readonly Line[], now: number, places: readonly PlaceName[]): string {
  for (const l of lines) {
    const n = newsIn(l.text, now, places);
    if (n?.event) return `conversing about ${describeEvent(n.event)}`;
    if (n) return `conversing about ${newsKey(iToThirdPerson(n.text.replace(/^(Did you know\? |Something's been on my mind: )/, ""), l.speaker))}`;
  }
  return "conversing about their day";
}

/** A short phrase for a piece of news, as topics carry it: "Sam Moore running for the local mayor election". */
export function newsKey(text: string): string {
  const clause = text.replace(/^For [^:]+: /, "").split(/,|;|\.\s| and /)[0];
  return shortTopic(clause.replace(/ (is|am|are) /, " "));
}

/**
 * The next line, offline (the paper's turn-by-turn loop): greet, answer news the other just told,
 * tell one's own most important news if it has not been told, then say goodbye.
 */
export function offlineUtterance(speaker: ChatSideInput, listener: ChatSideInput, soFar: readonly Line[], now: number, places: readonly PlaceName[], maxLines: number): { text: string; end: boolean; topic: string } {
  const done = (text: string, end: boolean) => {
    const all = [...soFar, { speaker: speaker.name, text }];
    return { text, end: end || all.length >= maxLines, topic: topicOf(all, now, places) };
  };
  const n = soFar.length;
  if (n === 0) return done(greeting(speaker, listener, now), false);
  if (n === 1) return done(reply(speaker, listener), false);
  const last = soFar[n - 1];
  if (BYE_LINE.test(last.text)) return done(`See you, ${listener.name.split(" ")[0]}!`, true);
  const told = newsIn(last.text, now, places);
  if (told && last.speaker !== speaker.name) return done(answerNews(told, knows(speaker.memories, told), speaker.name, listener.name), false);
  const mine = pickNews(speaker.memories, now, places, speaker.name);
  const said = soFar.map((l) => newsIn(l.text, now, places)).filter((x): x is News => !!x);
  const toldMine = mine && (said.some((x) => sameNews(x, mine)) || soFar.some((l) => l.speaker === speaker.name && l.text === tellNews(mine, speaker.name, listener.name)));
  if (mine && !toldMine && n + 2 <= maxLines) return done(tellNews(mine, speaker.name, listener.name), false);
  const act = speaker.action ? speaker.action.replace(/\s*\(.*\)$/, "") : "what I was doing";
  return done(`I should get back to ${act}. See you later, ${listener.name.split(" ")[0]}!`, false);
}

/** The whole conversation, offline: each side speaks in turn from its own memories. */
export function offlineConversation(a: ChatSideInput, b: ChatSideInput, now: number, places: readonly PlaceName[], maxLines: number): { lines: Line[]; topic: string } {
  const lines: Line[] = [];
  let topic = "conversing about their day";
  for (let turn = 0; turn < maxLines; turn++) {
    const [sp, ls] = turn % 2 === 0 ? [a, b] : [b, a];
    const u = offlineUtterance(sp, ls, lines, now, places, maxLines);
    lines.push({ speaker: sp.name, text: u.text });
    topic = u.topic;
    if (u.end) break;
  }
  return { lines, topic };
}

function shortTopic(text: string): string {
  const words = text.replace(/^For [^:]+: /, "").split(/\s+/).slice(0, 10).join(" ");
  return words.replace(/[.,;:]+$/, "");
}

export interface Takeaway {
  importance: number;
  memo: string;
  planning: string;
  relationship: string;
}

/** What `self` takes away from a conversation: written from what the other said. */
export function offlineTakeaway(self: string, other: string, lines: readonly Line[], topic: string, relationshipBefore: string, now: number, places: readonly PlaceName[], memories: readonly MemoryLine[] = []): Takeaway {
  const theirs = lines.filter((l) => l.speaker === other).map((l) => l.text);
  const mine = lines.filter((l) => l.speaker === self).map((l) => l.text);
  const importance = Math.max(4, ...lines.map((l) => keywordImportance(l.text)));
  let memo = `${self} had a friendly chat with ${other}, ${topic.replace(/^conversing about /, "about ")}.`;
  let planning = "";
  // The other's news lines first (they carry the day, time and place), then anything else.
  const ordered = [...theirs.filter((t) => NEWS_LINE.test(t)), ...theirs.filter((t) => !NEWS_LINE.test(t))];
  for (const t of ordered) {
    const e = extractEvent(t, places, now);
    if (!e || !eventUpcoming(e, now)) continue;
    const hostIsOther = /\bI'?m (hosting|throwing|organi[sz]ing)\b|\bI am (hosting|throwing|organi[sz]ing)\b/i.test(t);
    const host = e.host ?? (hostIsOther ? other : undefined);
    const event = describeEvent(e, "a");
    if (host === self || host === self.split(" ")[0]) {
      memo = `${self} was glad that ${other} knows about ${self.split(" ")[0]}'s ${e.what} and is telling people.`;
      break;
    }
    const going = mine.some((m) => /\b(I'll|I will) (come|be there)|\bI'm planning to go\b/i.test(m));
    memo = host ? `${self} heard from ${other} that ${host} is hosting ${event}.` : `${self} heard from ${other} about ${event}.`;
    planning = host
      ? `For ${self}'s planning: ${host} is hosting ${event}${going ? `, and ${self} said they would come` : ""}.`
      : `For ${self}'s planning: ${cap(event)}${going ? `; ${self} wants to go` : ""}.`;
    break;
  }
  if (!planning) {
    const told = theirs.find((t) => /^(Did you know\? |Something's been on my mind: )/.test(t));
    if (told) memo = `${self} heard from ${other} that ${iToThirdPerson(told.replace(/^(Did you know\? |Something's been on my mind: )/, ""), other).replace(/^The /, "the ").replace(/[.!]+$/, "")}.`;
  }
  // A first opinion comes from what the agent remembers of the other (a history file's "old friends").
  const of = other.split(" ")[0];
  const tie = memories.find((m) => (m.text.includes(other) || m.text.includes(`${of} `)) && RELATION.test(m.text) && !/\b(convers|heard from|planning:)/i.test(m.text));
  const base = relationshipBefore.replace(/\s*They last talked [^.]*\.?\s*$/, "").trim() || tie?.text.replace(/[.]?$/, ".") || `${self} knows ${other} from around town.`;
  const relationship = `${base.replace(/[.]?$/, ".")} They last talked ${topic.replace(/^conversing /, "")}.`;
  return { importance, memo, planning, relationship };
}

export interface ReactionChoiceInput {
  self: string;
  other: string;
  options: readonly ("talk" | "wait")[];
  now: number;
  memories: readonly MemoryLine[];
  places: readonly PlaceName[];
  lastChat?: { minutesAgo: number; topic: string };
  /** The object both are about to use, for "wait". */
  sharedObject?: string;
}

const SINGLE_USE = /toilet|bathtub|shower|sink|bed|piano|easel|desk/i;

/** Talk when there is news the other has not heard from us; otherwise now and then (seeded). */
export function offlineReaction(i: ReactionChoiceInput): { decision: "talk" | "wait" | "continue"; reason: string } {
  if (i.options.includes("talk")) {
    const news = pickNews(i.memories, i.now, i.places, i.self);
    const key = news?.event ? news.event.what : news ? newsKey(news.text) : "";
    const toldAlready = !!news && !!i.lastChat && i.lastChat.topic.toLowerCase().includes(key.toLowerCase());
    // The host tells everyone; others pass news on now and then, more often to people they know.
    const knowsThem = i.memories.some((m) => m.text.includes(i.other));
    const eager = news?.host || seeded(i.self, i.other, "news", dayKey(i.now)) % 100 < (knowsThem ? 40 : 15);
    if (news?.event && !toldAlready && eager) return { decision: "talk", reason: `${i.self} wants to tell ${i.other} about the ${news.event.what}.` };
    // Alarming news (a fire seen, a warning heard) is passed on to everyone at once.
    if (news && (news.importance ?? 0) >= 9 && !toldAlready) {
      return { decision: "talk", reason: `${i.self} wants to warn ${i.other}: ${news.text}` };
    }
    // Big plans of one's own (a candidacy) are told too.
    if (news?.kind === "plan" && (news.importance ?? 0) >= 7 && !toldAlready && eager) {
      return { decision: "talk", reason: `${i.self} wants to tell ${i.other} about ${i.self.split(" ")[0]}'s plans.` };
    }
    const hour = new Date(i.now).getUTCHours();
    const chance = knowsThem ? 20 : 10;
    if (seeded(i.self, i.other, dayKey(i.now), hour) % 100 < chance) {
      return { decision: "talk", reason: `${i.self} feels like catching up with ${i.other} (${formatClock(i.now)}).` };
    }
  }
  if (i.options.includes("wait") && i.sharedObject && SINGLE_USE.test(i.sharedObject)) {
    return { decision: "wait", reason: `${i.other} is using the ${i.sharedObject}.` };
  }
  return { decision: "continue", reason: `${i.self} carries on.` };
}
