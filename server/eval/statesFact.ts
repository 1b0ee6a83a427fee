// The offline judge of whether an interview answer states a study's fact: its CONTENT (what
// happens, and where or when where the fact says), never a name alone. The fact's sentence is read
// into parts with general tools: times by chrono-node, names and prepositional phrases by
// compromise's tagger, content words by stem (terms.ts: stopword + stemmer). An answer's denials
// ("I haven't heard of ...": a clause with a negative) and questions back ("A party?") say
// nothing, and a date or hour it gives that the fact's times do not hold is a wrong answer.
// Nothing here knows a scenario: the parts come from the fact's own words.
import * as chrono from "chrono-node";
import nlp from "compromise";
import { terms } from "./terms.ts";

/** A time the text names: its day (when it says one) and its hours (when it says them). */
interface Said {
  day?: string;
  from?: number;
  to?: number;
  /** Whether am/pm was said: "at 5" may be either. */
  meridiem: boolean;
}

export interface FactParts {
  /** People named (they never count alone). */
  names: string[];
  /** Stems of the words after a preposition that is not a time: where (and at what) it happens. */
  where: string[];
  /** Stems of every other content word: what happens, where, to what. */
  content: string[];
  /** What happens: content words outside prepositional phrases, and those the question gives. */
  core: string[];
  /** Stems the question already gives. */
  asked: string[];
  /** Whether the question asks who (then a name with the content is news). */
  asksWho: boolean;
  when: Said[];
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const hourOf = (d: Date) => d.getUTCHours() + d.getUTCMinutes() / 60;

/** The times a text names (game time is UTC), each with the characters it spans. */
function timesIn(text: string, now: Date): { said: Said; index: number; length: number }[] {
  return chrono.parse(text, { instant: now, timezone: 0 }).map((r) => {
    const start = r.start.date();
    const end = r.end?.date() ?? start;
    const said: Said = { meridiem: r.start.isCertain("meridiem") };
    // "tomorrow", "tonight", "February 14", "Saturday" name a day; "at 5 pm", "this evening" do not.
    if (r.start.isCertain("day") || r.start.isCertain("weekday")) said.day = day(start);
    if (r.start.isCertain("hour")) {
      said.from = hourOf(start);
      said.to = r.end?.isCertain("hour") ? hourOf(end) : said.from;
    }
    return { said, index: r.index, length: r.text.length };
  });
}

interface TaggedWord {
  text: string;
  tags: ReadonlySet<string>;
}
/** What compromise's terms().json() gives for each word (the part of it read here). */
type TermJson = { text: string; terms: { tags: string[] }[] }[];

/** Words of a text outside the given character spans (times), as compromise reads them. */
function wordsOutside(text: string, spans: { index: number; length: number }[]): TaggedWord[] {
  let rest = text;
  for (const s of spans)
    rest = rest.slice(0, s.index) + " ".repeat(s.length) + rest.slice(s.index + s.length);
  const json = nlp(rest).terms().json() as TermJson;
  return json.map((t) => ({ text: t.text, tags: new Set(t.terms[0]?.tags ?? []) }));
}

/** Read a fact's sentence, and the question asked about it, into parts. */
export function factParts(about: string, question: string, now: number): FactParts {
  const ref = new Date(now);
  const times = timesIn(about, ref);
  const words = wordsOutside(about, times);
  const names: string[] = [];
  const where: string[] = [];
  const content: string[] = [];
  const core: string[] = [];
  let afterPreposition = false;
  for (const w of words) {
    if (w.tags.has("Preposition")) {
      afterPreposition = true;
      continue;
    }
    if (w.tags.has("Verb")) afterPreposition = false;
    const inPhrase = afterPreposition;
    // A phrase ends at its punctuation ("at the cafe, ...").
    if (/[,.;:!?]\s*$/.test(w.text)) afterPreposition = false;
    const stems = terms(w.text);
    if (!stems.length || w.tags.has("Value") || w.tags.has("Date")) continue;
    // A person named outside a prepositional phrase (the tagger takes some places for people).
    if ((w.tags.has("Person") || w.tags.has("ProperNoun")) && !inPhrase) names.push(...stems);
    else {
      content.push(...stems);
      (inPhrase ? where : core).push(...stems);
    }
  }
  const asked = terms(question);
  core.push(...content.filter((t) => asked.includes(t)));
  const asksWho = nlp(question).has("who");
  const uniq = (xs: string[]) => [...new Set(xs)];
  return {
    names: uniq(names),
    where: uniq(where),
    content: uniq(content).filter((t) => !names.includes(t)),
    core: uniq(core).filter((t) => !names.includes(t)),
    asked: uniq(asked),
    asksWho,
    when: times.map((t) => t.said),
  };
}

/** Whether a time the answer gives agrees with one of the fact's (same day, hours that meet). */
function agrees(a: Said, f: Said): boolean {
  if (a.day && f.day && a.day !== f.day) return false;
  if (a.from === undefined || f.from === undefined) return Boolean(a.day && f.day);
  const fFrom = f.from - 1;
  const fTo = (f.to ?? f.from) + 1;
  const near = (h: number) => h >= fFrom && h <= fTo;
  return near(a.from) || (!a.meridiem && near((a.from + 12) % 24));
}

export interface StatesVerdict {
  knows: boolean;
  reason: string;
}

// English's negative pronouns and adverbs, which the tagger does not mark #Negative ("not",
// "never" and "n't" it does): closed-class grammar, like the stop words, not words of a scenario.
const NEGATIVE = "(nobody|nothing|none|neither|nor|nowhere|noone)";

function denies(clause: string): boolean {
  const d = nlp(clause);
  return d.has("#Negative") || d.has(NEGATIVE) || d.has("no #Noun") || d.has("no one");
}

/** What an answer asserts: its sentences that are not questions, less the clauses that deny. */
function asserted(answer: string): string {
  const kept: string[] = [];
  for (const s of nlp(answer).sentences().out("array") as string[]) {
    if (s.trim().endsWith("?")) continue;
    for (const c of nlp(s).clauses().out("array") as string[]) if (!denies(c)) kept.push(c);
  }
  return kept.join(" ");
}

/**
 * Whether the answer states the fact: some of its content; something the question did not give
 * (content, a time of the fact, or — asked who — a name of the fact); where or when, if the fact
 * says where or when; and no time the fact does not hold.
 */
export function statesFact(parts: FactParts, answer: string, now: number): StatesVerdict {
  const text = asserted(answer);
  const times = timesIn(text, new Date(now));
  const said = new Set(terms(text));
  const content = parts.content.filter((t) => said.has(t));
  const core = parts.core.filter((t) => said.has(t));
  const beyond = content.filter((t) => !parts.asked.includes(t));
  const names = parts.names.filter((t) => said.has(t));
  const where = parts.where.filter((t) => said.has(t));
  const dated = times.filter((t) => t.said.day || t.said.from !== undefined);
  const rightTime = dated.some((t) => parts.when.some((f) => agrees(t.said, f)));
  const wrongTime = parts.when.length > 0 && dated.length > 0 && !rightTime;
  const places = parts.where.length > 0;
  const needsWhereOrWhen = places || parts.when.length > 0;
  const why = (knows: boolean, r: string): StatesVerdict => ({ knows, reason: r });
  if (!core.length)
    return why(
      false,
      `states none of what happens${names.length || content.length ? ` (names only ${[...names, ...content].join(", ")})` : ""}`,
    );
  if (wrongTime) return why(false, `gives a time the fact does not hold (${content.join(", ")})`);
  if (!beyond.length && !rightTime && !(parts.asksWho && names.length))
    return why(false, `says no more than the question (${content.join(", ")})`);
  if (needsWhereOrWhen && !where.length && !rightTime)
    return why(false, `states what (${content.join(", ")}) but not where or when`);
  const got = [...content, ...(rightTime ? ["the time"] : [])];
  return why(true, `states the fact (${got.join(", ")})`);
}
