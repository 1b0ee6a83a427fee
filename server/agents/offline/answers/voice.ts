// Saying things within a talk: the talk so far, one of several wordings never said before, the
// resident's own facts said in the first person, a clause cut short or the part of it asked for.
import { Bounded, copyOf, parsed, sentencesOf, type Doc } from "../../language/parse.ts";
import type { MemoryLine } from "../../prompts/builder.ts";
import { tellable, type Fact, type PersonaFacts } from "../../language/facts.ts";
import type { Knowledge } from "../../language/knowledge.ts";
import { inFirstPerson, makesClause, sentence } from "../../language/realise.ts";
import { contentWords } from "../../language/understand.ts";
import { seeded } from "../../language/random.ts";
import { standingAlone } from "../../language/anaphora.ts";
import { sameNews } from "../../language/news.ts";
import { senses } from "../../language/lexicon.ts";

export interface Talk {
  me: string;
  speaker: string;
  role: string;
  /** The resident's earlier lines in this talk (never said again). */
  said: string[];
  /** Everything said in the talk before, by anyone (never said back). */
  heard: string[];
  memories: MemoryLine[];
  residents: readonly string[];
  /** Game time now: records' days are told from it ("two days ago"). */
  now?: number;
}

export interface PeopleAnswer {
  text: string;
  end: boolean;
  /** An invitation accepted: when (day offset from today, minute) and what. */
  accepted?: { day: number; minute: number; what: string };
  /** Where the answer came from (for the battery's report). */
  source: string;
}

export const firstName = (n: string) => n.split(" ")[0];
export const plain = (task: string) => task.replace(/\s*\(.*\)\s*$/, "").trim();

/** One of several wordings, seeded by the talk, skipping any already said. */
export function choose(options: string[], talk: Talk, ...salt: (string | number)[]): string {
  const fresh = options.filter((o) => o && !talk.said.some((s) => s.includes(o)));
  const pool = fresh.length ? fresh : options;
  return pool[seeded(talk.me, talk.speaker, talk.said.length, ...salt) % pool.length];
}

/** Sentences not yet said in the talk, and not the person's words. A sentence said before inside
 *  a longer one is left out of it (the occupation said again after "Who are you?"), and the rest
 *  kept when it still says something; a short reply word ("Yes.") may come again, and a reply left alone is kept. */
export function unsaid(sentences: string[], talk: Talk, retelling = true): string[] {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9 ]/g, "");
  const said = talk.said.map(norm);
  // (What the other said of themselves, "Nothing much troubles me", says nothing of the one
  // answering: said by it, it is its own answer, not theirs repeated.)
  const heard = talk.heard
    .flatMap((h) => sentencesOf(h))
    .filter((h) => !/\b(I|me|my|myself)\b|\bI'/.test(h))
    .map(norm);
  // Not said before, and not holding a whole line said before (an earlier answer inside a longer
  // sentence is that answer said again).
  const old = (n: string) => said.some((x) => x.includes(n)) || heard.some((h) => h.includes(n));
  const holds = (n: string) =>
    said.some((x) => x.length >= 12 && n.includes(x)) ||
    heard.some((h) => h.length >= 12 && n.includes(h));
  const fresh = (n: string) => !old(n) && !holds(n);
  // (Nor a plan said before in other words: told from a memory, then from the persona, at the
  // same hour.)
  const told = talk.said.flatMap((x) => sentencesOf(x));
  const retold = (p: string) => retelling && told.some((x) => sameNews(x, p, "hour"));
  return sentences.flatMap((s) => {
    const n = norm(s);
    if (!n.length || old(n)) return [];
    const parts = sentencesOf(s);
    const gone = parts.map((p) => norm(p).length >= 12 && (!fresh(norm(p)) || retold(p)));
    // (A sentence that leaned on one said before still says what it meant, unless that was said.)
    const kept = liftedOut(parts, gone).filter(
      (p) => norm(p).length < 12 || (fresh(norm(p)) && !retold(p)),
    );
    if (kept.length === parts.length && !gone.some(Boolean)) return [s];
    // What is left says something, or still opens with its reply ("Mostly, yes."); a bare reply
    // whose substance was said already points back to it ("Yes, as I said."), never "Yes." alone.
    if (kept.some((p) => norm(p).length >= 12)) return [kept.join(" ")];
    if (!kept.length || kept[0] !== parts[0]) return [];
    const whose = parts.some(
      (p, i) => gone[i] && (said.some((x) => x.includes(norm(p))) || retold(p)),
    )
      ? "I"
      : "you";
    // The substance said again in brief, when it can be (its times left out: "Yes, as I said:
    // Ben is organising a picnic at the park."), so the pointer back says what it points to.
    // (With no time to leave out, the sentence itself, unless it was a whole line said before.)
    // (A long sentence with no time to leave out is pointed at by its first clause, when that
    // says something whole, "as I said: Sofia told me that Kenji is preparing for Saturday's
    // tournament", not said over again with all its clauses.)
    const gist = parts
      .filter((_, i) => gone[i])
      .map(
        (p) =>
          briefly(p) ||
          firstClause(p) ||
          (said.includes(norm(p)) ? "" : p.trim().replace(/[.!]+$/, "")),
      )
      .find((g) => g.length >= 12);
    const reply = kept.join(" ").replace(/[.!]+$/, "");
    // (A pointer back said once: asked again, the bare one, then nothing of it.)
    return [
      gist ? `${reply}, as ${whose} said: ${lowerFirst(gist)}`.replace(/([^.!?])$/, "$1.") : "",
      `${reply}, as ${whose} said.`,
    ]
      .filter((x) => x && !old(norm(x)))
      .slice(0, 1);
  });
}

