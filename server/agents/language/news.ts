// News as typed records (memory/fact.ts): what a statement tells, read ONCE from the words that
// came into the town (a history line, a whisper) and kept beside the memory; what a resident tells
// of it, realised from the record (its own news in the first person, another's naming who told
// it); and whether a listener has had it already (by the record's id, never by its wording).
// Any statement is news: a loss, a worry, a change, something seen, an event ahead. Days named
// relative to when it was said ("two nights ago", "tonight") are made absolute when it is recorded,
// so a retelling two days later still names the right day.
import * as chrono from "chrono-node";
import nlp from "compromise";
import type { Fact } from "../memory/fact.ts";
import { eventUpcoming, extractEvent, findPlace, type PlaceName } from "./events.ts";
import { aboutTheFuture } from "./importance.ts";
import { nameCandidates, withFirst } from "./names.ts";
import { cap, namedOnce, ownMemoryAsI } from "./person.ts";
import { secretIn } from "./facts.ts";
import { Bounded, parsed } from "./parse.ts";
import { closeness, domainOf, lemma, relatedness } from "./lexicon.ts";
import { daysBetween, dates, formatTime12, MONTH_NAMES, reference, relativeDays } from "./time.ts";
import { contentTerms, contentWords } from "./understand.ts";

const first = (name: string) => name.split(" ")[0];

