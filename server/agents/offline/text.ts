// Text helpers of the offline engine: importance on a keyword scale, events with a date, a time
// and a place found in a sentence, the person of a sentence changed (whispers are written to
// "you", memories are about the agent, interviews are answered as "I"), and small formatters.
import { formatDate } from "../../../shared/time.ts";
import { DAY_MS, startOfDay } from "../../world/clock.ts";

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
const MONTH_NAMES = MONTHS.map((m) => m[0].toUpperCase() + m.slice(1));

// ---------------------------------------------------------------- importance

const WORK = /\b(work|serv|stud|class|lectur|cook|bak|paint|writ|practi[cs]|research|shop|counter|clean|garden|plant|repair|fix|teach|read|exercis|train)/i;
const SCALE: [RegExp, number][] = [
  [/\b(fire|burning|on fire|smoke|flood|emergenc|accident|injur|hurt|died|death|dead|funeral|robbed|stolen|ambulance|hospital)/i, 9],
  [/\b(part(y|ies)|celebrat|festival|wedding|concert|crush|in love|love with|romantic|date with|proposal|propose|engaged|married|broke up|breakup|divorce|pregnan|election|mayor|candida|campaign|vote|promot|fired from|lost (his|her|their) job|secret|valentine)/i, 8],
  [/\b(very important|relationship|best friend|argument|fight|quarrel|upset|angry|worried|excited|invit|exhibition|recital|opening|announce|news)/i, 7],
  [/\b(convers|talk|chat|discuss|told|tell|visit|friend|neighbou?r|meet|meeting|help|guest|dinner with|lunch with|together|ask|plan)/i, 5],
  [/\b(sleep|asleep|nap|idle|resting|rest\b|waiting|walking|standing|sitting)/i, 2],
];

/**
 * Importance on the paper's 1..10 scale from keywords: idle 1, routine 2-3, social 4-6,
 * events, parties, relationships and fires 7-9. Used offline and as the fallback of the
 * importance prompt.
 */
export function keywordImportance(text: string): number {
  const t = text.toLowerCase();
  if (t.length === 0 || /\bis idle\b/.test(t) || /^\s*idle\s*$/.test(t)) return 1;
  // Routine: 3 for work and chores, 2 for the rest.
  let score = WORK.test(t) ? 3 : 2;
  for (const [re, n] of SCALE) {
    if (re.test(t)) {
      score = n;
      break;
    }
  }
  if (score === 2 && /\b(sleep|asleep)/.test(t)) score = 1;
  // An object in use ("window table is in use") is background.
  if (score <= 3 && /\bis (in use|occupied|open|closed|running water|heating up|being used|busy with orders|baking|being played|holding)\b/.test(t)) score = 2;
  if (score >= 5 && /\bvery important\b/.test(t)) score = Math.min(10, score + 1);
  // A plan with a time is worth remembering.
  if (score < 6 && /\b\d{1,2}(:\d{2})?\s*(am|pm)\b/i.test(t)) score = 6;
  return Math.max(1, Math.min(10, score));
}

// ---------------------------------------------------------------- times

