// Events in text, read with general language tools: a date or time is found by a natural-language
// date parser (chrono-node: "February 14 from 5pm to 7pm", "tomorrow evening around five",
// "tonight at nine"), the thing that happens is the first noun phrase after the verb that is not a
// person, a place or a time (compromise's parts of speech) and that WordNet knows as an event or a
// gathering, the place is matched against the places the resident knows, and whoever organises it
// is the person the sentence is about. No list of event words, holidays or phrasings: anything
// named as an event with a day or an hour ahead is one; other news is told as it was said.
import { Address } from "../../../shared/address.ts";
import * as chrono from "chrono-node";
import { DAY_MS } from "../../world/clock.ts";
import { broader, lemma, senses, type Synset } from "./lexicon.ts";
import { nameCandidates, namesKey, withFirst } from "./names.ts";
import { Bounded, copyOf, parsed, termsOf as parsedTerms } from "./parse.ts";
import { formatTime12, MONTH_NAMES } from "./time.ts";

export interface PlaceName {
  /** What the place is called: a sector or arena name ("Copper Kettle cafe"). */
  name: string;
  address: string;
}

export interface EventMention {
  /** The thing that happens: "book club". */
  what: string;
  /** Month (0-11) and day of month, when the text says which day. */
  month?: number;
  day?: number;
  /** Minutes since midnight. */
  start?: number;
  end?: number;
  place?: PlaceName;
  /** The person the sentence says organises it, if any. */
  host?: string;
}

export interface TimeMention {
  month?: number;
  day?: number;
  start?: number;
  end?: number;
  /** The day is a deadline ("finished by the end of the week"), not when something happens. */
  deadline?: true;
}

/** Prepositions that make a time a deadline. */
const DEADLINE = /\b(?:by|before|until|till)\s+(?:the\s+(?:end|start|middle)\s+of\s+)?$/i;

const PART_OF_DAY_PM = /\b(afternoon|evening|night|tonight|p\.?m\.?)\b/i;

/** People say "at five" for 5 pm; an hour without am/pm before 8 is read as afternoon or evening. */
function meridiem(hour: number, certain: boolean, text: string): number {
  if (certain || hour >= 12) return hour;
  return hour < 8 || PART_OF_DAY_PM.test(text) ? hour + 12 : hour;
}

const digitCache = new Map<string, string>();
/** Number words as digits ("five to seven" → "5 to 7") so the date parser reads them. */
/** Cardinal number words (a closed class); only a text with one needs the number tagger. */
const NUMBER_WORD =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty)\b/i;

function digits(text: string): string {
  if (!NUMBER_WORD.test(text)) return text;
  return cached(digitCache, text, () => {
    // (A copy of the shared tagging: the text is read for its events too.)
    const doc = copyOf(text);
    doc.numbers().toNumber();
    return doc.text();
  });
}

/** Parsing is costly and the same memories are read again and again: answers are kept, enough
 *  for a town of 2,000 (a bound of 20,000 emptied at once had a town of 1,000 read its memories
 *  again and again); past it the oldest go first. */
function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const hit = cache.get(key);
  if (hit !== undefined || cache.has(key)) return hit as T;
  const v = make();
  if (cache.size >= 200_000) cache.delete(cache.keys().next().value!);
  cache.set(key, v);
  return v;
}
interface ReadTimes {
  time: TimeMention | undefined;
  /** A time later than when it was said, named relative to it without a day ("next month"). */
  later: boolean;
}
const timeCache = new Map<string, ReadTimes>();
const eventCache = new Map<string, EventMention | undefined>();

/** The day and time a text names, relative ones read against `ref` (when it was said). */
export function readTime(text: string, ref: number): TimeMention | undefined {
  return readTimes(text, ref).time;
}

/** Whether a text names a time ahead of `ref` only vaguely, by no day ("next month", "in two weeks"). */
export function namesLaterTime(text: string, ref: number): boolean {
  return readTimes(text, ref).later;
}

function readTimes(text: string, ref: number): ReadTimes {
  const minute = Math.floor(ref / 60_000);
  return cached(timeCache, `${minute}|${text}`, () => parseTime(text, ref));
}

/** The parser reads "the day" ("a good part of the day") and "one day" (someday) as tomorrow,
 *  a year or a decade alone ("letters from the 1950s") as a day and an hour, and the ordinal "a
 *  second" ("a second bartender") as a second from now. */
const NOT_A_DATE = /^(?:(?:the|a|one|1|that|this) day|\d{3,4}s?|(?:a|one|1) second)$/i;

/** Texts in which the date parser found nothing, by the month they were read in: most of what
 *  residents remember names no time, and is read again at every minute it is recalled. What the
 *  parser finds depends on the text, and whether a date exists ("February 29", "the 31st") on the
 *  reference's year and month only (in the game's time and the parser's). */