/** A sentence's first clause, when it has more than one and the first has a verb and ends on a
 *  noun ("Sofia told me that Kenji is preparing for the tournament", of "..., which he intends to
 *  win"); else "". */
function firstClause(s: string): string {
  const whole = s.trim().replace(/[.!]+$/, "");
  const first = whole.split(/,\s+/)[0];
  if (first.length >= whole.length || first.length < 12) return "";
  const d = parsed(first);
  return d.has("#Verb") && d.terms().last().has("#Noun") ? first : "";
}

/** A sentence without its times ("on February 14 at 3 pm"), when that leaves it shorter; else
 *  "" (nothing briefer to say). */
export function briefly(s: string): string {
  const d = copyOf(s);
  // (A time word inside a noun phrase is part of its name, not when it is: "a Valentine's Day
  // party", "the Saturday market", "a New Year's Eve dance" keep their words; only a time said
  // apart, after a preposition or on its own, is left out.)
  for (const pattern of [
    "(on|at|by|from|until|around|for)? #Determiner? #Date+",
    "(on|at|by|from|until|around)? #Time+",
  ])
    d.match(pattern).forEach((m) => {
      if (!inNounPhrase(m as unknown as Doc)) d.remove(m);
    });
  const t = sentence(
    d
      .text()
      .trim()
      .replace(/[,\s]+([.!?])?$/, ""),
  );
  // (Nothing left hanging where a time was: "... for the.")
  const dangling = parsed(t).terms().last().has("(#Preposition|#Determiner|#Conjunction)");
  return t.length < s.trim().length - 3 && !dangling ? t : "";
}

/** Whether a span of time words is part of a noun phrase: it names the noun after it ("Day
 *  party", "Saturday market"), or it is a noun a possessive or a name before it holds
 *  ("Valentine's Day", "New Year's"), with no preposition or determiner of its own. */
function inNounPhrase(m: Doc): boolean {
  const next = m.after(".").terms().first();
  if (next.found && next.has("#Noun") && !next.has("(#Date|#Time|#Pronoun|#Value)")) return true;
  // (A noun, not a word that is only a time, "tomorrow", nor a day or month of the calendar.)
  const first = m.terms().first();
  if (first.has("(#Preposition|#Determiner|#WeekDay|#Month)") || !first.has("#Noun")) return false;
  const prev = m.before(".").terms().last();
  return prev.found && prev.has("(#Possessive|#ProperNoun|#Adjective)") && !prev.has("#Pronoun");
}

const lowerFirst = (s: string) =>
  /^(I|[A-Z][a-z]+ [A-Z])\b/.test(s) || nameFirst(s) ? s : s[0].toLowerCase() + s.slice(1);

/** Whether a sentence opens with a name: a proper noun as tagged, or a capitalised word that is no
 *  word of the dictionary nor a word of grammar ("Kenji told me ...", which the tagger may take for
 *  a common noun at a sentence's start). */