/** "5 pm", "5:30 am", "12 pm". */
export function formatTime12(minute: number): string {
  const m = ((Math.round(minute) % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const mm = m % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${mm ? `:${String(mm).padStart(2, "0")}` : ""} ${h < 12 ? "am" : "pm"}`;
}

/** "07:05" from minutes since midnight. */
export function hhmm(minute: number): string {
  const m = ((Math.round(minute) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/** Minutes since midnight from "7:05", "07:05", "7 am", "5:30 pm"; undefined if not a time. */
export function parseClock(text: string): number | undefined {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*$/i.exec(text);
  if (!m) return undefined;
  let h = Number(m[1]);
  const min = m[2] ? Number(m[2]) : 0;
  const ap = m[3]?.toLowerCase().replace(/\./g, "");
  if (ap === "pm" && h < 12) h += 12;
  if (ap === "am" && h === 12) h = 0;
  if (h === 24 && min === 0) return 1440;
  if (h > 23 || min > 59) return undefined;
  return h * 60 + min;
}

/** "February 14" of a game time. */
export function monthDay(time: number): string {
  const d = new Date(time);
  return `${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** "Friday, February 13, 07:05" without the year: what prompts show as now. */
export function when(time: number): string {
  const d = new Date(time);
  return `${formatDate(time)}, ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

// ---------------------------------------------------------------- events in text

export interface PlaceName {
  /** What the place is called: a sector or arena name ("Copper Kettle cafe"). */
  name: string;
  address: string;
}

export interface EventMention {
  /** The event itself: "Valentine's Day party". */
  what: string;
  /** Month (0-11) and day of month, when the text says which day. */
  month?: number;
  day?: number;
  /** Minutes since midnight. */
  start?: number;
  end?: number;
  place?: PlaceName;
  /** Whoever the text says organises it ("Ines Calloway is planning a party"), if anyone. */
  host?: string;
}

const EVENT_NOUNS =
  "party|parties|celebration|gathering|festival|concert|wedding|dinner party|dinner|picnic|meeting|meetup|show|exhibition|fair|market day|election|debate|tournament|potluck|recital|ceremony|open mic|reading night|dance|ball|barbecue|bbq|fundraiser|rally|game night|quiz night|screening|workshop|tasting|launch";
const EVENT_RE = new RegExp(
  String.raw`\b(?:a|an|the|our|my|his|her|their|this|that)\s+((?:[\w'’-]+\s+){0,3}?(?:${EVENT_NOUNS}))\b`,
  "i",
);
const EVENT_BARE_RE = new RegExp(String.raw`\b((?:[A-Z][\w'’-]*\s+){1,3}(?:${EVENT_NOUNS}))\b`);
const HOLIDAYS: [RegExp, number, number][] = [
  [/valentine'?s day/i, 1, 14],
  [/christmas eve/i, 11, 24],
  [/christmas/i, 11, 25],
  [/new year'?s eve/i, 11, 31],
  [/halloween/i, 9, 31],
  [/st\.? patrick'?s day/i, 2, 17],
];
const TIME = String.raw`(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)`;
const RANGE_RE = new RegExp(String.raw`(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?\s*(?:-|–|to|until|till|and)\s*${TIME}`, "i");
const SINGLE_RE = new RegExp(TIME, "i");
const DATE_RE = new RegExp(String.raw`\b(${MONTHS.join("|")}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b`, "i");
const DATE_RE2 = new RegExp(String.raw`\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(${MONTHS.join("|")})\b`, "i");
const HOST_RE = /([A-Z][\w’-]*(?:\s+[A-Z][\w’-]*)+)\s+(?:is|was|will be|are)?\s*(?:(?:so\s+|very\s+|really\s+)?(?:excited|happy|eager|busy)\s+(?:to be|about)\s+)?(?:planning|hosting|throwing|organi[sz]ing|holding|putting on|running)\b/;

/** Capitalised words that start sentences but are nobody's name. */
const NOT_NAMES = new Set(["for", "the", "yesterday", "today", "tomorrow", "did", "have", "hey", "so", "and", "but", "also", "then", "now", "oh", "yes", "well", "this", "that", "there", "remember", "note"]);

function monthIndex(word: string): number {
  const w = word.toLowerCase().slice(0, 3);
  return MONTHS.findIndex((m) => m.startsWith(w));
}

function toMinute(h: string, m: string | undefined, ap: string | undefined): number | undefined {
  return parseClock(`${h}${m ? `:${m}` : ""}${ap ? ` ${ap}` : ""}`);
}

/** Finds the place a sentence names, preferring the one nearest after `from`. */
export function findPlace(text: string, places: readonly PlaceName[], from = 0): PlaceName | undefined {
  const lower = text.toLowerCase();
  let best: { place: PlaceName; score: number; pos: number } | undefined;
  for (const p of places) {
    const name = p.name.toLowerCase();
    const whole = new RegExp(`(^|[^\\p{L}])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}])`, "gu");
    let pos = -1;
    for (const m of lower.matchAll(whole)) {
      const at = m.index + m[1].length;
      // "Ryan Park" is a person, not the park: a capitalised word just before that is not part
      // of the place's name means the words name someone.
      const before = /([A-Z][\w’'-]*)\s+$/.exec(text.slice(Math.max(0, at - 30), at));
      if (before && /^[A-Z]/.test(text[at]) && !name.includes(before[1].toLowerCase()) && !/^(At|In|The|On|By)$/.test(before[1])) continue;
      if (pos < 0 || (pos < from && at >= from)) pos = at;
    }
    let score = pos >= 0 ? 10 + name.length : 0;
    if (score === 0) {
      // "the Copper Kettle" for "Copper Kettle cafe": most of its distinctive words.
      const words = name.split(/\s+/).filter((w) => w.length > 2 && !["the", "house", "room", "cafe", "shop", "store"].includes(w));
      if (words.length === 0) continue;
      const hits = words.filter((w) => new RegExp(`\\b${w.replace(/[^\w]/g, "")}\\b`, "i").test(lower));
      if (hits.length === words.length) {
        // "Theo Brandt" is a person, not "Brandt house": a capitalised word right before the
        // first hit that is not part of the place's name means the words name someone.
        const at = new RegExp(`\\b${hits[0].replace(/[^\w]/g, "")}\\b`, "i").exec(text);
        const before = at ? /([A-Z][\w’'-]*)\s+$/.exec(text.slice(0, at.index)) : null;
        if (before && !name.includes(before[1].toLowerCase())) continue;
        score = 5 + hits.join(" ").length;
        pos = lower.indexOf(hits[0]);
      }
    }
    if (score === 0) continue;
    // Nearer after `from` wins among equals; a longer (more specific) name wins overall.
    const rank = score - (pos >= from ? 0 : 3);
    if (!best || rank > best.score || (rank === best.score && Math.abs(pos - from) < Math.abs(best.pos - from))) {
      best = { place: p, score: rank, pos };
    }
  }
  return best?.place;
}

/**
 * The event a sentence talks about, with its day, time and place when the sentence says them:
 * "a Valentine's Day party at the Copper Kettle cafe on February 14 from 5 pm to 7 pm". `ref` is
 * when the sentence was heard, for "today" and "tomorrow".
 */
export function extractEvent(text: string, places: readonly PlaceName[], ref?: number): EventMention | undefined {
  const m = EVENT_RE.exec(text) ?? EVENT_BARE_RE.exec(text);
  if (!m) return undefined;
  const what = m[1].replace(/\s+/g, " ").trim();
  const out: EventMention = { what };
  const d1 = DATE_RE.exec(text);
  const d2 = d1 ? null : DATE_RE2.exec(text);
  if (d1) {
    out.month = monthIndex(d1[1]);
    out.day = Number(d1[2]);
  } else if (d2) {
    out.month = monthIndex(d2[2]);
    out.day = Number(d2[1]);
  } else if (ref !== undefined && /\b(today|tonight|this (evening|afternoon|morning))\b/i.test(text)) {
    const d = new Date(ref);
    out.month = d.getUTCMonth();
    out.day = d.getUTCDate();
  } else if (ref !== undefined && /\btomorrow\b/i.test(text)) {
    const d = new Date(startOfDay(ref) + DAY_MS);
    out.month = d.getUTCMonth();
    out.day = d.getUTCDate();
  } else {
    for (const [re, month, day] of HOLIDAYS) {
      if (re.test(text)) {
        out.month = month;
        out.day = day;
        break;
      }
    }
  }
  const r = RANGE_RE.exec(text);
  if (r) {
    const endAp = r[6];
    let start = toMinute(r[1], r[2], r[3] ?? endAp);
    const end = toMinute(r[4], r[5], endAp);
    // "11 to 1 pm": the start is in the morning.
    if (start !== undefined && end !== undefined && !r[3] && start > end) start -= 720;
    if (start !== undefined && start >= 0) out.start = start;
    if (end !== undefined && out.start !== undefined && end > out.start) out.end = end;
  } else {
    const s = SINGLE_RE.exec(text);
    if (s) out.start = toMinute(s[1], s[2], s[3]);
    else if (/\bat noon\b/i.test(text)) out.start = 720;
  }
  // The place is named after the event in the same clause ("a party at the cafe on Friday"), not
  // anywhere in the sentence ("the party at 5 pm, a drink at the pub").
  const after = m.index + m[0].length;
  const clause = /^[^,;!?]*?(?=[,;!?]|\.(?:\s|$)|$)/.exec(text.slice(after, after + 90))?.[0] ?? "";
  const place = findPlace(clause, places, 0);
  if (place) out.place = place;
  const host = HOST_RE.exec(text);
  if (host && host.index < m.index) {
    const who = host[1].trim().split(/\s+/);
    while (who.length > 1 && NOT_NAMES.has(who[0].toLowerCase())) who.shift();
    if (who.length > 0) out.host = who.join(" ");
  }
  return out;
}

/** Whether a text names a day ("February 14", "14th of February", "Valentine's Day"). */
export function mentionsDate(text: string): boolean {
  return DATE_RE.test(text) || DATE_RE2.test(text) || HOLIDAYS.some(([re]) => re.test(text));
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

/** "the Valentine's Day party at Copper Kettle cafe on February 14 from 5 pm to 7 pm". */
export function describeEvent(e: EventMention, article = "the"): string {
  const parts = [`${article} ${e.what}`];
  if (e.place) parts.push(`at ${e.place.name}`);
  if (e.month !== undefined && e.day !== undefined) parts.push(`on ${MONTH_NAMES[e.month]} ${e.day}`);
  if (e.start !== undefined) parts.push(e.end !== undefined ? `from ${formatTime12(e.start)} to ${formatTime12(e.end)}` : `at ${formatTime12(e.start)}`);
  return parts.join(" ");
}

// ---------------------------------------------------------------- person

const MODALS = new Set(["will", "would", "can", "could", "should", "shall", "may", "might", "must", "had", "did"]);
const IRREGULAR: Record<string, string> = { are: "is", were: "was", have: "has", do: "does", go: "goes", "aren't": "isn't", "don't": "doesn't", "haven't": "hasn't", "weren't": "wasn't" };
const NOT_VERBS = new Set(["and", "or", "who", "that", "too", "also", "both", "all", "really", "always", "often", "never", "just", "still", "yourself", "rarely", "usually", "sometimes", "frequently", "seldom", "mostly", "secretly"]);

function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (MODALS.has(lower) || NOT_VERBS.has(lower) || /ed$/.test(lower)) return verb;
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/**
 * A statement written to "you" (a whisper, a line of a history file) as a statement about the
 * agent: "you love your work at Hobbs Cafe" → "Isabella Rodriguez loves Isabella's work at
 * Hobbs Cafe".
 */
export function youToThirdPerson(text: string, name: string): string {
  const first = name.split(" ")[0];
  let out = text.trim();
  // "you" as a subject: at the start of a clause, then its verb agrees.
  out = out.replace(/(^|[.;!?]\s*|--\s*|,\s*|\b(?:and|but|that|because|when|if|so|since|while)\s+)you\s+(?:(also|really|often|always|never|still|just|rarely|usually|sometimes|frequently|seldom|mostly|secretly)\s+)?([\w'’]+)/gi, (_m, lead: string, adverb: string | undefined, verb: string) => {
    const v = NOT_VERBS.has(verb.toLowerCase()) ? verb : thirdPersonVerb(verb);
    return `${lead}${name} ${adverb ? `${adverb} ` : ""}${v}`;
  });
  out = out.replace(/^you\b/i, name);
  out = out.replace(/\byourself\b/gi, first);
  out = out.replace(/\byours\b/gi, `${first}'s`);
  out = out.replace(/\byour\b/gi, `${first}'s`);
  out = out.replace(/\byou\b/gi, first);
  out = out.replace(/\bI am\b/g, `${name} is`).replace(/\bI'm\b/g, `${name} is`).replace(/\bmy\b/gi, `${first}'s`);
  return out;
}

/** What someone said in the first person, about them: "I am running for mayor" → "Sam Moore is running for mayor". */
export function iToThirdPerson(text: string, name: string): string {
  const first = name.split(" ")[0];
  return text
    .replace(/\bI'm\b|\bI am\b/g, `${name} is`)
    .replace(/\bI was\b/g, `${name} was`)
    .replace(/\bI've\b|\bI have\b/g, `${name} has`)
    .replace(/\bI'll\b/g, `${name} will`)
    .replace(/\bI ([a-z]+)\b/g, (_m, verb: string) => `${name} ${thirdPersonVerb(verb)}`)
    .replace(/\bI\b/g, name)
    .replace(/\bmy\b/g, `${first}'s`)
    .replace(/\bme\b/g, first);
}

/** A memory about the agent as the agent would say it: "Theo Brandt is going to" → "I am going to". */
export function toFirstPerson(text: string, name: string): string {
  const first = name.split(" ")[0];
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const who = `(?:${esc(name)}|${esc(first)})`;
  return text
    .replace(new RegExp(`\\b${who}'s\\b`, "g"), "my")
    .replace(new RegExp(`\\b${who} is\\b`, "g"), "I am")
    .replace(new RegExp(`\\b${who} was\\b`, "g"), "I was")
    .replace(new RegExp(`\\b${who} has\\b`, "g"), "I have")
    .replace(new RegExp(`\\b${who} does\\b`, "g"), "I do")
    .replace(new RegExp(`\\b${who} (?!is\\b|was\\b|has\\b|does\\b|thus\\b|plus\\b)([a-z]+?)(ies|ches|shes|sses|xes|oes|s)\\b`, "g"), (_m, stem: string, end: string) => `I ${stem}${end === "ies" ? "y" : end === "s" ? "" : end.slice(0, -2)}`)
    .replace(new RegExp(`^${who} and ([A-Z][\\w'-]*(?: [A-Z][\\w'-]*)*) (were|are|have)\\b`), "$1 and I $2")
    .replace(new RegExp(`(^|[.;!?]\\s+|,\\s+|\\b(?:and|that|since|because|when|while|if|so|but)\\s+)${who}\\b`, "g"), "$1I")
    .replace(new RegExp(`\\b${who}\\b`, "g"), "me")
    .replace(/^For my planning: /, "For my plans: ");
}

/** First letter upper-case. */
export const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** FNV-1a of a string: the offline engine's only source of variety (seeded, deterministic). */
export function seeded(...parts: (string | number)[]): number {
  const text = parts.join("|");
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Picks one of `options`, deterministically from the seed parts. */
export function pick<T>(options: readonly T[], ...parts: (string | number)[]): T {
  return options[seeded(...parts) % options.length];
}

/** The date a text names as day-of-year order key (month*100 + day). */
export function dayKey(time: number): number {
  const d = new Date(time);
  return d.getUTCMonth() * 100 + d.getUTCDate();
}

// ---------------------------------------------------------------- events across memories

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

/**
 * The events a resident's memories (best first) talk about, one entry per event ("Valentine's Day
 * party"), in the order of their best memory: the day, time, place and host come from whichever
 * memory says them (a chat summary may name the place, a planning note the host).
 */
export function knownEvents(memories: readonly { text: string; created: number }[], places: readonly PlaceName[], self: string): KnownEvent[] {
  const first = self.split(" ")[0];
  const byWhat = new Map<string, KnownEvent>();
  memories.forEach((m, rank) => {
    const e = extractEvent(m.text, places, m.created);
    if (!e) return;
    const key = e.what.toLowerCase().replace(/^(the|a|an)\s+/, "");
    const hosting = e.host === self || e.host === first;
    const known = byWhat.get(key);
    if (!known) {
      byWhat.set(key, { event: { ...e }, hostedBySelf: hosting, texts: [m.text], rank });
      return;
    }
    known.texts.push(m.text);
    known.hostedBySelf ||= hosting;
    const k = known.event;
    if (k.month === undefined && e.month !== undefined) {
      k.month = e.month;
      k.day = e.day;
    }
    if (k.start === undefined && e.start !== undefined) {
      k.start = e.start;
      if (e.end !== undefined) k.end = e.end;
    } else if (k.end === undefined && e.end !== undefined && e.start === k.start) k.end = e.end;
    if (!k.place && e.place) k.place = e.place;
    if (!k.host && e.host) k.host = e.host;
  });
  for (const k of byWhat.values()) if (k.hostedBySelf) k.event.host = self;
  return [...byWhat.values()].sort((a, b) => a.rank - b.rank);
}