/** The statement with each day named relative to `at` replaced by its date ("on February 12"). */
export function absoluteDays(text: string, at: number): string {
  const results = dates.parse(text, reference(at), { forwardDate: forward(text, at) });
  let out = text;
  // From the end, so earlier positions stay valid.
  for (const r of [...results].reverse()) {
    const s = r.start;
    // Only a day named relative to when it was said ("yesterday", "tonight", "on Saturday"); a
    // date ("February 14") or an hour alone ("at five") is kept as said.
    // (A part of the day alone, "afternoon" in "a kite-flying afternoon", names no day: the
    // parser's time-of-day reading is its only one.)
    const parsers = [...r.tags()].filter((t) => t.startsWith("parser/"));
    const partOfDay = parsers.length === 1 && /CasualTime/.test(parsers[0]) && !/\s/.test(r.text);
    if (!relative(r) || partOfDay) continue;
    // A span under a day ("a second bartender" read as a second from now) names no day; a day
    // said as a possessive ("today's tournament") is kept as said rather than broken.
    const tags = [...r.tags()];
    const underADay =
      tags.some((t) => /TimeUnit|relativeDate/.test(t)) &&
      Math.abs(s.date().getTime() - at) < 3_600_000;
    if (underADay || /^['’]s\b/.test(text.slice(r.index + r.text.length))) continue;
    const d = s.date();
    const hour = s.isCertain("hour")
      ? ` at ${formatTime12(s.get("hour")! * 60 + (s.get("minute") ?? 0))}`
      : "";
    const date = `on ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}${hour}`;
    // (At the start of a sentence, "Two days ago Omar moved" → "On February 11 Omar moved".)
    const said = r.index === 0 && /^[A-Z]/.test(r.text) ? cap(date) : date;
    out = out.slice(0, r.index) + said + out.slice(r.index + r.text.length);
  }
  return out.replace(/\b(on|at|from) on\b/g, "$1").replace(/\s{2,}/g, " ");
}

/** Whether a weekday the text names is the next one ("on Friday" of a plan), not the last: the
 *  text tells of what is ahead and not in the past tense ("lost her keys last Tuesday"). */
const forward = (text: string, at: number) =>
  aboutTheFuture(text, at) && !parsed(text).has("#PastTense");

/** The parser's own tags say which of its readings are relative to the reference date. */
const relative = (r: chrono.ParsedResult) =>
  [...r.tags()].some((t) => /casual|relative|TimeUnit|Weekday|NightsAgo/i.test(t)) ||
  // A weekday alone ("last Tuesday", "on Friday"): its date is the parser's guess from the day.
  (r.start.isCertain("weekday") && !r.start.isCertain("month"));

/**
 * The record of a statement `self` holds as its own (a history line, a whisper turned into a
 * thought in the third person): whom it is about (the first person it names at its start, else
 * `self`), its days absolute, its place, its event's name when it tells of one ahead.
 */
export function factOf(
  text: string,
  self: string,
  at: number,
  places: readonly PlaceName[],
  people: readonly string[],
): Fact {
  const known = withFirst(self, people);
  // Only names whose first word the text holds can open it (names.ts), in the list's order.
  const who =
    nameCandidates(text, known)
      .map((i) => known[i])
      .find((p) => text.startsWith(p) || new RegExp(`^${first(p)}\\b`).test(text)) ?? self;
  const stated = absoluteDays(text.trim(), at).replace(/[.!]+$/, "");
  const event = extractEvent(text, places, at, known, self);
  const place = findPlace(text, places);
  const when = dates.parseDate(text, reference(at), { forwardDate: forward(text, at) });
  return {
    id: `${self}@${at}:${hash(stated)}`,
    who,
    text: stated,
    ...(place ? { where: place.name } : {}),
    ...(when ? { when: when.getTime() } : {}),
    ...(event && eventUpcoming(event, at) ? { event: event.what } : {}),
    source: self,
  };
}

/**
 * The record of a statement that carries news, from a source other than words told to the
 * resident (its persona, something it saw, a reflection): none for a secret ("which she has not
 * told anyone"). A statement opening with "She"/"He" (a persona's second sentence) is about the
 * resident. `who` names whom it is about when that is not its first name (an announcer).
 */
export function newsRecord(
  text: string,
  self: string,
  at: number,
  places: readonly PlaceName[],
  people: readonly string[],
  who?: string,
): Fact[] {
  if (secretIn(text)) return [];
  const f = factOf(text.replace(/^(She|He)\b/, self), self, at, places, people);
  return [who ? { ...f, who } : f];
}

/** A short stable hash (FNV-1a) of a text, for a record's id. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(36);
}

/** The speaker's name where the tagger reads it as a verb's subject (its next word a verb, after
 *  a lead-in such as "Early on February 13") made "I", so the first person reads "I saw", not "me saw". */
function asSubject(text: string, speaker: string): string {
  let out = text;
  for (const name of [speaker, first(speaker)]) {
    let from = 1;
    for (let at = out.indexOf(`${name} `, from); at > 0; at = out.indexOf(`${name} `, from)) {
      const next = out.slice(at + name.length + 1).split(" ")[0];
      from = at + 1;
      // (Read as "I <word>": the name's own agreement may be off, "Rosa close".)
      if (!nlp(`I ${next}`).terms().last().has("#Verb")) continue;
      out = `${out.slice(0, at)}I ${out.slice(at + name.length + 1)}`
        .replace(/\bI is\b/, "I am")
        .replace(/\bI has\b/, "I have");
    }
  }
  return out;
}

/** A statement as a clause after "that": its first word lower-cased unless it is a name
 *  ("Early on February 13 ..." → "early on ...", "Lucy Tran has ..." kept). */
export function asClause(text: string, names: readonly string[] = []): string {
  const word = /^[A-Z][a-z]+\b/.exec(text)?.[0];
  if (
    !word ||
    names.some((n) => first(n) === word) ||
    parsed(word).has("#ProperNoun") ||
    parsed(text).terms().first().has("#ProperNoun")
  )
    return text;
  return word.toLowerCase() + text.slice(word.length);
}

/** What `speaker` says of a record to `listener`: its own news as "I", another's with who told it;
 *  its days, kept absolute, said from `now` when given ("two days ago", "on Tuesday"). */
export function tellFact(f: Fact, speaker: string, listener: string, now?: number): string {
  const kept = f.text.replace(/[.!]+$/, "");
  const phase = now === undefined ? "ahead" : phaseOf(f, now);
  const by = f.told?.by;
  // An event going on now is said as on, not as planned.
  if (phase === "on" && f.event) {
    const whose = f.source === speaker && !by ? "My" : `${first(f.who)}'s`;
    // A name whose head is a common noun takes "the" ("the Hearth & Crumb cafe", "Larkspur Park").
    const the = f.where && /(^|\s)[a-z]+$/.test(f.where) && !/^the\b/i.test(f.where) ? "the " : "";
    const at = f.where ? ` at ${the}${f.where}` : "";
    const told = by && by !== speaker && f.who !== by ? `; ${first(by)} told me about it` : "";
    return `${whose} ${f.event}${at} is on right now${told}.`;
  }
  // One whose time has passed is told in the past tense ("Rosa was planning a party today at 5 pm").
  const tensed = phase === "over" ? pastTense(kept) : kept;
  const body = now === undefined ? tensed : relativeDays(tensed, now);
  if (!by || f.source === speaker)
    return `${cap(ownMemoryAsI(asSubject(body, speaker), speaker))}.`;
  // Their own news, told by them: no pronoun to guess ("Grace told me that Grace ...").
  if (f.who === by) return `${cap(body)}; ${by === listener ? "you" : first(by)} told me so.`;
  return namedOnce(
    `${by === listener ? "You told me" : `${first(by)} told me`} that ${asClause(body, [f.who, f.source])}.`,
  );
}

/** How long an event lasts when its record names its hour but not its end: an evening's. */
const EVENT_MS = 2 * 3_600_000;

/** Whether a record's time is still ahead at `now`, going on, or over: a record that names an
 *  hour is on for an event's length from it; one that names a day only, for that day. */
export function phaseOf(f: Fact, now: number): "ahead" | "on" | "over" {
  if (f.when === undefined) return "ahead";
  const timed = /\bat \d{1,2}(?::\d\d)? ?[ap]m\b/.test(f.text);
  if (!timed) return daysBetween(now, f.when) < 0 ? "over" : "ahead";
  if (now < f.when) return "ahead";
  return now < f.when + EVENT_MS ? "on" : "over";
}

/** A statement in the past tense (compromise's conjugation): "is planning" → "was planning". */
function pastTense(text: string): string {
  const doc = nlp(text);
  doc.sentences().toPastTense();
  return doc.text();
}

/** Whether `listener` has had this news: it is about them, they told it, or a talk with them held it. */
export function heardBy(
  f: Fact,
  listener: string,
  talks: readonly { with: string; facts?: readonly Fact[] }[],
): boolean {
  if (f.who === listener || f.source === listener || f.told?.by === listener) return true;
  return talks.some((t) => t.with === listener && !!t.facts?.some((x) => x.id === f.id));
}

/** Whether the record tells of something still ahead at `now` (an event, a plan). */
export const ahead = (f: Fact, now: number) => f.when !== undefined && f.when > now;

// ------------------------------------------------------------------------------- told when asked

/** A memory as far as its records go (prompts/builder.ts MemoryLine has these fields). */
export interface Holding {
  facts?: readonly Fact[];
  importance: number;
  created: number;
  kind?: string;
}

/** A piece of news a resident holds, with the weight of its weightiest memory of it. */
export interface Held {
  fact: Fact;
  importance: number;
  created: number;
}

/** The records a resident holds, each piece of news once. (A talk's own record of what was told
 *  in it repeats what the teller holds as a thought and the hearer as a memo: those are read.) */
export function heldRecords(memories: readonly Holding[]): Held[] {
  const byId = new Map<string, Held>();
  for (const m of memories) {
    if (m.kind === "chat") continue;
    for (const f of m.facts ?? []) {
      const h = byId.get(f.id);
      if (!h || m.importance > h.importance)
        byId.set(f.id, { fact: f, importance: m.importance, created: m.created });
    }
  }
  return [...byId.values()];
}

/** A word's forms to look up: as said, its verb's root ("lost" → "lose"), its noun's. */
function forms(word: string): string[] {
  let out = formsKept.get(word);
  if (!out) formsKept.set(word, (out = readForms(word)));
  return [...out];
}
/** forms' answers by word (it conjugates; the same words come back in every question). */
const formsKept = new Bounded<string, readonly string[]>(20_000);

function readForms(word: string): string[] {
  // (Read in a clause, so a participle is a verb: "they lost it" → "lose".)
  const verb = nlp(`they ${word} it`)
    .verbs()
    .toInfinitive()
    .text()
    .toLowerCase()
    .replace(/^they /, "")
    .replace(/ it$/, "");
  return [...new Set([word, lemma(word, "verb"), verb, lemma(word, "noun")])].filter(
    (w): w is string => !!w && /^[a-z'-]+$/.test(w),
  );
}

/** Lexicographer files of WordNet whose words frame a question for news ("have you HEARD", "do
 *  you KNOW", "any news in TOWN these DAYS", "has ANYONE") rather than say what it is about. */
const FRAMING = new Set([
  "verb.perception",
  "verb.cognition",
  "verb.communication",
  "verb.stative",
  "noun.time",
  "noun.person",
  "noun.group",
  "noun.communication",
]);

/** The words of a question that say what news it asks about; none when it asks for any news. */
export function newsTopic(topic: readonly string[]): string[][] {
  return topic.map(forms).filter((fs) =>
    fs.some((w) => {
      const domains = [domainOf(w, "noun"), domainOf(w, "verb")].filter(Boolean);
      return (
        domains.some((d) => !FRAMING.has(d)) &&
        relatedness(w, "news") < 0.5 &&
        relatedness(w, "happen") < 0.6 &&
        relatedness(w, "event") < 0.6
      );
    }),
  );
}

/** How near a record comes to the words asked about: for each word asked, its best WordNet
 *  relatedness with a word of the record, averaged (a fire at the mill is not a hearth). */
export function bearing(text: string, topic: readonly string[][]): number {
  const words = contentWords(text);
  let sum = 0;
  for (const fs of topic) {
    let best = 0;
    for (const t of fs) for (const w of words) best = Math.max(best, relatedness(t, w));
    sum += best;
  }
  return topic.length ? sum / topic.length : 0;
}

export interface Asked {
  /** The resident answering, and who asks. */
  me: string;
  listener: string;
  /** Game time now, to tell days from ("two days ago"); without it days are told as dates. */
  now?: number;
  /** What the question is about, by newsTopic (empty: any news). */
  topic: string[][];
  /** A person it asks about. */
  person?: string;
  /** The days the question spans, from and to, as days from today ("tomorrow": 1 to 1; "this
   *  week": 0 to 6): news of no day among them is not what it asks. */
  days?: readonly [number, number];
}

/** Whether a fact's day falls within days `span` from `now`'s. */
const within = (f: Fact, now: number, span: readonly [number, number]) => {
  if (f.when === undefined) return false;
  const d = daysBetween(now, f.when);
  return d >= span[0] && d <= span[1];
};

/**
 * What a resident tells, asked for news, about a person, or about something it may have heard of:
 * its records that bear on the question (any news when it names nothing), best first: nearest to
 * the words asked, then weightiest, then newest. Never news the asker told or that is about them.
 */
export function recordsAsked(held: readonly Held[], a: Asked): string[] {
  const of = (f: Fact) =>
    !a.person ||
    f.who === a.person ||
    new RegExp(`\\b(${a.person}|${first(a.person)})\\b`).test(f.text);
  const scored = held
    .filter(
      (h) =>
        of(h.fact) &&
        !heardBy(h.fact, a.listener, []) &&
        (!a.days || a.now === undefined || within(h.fact, a.now, a.days)),
    )
    .map((h) => ({
      h,
      s: a.topic.length ? bearing(`${h.fact.text} ${h.fact.event ?? ""}`, a.topic) : 1,
    }))
    .filter((x) => x.s >= 0.5)
    // (One's own news first among equals: a person tells what happened to them before what
    // they heard.)
    .sort(
      (x, y) =>
        y.s - x.s ||
        Number(!y.h.fact.told) - Number(!x.h.fact.told) ||
        y.h.importance - x.h.importance ||
        y.h.created - x.h.created,
    );
  return scored.map(({ h }) => tellFact(h.fact, a.me, a.listener, a.now));
}

/**
 * Its plans ahead from its records: what it organises or means to do itself (an event of its own
 * even just past: a host never forgets its own), then events it heard of still ahead. `day`
 * narrows them to one day (today, tomorrow) or days (this week) when the question names them.
 */
export function plansAhead(
  held: readonly Held[],
  me: string,
  listener: string,
  now: number,
  day?: number | readonly [number, number],
): string[] {
  const own = (f: Fact) => f.source === me && !f.told;
  const on = (f: Fact) =>
    day === undefined || within(f, now, typeof day === "number" ? [day, day] : day);
  const fits = held.filter(
    ({ fact: f }) =>
      on(f) &&
      f.when !== undefined &&
      (own(f) ? !!f.event || f.when > now || f.when > now - DAY_MS : !!f.event && f.when > now),
  );
  fits.sort(
    (x, y) =>
      Number(own(y.fact)) - Number(own(x.fact)) ||
      (x.fact.when ?? 0) - (y.fact.when ?? 0) ||
      y.importance - x.importance,
  );
  return fits.map(({ fact }) => tellFact(fact, me, listener, now));
}

const DAY_MS = 86_400_000;

// ------------------------------------------------------------------------------- the same news

interface Told {
  what: string[];
  times: string[];
  hours: string[];
}

/** What a sentence tells, apart from when: its content words by their lemma, and its times (the
 *  words WordNet files under time, "evening", "morning"; the hours it names). */
function toldIn(text: string): Told {
  let out = toldKept.get(text);
  if (!out) {
    const what: string[] = [];
    const times: string[] = [];
    for (const t of contentTerms(text)) {
      if (t.pos === "noun" && domainOf(t.word, "noun") === "noun.time") times.push(t.word);
      else what.push(t.word);
    }
    const hours = hoursIn(text);
    toldKept.set(text, (out = { what, times: [...times, ...hours], hours }));
  }
  return out;
}
const toldKept = new Bounded<string, Told>(20_000);

/** The hours a sentence names ("5 pm", "from 5 to 7"), read from its figures alone (no tagging). */
const hoursIn = (text: string): string[] =>
  text.match(/\b\d{1,2}(?=(?::\d\d)?\s*(?:[ap]\.?m\b|to\b|-|–))/gi) ?? [];

/** Whether two words say the same: one lemma, or synonyms by WordNet ("organise", "organize"). */
const sameWord = (a: string, b: string) =>
  a === b ||
  (["verb", "noun"] as const).some((p) => {
    const x = lemma(a, p);
    return x !== undefined && x === lemma(b, p);
  }) ||
  closeness(a, b) >= 0.9;

/**
 * Whether two sentences tell the same news in two wordings: the persona's "I am planning a party
 * at the cafe tomorrow evening, from 5 to 7 pm" and a memory's "I am planning a party at the cafe
 * tomorrow at 5 pm". Most of the content words of the shorter are the other's (by lemma or
 * WordNet synonymy), at least three of them, and no time of one contradicts the other's ("this
 * morning" and "this afternoon" at the same work are two things). With `at` "hour", only news of
 * an hour both name: what is said again over a talk ("still well, thanks") is no news retold.
 */
export function sameNews(a: string, b: string, at?: "hour"): boolean {
  // (`at`: only news of a time, both naming an hour the other names: a plan or an event. The
  // hours are read before the words: most sentences name none, and need not be tagged.)
  if (at) {
    const hours = hoursIn(b);
    if (!hoursIn(a).some((h) => hours.includes(h))) return false;
  }
  const x = toldIn(a);
  const y = toldIn(b);
  const [small, large] = x.what.length <= y.what.length ? [x.what, y.what] : [y.what, x.what];
  if (small.length < 3) return false;
  const shared = small.filter((w) => large.some((v) => sameWord(w, v))).length;
  if (shared / small.length < 0.75) return false;
  if (x.times.length && y.times.length && !x.times.some((t) => y.times.includes(t))) return false;
  // (Two visits on one day at two hours are two visits.)
  if (x.hours.length && y.hours.length && !x.hours.some((h) => y.hours.includes(h))) return false;
  return true;
}