function nameFirst(s: string): boolean {
  const first = parsed(s).terms().first();
  if (first.has("#ProperNoun")) return true;
  const w = first.text("normal").replace(/[^a-z'-]/g, "");
  return (
    /^[A-Z]/.test(s) &&
    w.length > 1 &&
    senses(w).length === 0 &&
    !first.has("(#Determiner|#Pronoun|#Preposition|#Conjunction|#Adverb|#QuestionWord)")
  );
}

export function mine(f: PersonaFacts, text: string): string {
  return sentence(inFirstPerson(text, f.name, f.pronoun));
}

/** Where an answer may come from. A generic source (what it remembers or is, whatever was asked)
 *  answers only while no source that fits the question as read has been said in the talk. */
export type Source = { name: string; sentences: string[]; generic?: boolean };

/** A source that answers any question, when nothing that fits it was said before. */
export const generic = (s: Source): Source => ({ ...s, generic: true });

/** Sentences joined into one answer, none said twice: a sentence said already in it, inside
 *  another or holding one (a persona sentence again with a last talk after it), or the same news
 *  in other words (a plan in the persona and in a memory, sameNews), is left out, and a line left
 *  with nothing new is left out whole. A sentence that leaned on one left out still says what it
 *  meant (liftedOut). At most `most` lines. */
export function joined(lines: string[], most = 2): string {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9 ]/g, "");
  const kept: string[] = [];
  const said: string[] = [];
  const out: string[] = [];
  for (const line of lines) {
    if (out.length === most) break;
    const parts = sentencesOf(line).filter((p) => norm(p));
    const again = (p: string) => {
      const n = norm(p);
      return (
        kept.some((k) => k.includes(n) || (k.length >= 12 && n.includes(k))) ||
        said.some((k) => sameNews(k, p))
      );
    };
    const fresh = liftedOut(parts, parts.map(again), said.at(-1));
    if (!fresh.length) continue;
    kept.push(...fresh.map(norm));
    said.push(...fresh);
    out.push(fresh.length === parts.length ? line : fresh.join(" "));
  }
  return out.join(" ");
}

/**
 * The parts of a line that are not left out (`out[i]`), each able to stand where it is said: one
 * whose pronoun stood for something in a part left out takes that thing's words ("I want Felix to
 * play the piano at the Valentine's Day party"), unless the sentence said just before it
 * (`before`) holds the same thing. One whose pronoun stands for nothing in the parts left out
 * did not lean on them ("What made you think of IT?": the question asked) and is kept as it is.
 */
export function liftedOut(
  parts: readonly string[],
  out: readonly boolean[],
  before?: string,
): string[] {
  const kept: string[] = [];
  parts.forEach((p, i) => {
    if (out[i]) return;
    if (!out.slice(0, i).some(Boolean)) return void kept.push(p);
    const meant = standingAlone(p, parts.slice(0, i)) ?? p;
    const prev = kept.at(-1) ?? before;
    kept.push(prev !== undefined && standingAlone(p, [prev]) === meant ? p : meant);
  });
  return kept;
}

/** Whether every sentence of a source was said already in the talk (it fitted, and is used up);
 *  `retelling` false: said in the same words, not only the same news in others. */
export function usedUp(sentences: string[], talk: Talk, retelling = true): boolean {
  return (
    sentences.some((s) => s.trim()) && !unsaid(sentences, { ...talk, heard: [] }, retelling).length
  );
}

/** A source used up, pointed back to briefly (the gist of its sentence that bears most on what
 *  is asked, else of its first: its main clause, without its times), in a wording not said
 *  before in the talk; undefined when each was. */
export function saidBefore(
  sentences: string[],
  talk: Talk,
  bearing: (s: string) => number = () => 0,
): string | undefined {
  // (A bare reply, "Yes.", is no gist.)
  // (Each as it reads alone: "I want Olof to bring his accordion to the quiz night", not "to it".)
  const all = sentences
    .flatMap((x) => {
      const parts = sentencesOf(x);
      return parts.map((p, i) => standingAlone(p, parts.slice(0, i)) ?? p);
    })
    .filter((x) => x.trim().length >= 12);
  const best = all.map((x, i) => ({ x, s: bearing(x) - i / 1000 })).sort((a, b) => b.s - a.s)[0]?.x;
  // (Its first clause: "I'm married to Marco", not the aside after it.)
  const text = (best ?? "").trim().replace(/[.!?]+$/, "");
  // (Not at a comma inside a list of names: "I live with Klaus, Maria and Wolfgang".)
  const cut = text
    .slice(12)
    .search(/;|,(?! [A-Z][\w'-]*(?:, [A-Z][\w'-]*)* and [A-Z])|\s(who|which|where|whose)\b/);
  const main = (cut >= 0 ? text.slice(0, cut + 12) : text).replace(/^I am\b/, "I'm");
  const gist =
    /^I\b/.test(main) || parsed(main).terms().first().has("#ProperNoun")
      ? main
      : main.charAt(0).toLowerCase() + main.slice(1);
  if (!gist) return undefined;
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  const said = talk.said.map(norm);
  // (A gist that is a whole line said before is not said back whole: the pointer alone.)
  const whole = [...talk.said, ...talk.heard]
    .map(norm)
    .some((x) => x.length >= 12 && norm(gist).includes(x));
  const who = firstName(talk.speaker);
  // (The bare pointers used up, the gist is said back: better than no answer at all.)
  const gists = [`As I said, ${gist}.`, `Like I told you, ${gist}.`, `It's as I said: ${gist}.`];
  return (
    whole ? [`Same as I said before, ${who}.`, `As I said a moment ago, ${who}.`, ...gists] : gists
  ).find((o) => !said.includes(norm(o)));
}

