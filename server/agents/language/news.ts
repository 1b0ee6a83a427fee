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
import { cap, ownMemoryAsI } from "./person.ts";
import { formatTime12, MONTH_NAMES } from "./time.ts";

const first = (name: string) => name.split(" ")[0];

/** The statement with each day named relative to `at` replaced by its date ("on February 12"). */
export function absoluteDays(text: string, at: number): string {
  const results = chrono.casual.parse(text, new Date(at), {
    forwardDate: aboutTheFuture(text, at),
  });
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
    const d = s.date();
    const hour = s.isCertain("hour")
      ? ` at ${formatTime12(s.get("hour")! * 60 + (s.get("minute") ?? 0))}`
      : "";
    const date = `on ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}${hour}`;
    out = out.slice(0, r.index) + date + out.slice(r.index + r.text.length);
  }
  return out.replace(/\b(on|at|from) on\b/g, "$1").replace(/\s{2,}/g, " ");
}

/** The parser's own tags say which of its readings are relative to the reference date. */
const relative = (r: chrono.ParsedResult) =>
  [...r.tags()].some((t) => /casualReference|relative|TimeUnit|Weekday/i.test(t));

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
  const known = [self, ...people];
  const who =
    known.find((p) => text.startsWith(p) || new RegExp(`^${first(p)}\\b`).test(text)) ?? self;
  const stated = absoluteDays(text.trim(), at).replace(/[.!]+$/, "");
  const event = extractEvent(text, places, at, known, self);
  const place = findPlace(text, places);
  const when = chrono.casual.parseDate(text, new Date(at), {
    forwardDate: aboutTheFuture(text, at),
  });
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
    nlp(word).has("#ProperNoun") ||
    nlp(text).terms().first().has("#ProperNoun")
  )
    return text;
  return word.toLowerCase() + text.slice(word.length);
}

/** What `speaker` says of a record to `listener`: its own news as "I", another's with who told it. */
export function tellFact(f: Fact, speaker: string, listener: string): string {
  const body = f.text.replace(/[.!]+$/, "");
  const by = f.told?.by;
  if (!by || f.source === speaker)
    return `${cap(ownMemoryAsI(asSubject(body, speaker), speaker))}.`;
  // Their own news, told by them: no pronoun to guess ("Grace told me that Grace ...").
  if (f.who === by) return `${cap(body)}; ${by === listener ? "you" : first(by)} told me so.`;
  return `${by === listener ? "You told me" : `${first(by)} told me`} that ${asClause(body, [f.who, f.source])}.`;
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
