// Times of day and dates as the offline engine and the prompts write and read them.
import * as chrono from "chrono-node";
import "./timeUnits.ts";
import nlp from "compromise";
import { formatDate, MONTHS as MONTH_NAMES } from "../../../shared/time.ts";

export { MONTH_NAMES };

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

/** "Friday, February 13, 07:05" without the year: what prompts show as now. */
export function when(time: number): string {
  const d = new Date(time);
  return `${formatDate(time)}, ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
}

/** The date a text names as day-of-year order key (month*100 + day). */
export function dayKey(time: number): number {
  const d = new Date(time);
  return d.getUTCMonth() * 100 + d.getUTCDate();
}

// ------------------------------------------------------------------------------- days said relative

const DAY_MS = 86_400_000;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** A count said in words or digits ("two", "3", "a"), by compromise's number reader. */
function countOf(word: string): number | undefined {
  if (/^(a|an|one)$/i.test(word)) return 1;
  const n = (nlp(word).numbers().get() as number[])[0];
  return typeof n === "number" && Number.isInteger(n) && n > 0 && n < 32 ? n : undefined;
}

/** Texts chrono-node found no time in, by the month they were read in and the options. */
const dateless = new Map<string, true>();

/**
 * chrono-node's reading of a text against a time (`chrono.parse`). Most of what is said names no
 * time, and the same questions are read at every minute they are asked: a text it found nothing
 * in is not read again in that month (whether a date exists, "February 29", is the month's; as
 * events.ts keeps its timeless texts). A fresh array each time: callers may add to it.
 */
export function datesIn(
  text: string,
  ref: Date,
  opts?: { forwardDate?: boolean },
): chrono.ParsedResult[] {
  const key = `${ref.getUTCFullYear()}-${ref.getUTCMonth()}-${ref.getFullYear()}-${ref.getMonth()}|${opts?.forwardDate ?? ""}|${text}`;
  if (dateless.has(key)) return [];
  const out = chrono.parse(text, ref, opts);
  if (out.length === 0) {
    if (dateless.size >= 100_000) dateless.delete(dateless.keys().next().value!);
    dateless.set(key, true);
  }
  return out;
}

/**
 * chrono-node's casual English, which reads "two days ago" and "the day before yesterday" but not
 * nights: "two nights ago" and "the night before last" are the evening of that many days ago.
 */
export const dates = chrono.casual.clone();
dates.parsers.push({
  pattern: () => /\b(?:the night before last|([a-z]+|\d+) nights? ago)\b/i,
  extract: (ctx, m) => {
    const n = m[1] === undefined ? 2 : countOf(m[1]);
    if (n === undefined) return null;
    const d = new Date(ctx.reference.instant.getTime() - n * DAY_MS);
    return ctx
      .createParsingComponents({
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
      })
      .imply("hour", 21)
      .addTag("parser/NightsAgo");
  },
});

/**
 * chrono-node's readings with the day a part of the day was said with. "A quiz NIGHT at the
 * college on THURSDAY" comes as two readings, the part of the day read as today's; "night on
 * Saturday", "afternoon on Sunday", "night tomorrow" come as one that has lost its day (chrono
 * merges a part of the day said before a day without the day). The part of the day gives the
 * hour, the day its date. `parse` reads a piece of the text as the caller reads the whole.
 */
export function withDays(
  found: chrono.ParsedResult[],
  parse: (text: string) => chrono.ParsedResult[],
): chrono.ParsedResult[] {
  const namesDay = (r: chrono.ParsedResult) =>
    r.start.isCertain("day") || r.start.isCertain("weekday");
  // (chrono hands out its own components, which can be told a value or given one to imply.)
  const takeHour = (day: chrono.ParsedResult, part: chrono.ParsedResult) => {
    const to = day.start as chrono.ParsingComponents;
    for (const c of ["hour", "minute", "meridiem"] as const) {
      const v = part.start.get(c);
      if (v === null) continue;
      if (part.start.isCertain(c)) to.assign(c, v);
      else to.imply(c, v);
    }
  };
  const mended = found.map((r) => {
    if (namesDay(r)) return r;
    const words = r.text.trim().split(/\s+/);
    for (let i = 1; i < words.length; i++) {
      const rest = words.slice(i).join(" ");
      const day = parse(rest).find((x) => x.text.trim() === rest && namesDay(x));
      if (!day) continue;
      const part = parse(words.slice(0, i).join(" "))[0];
      takeHour(day, part ?? r);
      return Object.assign(day, { text: r.text, index: r.index });
    }
    return r;
  });
  // A part of the day said apart from the one day named ("a quiz night ... on Thursday").
  const days = mended.filter((r) => namesDay(r) && !r.start.isCertain("hour"));
  const parts = mended.filter((r) => !namesDay(r) && !r.start.isCertain("hour"));
  if (days.length !== 1 || parts.length !== 1) return mended;
  takeHour(days[0], parts[0]);
  return mended.filter((r) => r !== parts[0]);
}

/** Game time read as chrono's reference: the game clock is UTC. */
export const reference = (at: number) => ({ instant: new Date(at), timezone: 0 });

/** Whole days from `now`'s day to `at`'s (negative in the past). */
export function daysBetween(now: number, at: number): number {
  return Math.round((Date.UTC(...ymd(at)) - Date.UTC(...ymd(now))) / DAY_MS);
}
const ymd = (t: number): [number, number, number] => {
  const d = new Date(t);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
};

/**
 * A day as someone says it at `now`: "today", "yesterday", "tomorrow", "two days ago", "on
 * Tuesday" within the week either side, the same weekday a week off as "next Friday" or "last
 * Friday", else its date ("on February 3"). Said after a verb, so with its preposition (none
 * before "next" and "last").
 */
export function dayFrom(at: number, now: number): string {
  const n = daysBetween(now, at);
  if (n === 0) return "today";
  if (n === -1) return "yesterday";
  if (n === 1) return "tomorrow";
  if (n === -2) return "two days ago";
  if (Math.abs(n) < 7) return `on ${WEEKDAYS[new Date(at).getUTCDay()]}`;
  if (Math.abs(n) === 7) return `${n > 0 ? "next" : "last"} ${WEEKDAYS[new Date(at).getUTCDay()]}`;
  const d = new Date(at);
  return `on ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

/** A text's absolute days ("on February 13", as records keep them) said relative to `now`. */
export function relativeDays(text: string, now: number): string {
  const year = new Date(now).getUTCFullYear();
  return text.replace(
    new RegExp(`\\b(on )?(${MONTH_NAMES.join("|")}) (\\d{1,2})\\b(?!:)`, "g"),
    (all, _on: string | undefined, month: string, day: string) => {
      const at = Date.UTC(year, MONTH_NAMES.indexOf(month), Number(day), 12);
      // A date a year away is as said (a record made near the new year keeps its own).
      if (Math.abs(daysBetween(now, at)) > 300) return all;
      const said = dayFrom(at, now);
      // "until February 20" → "until Friday": a date said without "on" keeps its own preposition.
      return _on ? said : said.replace(/^on /, "");
    },
  );
}

/** Whether a sentence names a time still ahead whenever it is said ("next month", "on Saturday",
 *  "in two weeks"): read against two references far apart, it falls after both; a date of its own
 *  ("in 1952", "on February 3") does not, nor a time that comes round ("every Saturday"). */
export function namesTimeAhead(text: string): boolean {
  const refs = [Date.UTC(2000, 0, 1, 12), Date.UTC(2001, 6, 1, 12)];
  const ahead = (ref: number) =>
    dates
      .parse(text, reference(ref), { forwardDate: false })
      .some(
        (r) =>
          daysBetween(ref, r.start.date().getTime()) >= 1 &&
          !/\b(?:every|each)\s*$/i.test(text.slice(0, r.index)),
      );
  return refs.every(ahead);
}

/**
 * A text written on the day `from` said on the day `now`: the days it names relative to the day it
 * was written ("tomorrow evening", "the day after tomorrow": those chrono reads to another day when
 * read a day later) said relative to `now` ("this evening", "tomorrow"). `past` tells whether one
 * of them, still to come when written, has gone by. Days of their own ("on Saturday", "February 14") are as said.
 */
export function saidOn(text: string, from: number, now: number): { text: string; past: boolean } {
  if (daysBetween(from, now) === 0) return { text, past: false };
  const later = dates.parse(text, reference(from + DAY_MS), { forwardDate: true });
  let past = false;
  let out = "";
  let at = 0;
  for (const r of dates.parse(text, reference(from), { forwardDate: true })) {
    const day = r.start.date().getTime();
    const moved = later.find((l) => l.index === r.index);
    if (!r.start.isCertain("day") || !moved || daysBetween(day, moved.start.date().getTime()) === 0)
      continue;
    // A span counted a week or more ahead ("next week", "in two weeks") names no day of it: its
    // day is uncertain, not said as one ("on Friday"), nor gone by when that day has.
    if (r.tags().has("result/relativeDate") && Math.abs(daysBetween(from, day)) >= 7) continue;
    // The words that name the day: the shortest run of the mention's words read to its day.
    const words = r.text.split(/\s+/);
    let span: string | undefined;
    for (let len = 1; len <= words.length && !span; len++)
      for (let i = 0; i + len <= words.length && !span; i++) {
        const run = words
          .slice(i, i + len)
          .join(" ")
          .replace(/[,.;]$/, "");
        const p = dates.parse(run, reference(from), { forwardDate: true });
        if (
          p.length === 1 &&
          p[0].text === run &&
          daysBetween(day, p[0].start.date().getTime()) === 0
        )
          span = run;
      }
    if (!span) continue;
    const n = daysBetween(now, day);
    // (A day still to come when written that has gone by; one gone by already is said as past.)
    if (n < 0 && daysBetween(from, day) >= 0) past = true;
    const start = r.index + r.text.indexOf(span);
    let said = dayFrom(day, now);
    let end = start + span.length;
    // "tomorrow evening" said on its day: "this evening".
    const next = /^\s+([a-z]+)/i.exec(text.slice(end));
    if (n === 0 && next) {
      const part = `this ${next[1]}`;
      const p = dates.parse(part, reference(now), { forwardDate: false });
      if (p.length === 1 && p[0].text === part) {
        said = "this ";
        end += next[0].length - next[1].length;
      }
    }
    out += text.slice(at, start) + said;
    at = end;
  }
  return { text: out + text.slice(at), past };
}

/**
 * A resident's standing situation ("currently"), written on the day `from`, as it says it on the
 * day `now`: its days said from `now`, and a sentence whose day has gone by no longer said as
 * ahead, nor the sentences after it that speak of it ("it") without naming it again.
 */
export function currentlyOn(text: string, from: number | undefined, now: number): string {
  if (from === undefined || daysBetween(from, now) <= 0) return text;
  const kept: string[] = [];
  let dropped = false;
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    const s = saidOn(sentence, from, now);
    if (s.past) dropped = true;
    else if (
      dropped &&
      (nlp(sentence).pronouns().out("array") as string[]).some((p) => /^it\b/i.test(p))
    )
      continue;
    else {
      dropped = false;
      kept.push(s.text);
    }
  }
  return kept.join(" ");
}