export function factsOf(f: PersonaFacts, k: Knowledge, pred: (x: Fact) => boolean): string[] {
  return f.facts.filter((x) => pred(x) && tellable(x, k.knowsSpeaker)).map((x) => mine(f, x.text));
}

/** A clause up to its first relative clause or aside: "I am a student at the college". */
export function short(s: string): string {
  const cut = s.search(/,? (who|which|where|whose)\b|;|, (and|but)\b|\. /);
  if (cut <= 12) return s;
  const kept = s.slice(0, cut);
  const rest = s.slice(cut);
  // (A list cut before its ", and ..." ends on "and": "I tutor students and keep a notebook";
  // one cut inside its last doing, at the clause that doing takes with no comma, "knows WHERE
  // every permit is", leaves that doing out.)
  return sentence(
    /^, and\b/.test(rest)
      ? endsOnAnd(kept)
      : /^ (?:who|which|where|whose)\b/.test(rest)
        ? withoutLastDoing(kept)
        : kept,
  );
}

/** A list's last comma made "and" ("I keep the records, run the meetings" → "... and run ..."). */
function endsOnAnd(list: string): string {
  const comma = list.lastIndexOf(", ");
  // (A comma before a clause of its own, "I'm the clerk: I keep", is no list's.)
  if (comma < 0 || /[:;]/.test(list.slice(comma)) || / and /.test(list.slice(comma))) return list;
  return `${list.slice(0, comma)} and ${list.slice(comma + 2)}`;
}

/**
 * What is kept of a list of doings cut inside its last one: a verb whose object was the clause
 * cut away ("and knows| where every permit is") goes with it, and the list ends on "and" ("I
 * keep the records, run the council meetings and know" → "I keep the records and run the
 * council meetings").
 */
function withoutLastDoing(kept: string): string {
  if (!parsed(kept).has("#Verb$")) return kept;
  const and = kept.lastIndexOf(" and ");
  if (and < 0) return kept;
  return endsOnAnd(kept.slice(0, and));
}

export const wordsCache = new Map<string, string[]>();
export const wordsOf = (text: string) => {
  let w = wordsCache.get(text);
  if (!w) {
    if (wordsCache.size > 5000) wordsCache.clear();
    wordsCache.set(text, (w = contentWords(text)));
  }
  return w;
};

/** A text's verbs in the infinitive, by their words ("who LIVES next door?": "live"). Conjugated
 *  once per text: conjugating rewrites a copy of the tagging and tags it again, and the same
 *  questions come back talk after talk. (Shared: read it, never change it.) */
export function verbWordsOf(text: string): readonly string[] {
  let words = verbWords.get(text);
  if (!words) {
    // (A copy: the infinitive is written into the document, which is shared.)
    words = (copyOf(text).verbs().toInfinitive().out("array") as string[]).flatMap((v) =>
      wordsOf(v),
    );
    verbWords.set(text, words);
  }
  return words;
}
const verbWords = new Bounded<string, readonly string[]>(5_000);

/** Of a sentence listing habits ("I go to bed at 11 pm, wake up ..., and take long walks in the
 *  park"), the part that names one of the words, with its subject: "I take long walks in the
 *  park after lunch." */
export function partAbout(text: string, words: string[]): string {
  const parts = text.replace(/[.!]$/, "").split(/,\s*(?:and\s+)?|;\s*|\s+and\s+/);
  if (parts.length < 2) return text;
  // (A phrasal verb is its verb too: "wake up" is about waking.)
  const part = parts.find((p) =>
    wordsOf(p).some((w) => words.includes(w) || words.includes(w.split(" ")[0])),
  );
  if (!part) return text;
  if (/^I\b/.test(part)) return sentence(part);
  // A doing of its own takes "I" ("take long walks"); a clause with a subject of its own ("my
  // brother Ansel lives with us") is said as it is; what is neither, an aside ("a fisherman",
  // "which I inherited"), is no sentence: the whole is said.
  const p = parsed(part);
  // (A clause of its own with "I": "I weather", from "poems about towns AND WEATHER", is none.)
  // (Read after "I" too: alone, "skip breakfast" is tagged as a noun.)
  const doing = p.has("^#Adverb? #Verb") || parsed(`I ${part}`).has("^I #Adverb? #Verb");
  if (doing && !p.has("^(#Copula|#Auxiliary|#Modal)") && makesClause(part))
    return sentence(`I ${part}`);
  if (p.has("^#Possessive #Adjective? #Noun+ #Verb"))
    return sentence(part[0].toUpperCase() + part.slice(1));
  return text;
}