const timeless = new Bounded<string, true>(200_000);

function parseTime(text: string, ref: number): ReadTimes {
  const normal = digits(text);
  const d = new Date(ref);
  const month = `${d.getUTCFullYear()}-${d.getUTCMonth()}-${d.getFullYear()}-${d.getMonth()}|${normal}`;
  const none = timeless.has(month);
  const found = none ? [] : chrono.casual.parse(normal, new Date(ref), { forwardDate: true });
  const results = found.filter((r) => !NOT_A_DATE.test(r.text.trim()));
  const later = results.some(
    (r) => r.tags().has("result/relativeDate") && r.start.date().getTime() > ref + DAY_MS / 2,
  );
  const out: TimeMention = {};
  for (const r of results) {
    const s = r.start;
    if (out.month === undefined && (s.isCertain("day") || s.isCertain("weekday"))) {
      out.month = s.get("month")! - 1;
      out.day = s.get("day")!;
      if (DEADLINE.test(normal.slice(0, r.index))) out.deadline = true;
    }
    if (out.start === undefined && s.isCertain("hour")) {
      out.start =
        meridiem(s.get("hour")!, s.isCertain("meridiem"), normal) * 60 + (s.get("minute") ?? 0);
      if (r.end?.isCertain("hour")) {
        const end =
          meridiem(r.end.get("hour")!, r.end.isCertain("meridiem"), normal) * 60 +
          (r.end.get("minute") ?? 0);
        if (end > out.start) out.end = end;
      }
    }
  }
  if (out.month === undefined && !none) {
    // The parser misreads a part of the day before a date ("in the evening on February 14").
    const again = chrono.casual.parse(
      normal.replace(/\b(morning|afternoon|evening|night)\b/gi, ""),
      new Date(ref),
      { forwardDate: true },
    );
    if (!found.length && !again.length) timeless.set(month, true);
    for (const r of again) {
      if (
        (r.start.isCertain("day") || r.start.isCertain("weekday")) &&
        !NOT_A_DATE.test(r.text.trim())
      ) {
        out.month = r.start.get("month")! - 1;
        out.day = r.start.get("day")!;
        break;
      }
    }
  }
  if (out.start === undefined) {
    // "around 5", "at 7:30" that the parser leaves to the part of day ("evening around 5").
    const m =
      /\b(?:at|around|about|by|from)\s+(\d{1,2})(?::(\d{2}))?(?!\s*(?:\d|%|minutes?|hours?|days?|weeks?|years?|people|of)\b)/i.exec(
        normal,
      );
    if (m && Number(m[1]) <= 12)
      out.start = meridiem(Number(m[1]), false, normal) * 60 + (m[2] ? Number(m[2]) : 0);
    else if (out.month !== undefined) {
      // "tomorrow evening": the part of the day's usual hour, only with a day named.
      const r = results.find(
        (x) => x.start.get("hour") !== undefined && PART_OF_DAY_PM.test(x.text),
      );
      if (r) out.start = r.start.get("hour")! * 60;
    }
  }
  return { time: out.month === undefined && out.start === undefined ? undefined : out, later };
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

const contentCache = new Map<string, string[]>();
/** Function words, from the part-of-speech tagger (not a hand-made list). */
function contentWords(text: string): string[] {
  return cached(contentCache, text, () => contentWordsOf(text));
}

function contentWordsOf(text: string): string[] {
  return parsedTerms(text)
    .filter(
      (t) =>
        !t.tags.some((g) => ["Determiner", "Preposition", "Conjunction", "Pronoun"].includes(g)),
    )
    .map((t) => t.normal)
    .filter((w: string) => w.length > 1);
}

/**
 * The known place a sentence names: its whole name, or most of its distinctive words ("the
 * Copper Kettle" for "Copper Kettle cafe"); words shared by several known places ("house") are
 * not distinctive. A capitalised word just before the match that is not part of the name means
 * the words name a person ("Theo Brandt" is not "Brandt house"). Nearest after `from` wins among equals.
 */
/** The pattern of a place's whole name (shared: `matchAll` works on its own copy). */
const wholeName = new Map<string, RegExp>();
/** Per list of places (as it was: a list may grow), how many sectors' place names use each word. */
const sharedOf = new WeakMap<
  readonly PlaceName[],
  { names: string[]; addresses: string[]; shared: Map<string, number> }
>();
function sharedWords(places: readonly PlaceName[]): Map<string, number> {
  const hit = sharedOf.get(places);
  if (
    hit &&
    hit.names.length === places.length &&
    places.every((p, i) => p.name === hit.names[i] && p.address === hit.addresses[i])
  )
    return hit.shared;
  // A word is distinctive when the names of only one sector's places use it ("house" is not).
  const sectors = new Map<string, Set<string>>();
  for (const p of places) {
    const sector = Address.levels(p.address)[1] ?? p.address;
    for (const w of norm(p.name).split(" ")) {
      let set = sectors.get(w);
      if (!set) sectors.set(w, (set = new Set()));
      set.add(sector);
    }
  }
  const shared = new Map([...sectors].map(([w, set]) => [w, set.size]));
  sharedOf.set(places, {
    names: places.map((p) => p.name),
    addresses: places.map((p) => p.address),
    shared,
  });
  return shared;
}

/** The pattern of a word of a place's name, on its own (made once per word; no `g` flag, so it
 *  keeps no state between texts). */
const wordPatterns = new Map<string, RegExp>();
function wordPattern(w: string): RegExp {
  let re = wordPatterns.get(w);
  if (!re) {
    re = new RegExp(`\\b${w.replace(/[^\p{L}\p{N}]/gu, "")}\\b`, "iu");
    if (wordPatterns.size >= 10_000) wordPatterns.clear();
    wordPatterns.set(w, re);
  }
  return re;
}

export function findPlace(
  text: string,
  places: readonly PlaceName[],
  from = 0,
): PlaceName | undefined {
  const lower = text.toLowerCase();
  const shared = sharedWords(places);
  let best: { place: PlaceName; score: number; pos: number } | undefined;
  const personBefore = (at: number, name: string) => {
    const before = /([A-Z][\w’'-]*)\s+$/.exec(text.slice(Math.max(0, at - 30), at));
    return (
      !!before &&
      /^[A-Z]/.test(text[at] ?? "") &&
      !name.includes(before[1].toLowerCase()) &&
      !/^(At|In|The|On|By|To|From)$/.test(before[1])
    );
  };
  for (const p of places) {
    const name = p.name.toLowerCase();
    // Cheap test first: no word of the name in the text, no match.
    if (!name.split(/\s+/).some((w) => w.length > 2 && lower.includes(w))) continue;
    let pos = -1;
    let whole = wholeName.get(name);
    if (!whole) {
      whole = new RegExp(
        `(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`,
        "gu",
      );
      if (wholeName.size >= 10_000) wholeName.clear();
      wholeName.set(name, whole);
    }
    for (const m of lower.matchAll(whole)) {
      const at = m.index + m[1].length;
      if (personBefore(at, name)) continue;
      if (pos < 0 || (pos < from && at >= from)) pos = at;
    }
    let score = pos >= 0 ? 10 + name.length : 0;
    if (score === 0) {
      const words = contentWords(p.name).filter((w) => (shared.get(w) ?? 0) <= 1);
      if (words.length === 0) continue;
      const hits = words.filter((w) => wordPattern(w).test(lower));
      if (hits.length === 0 || hits.length < Math.ceil(words.length * 0.6)) continue;
      const at = wordPattern(hits[0]).exec(text);
      if (at && personBefore(at.index, name)) continue;
      score = 5 + hits.join(" ").length;
      pos = at?.index ?? 0;
    }
    const rank = score - (pos >= from ? 0 : 3);
    if (
      !best ||
      rank > best.score ||
      (rank === best.score && Math.abs(pos - from) < Math.abs(best.pos - from))
    )
      best = { place: p, score: rank, pos };
  }
  return best?.place;
}

/**
 * The place "the <noun>" refers to when no name is said ("a bookshop by the park"): the one sector
 * whose name ends in that noun ("Larkspur Park"), when the town has exactly one; else findPlace's.
 */
export function placeMeant(text: string, places: readonly PlaceName[]): PlaceName | undefined {
  const named = findPlace(text, places);
  if (named) return named;
  for (const m of text.toLowerCase().matchAll(/\bthe ([\p{L}-]+)/gu)) {
    const head = m[1];
    const sectors = places.filter(
      (p) => Address.depth(p.address) === 2 && p.name.toLowerCase().split(/\s+/).at(-1) === head,
    );
    if (sectors.length === 1) return sectors[0];
  }
  return undefined;
}

interface Phrase {
  text: string;
  start: number;
}

const nounCache = new Map<string, Phrase[]>();
/** Noun phrases with their position, in order. */
function nounPhrases(text: string): Phrase[] {
  return cached(nounCache, text, () => nounPhrasesOf(text));
}

/** One tagging of a text, shared by its noun phrases, its terms and its people (and by the other
 *  readers of the same text). */
const doc = parsed;

function nounPhrasesOf(text: string): Phrase[] {
  const out: Phrase[] = [];
  let from = 0;
  for (const n of doc(text).nouns().out("array") as string[]) {
    const at = text.indexOf(n, from);
    if (at < 0) continue;
    out.push({ text: n, start: at });
    from = at + n.length;
  }
  return out;
}

interface Term {
  text: string;
  pre: string;
  post: string;
  tags: string[];
  start: number;
}

const termCache = new Map<string, Term[]>();
/** The terms with where each starts in the text (kept: read them, never change them). */
function termsOf(text: string): Term[] {
  return cached(termCache, text, () => termsAt(text));
}

function termsAt(text: string): Term[] {
  const out: Term[] = [];
  let from = 0;
  for (const term of parsedTerms(text)) {
    const at = text.indexOf(term.text, from);
    out.push({
      text: term.text,
      pre: term.pre,
      post: term.post,
      tags: term.tags,
      start: at < 0 ? from : at,
    });
    if (at >= 0) from = at + term.text.length;
  }
  return out;
}

const STOP_TAGS = [
  "Preposition",
  "Conjunction",
  "Date",
  "Pronoun",
  "Verb",
  "Adverb",
  "QuestionWord",
];

const objectCache = new Map<string, Phrase[]>();
/** What a verb acts on: the words after it up to a preposition, a conjunction or a time ("hosting [a get-together] at..."). */
function objectsOfVerbs(text: string): Phrase[] {
  return cached(objectCache, text, () => objectsOfVerbsOf(text));
}

function objectsOfVerbsOf(text: string): Phrase[] {
  const terms = termsOf(text);
  const out: Phrase[] = [];
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    if (
      !t.tags.includes("Verb") ||
      t.tags.includes("Auxiliary") ||
      t.tags.includes("Copula") ||
      t.tags.includes("Modal")
    )
      continue;
    let j = i + 1;
    // "going to [the tasting]": one preposition, then determiners.
    if (
      j < terms.length &&
      terms[j].tags.includes("Preposition") &&
      terms[j + 1]?.tags.includes("Determiner")
    )
      j++;
    while (
      j < terms.length &&
      (terms[j].tags.includes("Determiner") || terms[j].tags.includes("Possessive")) &&
      !terms[j - 1].post.trim()
    )
      j++;
    const words: Term[] = [];
    for (let k = j; k < terms.length; k++) {
      const head = k === j && j > i + 1 && terms[k].tags.includes("Gerund");
      // (The tagger counts pronouns as nouns too: "a duet he hopes to play" ends at "he".)
      if (
        terms[k].tags.includes("Pronoun") ||
        (!head &&
          STOP_TAGS.some((g) => terms[k].tags.includes(g)) &&
          !terms[k].tags.includes("Noun") &&
          !terms[k].tags.includes("Hyphenated"))
      )
        break;
      // A date word that qualifies the noun after it is part of the name ("a Valentine's Day
      // party"); otherwise a time ends the phrase.
      const qualifies =
        !terms[k].post.trim() &&
        terms[k + 1]?.tags.includes("Noun") &&
        !terms[k + 1].tags.includes("Date") &&
        !terms[k + 1].tags.includes("Value");
      if ((terms[k].tags.includes("Date") || terms[k].tags.includes("Value")) && !qualifies) break;
      words.push(terms[k]);
      if (/[,;:.!?]/.test(terms[k].post)) break;
    }
    if (j > i + 1 && words.length)
      out.push({
        text: words.map((w, n) => w.text + (n < words.length - 1 ? " " : "")).join(""),
        start: words[0].start,
      });
  }
  return out;
}

const peopleCache = new Map<string, string[]>();
/** The people the tagger finds in a text. */
export function taggedPeople(text: string): string[] {
  return cached(peopleCache, text, () => doc(text).people().out("array") as string[]);
}

/** People named in a text: known names (full or first) and the tagger's people, with positions. */
function peopleIn(
  text: string,
  known: readonly string[],
): { name: string; at: number; end: number; known?: boolean }[] {
  const out: { name: string; at: number; end: number; known?: boolean }[] = [];
  for (const i of nameCandidates(text, known)) {
    const name = known[i];
    for (const form of [name, name.split(" ")[0]]) {
      const re = new RegExp(`\\b${form.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "g");
      for (const m of text.matchAll(re))
        if (!out.some((o) => m.index >= o.at && m.index < o.end))
          out.push({ name, at: m.index, end: m.index + m[0].length, known: true });
    }
  }
  for (const p of taggedPeople(text)) {
    const at = text.indexOf(p);
    if (at >= 0 && !out.some((o) => at >= o.at && at < o.end) && /^[A-Z]/.test(p))
      out.push({ name: p.replace(/'s$/, ""), at, end: at + p.length });
  }
  return out.sort((a, b) => a.at - b.at);
}

const clean = (s: string) =>
  s
    .replace(/^(?:a|an|the|our|my|his|her|their|this|that|some)\s+/i, "")
    .replace(/[!?.,;:]+$/, "")
    .replace(/^[\w’']+['’]s\s+/, (m) => (/^[A-Z]/.test(m) ? "" : m))
    .trim();

/**
 * The event a sentence talks about, if it names a day or an hour: "a book club at the Copper
 * Kettle cafe tomorrow evening around five". `ref` is when it was said (for relative days),
 * `people` the names the resident knows, `speaker` who "I" is.
 */
export function extractEvent(
  text: string,
  places: readonly PlaceName[],
  ref?: number,
  people: readonly string[] = [],
  speaker?: string,
): EventMention | undefined {
  if (ref === undefined) return undefined;
  const k = `${Math.floor(ref / 60_000)}|${speaker ?? ""}|${namesKey(people)}|${places.length}:${places[0]?.address ?? ""}:${places.at(-1)?.address ?? ""}|${text}`;
  // A planning note's header ("For Rosa Delgado's planning: ") names whose note it is, not who
  // organises what follows.
  const e = cached(eventCache, k, () =>
    parseEvent(text.replace(/^For [^:]{1,60}'s planning:\s*/i, ""), places, ref, people, speaker),
  );
  return e && { ...e };
}

function parseEvent(
  text: string,
  places: readonly PlaceName[],
  ref: number,
  people: readonly string[],
  speaker?: string,
): EventMention | undefined {
  const time = readTime(text, ref);
  // What is due by a day ("finished by Friday") is a deadline, not an event on that day.
  if (!time || time.deadline) return undefined;
  // What, where and who do not depend on the minute it is read at (only whether a phrase names a
  // time at all, which is the text's and, for a date that may not exist, its month's, as for
  // `timeless`): read once per text and month, the time said joined to it.
  const d = new Date(ref);
  const key = `${d.getUTCFullYear()}-${d.getUTCMonth()}-${d.getFullYear()}-${d.getMonth()}|${speaker ?? ""}|${namesKey(people)}|${placesKey(places)}|${text}`;
  const e = cached(shapeCache, key, () => eventShape(text, places, ref, people, speaker));
  if (!e) return undefined;
  const out: EventMention = { what: e.what, ...time };
  if (e.place) out.place = e.place;
  if (e.host !== undefined) out.host = e.host;
  return out;
}
type EventShape = Pick<EventMention, "what" | "place" | "host">;
const shapeCache = new Map<string, EventShape | undefined>();

/** A short key for a list of places, the same for lists of the same names and addresses (as
 *  `namesKey` for names). */
const placesKeyOf = new WeakMap<readonly PlaceName[], string>();
const placesKeys = new Map<string, string>();
let nextPlacesKey = 0;
function placesKey(places: readonly PlaceName[]): string {
  let key = placesKeyOf.get(places);
  if (key !== undefined) return key;
  const joined = places.map((p) => `${p.name}\t${p.address}`).join("\n");
  key = placesKeys.get(joined);
  if (key === undefined) {
    if (placesKeys.size >= 10_000) placesKeys.clear();
    placesKeys.set(joined, (key = `places#${nextPlacesKey++}`));
  }
  placesKeyOf.set(places, key);
  return key;
}

/** The event a text names (what, where, who), the time it is said at aside. */
function eventShape(
  text: string,
  places: readonly PlaceName[],
  ref: number,
  people: readonly string[],
  speaker?: string,
): EventShape | undefined {
  const persons = peopleIn(text, people);
  const place = findPlace(text, places);
  const placeWords = new Set(place ? norm(place.name).split(" ") : []);
  const phrases = [...objectsOfVerbs(text), ...nounPhrases(text)].filter((p) => {
    if (
      persons.some((x) => p.start < x.end && p.start + p.text.length > x.at && x.at <= p.start + 1)
    )
      return false;
    const c = clean(p.text);
    if (!c || /^(?:i|we|you|he|she|they|it|me|us|them)(?:['’](?:m|ll|ve|d|re|s))?$/i.test(c))
      return false;
    // A time alone is when, never what; one a name swallowed ("my birthday dinner tomorrow")
    // leaves the name.
    // (The tagger's dates first: a phrase with none needs no reading against the time said.)
    const dated = parsed(c).match("#Date+");
    if (dated.found && readTime(c, ref) !== undefined && !clean(c.replace(dated.text(), "")))
      return false;
    // A span of time ("in the evenings", "at weekends") is when, never what.
    if (timeSpan(c)) return false;
    const words = norm(c).split(" ");
    if (place && words.every((w) => placeWords.has(w))) return false;
    return true;
  });
  // The event is the first phrase that names one; with none, the sentence tells no event
  // ("I'm asking neighbours to bring lanterns on Sunday" is news as it is said).
  const first = phrases.find((p) => namesAnEvent(text, p));
  if (!first) return undefined;
  // The time words a noun phrase swallowed ("a reading circle next week").
  let what = clean(first.text);
  // (A day that begins a name, capitalised before a word of the name, is the name's: "the
  // Saturday Market", "the Friday Quiz" keep it.)
  const dated = parsed(what).match("#Date+");
  const inName = (d: string) =>
    new RegExp(`\\b${d.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s+[A-Z]`).test(what);
  if (dated.found && !inName(dated.text()))
    what = clean(what.replace(dated.text(), "").trim()) || what;
  const out: EventShape = { what };
  // The place is named after the event in the same clause ("a party at the cafe on Friday"), not
  // anywhere in the sentence ("the party at 5 pm, a drink at the pub").
  const after = first.start + first.text.length;
  const clause =
    /^[^,;!?]*?(?=[,;!?]|\.(?:\s|$)|$)/.exec(text.slice(after, after + 120))?.[0] ?? "";
  const there = findPlace(clause, places);
  if (there) out.place = there;
  // The organiser: the last person named before the event (the subject of its clause), or the
  // speaker when the sentence is said as "I"/"we"; only when the event is what the clause's verb
  // acts on ("Ann is hosting a picnic"), not what a preposition ties to it ("Ann and Bob were
  // talking about the picnic", "I'm going to the picnic"): those name who talks or goes.
  // (Neither the hearer nor the teller of "X heard from Y about a seed swap".)
  if (governedByPreposition(text, first.start)) return out;
  // A name the resident does not know, in the possessive ("a Valentine's Day party"), is the
  // tagger reading a holiday or a brand as a person: it organises nothing.
  const possessive = (p: { at: number; end: number }) =>
    /['’]s?$/.test(text.slice(p.at, p.end)) || /^['’]/.test(text.slice(p.end));
  const before = persons
    .filter(
      (p) =>
        p.at < first.start &&
        (p.known || !possessive(p)) &&
        !/\bfrom\b/.test(text.slice(Math.max(0, p.at - 6), first.start)),
    )
    .at(-1);
  if (before) out.host = before.name;
  else if (speaker && /\b(I|I'm|I am|we|we're)\b/.test(text.slice(0, first.start)))
    out.host = speaker;
  return out;
}

/** What an event's name is a kind of in WordNet: in one of its usual senses (the first two,
 *  WordNet's most frequent), something that happens (acts and social events among them: a talk,
 *  a sale, a concert); in any sense, a social gathering (a party, a dinner, a get-together); with
 *  a word before the head, in a usual sense, also a time period ("a quiz night", "an open
 *  evening") or an organization that meets ("a book club"). */
const USUAL = 2;
const kindsOf = (named: boolean) => ({
  usual: [
    senses("event", "noun")[0],
    ...(named ? [senses("time period", "noun")[0], senses("organization", "noun")[0]] : []),
  ],
  any: [senses("social gathering", "noun")[0]],
});

const eventNameCache = new Map<string, boolean>();
/**
 * Whether a phrase the text holds names an event: its words as one WordNet noun, or its head
 * noun, has a sense that is a kind of event or gathering; and its head is a noun where it stands
 * (compromise's tags), not a verb or a gerund said as one ("asking" in "is asking neighbours"),
 * unless a determiner makes it one ("a wine tasting").
 */
function namesAnEvent(text: string, p: Phrase): boolean {
  const terms = termsOf(text);
  const inPhrase = terms.filter((t) => t.start >= p.start && t.start < p.start + p.text.length);
  // The days the phrase swallowed are when, not what ("my birthday dinner tomorrow"); a phrase
  // ending in a number is when or how many, never what ("around half past nine").
  while (inPhrase.length && inPhrase.at(-1)!.tags.includes("Date")) inPhrase.pop();
  // A phrase the tagger ran across a sentence's end is the last sentence's words ("tomorrow.
  // Take care!"), past the days it opens with.
  const end = inPhrase.findLastIndex((t, i) => i < inPhrase.length - 1 && /[.!?]/.test(t.post));
  inPhrase.splice(0, end + 1);
  while (inPhrase.length && inPhrase[0].tags.includes("Date")) inPhrase.shift();
  const last = inPhrase.at(-1);
  if (!last || last.tags.includes("Value")) return false;
  const at = terms.indexOf(inPhrase[0]);
  const words = norm(
    inPhrase
      .filter((t) => !t.tags.includes("Determiner") && !t.tags.includes("Possessive"))
      .map((t) => t.text)
      .join(" "),
  )
    .split(" ")
    .filter(Boolean);
  const head = words.at(-1);
  if (!head) return false;
  const determined =
    inPhrase.some((t) => t.tags.includes("Determiner") || t.tags.includes("Possessive")) ||
    (at > 0 && ["Determiner", "Possessive"].some((g) => terms[at - 1].tags.includes(g)));
  // (A gerund the tagger reads as a noun of activity is still the verb without a determiner:
  // "Rita interviewed Bob, asking ...".)
  const verb = (tags: string[]) =>
    tags.includes("Gerund") ||
    tags.includes("Activity") ||
    (!tags.includes("Noun") && tags.includes("Verb"));
  if (last && !determined && verb(last.tags)) return false;
  // Nor, with no determiner, a phrase opening with a word WordNet knows more as a verb than as
  // a noun: an imperative the tagger read as a name ("Take care!").
  const opener = words[0];
  if (!determined && senses(opener, "verb").length > senses(opener, "noun").length) return false;
  // A plural or a mass noun with no determiner names a kind of thing, not an occasion ("asking
  // for donations", "asking for help").
  if (last && !determined && (last.tags.includes("Plural") || last.tags.includes("Uncountable")))
    return false;
  // A word that qualifies the head: a noun or an adjective ("quiz", "open"), not a number or a
  // time ("half past nine").
  const modifier = inPhrase.at(-2)?.tags;
  const named =
    !!modifier &&
    (modifier.includes("Noun") || modifier.includes("Adjective")) &&
    !["Value", "Date", "Preposition", "Pronoun"].some((g) => modifier.includes(g));
  return cached(eventNameCache, `${named}|${words.join(" ")}`, () => {
    // Its words as one WordNet noun, else the longest run of them at its end that is one ("a
    // small GET TOGETHER": "get together" is a noun only as a whole), else its head.
    let whole = senses(words.join(" "), "noun");
    for (let k = words.length - 1; !whole.length && k >= 2; k--)
      whole = senses(words.slice(-k).join(" "), "noun");
    const noun = lemma(head, "noun") ?? head;
    const kinds = kindsOf(named);
    const of = whole.length ? whole : senses(noun, "noun");
    return (
      of.slice(0, USUAL).some((s) => isKind(s, kinds.usual)) || of.some((s) => isKind(s, kinds.any))
    );
  });
}

/** Whether a sense is, some levels up, one of `kinds`. */
function isKind(s: Synset, kinds: readonly (Synset | undefined)[]): boolean {
  const target = new Set(kinds.filter(Boolean).map((k) => k!.offset));
  let level = [s];
  for (let d = 0; d < 14 && level.length; d++) {
    if (level.some((x) => target.has(x.offset))) return true;
    level = level.flatMap(broader);
  }
  return false;
}

/** Whether a phrase is only times that recur, a plural whose WordNet first sense is a time ("in
 *  the evenings", "at weekends"): habit, never an event. With more to it ("a quiz night"), a name
 *  ("Valentine's Day") or one of it ("a picnic", WordNet's "day devoted to an outdoor social
 *  gathering") it may be one. */
function timeSpan(phrase: string): boolean {
  const head = phrase.trim();
  if (!/^[a-z]+s$/.test(head)) return false;
  const noun = lemma(head, "noun");
  return !!noun && noun !== head && senses(noun, "noun")[0]?.domain === "noun.time";
}

/** Whether the phrase starting at `start` is the object of a preposition (the tagger's): the word
 *  before it, past determiners, possessives and adjectives, is one. */
function governedByPreposition(text: string, start: number): boolean {
  const before = termsOf(text).filter((t) => t.start < start);
  for (let k = before.length - 1; k >= 0; k--) {
    const tags = before[k].tags;
    if (tags.includes("Determiner") || tags.includes("Possessive") || tags.includes("Adjective"))
      continue;
    return tags.includes("Preposition");
  }
  return false;
}

/** Whether what a text names is ahead of `ref` (a later day, or later today or an hour without a day). */
export function timeAhead(t: TimeMention, ref: number): boolean {
  const d = new Date(ref);
  if (t.month !== undefined && t.day !== undefined) {
    const that = t.month * 100 + t.day;
    const today = d.getUTCMonth() * 100 + d.getUTCDate();
    if (that !== today) return that > today;
  }
  return t.start === undefined || t.start >= d.getUTCHours() * 60 + d.getUTCMinutes() - 60;
}

/** Whether an event falls on the day of `time`. */
export function eventOnDay(e: EventMention, time: number): boolean {
  if (e.month === undefined || e.day === undefined) return false;
  const d = new Date(time);
  return d.getUTCMonth() === e.month && d.getUTCDate() === e.day;
}

/** Whether an event is still to come at `time` (later today, or a later day this year). */
export function eventUpcoming(e: EventMention, time: number): boolean {
  if (e.month === undefined || e.day === undefined) return false;
  const d = new Date(time);
  const today = d.getUTCMonth() * 100 + d.getUTCDate();
  const that = e.month * 100 + e.day;
  if (that > today) return true;
  if (that < today) return false;
  const minute = d.getUTCHours() * 60 + d.getUTCMinutes();
  return (e.end ?? (e.start ?? 0) + 120) > minute;
}

/** Game time (ms) an event starts, in the year of `ref`. */
export function eventStart(e: EventMention, ref: number): number | undefined {
  if (e.month === undefined || e.day === undefined) return undefined;
  const y = new Date(ref).getUTCFullYear();
  return Date.UTC(y, e.month, e.day) + (e.start ?? 0) * 60_000;
}

/** "the book club at Copper Kettle cafe on February 14 from 5 pm to 7 pm". */
export function describeEvent(e: EventMention, article = "the"): string {
  // "a" before a vowel is "an" ("an open evening"): the sound read from the spelling.
  const a = article === "a" && /^[aeiou]/i.test(e.what) ? "an" : article;
  const parts = [`${a} ${e.what}`];
  if (e.place) parts.push(`at ${e.place.name}`);
  if (e.month !== undefined && e.day !== undefined)
    parts.push(`on ${MONTH_NAMES[e.month]} ${e.day}`);
  if (e.start !== undefined)
    parts.push(
      e.end !== undefined
        ? `from ${formatTime12(e.start)} to ${formatTime12(e.end)}`
        : `at ${formatTime12(e.start)}`,
    );
  return parts.join(" ");
}

export interface KnownEvent {
  /** The event, its details filled in from every memory that mentions it. */
  event: EventMention;
  /** The resident itself organises it. */
  hostedBySelf: boolean;
  /** The memories that mention it, best first. */
  texts: string[];
  /** Position of its best memory in the input. */
  rank: number;
}

const key = (what: string) =>
  norm(what)
    .split(" ")
    .filter((w) => w.length > 2)
    .slice(-2)
    .join(" ");

/**
 * The events a resident's memories (best first) talk about, one entry per event, in the order of
 * their best memory: the day, time, place and host come from whichever memory says them.
 */
export function knownEvents(
  memories: readonly { text: string; created: number; kind?: string }[],
  places: readonly PlaceName[],
  self: string,
  people: readonly string[] = [],
): KnownEvent[] {
  const first = self.split(" ")[0];
  const byWhat = new Map<string, KnownEvent>();
  const names = people.includes(self) ? people : withFirst(self, people);
  memories.forEach((m, rank) => {
    // A day's plan lists the day's routine, not events; what one merely saw others do ("X is
    // conversing about...") is no news told to one: events are known from thoughts and talk.
    if (m.kind === "plan" || m.kind === "reflection" || m.kind === "observation") return;
    const e = extractEvent(m.text, places, m.created, names, self);
    if (!e) return;
    let k = key(e.what);
    let known = byWhat.get(k);
    // The same kind of thing on another day is another event (two visits, two market days).
    for (
      let n = 2;
      known &&
      e.month !== undefined &&
      known.event.month !== undefined &&
      (known.event.month !== e.month || known.event.day !== e.day);
      n++
    )
      known = byWhat.get((k = `${key(e.what)}#${n}`));
    const hosting = e.host === self || e.host === first;
    if (!known) {
      byWhat.set(k, { event: { ...e }, hostedBySelf: hosting, texts: [m.text], rank });
      return;
    }
    known.texts.push(m.text);
    known.hostedBySelf ||= hosting;
    const ev = known.event;
    if (ev.month === undefined && e.month !== undefined) {
      ev.month = e.month;
      ev.day = e.day;
    }
    if (ev.start === undefined && e.start !== undefined) {
      ev.start = e.start;
      if (e.end !== undefined) ev.end = e.end;
    } else if (ev.end === undefined && e.end !== undefined && e.start === ev.start) ev.end = e.end;
    if (!ev.place && e.place) ev.place = e.place;
    if (!ev.host && e.host) ev.host = e.host;
  });
  // Memories that name a known event without a time still say where it is and who holds it.
  memories.forEach((m) => {
    if (m.kind === "plan" || m.kind === "reflection" || m.kind === "observation") return;
    for (const k of byWhat.values()) {
      const at = m.text.toLowerCase().indexOf(k.event.what.toLowerCase());
      if (at < 0 || k.texts.includes(m.text)) continue;
      k.texts.push(m.text);
      if (!k.event.place) {
        const after = at + k.event.what.length;
        const clause =
          /^[^,;!?]*?(?=[,;!?]|\.(?:\s|$)|$)/.exec(m.text.slice(after, after + 120))?.[0] ?? "";
        const place = findPlace(clause, places);
        if (place) k.event.place = place;
      }
      if (!k.event.host && !governedByPreposition(m.text, at)) {
        const host = peopleIn(m.text.slice(0, at), names).at(-1)?.name;
        if (host) {
          k.event.host = host;
          k.hostedBySelf ||= host === self;
        }
      }
    }
  });
  for (const k of byWhat.values()) if (k.hostedBySelf) k.event.host = self;
  return [...byWhat.values()].sort((a, b) => a.rank - b.rank);
}