/** Memories as said at `now`: what was noted on another day said from today ("tomorrow evening"
 *  noted yesterday is "this evening"). A plan noted ahead whose day has gone by stays (a resident
 *  never forgets its own news, as a plan named by its date stays), said on its day ("yesterday"). */
export function memoriesOn<T extends { text: string; created: number }>(
  ms: readonly T[],
  now: number,
): T[] {
  return ms.map((m) => {
    if (daysBetween(m.created, now) <= 0) return m;
    const text = m.text
      .split(/(?<=[.!?])\s+/)
      .map((x) => saidOn(x, m.created, now).text)
      .join(" ");
    return text === m.text ? m : { ...m, text };
  });
}

/** Whether a sentence names a time (chrono-node, read at `now`) on a day within days `span` of
 *  `now`'s ([0, 0]: today; [1, 1]: tomorrow). */
export function dayIn(text: string, now: number, span: readonly [number, number]): boolean {
  return dates.parse(text, reference(now), { forwardDate: true }).some((r) => {
    const d = daysBetween(now, r.start.date().getTime());
    return d >= span[0] && d <= span[1];
  });
}

/** The days a text names outright ("today", "tomorrow", "on Saturday"), as days from one fixed
 *  day; a part of the day alone ("in the morning") or "most days" names none. */
function daysNamedIn(text: string): Set<number> {
  const ref = Date.UTC(2000, 0, 5, 12);
  return new Set(
    dates
      .parse(text, new Date(ref))
      .filter((r) => r.start.isCertain("day") || r.start.isCertain("weekday"))
      .map((r) => daysBetween(ref, r.start.date().getTime())),
  );
}

/** Whether two sayings may be of the same day: one names no day, or they name one in common
 *  ("So far TODAY I've been ..." is not "TOMORROW I'll be ..." in other words). */
export function sameDaySaid(a: string, b: string): boolean {
  const x = daysNamedIn(a);
  const y = daysNamedIn(b);
  return !x.size || !y.size || [...x].some((d) => y.has(d));
}
