// Understanding what a person says: one utterance read into what it does (a question, news, an
// invitation or request, a greeting, thanks, a goodbye, an opinion) and, for a question, what is
// asked (who/what/where/when/why/how/yes-no), about whom, over which time and on which topic.
// Grammar comes from compromise's tags (question words, pronouns, modals, tense), the time from
// chrono-node, and what an opening word does from its WordNet gloss (an expression of greeting,
// of farewell, of gratitude). The closed-class words below are English grammar, not a topic list.
import nlp from "compromise";
import * as chrono from "chrono-node";
import { datesIn, namesTimeAhead, withDays } from "./time.ts";
import {
  closeness,
  domainOf,
  feelingOf,
  isSettlement,
  isWord,
  kindOf,
  lemma,
  relatedness,
  senses,
  type Pos,
} from "./lexicon.ts";
import { Bounded, parsed, sentencesOf, termsOf, type Doc, type ParsedTerm } from "./parse.ts";

export type Act =
  | "question"
  | "statement"
  | "invitation"
  | "request"
  | "greeting"
  | "thanks"
  | "goodbye"
  | "opinion"
  | "permission"
  | "offer";
export type Wh = "who" | "what" | "where" | "when" | "why" | "how" | "which" | "yesno";
export type Span =
  "now" | "today" | "evening" | "tomorrow" | "yesterday" | "week" | "recent" | "future" | "general";

export interface Utterance {
  text: string;
  act: Act;
  /** Also opens with a greeting ("Hi! What do you do?"). */
  greets: boolean;
  wh?: Wh;
  /** Whom it is about: the listener, the speaker, a named resident, people in general. */
  about: "you" | "me" | "person" | "people" | "thing";
  /** The resident it names, if any (full name). */
  person?: string;
  span: Span;
  /** The tense of its main verb: what was, is, or will be. */
  tense: "past" | "present" | "future";
  /** Content words by their lemma, the question words and pronouns left out. */
  topic: string[];
  /** The part of speech each topic word is used in ("do you COOK": a verb), for its sense. */
  pos?: Record<string, Pos>;
  /** The asked-for thing's head noun for what/which questions ("what do you WORRY about"). */
  negative: boolean;
  /** The clock time it names, if any (game ms), for an invitation. */
  at?: number;
  /** An hour said without "am" or "pm" and with nothing in the words to tell which: its other
   *  reading, 12 hours apart, while still to come ("at 9" read as 9 am, this is 9 pm). */
  atOr?: number;
  /** The day it names, as days from today (0 today, 1 tomorrow, 4 "on Saturday", -1
   *  yesterday), when it names one. */
  days?: number;
  /** The part of a day it names without an hour ("this MORNING"): the hour chrono-node implies. */
  partHour?: number;
  /** A goodbye that also thanks ("Thanks, bye!"): the thanks is met as it closes. */
  thanks?: boolean;
  /** A remark that asks to be agreed with by its tag ("Lovely day, ISN'T IT?"): the tag's verb
   *  and subject, as the agreement says them back ("It is"). */
  tag?: { verb: string; subject: string };
}

type Term = { text: string; normal: string; tags: string[] };

const has = (t: Term, tag: string) => t.tags.includes(tag);

// Opening words of a talk: what they do, read from WordNet's glosses.
const SOCIAL: [Act, string][] = [
  ["greeting", "greeting"],
  ["goodbye", "farewell"],
  ["thanks", "thanks"],
];
function socialAct(
  ts: readonly ParsedTerm[],
  told: ReadonlySet<string> = new Set(),
): Act | undefined {
  const kept = ts.filter((t) => /[a-z]/.test(t.normal));
  const words = kept.map((t) => t.normal.replace(/[^a-z' -]/g, ""));
  // A farewell opening a clause of its own closes the talk ("Thanks, BYE!", "Lovely tea, and
  // GOODBYE", "Ok, SO LONG"): a short clause, after a comma, a conjunction or an interjection, and
  // no verb said to the listener ("LEAVE it to me"); inside a clause it is part of its grammar
  // ("sorry for keeping you SO LONG"). A verb told in the past is no farewell ("my father DIED").
  for (const i of clauseOpenings(kept)) {
    if (told.has(words[i]) || has(kept[i], "Verb")) continue;
    const end = kept.findIndex((t, j) => j >= i && (j === kept.length - 1 || clauseEnds(t)));
    if (end - i >= 4) continue;
    for (const n of [2, 1]) {
      const phrase = words.slice(i, Math.min(i + n, end + 1)).join(" ");
      if (phrase.split(" ").length !== n) continue;
      // "Good morning" is WordNet's "greeting or farewell": at once both, it opens a talk.
      const bye = relatedness(phrase, "farewell");
      if (
        bye >= 0.45 &&
        bye > relatedness(phrase, "greeting") &&
        bye > relatedness(phrase, "thanks")
      )
        return "goodbye";
    }
  }
  // (Thanks said with a word of how much: "MANY thanks", "warmest thanks": read from its noun,
  // as WordNet has no entry for the whole.)
  const head = kept.findIndex((t) => !has(t, "Adjective") && !has(t, "Determiner"));
  const from = head > 0 && head <= 2 && isWord(words[head], "noun") ? [0, head] : [0];
  for (const [i, n] of from.flatMap((i) => [3, 2, 1].map((n) => [i, n] as const))) {
    if (words.length < i + n) continue;
    const phrase = words.slice(i, i + n).join(" ");
    const scores = SOCIAL.map(([act, concept]) => [act, relatedness(phrase, concept)] as const);
    scores.sort((a, b) => b[1] - a[1]);
    const tie = scores[0][1] === scores[1][1];
    const greetingTied = tie && (scores[0][0] === "greeting" || scores[1][0] === "greeting");
    // (A verb said to the listener is no farewell: "LEAVE the bread on the table".)
    if (scores[0][0] === "goodbye" && !greetingTied && has(kept[i], "Verb")) continue;
    // (Past the words of how much, only thanks: "lovely MORNING" remarks on the day.)
    if (scores[0][1] >= 0.45 && (!tie || greetingTied) && (i === 0 || scores[0][0] === "thanks"))
      return greetingTied ? "greeting" : scores[0][0];
  }
  return undefined;
}

/** Whether a term closes its clause: punctuation after it. */
const clauseEnds = (t: ParsedTerm) => /[,;:.!?]/.test(t.post);

/** Where the clauses of a line open, by its grammar: its first word, after punctuation or a
 *  conjunction ("thanks AND goodbye"), and past an interjection that opens one ("OK bye"). */
function clauseOpenings(ts: readonly ParsedTerm[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < ts.length; i++) {
    const prev = ts[i - 1];
    if (
      !prev ||
      clauseEnds(prev) ||
      has(prev, "Conjunction") ||
      (has(prev, "Expression") && out.includes(i - 1))
    )
      out.push(i);
  }
  return out;
}

// The nouns a parting wish is made of: times, states, feelings, doings ("have a nice DAY", "take
// CARE", "have FUN"), not things, places or people (WordNet's noun files).
const WISH_FILES = ["noun.time", "noun.act", "noun.feeling", "noun.state", "noun.attribute"];

/**
 * A parting read from grammar where WordNet has no entry for the formula: a short line that is
 * no question and has no subject, opening with a verb said to the listener, that either speaks of
 * meeting again ("See you later", "Talk to you soon": the verb's object is "you", nothing else
 * but time words) or wishes the listener a state ("Take care", "Have a nice day", "Be well": its
 * nouns are times, feelings, states or doings, none of them the speaker's).
 */
function parting(sentence: string): boolean {
  if (/\?\s*$/.test(sentence)) return false;
  const terms = termsOf(sentence);
  const words = terms.filter((t) => !has(t, "Person") && !has(t, "ProperNoun"));
  if (!words.length || words.length > 5 || !has(words[0], "Verb")) return false;
  if (has(words[0], "Modal")) return false;
  const rest = words.slice(1);
  const you = rest.some((t) => t.normal === "you");
  const nouns = rest.filter((t) => has(t, "Noun") && !has(t, "Pronoun") && !has(t, "Date"));
  const mine = rest.some((t) => /^(me|my|us|our|i|we)$/.test(t.normal));
  if (mine) return false;
  const verb = lemma(words[0].normal, "verb") ?? words[0].normal;
  // Meeting again: "see/talk to/catch you" and only times ("later", "soon", "tomorrow").
  const onlyTime = rest.every(
    (t) =>
      t.normal === "you" ||
      has(t, "Preposition") ||
      has(t, "Date") ||
      has(t, "Adjective") ||
      has(t, "Adverb"),
  );
  if (you && onlyTime && rest.length >= 2) return true;
  // A wish: its nouns are states, feelings, times or doings, and there is one, or a word of how.
  const wished = nouns.every((t) => {
    const n = lemma(t.normal, "noun") ?? t.normal;
    return WISH_FILES.includes(domainOf(n, "noun"));
  });
  // A wish points at nothing at hand: "Mind the step", "Have a look at this" are about a thing
  // (a definite article, a pointing pronoun, a place or thing after a preposition), not a parting.
  const pointing = rest.some(
    (t) =>
      (has(t, "Determiner") && !["a", "an"].includes(t.normal)) ||
      (has(t, "Pronoun") && t.normal !== "you") ||
      has(t, "Preposition"),
  );
  if (pointing) return false;
  const how = nouns.length > 0 || rest.some((t) => has(t, "Adjective") || has(t, "Adverb"));
  const inviting = ["verb.motion"].includes(domainOf(verb, "verb"));
  return wished && how && !inviting && !you;
}

/** The verbs said under a modal of need or duty ("must GO", "have to RUN", "you should COME",
 *  "gotta DASH", "had better GO"), each with its subject ("i", "you", ...; "" when none is said,
 *  "Must dash") and where it stands in the terms. English's modals: grammar, a closed class. */
function underModal(ts: readonly ParsedTerm[]): { subject: string; verb: number }[] {
  const word = (t: ParsedTerm | undefined) => t?.normal.replace(/[^a-z']/g, "") ?? "";
  const out: { subject: string; verb: number }[] = [];
  for (let j = 0; j < ts.length; j++) {
    const w = word(ts[j]);
    const toAfter = /^(have|has|had|got|need|needs|ought)$/.test(w) && word(ts[j + 1]) === "to";
    if (!toAfter && !/^(must|should|gotta|better|best)$/.test(w)) continue;
    let v = j + (toAfter ? 2 : 1);
    while (ts[v] && has(ts[v], "Adverb")) v++;
    if (!ts[v] || !has(ts[v], "Verb")) continue;
    // (Through "be" or "get" to the doing they carry: "must be GOING", "should get GOING".)
    if (/^(be|get)$/.test(word(ts[v])) && ts[v + 1] && has(ts[v + 1], "Gerund")) v++;
    let s = j - 1;
    while (ts[s] && (has(ts[s], "Adverb") || /^(have|had|would|will)$/.test(word(ts[s])))) s--;
    const subject = ts[s] && !clauseEnds(ts[s]) ? word(ts[s]).replace(/'.*$/, "") : "";
    out.push({ subject, verb: v });
  }
  return out;
}

/** A bare verb's lemma ("coming" → "come"), when the word is a verb's form. */
const verbLemma = (w: string) => lemma(w.toLowerCase().replace(/[^a-z'-]/g, ""), "verb");

/** Whether a verb wishes (a kind of desire in WordNet's first senses: "want", "fancy", "care",
 *  "like" to), not only enjoys ("do you like SWIMMING?" asks a taste). */
const wishing = (l: string) =>
  closeness(l, "want") >= 0.7 || kindOf(l, "desire", { pos: "verb", senses: 3 });

/**
 * An invitation said in another of the forms people ask with, as the doing it asks of the
 * listener (the verb in its base form and what follows it, "come along to the quiz tomorrow
 * night"), to be read as "do you want to ...": a wish asked with the doing as a gerund ("Fancy
 * COMING?", "Do you fancy coming along?"; by a verb of desire, not of enjoying); a suggestion of
 * the listener's doing ("How about COMING along to the quiz?", with something after it: "what
 * about swimming?" alone asks a taste); a doing urged on the listener in which the speaker is
 * ("You should COME to my gallery opening"); or an imperative whose clause names a time, the
 * speaker or the listener's wish ("Come round for dinner TONIGHT if you like", "Do come and see
 * US"). Whether it invites is read after, as for "do you want to ...": by its verb.
 */
export function askedDoing(sentence: string): string | undefined {
  const question = /\?\s*$/.test(sentence);
  const ours = parsed(sentence).has("(me|us|my|our|ours|we)");
  for (const clause of sentence.split(/[,;:]\s*/)) {
    const ts = termsOf(clause).filter((t) => /[a-z]/.test(t.normal));
    if (!ts.length) continue;
    const from = (i: number, verb = ts[i].normal) =>
      [verbLemma(verb) ?? verb, ...ts.slice(i + 1).map((t) => t.text || t.normal)]
        .join(" ")
        .replace(/[.!?]+$/, "")
        .trim();
    const w = (i: number) => ts[i]?.normal.replace(/[^a-z']/g, "") ?? "";
    const gerund = (i: number) =>
      /ing$/.test(w(i)) && !!verbLemma(w(i)) && verbLemma(w(i)) !== w(i);
    // A wish asked, with or without its subject: "(do you) fancy COMING?"
    const at = /^(do|would|will)$/.test(w(0)) && w(1) === "you" ? 2 : 0;
    const wish = verbLemma(w(at));
    if (
      question &&
      wish &&
      gerund(at + 1) &&
      wishing(wish) &&
      !kindOf(wish, "like", { pos: "verb", senses: 3 })
    )
      return from(at + 1);
    // A suggestion of the listener's doing: "how about COMING along ...".
    if (/^(how|what)$/.test(w(0)) && w(1) === "about" && gerund(2) && ts.length > 3) return from(2);
    // Urged on the listener, with the speaker in it: "you should COME to my opening".
    if (!question && ours) {
      const urged = underModal(ts).find((m) => m.subject === "you");
      if (urged) return from(urged.verb);
    }
    // An imperative (after "do" or "please"), its clause naming a time, the speaker or the
    // listener's wish.
    const v = /^(do|please)$/.test(w(0)) ? 1 : 0;
    const bare =
      !question &&
      ts[v] &&
      has(ts[v], "Verb") &&
      (has(ts[v], "Imperative") || has(ts[v], "Infinitive")) &&
      !["Modal", "Auxiliary", "Copula"].some((g) => has(ts[v], g)) &&
      verbLemma(w(v)) === w(v) &&
      !/^let/.test(w(v));
    const wished = () =>
      (parsed(clause).match("if you [#Verb]", 0).out("array") as string[]).some((x) =>
        wishing(verbLemma(x) ?? x),
      );
    if (
      bare &&
      (chrono.parse(clause).length > 0 || parsed(clause).has("(me|us|my|our)") || wished())
    )
      return from(v);
  }
  return undefined;
}

/** Whether a sentence says the speaker is leaving: "I have to go now", "Sorry, I must RUN",
 *  "Gotta dash": under "have to", "must", "need to", "had better", the speaker's own verb (its
 *  subject "I" or "we", or none said), either near leaving by WordNet or one of motion with no
 *  place or thing after it in its clause ("I have to run THE SHOP" is no leaving). */
function leavingIn(sentence: string): boolean {
  const ts = termsOf(sentence).filter((t) => /[a-z]/.test(t.normal));
  return underModal(ts).some(({ subject, verb }) => {
    // The speaker's own, or none said ("Must dash"); not another's ("YOU should go").
    if (subject && !/^(i|we)$/.test(subject)) return false;
    const w = ts[verb].normal.replace(/[^a-z']/g, "");
    const l = lemma(w, "verb") ?? w;
    if (closeness(l, "leave") >= 0.6) return true;
    // Being away said of oneself: "I'd better be OFF", "must be away" (an adverb WordNet puts
    // beside "away", from a place), nothing but a time after it.
    const next = ts[verb + 1]?.normal.replace(/[^a-z']/g, "") ?? "";
    if (
      l === "be" &&
      next &&
      !ts.slice(verb + 2).some((t) => (has(t, "Noun") && !has(t, "Date")) || has(t, "Verb")) &&
      senses(next, "adv").length > 0 &&
      closeness(next, "away") >= 0.6
    )
      return true;
    // (Its clause after the verb: nothing done to a thing or place, no other verb.)
    const rest: ParsedTerm[] = [];
    for (let k = verb + 1; k < ts.length && !clauseEnds(ts[k - 1]); k++) rest.push(ts[k]);
    return (
      domainOf(l, "verb") === "verb.motion" &&
      !rest.some(
        (t) =>
          (has(t, "Noun") && !has(t, "Date") && !has(t, "Pronoun")) ||
          (has(t, "Verb") && !has(t, "Particle")) ||
          has(t, "Determiner"),
      )
    );
  });
}

/**
 * A pleasantry on the talk itself, said as it ends: an evaluation ("nice", "lovely", "a
 * pleasure", "enjoyed") of meeting or talking with the listener ("it was nice to MEET you",
 * "lovely TALKING with you", "I enjoyed our CHAT"), nothing else in it. Said of a talk that was (a
 * past tense) or is going on (a gerund), it closes the talk. Read from WordNet's domains: the
 * words are evaluations (adjectives, feelings) and doings of meeting or talking (social,
 * communication); no question, and about the two of them ("you", "our").
 */
function closingPleasantry(
  sentence: string,
  terms: readonly { word: string; pos: Pos }[],
): boolean {
  if (/\?\s*$/.test(sentence) || !terms.length) return false;
  const doc = parsed(sentence);
  if (!doc.has("(you|your|our)")) return false;
  // (Meeting is social in its second sense: its first few senses are read.)
  const filed = (w: string, pos: Pos, files: string[]) =>
    senses(w, pos)
      .slice(0, 2)
      .some((x) => files.includes(x.domain));
  let doing = false;
  let liked = false;
  for (const t of terms) {
    // (A word WordNet does not hold is grammar: "our".)
    if (!senses(t.word).length) continue;
    if (filed(t.word, t.pos, ["verb.social", "verb.communication", "noun.communication"]))
      doing = true;
    else if (filed(t.word, t.pos, ["verb.emotion", "noun.feeling"]) || t.pos === "adj")
      liked = true;
    else return false;
  }
  // Of a talk that was ("it WAS nice", "I ENJOYED"), or is going on ("nice talkING to you").
  return doing && liked && (doc.has("#PastTense") || /ing\b/i.test(sentence));
}

/** The indefinite pronouns of persons ("is ANYONE around?"): grammar, a closed class. */
const ANYONE = "(anyone|anybody|everyone|everybody|someone|somebody)";

/** Whether it speaks of people in general: an indefinite pronoun of persons, or a noun for people
 *  as a group ("where do PEOPLE go?"), for a place people live together ("what's on in TOWN?"),
 *  or for persons in the plural that are nobody's ("do NEIGHBOURS talk?", not "my parents"). */
function ofPeople(doc: Doc): boolean {
  if (doc.has(ANYONE)) return true;
  const owned = new Set(
    (doc.match("#Possessive #Adjective? [#Noun]", 0).out("array") as string[]).map((w) =>
      w.toLowerCase(),
    ),
  );
  return (doc.match("#Noun").terms().out("array") as string[]).some((t) => {
    const w = t.toLowerCase().replace(/[^a-z'-]/g, "");
    if (!w || !isWord(w, "noun")) return false;
    const base = lemma(w, "noun") ?? w;
    return (
      kindOf(base, "people") ||
      isSettlement(base) ||
      (base !== w && !owned.has(w) && domainOf(base, "noun") === "noun.person")
    );
  });
}

/** A suggestion in the first person plural, its verb captured (English grammar: the hortative
 *  "let's", "shall we", "how about we", "why don't we", "why not"). */
const SUGGESTION =
  "^(let's #Pronoun?|let us|lets|shall we|should we|how about we|what about we|why don't #Negative? we|why do #Negative we|why #Negative) [#Verb]";

/** A number said in words or figures ("four", "4"), by compromise. (Read once per word: "at
 *  home", "at the" come back in every line read for its clock times.) */
function numberOf(word: string): number | undefined {
  const kept = numbersKept.get(word);
  if (kept !== undefined) return kept ?? undefined;
  const n = (nlp(word).numbers().get() as number[])[0];
  const out = typeof n === "number" && Number.isFinite(n) ? n : undefined;
  numbersKept.set(word, out ?? null);
  return out;
}
const numbersKept = new Bounded<string, number | null>(20_000);

/**
 * A clock time said in words ("half past four", "a quarter to six", "ten past five") in figures,
 * as chrono-node reads them ("4:30"): a part of the hour is a fraction by its WordNet gloss ("one
 * of four equal parts") or a number of minutes; "past"/"after" count on from the hour,
 * "to"/"before" back from it.
 */
export function clockInFigures(text: string): string {
  // (Read once per text: a line is read for its times again and again.)
  let out = figuresKept.get(text);
  if (out === undefined) figuresKept.set(text, (out = readClockInFigures(text)));
  return out;
}
const figuresKept = new Bounded<string, string>(20_000);

function readClockInFigures(text: string): string {
  // (A count of things is no time: "two to three PEOPLE", "at one POINT".)
  const thingAfter = (whole: string, end: number) => {
    const next = (whole.slice(end).match(/^\s+([a-z]+)/i) ?? [])[1];
    return !!next && nlp(next).has("#Noun") && !nlp(next).has("#Date");
  };
  return text
    .replace(
      /\b(?:an? )?([a-z]+) (past|after|to|before) ([a-z]+|\d{1,2})\b/gi,
      (all, part: string, way: string, hourWord: string, at: number, whole: string) => {
        if (thingAfter(whole, at + all.length)) return all;
        const hour = numberOf(hourWord);
        if (hour === undefined || !Number.isInteger(hour) || hour < 1 || hour > 12) return all;
        const parts = senses(part.toLowerCase(), "noun")
          .map((s) => /^one of (\w+) equal parts/.exec(s.gloss)?.[1])
          .find(Boolean);
        const counted = numberOf(part);
        const minutes = parts
          ? 60 / (numberOf(parts) ?? NaN)
          : // (Minutes are said by fives: "ten past", "twenty-five to".)
            counted !== undefined && counted > 0 && counted < 60 && counted % 5 === 0
            ? counted
            : NaN;
        if (!Number.isInteger(minutes)) return all;
        const back = /^(to|before)$/i.test(way);
        const h = back ? (hour === 1 ? 12 : hour - 1) : hour;
        const m = back ? 60 - minutes : minutes;
        return `${h}:${String(m).padStart(2, "0")}`;
      },
    )
    .replace(/\bat ([a-z]+)\b/gi, (all, word: string, at: number, whole: string) => {
      // "At seven": an hour said in words, said last in its clause or before a time
      // ("at seven tomorrow"), not "at one point".
      const hour = numberOf(word);
      if (hour === undefined || !Number.isInteger(hour) || hour < 1 || hour > 12) return all;
      const next = (whole.slice(at + all.length).match(/^\s+([a-z']+)/i) ?? [])[1];
      return next && !nlp(next).has("#Date") ? all : `at ${hour}`;
    });
}

/** A verb said in the past: not a participle said of now after a present "be" ("where ARE you
 *  headed?", "is she married?"). */
function saysPast(doc: ReturnType<typeof nlp>): boolean {
  const all = doc.match("#PastTense").length;
  if (!all) return false;
  return all > doc.match("(am|is|are) #Pronoun? #Adverb? [#PastTense]", 0).length;
}

const usualHours = new Bounded<string, number | null>(2_000);

/** The hour of the day a definition names, as chrono-node reads a part of the day in it ("the
 *  first meal of the day (usually in the MORNING)"); a word of time chrono-node does not read is
 *  read through its own definition ("MIDAFTERNOON": "the middle part of the afternoon"), once. */
function hourIn(definition: string, deep = true): number | undefined {
  const ref = new Date(Date.UTC(2000, 0, 1, 12));
  const r = chrono.parse(definition, ref)[0];
  const h = r?.start.get("hour");
  if (r && h !== null && h !== undefined) return h;
  if (!deep) return undefined;
  for (const w of definition.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
    const time = senses(w, "noun").find((s) => s.domain === "noun.time");
    if (!time || senses(w, "noun")[0] !== time) continue;
    const inner = hourIn(time.gloss.split(";")[0], false);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** The hour of the day at which a thing said is usually done, by the first of its senses whose
 *  definition names a part of the day ("dinner": "the main meal of the day served in the
 *  evening", 8 pm; "breakfast": "... usually in the morning"; "tea", beside the drink: "a light
 *  midafternoon meal"); undefined when no thing said has one. A time word itself is no such
 *  thing ("evening" is read as the time it is). */
function usualHour(doc: ReturnType<typeof nlp>): number | undefined {
  for (const t of doc
    .match("#Noun")
    .not("(#Date|#Time|#Pronoun|#Value)")
    .terms()
    .out("array") as string[]) {
    const w = t.toLowerCase().replace(/[^a-z-]/g, "");
    if (!w || domainOf(lemma(w, "noun") ?? w, "noun") === "noun.time") continue;
    let h = usualHours.get(w);
    if (h === undefined) {
      h = null;
      for (const s of senses(lemma(w, "noun") ?? w, "noun")) {
        const at = hourIn(s.gloss.split(";")[0]);
        if (at !== undefined) {
          h = at;
          break;
        }
      }
      usualHours.set(w, h);
    }
    if (h !== null) return h;
  }
  return undefined;
}

/** The hour of the day the thing a line proposes is usually had at ("come for TEA": the
 *  afternoon), by its words' definitions; undefined when none names one. */
export function usualHourOf(text: string): number | undefined {
  return usualHour(parsed(text));
}

/** The span of time an utterance is about: chrono-node's reading against now, else its tense. */
function spanOf(
  text: string,
  now: number,
  doc: ReturnType<typeof nlp>,
): { span: Span; at?: number; atOr?: number; days?: number } {
  const ref = new Date(now);
  const read = (t: string) => datesIn(t, ref, { forwardDate: false });
  const day = (d: Date) => Math.floor((d.getTime() - Date.UTC(2000, 0, 1)) / 86_400_000);
  // (A part of the day said of how things usually are names no day: habitual, below.)
  const readings = withDays(read(text), read).filter((r) => !habitual(r, doc));
  // A time of the listener's own that chrono-node reads no day from ("how's YOUR DAY going?") is
  // the one it is living, as "this day" is read: only where that is today ("your week" began on
  // another day, and is read by its tense).
  const found = readings.length
    ? readings
    : read(text.replace(/\byour\b/gi, "this")).filter(
        (r) => /^this\b/i.test(r.text) && day(r.start.date()) === day(ref),
      );
  // "tomorrow around 4 pm" may come as two readings: the day from one, the hour from another.
  // "Right now" is the moment, not the day the parser reads it as.
  if (found.length && found.every((r) => /^(right )?now$/i.test(r.text.trim())))
    return { span: "now" };
  const timed = found.find((r) => r.start.isCertain("hour"));
  // An hour said without "am" or "pm" is the next one to come: "at 5:15" said at 9 am is 5:15 pm;
  // said at 8 pm, tomorrow's; the small hours, before seven, are no time to meet ("at 4:30" is
  // 4:30 pm).
  let timedDate = timed?.start.date();
  const hour = timed?.start.get("hour") ?? 12;
  // The part of the day what is proposed is done at ("at 8 for DINNER"): of the two readings of
  // an hour said without "am" or "pm", the one nearer it that is still to come.
  const usual =
    timed && !timed.start.isCertain("meridiem") && hour < 12 ? usualHour(doc) : undefined;
  if (timed && timedDate && usual !== undefined) {
    const t = timedDate.getTime();
    const ahead = [t, t + 43_200_000].filter((x) => x > now);
    const near = (x: number) => Math.abs(new Date(x).getUTCHours() - usual);
    const best = (ahead.length ? ahead : [t + 86_400_000, t + 86_400_000 + 43_200_000]).sort(
      (a, b) => near(a) - near(b),
    )[0];
    timedDate = new Date(best);
  } else if (timed && timedDate && !timed.start.isCertain("meridiem") && hour < 12) {
    const t = timedDate.getTime();
    if (day(timedDate) === day(ref) && t <= now)
      timedDate = new Date(
        t + 43_200_000 > now ? t + 43_200_000 : t + 86_400_000 + (hour < 7 ? 43_200_000 : 0),
      );
    // ("Tomorrow at 4" is 4 pm.)
    else if (t >= now && hour < 7) timedDate = new Date(t + 43_200_000);
  }
  const clockAt = timedDate?.getTime();
  // (An hour whose "am" or "pm" was guessed has its other reading too, the one 12 hours apart on
  // the same day while it is still to come: the answer may know better by the resident's day.)
  const guessed = !!timed && !timed.start.isCertain("meridiem") && hour < 12 && usual === undefined;
  const withOther = <T extends { at?: number }>(x: T): T & { atOr?: number } => {
    if (!guessed || x.at === undefined) return x;
    const h = new Date(x.at).getUTCHours();
    const o = x.at + (h < 12 ? 43_200_000 : -43_200_000);
    return o > now ? { ...x, atOr: o } : x;
  };
  // A day of the week named with no "next" or "last" in a question told in the past ("How was
  // your WEEKEND?", "How was your Saturday?") is the last one, not the one to come: chrono-node
  // reads such a day ahead (the days of a week come round every seven).
  const past = saysPast(doc) && !looksAhead(text, doc, false);
  for (const r of found) {
    const d = r === timed && timedDate ? timedDate : r.start.date();
    const ahead = day(d) - day(ref);
    const weekly = !r.start.isCertain("day") && !/\b(next|this|coming)\b/i.test(r.text);
    // (And one named in words that look ahead or tell nothing past, "a quiz night on Thursday"
    // said on a Friday, is the one to come; said on a Thursday, next week's: today is "tonight".)
    const coming =
      !past && !saysPast(doc) && r.start.isCertain("weekday") && !/\blast\b/i.test(r.text);
    const diff =
      past && ahead > 0 && weekly ? ahead - 7 : coming && weekly && ahead <= 0 ? ahead + 7 : ahead;
    const at =
      clockAt === undefined
        ? undefined
        : clockAt -
          (clockAt % 86_400_000) +
          (diff > 0 && r !== timed ? diff * 86_400_000 : 0) +
          (clockAt % 86_400_000);
    if (/\bweek\b/i.test(r.text)) return withOther({ span: "week", at, days: diff });
    if (diff === 1) return withOther({ span: "tomorrow", at, days: diff });
    if (diff === -1) return withOther({ span: "yesterday", at, days: diff });
    if (diff === 0 && r === timed && found.length > 1) continue;
    // (The evening when it is named, "this evening", "tonight" at 10 pm; "today" asked at 7 pm
    // takes now's hour and is the whole day.)
    const partNamed = r.start.isCertain("hour") || r.start.get("meridiem") !== null;
    if (diff === 0)
      return withOther({
        span: partNamed && d.getUTCHours() >= 17 ? "evening" : "today",
        at,
        days: 0,
      });
    if (diff > 1) return withOther({ span: "future", at, days: diff });
    if (diff < -1) return withOther({ span: "recent", at, days: diff });
  }
  if (doc.has("(now|currently|right now|at the moment)")) return { span: "now" };
  if (doc.has("(recently|lately|these days|so far)"))
    return { span: doc.has("so far") ? "today" : "recent" };
  // (A time to come said by a word alone, "later", "soon", is no span of its own: today's.)
  if (looksAhead(text, doc, false)) return { span: "future" };
  if (saysPast(doc) && !doc.has("(used to)")) return { span: "recent" };
  return { span: "general" };
}

// Grammar words that carry no topic.
const GRAMMAR_TAGS = [
  "Determiner",
  "Preposition",
  "Conjunction",
  "Pronoun",
  "Copula",
  "Auxiliary",
  "QuestionWord",
  "Modal",
  "Negative",
  "Expression",
  "Date",
  "Value",
];

// The verbs English uses as auxiliaries and light verbs (grammar, closed class).
const AUXILIARY = new Set(
  "be is am are was were been being have has had having do does did doing done get got go going far here there".split(
    " ",
  ),
);

// English's indefinite pronouns (closed class), which compromise may tag as nouns.
const INDEFINITE = /^(any|some|every|no)(thing|one|body|where)$|^nothing$/;

/** A verb's infinitive by compromise's conjugation, when WordNet files it ("lost" → "lose"). */
export function infinitive(word: string): string | undefined {
  // (Conjugated once per word: the same verbs come back in every memory.)
  const w = word.toLowerCase();
  if (infinitives.has(w)) return infinitives.get(w)!.base;
  // Read after a subject, so that the form is taken as a verb.
  const d = nlp(`they ${w}`);
  d.verbs().toInfinitive();
  const base = d.text().trim().split(" ").at(-1) ?? "";
  const out = base && base !== w && isWord(base, "verb") ? base : undefined;
  infinitives.set(w, { base: out });
  return out;
}
const infinitives = new Bounded<string, { base: string | undefined }>(50_000);

/** Content words by their lemma ("worries" → "worry", "planning" → "plan"). */
export function contentWords(text: string, skip: readonly string[] = []): string[] {
  return contentTerms(text, skip).map((t) => t.word);
}

/** Content words by their lemma, each with the part of speech it is used in ("do you COOK": a
 *  verb), so its sense is read from that part. */
export function contentTerms(
  text: string,
  skip: readonly string[] = [],
): { word: string; pos: Pos }[] {
  // Parsing is the costly part and the same memories are read line after line of every talk: the
  // answers are kept, enough of them for a town of 2,000 (a smaller bound made a big town parse
  // its memories again and again, a cost that grew with the town).
  const key = skip.length ? `${text}\u0000${skip.join("\u0000")}` : text;
  let terms = termsKept.get(key);
  if (!terms) {
    // (Shared by every caller, so never to be changed: frozen.)
    terms = readContentTerms(text, skip).map((t) => Object.freeze(t));
    if (termsKept.size >= TERMS_KEPT) termsKept.delete(termsKept.keys().next().value!);
    termsKept.set(key, terms);
  }
  return terms.slice();
}

const TERMS_KEPT = 200_000;
const termsKept = new Map<string, readonly { word: string; pos: Pos }[]>();

function readContentTerms(text: string, skip: readonly string[]): { word: string; pos: Pos }[] {
  const skipped = new Set(skip.flatMap((s) => s.toLowerCase().split(/\s+/)));
  const out: { word: string; pos: Pos }[] = [];
  const terms = termsOf(text);
  let particle = -1;
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    // A phrasal verb is one word to the lexicon ("get up": to rise, to wake), not its light verb.
    const next = terms[i + 1];
    // (A gerund the tagger took for a noun before its particle is the verb too: "anything
    // exciting COMING up".)
    if (
      next &&
      has(next, "Particle") &&
      (has(t, "PhrasalVerb") || (has(next, "PhrasalVerb") && /ing$/.test(t.normal)))
    ) {
      const verb = infinitive(t.text || t.normal) ?? lemma(t.normal, "verb") ?? t.normal;
      // A preposition left at the end of the clause belongs to the verb ("what did you get up TO
      // today?", "who do you look up TO?"): the three words are one verb, WordNet's if it knows
      // it ("look up to": admire); a light verb's idiom it does not is not "get up" (to rise).
      const after = terms[i + 2];
      const stranded =
        after &&
        (has(after, "Preposition") || has(after, "Conjunction")) &&
        // (It has no object of its own: the clause ends, or a time or a word of how follows.)
        (!terms[i + 3] ||
          has(terms[i + 3], "Date") ||
          !["Noun", "Pronoun", "Determiner", "Value"].some((g) => has(terms[i + 3], g)) ||
          /[?.!]/.test(after.post ?? ""));
      const three = `${verb} ${next.normal} ${after?.normal ?? ""}`;
      // (A light verb's idiom WordNet does not hold says nothing of a topic: "what did you GET UP
      // TO" asks what one did. Another verb keeps its own reading: "look forward (to)".)
      if (stranded && (isWord(three, "verb") || AUXILIARY.has(verb))) {
        if (isWord(three, "verb") && !out.some((x) => x.word === three))
          out.push({ word: three, pos: "verb" });
        i += 2;
        continue;
      }
      const phrase = `${verb} ${next.normal}`;
      if (isWord(phrase, "verb")) {
        if (!out.some((x) => x.word === phrase)) out.push({ word: phrase, pos: "verb" });
        i++;
        continue;
      }
      // (One WordNet does not hold is its verb's: the particle completes it and is no word of its
      // own, "any rumours going ROUND?" asks of rumours, not of rounding.)
      particle = i + 1;
    }
    // (An adverb or preposition the tagger took for no particle, before a preposition left at
    // the end of the clause, that WordNet holds one verb with it: "who do you HANG AROUND with?".)
    const stranded = terms[i + 2];
    if (
      next &&
      stranded &&
      has(t, "Verb") &&
      !has(t, "Auxiliary") &&
      (has(next, "Adverb") || has(next, "Preposition")) &&
      has(stranded, "Preposition") &&
      (/[?.!,]/.test(stranded.post ?? "") ||
        !terms[i + 3] ||
        ["Date", "Adverb"].some((g) => has(terms[i + 3], g)))
    ) {
      const phrase = `${infinitive(t.text || t.normal) ?? lemma(t.normal, "verb") ?? t.normal} ${next.normal.replace(/[^a-z'-]/g, "")}`;
      if (isWord(phrase, "verb")) {
        if (!out.some((x) => x.word === phrase)) out.push({ word: phrase, pos: "verb" });
        i++;
        continue;
      }
    }
    if (i === particle) continue;
    // (A place or state said after a copula the tagger reads as an adverb is what is asked: "have
    // you ever been ABROAD?", by WordNet's adjective of it.)
    // (Not a preposition left by "what" or "how": "what's the weather been LIKE?")
    const predicate =
      !has(terms[0] ?? t, "QuestionWord") &&
      has(t, "Adverb") &&
      (has(terms[i - 1] ?? t, "Copula") || infinitive(terms[i - 1]?.normal ?? "") === "be") &&
      isWord(t.normal, "adj") &&
      /[?.!]/.test(t.post ?? "");
    if (GRAMMAR_TAGS.some((g) => has(t, g)) || (has(t, "Adverb") && !predicate)) continue;
    const w = t.normal.replace(/[^a-z'-]/g, "").replace(/'s$/, "");
    if (w.length < 3 || skipped.has(w) || AUXILIARY.has(w)) continue;
    if (INDEFINITE.test(w)) continue;
    // A word the tagger reads as an adjective before "of" heads a phrase of kind or degree ("what
    // KIND of work", "SORT of"): it asks of what follows, not of itself.
    // (Not one whose "of" ends the clause: "what are you PROUD of?" asks of the feeling.)
    if (has(t, "Adjective") && next?.normal === "of" && !/[?.!]/.test(next.post ?? "")) continue;
    const pos =
      has(t, "Verb") || predicate
        ? predicate
          ? "adj"
          : "verb"
        : has(t, "Adjective")
          ? "adj"
          : "noun";
    // A word WordNet files only as an adverb ("lately") says when, not what.
    if (
      pos !== "verb" &&
      isWord(w, "adv") &&
      !["noun", "verb", "adj"].some((p) => isWord(w, p as Pos))
    )
      continue;
    // An irregular verb by compromise's conjugation when WordNet's rules miss it ("lost" → "lose").
    const base =
      lemma(w, pos) ??
      (pos === "verb" ? infinitive(t.text || w) : undefined) ??
      lemma(w, "noun") ??
      lemma(w, "verb") ??
      w;
    // Light verbs and copulas say nothing about a topic.
    if (pos === "verb" && domainOf(base, "verb") === "verb.stative") continue;
    if (!out.some((x) => x.word === base)) out.push({ word: base, pos });
  }
  return out;
}

/** A name's patterns as a whole word, in full and by its first word, each with the letters any
 *  match holds (lower-cased). */
function namePatterns(name: string): { letters: string; re: RegExp }[] {
  let out = patternsKept.get(name);
  if (!out) {
    out = [name.toLowerCase(), name.split(" ")[0].toLowerCase()].map((f) => {
      const letters = f.replace(/[^a-z ]/g, "");
      return { letters, re: new RegExp(`\\b${letters}\\b`, "i") };
    });
    patternsKept.set(name, out);
  }
  return out;
}
const patternsKept = new Bounded<string, { letters: string; re: RegExp }[]>(50_000);

/** Each list's residents by the letters of their first word (a list is kept while the town is
 *  the same), and those whose first word has none, found in any text. */
const byLetters = new WeakMap<readonly string[], { index: Map<string, number[]>; any: number[] }>();

/** The positions (ascending) of the residents a text may name (namePatterns): every pattern's
 *  match is a whole word of the text (its \b ... \b around letters only), and a full name's
 *  letters start with its first word's, so those whose first word's letters are one of the text's
 *  words, lower-cased; not every resident tested each line, a cost that grew with the town. */
function mayName(text: string, residents: readonly string[]): number[] {
  let kept = byLetters.get(residents);
  if (!kept) {
    kept = { index: new Map(), any: [] };
    for (const [i, r] of residents.entries()) {
      const letters = namePatterns(r)[1].letters;
      if (!letters) kept.any.push(i);
      else if (kept.index.has(letters)) kept.index.get(letters)!.push(i);
      else kept.index.set(letters, [i]);
    }
    byLetters.set(residents, kept);
  }
  const out = new Set(kept.any);
  // (The text's words as the patterns' \b reads them, ASCII runs, each lower-cased.)
  for (const word of text.match(/\w+/g) ?? [])
    for (const i of kept.index.get(word.toLowerCase()) ?? []) out.add(i);
  return [...out].sort((a, b) => a - b);
}

/** The doings a thing is sought for, by an infinitive after its noun ("a spot TO READ", "somewhere
 *  TO EAT"): what is asked for, never a verb that frames the asking. By their lemma. */
export function purposeVerbs(text: string): string[] {
  const doc = parsed(text);
  // (And the doings joined to it: "a place to sit AND READ".)
  return [
    ...(doc.match("(#Noun|#Pronoun|#Adjective|#Adverb) to [#Verb]", 0).out("array") as string[]),
    ...(doc
      .match("(#Noun|#Pronoun|#Adjective|#Adverb) to #Verb (and|or) [#Verb]", 0)
      .out("array") as string[]),
  ].map((v) => {
    const w = v.toLowerCase().replace(/[^a-z' -]/g, "");
    return lemma(w, "verb") ?? infinitive(w) ?? w;
  });
}

/** The tag of a remark that asks to be agreed with: after its last comma, an auxiliary (a form of
 *  be, do or have, or a modal), perhaps negated, and a pronoun, closing a clause that asks
 *  nothing itself ("It's chilly, ISN'T IT?"). */
function tagOf(sentence: string): Utterance["tag"] {
  const at = sentence.lastIndexOf(",");
  if (at < 0 || !/\?\s*$/.test(sentence)) return undefined;
  const head = sentence.slice(0, at).trim();
  const tail = termsOf(sentence.slice(at + 1).replace(/\?\s*$/, ""));
  if (tail.length < 2 || tail.length > 3 || head.split(/\s+/).length < 2) return undefined;
  const [verb, ...rest] = tail;
  const subject = rest.at(-1)!;
  const word = (verb.text || verb.normal).toLowerCase().replace(/n['’]t$/, "");
  const auxiliary =
    has(verb, "Copula") ||
    has(verb, "Auxiliary") ||
    has(verb, "Modal") ||
    AUXILIARY.has(word) ||
    // ("won't", "can't": the modal without its negation.)
    ["wo", "ca", "sha"].includes(word);
  if (!auxiliary || !has(subject, "Pronoun")) return undefined;
  if (rest.length === 2 && !has(rest[0], "Negative")) return undefined;
  // The remark itself asks nothing ("Where do you work, do you?" is no tag).
  const h = parsed(head);
  if (h.has("^#QuestionWord") || h.has("^(#Modal|#Copula|#Auxiliary|do|does|did) #Pronoun"))
    return undefined;
  const base = { wo: "will", ca: "can", sha: "shall" }[word] ?? word;
  return { verb: base, subject: subject.normal };
}

/** What is read of a text's words alone, each reading once (by its name), for the readers of
 *  the same line at other minutes, by other listeners. */
function readingOf(text: string): <T>(what: string, read: () => T) => T {
  let kept = readings.get(text);
  if (!kept) readings.set(text, (kept = new Map<string, unknown>()));
  const m = kept;
  return <T>(what: string, read: () => T): T => {
    if (m.has(what)) return m.get(what) as T;
    const v = read();
    m.set(what, v);
    return v;
  };
}
const readings = new Bounded<string, Map<string, unknown>>(20_000);

/** Reads one utterance said to `listener` by `speaker` (names of residents are recognised). */
export function understand(
  text: string,
  ctx: { now: number; residents: readonly string[]; listener: string; speaker: string },
): Utterance {
  const clean = text.replace(/\s+/g, " ").trim();
  // (The shared tagging: the answer reads the same question again.)
  const doc = parsed(clean);
  const terms = termsOf(clean);
  // What the words alone say is read once per text: the same line is read again by each reader
  // of a talk, at another minute, by another listener.
  const once = readingOf(clean);
  // A salutation before the question (a short sentence with no verb: "Good EVENING! How was
  // your day?") greets; it asks of no time nor topic.
  const asked = once("asked", () => {
    const said = doc.sentences().out("array") as string[];
    const salutation = (x: string) => !parsed(x).has("#Verb") && x.split(/\s+/).length <= 3;
    return said.length > 1 && salutation(said[0]) ? said.slice(1).join(" ") : clean;
  });
  const read = spanOf(clockInFigures(asked), ctx.now, asked === clean ? doc : parsed(asked));
  // Something said to be drawing near with no time named ("anything coming up?") is ahead.
  const { span, at, atOr, days } =
    read.span === "general" && nearing(asked) ? { ...read, span: "future" as Span } : read;
  const negative = once("negative", () => doc.has("#Negative"));
  const past = once("past", () => saysPast(doc));
  const tense: Utterance["tense"] =
    looksAhead(asked, asked === clean ? doc : parsed(asked)) ||
    // (A day read back, "How was your weekend?", is no time ahead.)
    (timeAhead(asked, ctx.now) && !(days !== undefined && days < 0)) ||
    // (A day of the week read as the one to come, "on Friday", is ahead: chrono-node alone reads
    // the nearest, which may be gone.)
    (days !== undefined && days > 1 && !past)
      ? "future"
      : past || once("perfect", () => doc.has("(have|has) you #Adverb? (been|done|had)"))
        ? "past"
        : "present";

  // Who it is about: a named resident other than the listener, else the pronouns it uses.
  // (Each name's patterns made once, and tried only where the text holds its letters.)
  const lower = clean.toLowerCase();
  const person = mayName(clean, ctx.residents)
    .map((i) => ctx.residents[i])
    .find(
      (r) =>
        r !== ctx.listener &&
        namePatterns(r).some(({ letters, re }) => lower.includes(letters) && re.test(clean)),
    );
  const about: Utterance["about"] = person
    ? "person"
    : once("about", () =>
        doc.has("(you|your|yours|yourself)")
          ? "you"
          : ofPeople(doc)
            ? "people"
            : doc.has("(i|me|my|mine|myself|we|our)")
              ? "me"
              : "thing",
      );

  // A word before a time said that can modify it ("RIGHT now", "LATE tonight") says when.
  const readAt = (t: string, at: number) => {
    const read = (x: string) => datesIn(x, new Date(at));
    return withDays(read(t), read);
  };
  const times = readAt(clockInFigures(clean), ctx.now);
  const timeWords = times.map(
    (r) => clean.slice(0, r.index).trim().split(/\s+/).at(-1)?.toLowerCase() ?? "",
  );
  // A part of a day named without its hour: chrono-node implies one (noon for a bare day; the
  // hour it is now for "tomorrow", which the words do not say: read against another hour of the
  // clock, that one changes).
  // (Not a salutation's: "Good AFTERNOON! How has your day been?" asks of the day.)
  const greeted = clockInFigures(clean).length - clockInFigures(asked).length;
  const part = times.find(
    (r) =>
      r.index >= greeted &&
      !r.start.isCertain("hour") &&
      r.start.get("hour") !== 12 &&
      readAt(clockInFigures(clean), ctx.now + 5 * 3_600_000)
        .find((x) => x.index === r.index)
        ?.start.get("hour") === r.start.get("hour"),
  );
  // A time said is read into the span ("this MORNING"); it is no topic of its own.
  // (A clock time said in words is a time: "HALF PAST four".)
  const figures = new Set(
    clockInFigures(clean)
      .toLowerCase()
      .split(/[^a-z]+/),
  );
  const clockWords = new Set(
    clean
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w && !figures.has(w)),
  );
  const saidTimes = new Set(times.flatMap((r) => r.text.toLowerCase().split(/[^a-z]+/)));
  // (A remark's tag says nothing of its topic: "You like pool, DON'T YOU?")
  const tag = once("tag", () => tagOf(asked));
  const terms0 = contentTerms(tag ? asked.slice(0, asked.lastIndexOf(",")) : asked, [
    ctx.listener,
    ctx.speaker,
    ...(person ? [person] : []),
  ]).filter(
    (t) =>
      !(timeWords.includes(t.word) && isWord(t.word, "adv")) &&
      !(saidTimes.has(t.word) && domainOf(t.word, "noun") === "noun.time") &&
      !clockWords.has(t.word),
  );
  // A noun of time the tagger files as a date but no time is read from ("which SEASON do you
  // like?", "how do you spend your WEEKENDS?"): a kind of time asked of, a topic.
  for (const t of termsOf(asked)) {
    if (!has(t, "Date") || !has(t, "Noun") || has(t, "Value") || has(t, "ProperNoun")) continue;
    const w = lemma(t.normal.replace(/[^a-z'-]/g, ""), "noun");
    if (!w || saidTimes.has(t.normal) || saidTimes.has(w) || timeWords.includes(t.normal)) continue;
    if (domainOf(w, "noun") !== "noun.time" || terms0.some((x) => x.word === w)) continue;
    terms0.push({ word: w, pos: "noun" });
  }
  const words0 = terms0.map((t) => t.word);
  // A verb of knowing or telling frames the question ("do you KNOW about any party"): the topic
  // is what it is about, when there is something else.
  const sought = once("sought", () => purposeVerbs(asked));
  const framing = (w: string) =>
    !sought.includes(w) &&
    ["verb.cognition", "verb.communication", "verb.perception"].includes(domainOf(w, "verb")) &&
    senses(w, "verb").length > senses(w, "noun").length;
  // (A time noun of the span said is no topic: "what are you reading at the MOMENT?" asks what is
  // read, now.)
  const spanWord = (w: string) =>
    span !== "general" && domainOf(w, "noun") === "noun.time" && !isWord(w, "verb");
  const kept = words0.filter((w) => !spanWord(w));
  const topic = kept.some((w) => !framing(w)) ? kept.filter((w) => !framing(w)) : kept;
  const base = {
    text: clean,
    about,
    span,
    tense,
    topic,
    pos: Object.fromEntries(
      terms0.filter((t) => topic.includes(t.word)).map((t) => [t.word, t.pos]),
    ),
    negative,
    at,
    ...(atOr !== undefined ? { atOr } : {}),
    ...(days !== undefined ? { days } : {}),
    ...(part ? { partHour: part.start.get("hour") ?? undefined } : {}),
    ...(person ? { person } : {}),
  };

  // The sentence that carries the act: the last one ("Hi! Where do you work?").
  const sentences = once("sentences", () => doc.sentences().out("array") as string[]);
  const [social, thanked] = once("social", () => {
    // Leaving: the speaker's going away under "have to", "must", "need to" ("I have to go now",
    // "Sorry, I have to RUN", "Must DASH"): a verb near leaving, or one of motion with nowhere
    // named after it ("I have to run THE SHOP" is work). Said of another, it is no goodbye ("YOU
    // should go to the fair").
    const leaving = sentences.some((x) => leavingIn(x));
    // A short last sentence that says farewell closes the talk ("Thanks, it was nice. Bye!").
    const farewellLast =
      sentences.length > 1 &&
      !/\?\s*$/.test(clean) &&
      socialAct(termsOf(sentences.at(-1) ?? clean)) === "goodbye";
    // (A parting wish said as the line's last clause: "Cheers, SEE YOU LATER", "Thank you so
    // much, TAKE CARE!")
    const lastClauseOf = (x: string) => x.split(/[,;:]\s*/).at(-1) ?? x;
    const opening = socialAct(
      terms,
      new Set(terms.filter((t) => has(t, "PastTense")).map((t) => t.normal)),
    );
    const act =
      (leaving && !/\?\s*$/.test(clean)) || farewellLast
        ? "goodbye"
        : opening !== "greeting" &&
            [sentences.at(-1) ?? clean, lastClauseOf(sentences.at(-1) ?? clean)].some((x) =>
              parting(x),
            )
          ? ("goodbye" as const)
          : opening;
    // A goodbye that also thanks ("Thanks, bye!", "Thank you, and goodbye"): a clause that opens
    // with thanks.
    const said0 = terms.filter((t) => /[a-z]/.test(t.normal));
    const thanks =
      act === "goodbye" &&
      clauseOpenings(said0).some((i) => {
        const end = said0.findIndex((t, j) => j >= i && clauseEnds(t));
        return socialAct(said0.slice(i, end < 0 ? undefined : end + 1)) === "thanks";
      });
    return [act, thanks] as const;
  });
  const main = parsed(sentences.at(-1) ?? clean);
  const isQuestion = once(
    "isQuestion",
    () =>
      /\?\s*$/.test(clean) ||
      main.has("^#QuestionWord") ||
      main.has(
        "^(#Modal|#Copula|#Auxiliary|do|does|did|have|has) (you|i|we|he|she|they|it|there|#ProperNoun|#Noun)",
      ),
  );
  const greets = social === "greeting";
  const onlySocial = sentences.length === 1 && social && topic.length <= 2 && !isQuestion;
  if (social === "goodbye" && !isQuestion)
    return { ...base, act: social, greets: false, ...(thanked ? { thanks: true } : {}) };
  // "Well, it was nice to meet you!": the talk itself praised as it ends, a goodbye.
  if (
    !isQuestion &&
    closingPleasantry(
      sentences.at(-1) ?? clean,
      contentTerms(sentences.at(-1) ?? clean, [ctx.listener, ctx.speaker]),
    )
  )
    return { ...base, act: "goodbye", greets: false };
  if (social && (onlySocial || !isQuestion) && sentences.length === 1 && social !== "greeting")
    return { ...base, act: social, greets: false };
  if (onlySocial) return { ...base, act: social, greets };

  // (A verb as matched, its punctuation off, by its lemma.)
  const verbOf = (v: string) => {
    const w = v.toLowerCase().replace(/[^a-z' -]/g, "");
    return lemma(w, "verb") ?? w;
  };
  // A suggestion of something done together, in the first person plural ("let's ...", "shall we
  // ...", "how about we ...", "why don't we ...", "why not ..."): an invitation, whatever it does,
  // unless its verb is one of thinking or seeing ("let's see", "shall we think it over").
  const together = () =>
    (main.match(SUGGESTION, 0).out("array") as string[]).some((v) => {
      const l = verbOf(v);
      return !["verb.cognition", "verb.perception"].includes(domainOf(l, "verb"));
    });
  // An invitation: asked to come, join or visit (a verb of motion or meeting after "you", past
  // "like to", "want to"), or to do something with the speaker ("have tea WITH ME"); a request:
  // asked to do something else.
  // (A question said without its subject, "..., want to come?", "Want to join us?", asks the
  // listener: "do you want to ...".)
  const askedAs = () =>
    once("asking", () => {
      const lastClause = (sentences.at(-1) ?? clean).split(/,\s*/).at(-1) ?? "";
      // (By a verb of wanting, WordNet's: "CARE to join me?", "LIKE to come along?" ask as "want
      // to".)
      const wanting = (lastClause.match(/^\s*([a-z]+)\s+to\s/i) ?? [])[1]?.toLowerCase();
      const elided =
        /\?\s*$/.test(clean) &&
        (parsed(lastClause).has("^(want|wanna) to? #Verb") ||
          (!!wanting &&
            parsed(lastClause).has("^#Verb to #Verb") &&
            wishing(lemma(wanting, "verb") ?? wanting)));
      // (Or asked in another form: "fancy coming?", "how about coming along ...?", "you should
      // come to my ...", "come round tonight if you like": the doing asked, as "do you want to
      // ...".)
      const doing = elided ? undefined : askedDoing(sentences.at(-1) ?? clean);
      const asking = elided
        ? parsed(`do you want to ${lastClause.replace(/^\s*[a-z]+\s+(to\s+)?/i, "")}`)
        : doing
          ? parsed(`do you want to ${doing}`)
          : main;
      return { asking, doing };
    });
  // A question word ("What will you do tomorrow?") asks; it does not invite.
  // (The auxiliary of a yes/no question, "DO you want to come?", asks nothing of its own.)
  const asks = () =>
    once(
      "asks",
      () => (doing() ? asking() : main).match("#QuestionWord").not("(do|does|did)").found,
    );
  const asking = () => askedAs().asking;
  const doing = () => askedAs().doing;
  // "Will you go to the concert?" asks what it will do, as "are you going?" does: a plain future,
  // with no wish asked ("will you LIKE to") and the speaker in none of it ("with ME", "to MY
  // house"), asks of its plans; it invites to nothing.
  const ofPlans = () =>
    once(
      "ofPlans",
      () =>
        asking().has("^will you #Adverb? #Verb") &&
        !asking().has("will you (like|want|wanna|care)") &&
        !asking().has("(me|us|my|our|mine|ours)"),
    );
  const helping = (l: string) => closeness(l, "help") >= 0.6;
  const invites = once("invites", () => {
    if (together()) return true;
    const asked_ = asking();
    // ("Do you want to come?" invites as "would you like to come?" does; "do you like to walk?"
    // asks what it likes, "do you want to BE a teacher?" a wish.)
    const modalYou =
      asked_.has("(would|will|could|can) you (like to|want to|wanna)? #Verb") ||
      (asked_.has("do you (want to|wanna) #Verb") && !asked_.has("do you (want to|wanna) be"));
    const asksOf = (
      asked_.match("you (like to|want to|wanna)? [#Verb]", 0).out("array") as string[]
    ).filter((v) => !/^(like|want|wanna)$/i.test(v));
    const invitingVerb = asksOf
      .map((v) => [v, !!doing()] as const)
      .concat((main.match("^[#Imperative]", 0).out("array") as string[]).map((v) => [v, true]))
      .some(([v, bidden]) => {
        const l = verbOf(v);
        const d = domainOf(l, "verb");
        // (Bidden, a verb of motion with a thing after it moves the thing: "LEAVE IT to me", "walk
        // the dog"; "come THIS EVENING" names a time.)
        const word = v.toLowerCase().replace(/[^a-z'-]/g, "");
        const moved = [asked_, main].some((x) => {
          if (!bidden) return false;
          if (!x.has(`${word} (#Determiner|#Possessive|it|them|him|her)`)) return false;
          const thing = (x.match(`${word} #Determiner? [#Noun]`, 0).out("array") as string[])[0];
          const n = thing?.toLowerCase().replace(/[^a-z'-]/g, "") ?? "";
          return !n || domainOf(lemma(n, "noun") ?? n, "noun") !== "noun.time";
        });
        // (Help asked for is a favour, a request, though helping is social.)
        return (
          !helping(l) &&
          ((d === "verb.motion" && !moved) ||
            d === "verb.social" ||
            ["visit", "join", "attend"].some((c) => closeness(l, c) >= 0.6))
        );
      });
    const withSpeaker = asked_.has("with (me|us)") && !asksOf.some((v) => helping(verbOf(v)));
    // Asked to do something AT an occasion of the speaker's ("would you sing at MY WEDDING on
    // Saturday?", "read something at our poetry READING"): to take part in it, an invitation. An
    // occasion by WordNet: a social event, a gathering or an address to an audience (a reading, a
    // lecture) in one of its senses, and no place or thing first ("water the plants at my HOUSE" is
    // a favour).
    const occasion = (asked_.match("at (my|our) [.+]", 0).out("array") as string[]).some(
      (phrase) => {
        const words: string[] = [];
        for (const t of termsOf(phrase)) {
          if (has(t, "Preposition") || has(t, "Date") || has(t, "Conjunction")) break;
          words.push(t.normal.replace(/[^a-z'-]/g, ""));
          if (/[,.!?;]/.test(t.post ?? "")) break;
        }
        const head = lemma(words.at(-1) ?? "", "noun");
        return (
          !!head &&
          !["noun.artifact", "noun.location", "noun.object"].includes(domainOf(head, "noun")) &&
          ["social event", "gathering", "address"].some((k) => kindOf(head, k, { senses: 8 }))
        );
      },
    );
    const takingPart = occasion && !asksOf.some((v) => helping(verbOf(v)));
    return (
      !asks() &&
      !ofPlans() &&
      (modalYou || main.has("^#Imperative")) &&
      (invitingVerb || (modalYou && (withSpeaker || takingPart)))
    );
  });
  if (invites) return { ...base, act: "invitation", greets };
  // Asked to tell or describe (a verb of communication said to the listener: "could you
  // introduce yourself?", "please describe your work"): the question it amounts to, what is told.
  const telling = once(
    "telling",
    () =>
      [
        ...(main.match("^(could|would|can|will) you please? [#Verb]", 0).out("array") as string[]),
        ...(main.match("^(please|#Expression)? [#Imperative]", 0).out("array") as string[]),
      ].some((v) => senses(verbOf(v), "verb")[0]?.domain === "verb.communication") &&
      // (Of the listener, or told to the speaker about something: "say hello to Bob" and
      // "recommend me a spot to read" ask nothing to be told.)
      (main.has("(your|yourself|yours)") || main.has("#Verb (me|us) about")),
  );
  // A question inside it ("can you tell me WHERE the library is?", "may I ask WHAT you grow?") is
  // what it asks.
  const embedded = once(
    "embedded",
    () =>
      ["(tell|show) (me|us)", "(ask|asking) you?"]
        .flatMap(
          (frame) =>
            main
              .match(`${frame} [(where|when|what|who|how|which|why)]`, 0)
              .out("array") as string[],
        )[0]
        ?.toLowerCase() as Wh | undefined,
  );
  // (The verb of telling frames what is asked: "introduce yourself" asks who one is.)
  if (!asks() && telling && !embedded) {
    const told = topic.filter((w) => senses(w, "verb")[0]?.domain !== "verb.communication");
    // Of the listener, nothing else named ("introduce yourself", "tell me about yourself"): who
    // it is.
    const self = !told.length && once("self", () => main.has("(yourself|you)"));
    return { ...base, topic: told, act: "question", wh: self ? "who" : "what", greets };
  }
  // Leave asked of the listener ("May I sit here?", "Do you mind if I join you?") or something
  // offered to it ("Can I get you a coffee?"): a question with the speaker as the subject of a
  // modal of ability or permission, or a wish not to bother ("mind if I").
  const leave = once("leave", () => (asks() || embedded ? undefined : leaveAsked(main)));
  if (leave) return { ...base, act: leave, greets };
  // A request asks a doing of the listener, its verb straight after "you" ("could you CARRY
  // ..."); a modal with an adverb of its own between asks a view or a wish ("would you RATHER
  // live ...", "would you EVER move ..."), and one of plans what it will do: questions.
  const request = once(
    "request",
    () =>
      !asks() &&
      !embedded &&
      !ofPlans() &&
      (main.has("^(could|would|can|will) you please") ||
        (main.has("^(could|would|can|will) you #Verb") &&
          !main.has("^(could|would|can|will) you #Adverb"))) &&
      // (A feeling asked for, "would you PREFER to ...", "would you ENJOY ...", is a view; the
      // wish of asking, "would you LIKE to ...", still asks the doing after it.)
      !(main.match("^(could|would|can|will) you [#Verb]", 0).out("array") as string[]).some((v) => {
        const l = verbOf(v);
        return domainOf(l, "verb") === "verb.emotion" && closeness(l, "want") < 0.7;
      }) &&
      !main.has("(tell|know|think|say)"),
  );
  if (request) return { ...base, act: "request", greets };
  if (embedded) {
    // Whom it is about is read from the question inside ("where THE LIBRARY is"), not from the
    // listener asked to tell it.
    const inner: Utterance["about"] = person
      ? "person"
      : once("inner", () => {
          const clause = parsed(
            clean.split(/\b(?:(?:tell|show)\s+(?:me|us)|ask(?:ing)?(?:\s+you)?)\b/i).at(-1) ??
              clean,
          );
          return clause.has("(you|your|yours|yourself)")
            ? "you"
            : ofPeople(clause)
              ? "people"
              : "thing";
        });
    return { ...base, about: inner, act: "question", wh: embedded, greets };
  }

  // A remark with a tag ("Lovely day, isn't it?", "You're a student, aren't you?") asks to be
  // agreed with, not answered: an opinion, with the tag's verb and subject.
  // (Said of the listener, "You're a student, aren't you?", it asks to be confirmed: a yes/no
  // question answered from what it knows of itself.)
  if (tag && tag.subject === "you") return { ...base, act: "question", wh: "yesno", greets, tag };
  if (tag) return { ...base, act: "opinion", greets, tag };

  if (isQuestion) {
    // "where's", "who're": the question word without its contracted verb.
    const wh = once("wh", (): Wh => {
      const qw = terms.find((t) => has(t, "QuestionWord"))?.normal.replace(/'(s|re|d|ll)$/, "");
      return qw && ["who", "whom", "whose"].includes(qw)
        ? "who"
        : qw === "what" || qw === "which" || qw === "where" || qw === "when" || qw === "why"
          ? qw
          : qw === "how"
            ? "how"
            : main.has("^tell me") || main.has("^(describe|explain)")
              ? "what"
              : "yesno";
    });
    // "I don't think we've met. Who are you?": what is asked is the question's own; what was
    // said before it sets no topic nor time, unless the question points back to it ("My cat
    // went missing. Have you seen HER?").
    const q = sentences.at(-1) ?? clean;
    if (sentences.length > 1 && q !== asked && /\?\s*$/.test(q) && !pointsBack(q)) {
      const own = understand(q, ctx);
      return {
        ...base,
        span: own.span,
        tense: own.tense,
        topic: own.topic,
        pos: own.pos ?? {},
        at: own.at,
        act: "question",
        wh,
        greets,
      };
    }
    return { ...base, act: "question", wh, greets };
  }
  if (once("tellMe", () => main.has("^(tell me|describe|explain)")))
    return { ...base, act: "question", wh: "what", greets };
  // An opinion: the speaker's own view or an evaluation ("I think ...", "Lovely day").
  // A thing said to be good or bad ("This town is so boring", "The bread here is lovely", "the
  // weather HAS BEEN awful"): an adjective of evaluation after the copula, near good, bad,
  // pleasant or dull, or one that is no verb's participle ("noisy", not "closed").
  // (Or "the" and a superlative, "Mondays are THE WORST"; or an adjective in -ing that causes a
  // feeling, "work is EXHAUSTING", "the drive is boring": AFINN-165's or WordNet's lean.)
  const subject =
    "^#Determiner? #Adjective? #Noun+ #Adverb? #Auxiliary? #Adverb? (#Copula|been) #Adverb?";
  const judged = () =>
    once("judged", () =>
      [
        ...(main.match(`${subject} [#Adjective]`, 0).out("array") as string[]),
        ...(main.match(`${subject} the [#Superlative]`, 0).out("array") as string[]),
      ].some((a) => {
        const w = a.toLowerCase().replace(/[^a-z'-]/g, "");
        return evaluates(w) || (isWord(w, "adj") && !lemma(w, "verb"));
      }),
    );
  // (Or a thing the speaker finds so: "I find Mondays EXHAUSTING".)
  const opinion = once(
    "opinion",
    () =>
      main.has("^(i|we) #Adverb? (think|feel|believe|love|like|hate|guess|reckon)") ||
      // (A verb of perceiving or judging, WordNet's: "find", "consider"; not "made the soup spicy".)
      ((
        main
          .match("^(i|we) #Adverb? [#Verb] #Determiner? #Adjective? #Noun+ (#Adjective|#Gerund)", 0)
          .out("array") as string[]
      ).some((v) => {
        const s = senses(verbOf(v), "verb");
        return (
          s[0]?.domain === "verb.cognition" ||
          s.slice(0, 2).some((x) => x.domain === "verb.perception")
        );
      }) &&
        (
          main
            .match(
              "^(i|we) #Adverb? #Verb #Determiner? #Adjective? #Noun+ [(#Adjective|#Gerund)]",
              0,
            )
            .out("array") as string[]
        ).some((a) => evaluates(a.toLowerCase().replace(/[^a-z'-]/g, "")))) ||
      (main.has("^#Adjective #Noun") && terms.length <= 6),
  );
  if (opinion || (judged() && about !== "me")) return { ...base, act: "opinion", greets };
  return { ...base, act: "statement", greets };
}

/** Whether an adjective evaluates (for an opinion): near good, bad, pleasant or dull, or one in
 *  -ing that causes a feeling ("exhausting", "boring": a verb WordNet files first under emotion or
 *  the body, with AFINN-165's or WordNet's lean; not "missing"). */
export function evaluates(w: string): boolean {
  return (
    Math.max(...["good", "bad", "pleasant", "dull"].map((c) => relatedness(w, c))) >= 0.45 ||
    (/ing$/.test(w) &&
      isWord(w, "adj") &&
      feelingOf(w, "adj") !== 0 &&
      ["verb.emotion", "verb.body"].includes(domainOf(lemma(w, "verb") ?? "", "verb")))
  );
}

/** "permission" when the speaker asks leave to do something ("Can I ask you something?", "Would
 *  you mind if I sat here?"), "offer" when what it asks leave to do is for the listener ("Can I
 *  get you a coffee?", "Shall I carry that for you?"). Not a place or a way sought ("Can I buy
 *  bread around here?", "Can I get to the park this way?"): those ask where. */
export function leaveAsked(main: Doc): "permission" | "offer" | undefined {
  if (!/\?\s*$/.test(main.text())) return undefined;
  if (main.has("^(do|would) you mind (if|me) (i|we|#Gerund)")) return "permission";
  const verb = (
    main.match("^(can|could|may|might|shall) (i|we) #Adverb? [#Verb]", 0).out("array") as string[]
  )[0]?.toLowerCase();
  if (!verb) return undefined;
  const l = lemma(verb, "verb") ?? verb;
  if (main.has("(somewhere|anywhere|someplace|nearby|around here|in town)")) return undefined;
  // (A question asked inside it is what it asks: "may I ask WHAT you're growing?")
  if (main.has("#Verb (you|me)? (what|where|when|why|how|who|whom|which|whether|if)"))
    return undefined;
  // (A way to somewhere: "can I get TO THE PARK this way?")
  if (main.has("#Verb (to|into|toward|towards) #Determiner? #Adjective? #Noun")) return undefined;
  // (Done to or for the listener, and not a word with it: "ask YOU something" asks leave to speak.)
  const forYou = main.has(`${verb} you`) || main.has("for you") || closeness(l, "help") >= 0.6;
  return forYou && domainOf(l, "verb") !== "verb.communication" ? "offer" : "permission";
}

/** Whether a sentence points back to what was said before it: a pronoun of the third person,
 *  or a demonstrative standing for a thing ("what do you think of THAT?"), not one before its
 *  noun ("this town"). English's closed class. */
export function pointsBack(sentence: string): boolean {
  const ts = termsOf(sentence);
  return ts.some(
    (t, i) =>
      /^(it|its|he|him|his|she|her|they|them|their)$/.test(t.normal) ||
      (/^(that|this|those|these)$/.test(t.normal) && !(ts[i + 1] && has(ts[i + 1], "Noun"))),
  );
}

/** What an invitation asks the listener to do, as a verb phrase after its opener ("Let's GO FOR
 *  A WALK LATER", "Would you like to JOIN?", "How about we GRAB LUNCH TOMORROW?"), for the
 *  memory of it ("Nora invited me to go for a walk later"); undefined when none is said. */
export function proposal(text: string): string | undefined {
  for (const x of sentencesOf(text)) {
    const doc = parsed(x);
    const verb = [
      ...(doc.match(SUGGESTION, 0).out("array") as string[]),
      ...(doc.match("^#Modal you (like|want)? to? [#Verb]", 0).out("array") as string[]),
    ][0]?.replace(/[^A-Za-z'-]/g, "");
    // (Asked in another form, "fancy coming?", "you should come to my ...": its doing.)
    if (!verb) {
      const doing = askedDoing(x);
      if (doing) return doing;
      continue;
    }
    // From the verb on ("go for a walk later"), where the opener ends.
    const at = x.search(new RegExp(`\\b${verb}\\b`));
    const rest =
      at >= 0
        ? x
            .slice(at)
            .replace(/[.!?]+$/, "")
            .trim()
        : "";
    if (rest) return rest;
  }
  return undefined;
}

/** The last sentence of a line that asks ("Hi! Where do you work?" → "Where do you work?"). */
export function lastQuestion(text: string): string {
  if (!text.includes("?")) return "";
  return (
    sentencesOf(text)
      .filter((x) => /\?\s*$/.test(x))
      .at(-1) ?? ""
  );
}

/**
 * An elliptical follow-up ("And this afternoon?", "What about tomorrow?", "And your brother?")
 * read with the frame of the question before it: that question again, with the time, person or
 * thing the follow-up names in place of its own ("What are you doing this morning?" → "What are
 * you doing this afternoon?"). A line with a verb of its own, or naming nothing, is itself.
 */
export function inTalk(
  text: string,
  ctx: { now: number; residents: readonly string[]; listener: string; speaker: string },
  previous: string | undefined,
): Utterance {
  const u = understand(text, ctx);
  const asked = previous?.trim();
  if (!asked || !/\?\s*$/.test(text) || u.act === "goodbye" || u.act === "thanks") return u;
  const ts = termsOf(u.text);
  if (!ts.length || ts.some((t) => has(t, "Verb"))) return u;
  // What it names: the words after its opening ("and", "what about", "how about").
  let i = 0;
  while (
    ts[i] &&
    (has(ts[i], "QuestionWord") || has(ts[i], "Conjunction") || has(ts[i], "Preposition"))
  )
    i++;
  const named = ts.slice(i);
  // "What about you?", "And you?": the question asked before, asked back (without the name it
  // was put to: "How is your family, Lucy?").
  if (named.length === 1 && has(named[0], "Pronoun") && named[0].normal === "you") {
    const back = understand(
      asked.replace(/,\s*[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?\s*\?\s*$/, "?"),
      ctx,
    );
    return back.act === "question" ? { ...back, greets: u.greets } : u;
  }
  if (!named.length || named.length > 4) return u;
  const phrase = named
    .map((t) => t.text || t.normal)
    .join(" ")
    .replace(/[?.!,]+$/, "")
    .trim();
  if (!phrase) return u;
  const before = understand(asked, ctx);
  if (before.act !== "question") return u;
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const swap = (from: string, to: string) =>
    asked.replace(new RegExp(`\\b${escape(from)}\\b`, "i"), to);
  let rebuilt: string | undefined;
  const ref = new Date(ctx.now);
  const time = chrono.parse(phrase, ref);
  if (time.length && time[0].text.length >= phrase.length - 1) {
    // A time: in place of the one asked of, else added to the question.
    const was = chrono.parse(asked, ref)[0];
    rebuilt = was ? swap(was.text, phrase) : asked.replace(/\s*\?\s*$/, ` ${phrase}?`);
  } else if (u.person || named.some((t) => has(t, "Noun") && !has(t, "Pronoun"))) {
    // A person or a thing: in place of the person or thing asked of.
    const head = named.filter((t) => has(t, "Noun") && !has(t, "Pronoun")).at(-1);
    const own = named.length > 1 && ["Determiner", "Possessive"].some((g) => has(named[0], g));
    if (before.person) {
      const firstName = before.person.split(" ")[0];
      const said = new RegExp(`\\b${escape(before.person)}\\b`, "i").test(asked)
        ? before.person
        : firstName;
      rebuilt = swap(said, phrase);
    } else if (head) {
      const nouns = (before.topic ?? []).filter((w) => before.pos?.[w] === "noun");
      const prior = termsOf(asked);
      const at = prior.findIndex(
        (t) =>
          has(t, "Noun") &&
          !has(t, "Pronoun") &&
          nouns.includes(lemma(t.normal, "noun") ?? t.normal),
      );
      if (at >= 0) {
        const det =
          at > 0 && ["Determiner", "Possessive"].some((g) => has(prior[at - 1], g))
            ? prior[at - 1]
            : undefined;
        // ("Do you have A sister?" + "And your brother?": a brother, as it was asked.)
        const indefinite = !!det && /^(a|an|any|some)$/.test(det.normal);
        const whole = own && !indefinite;
        const from = det && whole ? `${det.text} ${prior[at].text}` : prior[at].text;
        rebuilt = swap(from.replace(/[?.!,]+$/, ""), whole ? phrase : head.text || head.normal);
      }
    }
  }
  if (!rebuilt || rebuilt === asked) return u;
  const out = understand(rebuilt, ctx);
  return out.act === "question" ? { ...out, greets: u.greets } : u;
}

/** A question in the order of a statement, its subject before its auxiliary ("what will YOU do"
 *  → "you will do"), as compromise reads a verb phrase's tense: English's inversion undone. */
function statementOrder(sentence: string): string {
  const ts = termsOf(sentence);
  // (A contraction's auxiliary has no text of its own: "what'll" is "what will"; "gonna" keeps
  // its own.)
  const auxiliary = (t: Term) => ["Modal", "Copula", "Auxiliary"].some((g) => has(t, g));
  const words = ts.map((t) =>
    (t.text || (auxiliary(t) ? ((t as { implicit?: string }).implicit ?? "") : "")).replace(
      /[?!.,]+$/,
      "",
    ),
  );
  let i = 0;
  while (
    ts[i] &&
    has(ts[i], "QuestionWord") &&
    !["Modal", "Copula", "Auxiliary"].some((g) => has(ts[i], g))
  )
    i++;
  const aux = ts[i];
  const subject = ts[i + 1];
  if (
    !aux ||
    !subject ||
    !["Modal", "Copula", "Auxiliary"].some((g) => has(aux, g)) ||
    !(has(subject, "Pronoun") || has(subject, "ProperNoun"))
  )
    return sentence;
  return [words[i + 1], words[i], ...words.slice(i + 2)].filter(Boolean).join(" ");
}

/**
 * Whether an utterance looks ahead without naming a time: a verb in the future by compromise's
 * reading of its verb phrase (said in the order of a statement: "what WILL you DO", "are you GOING
 * TO"), something said to be drawing near ("anything coming up?"), a word whose sense is a time
 * to come (WordNet's glosses: "later", "soon", "upcoming": "of the relatively near future"), or a
 * doing or a noun of intending ("planning", "any plans?": WordNet's plan is a kind of intending).
 * `timeWords`: whether a word of a time to come, or of drawing near, counts.
 */
function looksAhead(text: string, doc: Doc, timeWords = true): boolean {
  // (Read once per text: every question is read again by each reader of the talk, and the same
  // lines come back in every talk.)
  const key = `${timeWords ? 1 : 0}${text}`;
  let ahead = aheadKept.get(key);
  if (ahead === undefined) aheadKept.set(key, (ahead = readAhead(text, doc, timeWords)));
  return ahead;
}
const aheadKept = new Bounded<string, boolean>(50_000);

function readAhead(text: string, doc: Doc, timeWords: boolean): boolean {
  const future = (x: string) =>
    (parsed(x).verbs().json() as { verb?: { grammar?: { tense?: string } } }[]).some(
      (v) => v.verb?.grammar?.tense === "FutureTense",
    );
  // (Every future form compromise reads a verb phrase as begins with "will" or "going": a
  // sentence with neither, nor a contraction of them ("'ll", "won't", "gonna", "imma"), is neither tagged
  // nor conjugated for it, nor reordered as a statement, which has its words.)
  const mayBeFuture = (x: string) => /will|ll\b|won|go|imma/i.test(x);
  if (sentencesOf(text).some((x) => mayBeFuture(x) && (future(x) || future(statementOrder(x)))))
    return true;
  if (timeWords && nearing(text)) return true;
  return (doc.terms().json() as { terms: Term[] }[]).some(({ terms: [t] }) => {
    const w = t.normal.replace(/[^a-z'-]/g, "");
    if (!w || ["Pronoun", "Determiner", "Preposition", "Conjunction"].some((g) => has(t, g)))
      return false;
    // (Whatever the tagger makes of it: "upcoming" comes as a gerund.)
    // (Or an adjective near WordNet's "future" itself: "next", "upcoming".)
    const toCome =
      (["adv", "adj"] as const).some((p) =>
        senses(w, p)
          .slice(0, 2)
          .some((x) => /\bfuture\b/.test(x.gloss.split(";")[0])),
      ) ||
      (isWord(w, "adj") && relatedness(w, "future", "adj", "adj") >= 0.7);
    if (toCome) return timeWords;
    if (!has(t, "Noun") && !has(t, "Verb")) return false;
    const v = lemma(w, "verb") ?? infinitive(w) ?? lemma(w, "noun");
    return !!v && kindOf(v, "plan", { pos: "verb", senses: 1 });
  });
}

/** Whether a time it names is still to come today or on a later day (chrono-node: "tonight" at
 *  two in the afternoon, "this evening", "on Saturday"), not now ("today") nor gone ("this
 *  morning" in the afternoon). */
function timeAhead(text: string, now: number): boolean {
  const doc = parsed(text);
  return (
    namesTimeAhead(text) ||
    datesIn(text, new Date(now), { forwardDate: false }).some(
      (r) =>
        r.start.date().getTime() > now &&
        !habitual(r, doc) &&
        // (The part of today one is in, "how's your AFTERNOON going?" at 2 pm, is not ahead: its
        // hour, as chrono-node implies it, is nearer now than the parts before and after.)
        !(
          !r.start.isCertain("hour") &&
          !r.start.isCertain("day") &&
          r.start.date().getTime() - now < PART_HOURS * 3_600_000
        ),
    )
  );
}

/** How far ahead of now the hour chrono-node implies for a part of the day ("afternoon": 3 pm,
 *  "evening": 8 pm) may lie while that part has begun: half the span between two such hours. */
const PART_HOURS = 3;

/** A part of the day named bare ("what keeps you up AT NIGHT?", "what do you do in the
 *  evening?"), with no day of its own (chrono-node's "tonight", "this evening") nor hour, in a
 *  clause in the simple present: how things usually are then, no day. */
function habitual(r: chrono.ParsedResult, doc: Doc): boolean {
  if (r.start.isCertain("day") || r.start.isCertain("weekday") || r.start.isCertain("hour"))
    return false;
  if (parsed(r.text).has("#Determiner") || !/[a-z]/i.test(r.text)) return false;
  const verbs = doc.verbs();
  return (
    verbs.found &&
    !doc.has("(#Gerund|#PastTense|#Modal|#Infinitive to|will|going to)") &&
    doc.has("#PresentTense")
  );
}

/** Whether an utterance says something is drawing near: a verb in "-ing" (with its particle, as
 *  WordNet holds it: "coming up") whose sense is near approaching ("come near in time"). */
function nearing(text: string): boolean {
  return contentTerms(text).some(
    (t) =>
      t.pos === "verb" &&
      /\b\w+ing\b/i.test(text) &&
      new RegExp(`\\b${t.word.split(" ")[0].replace(/e$/, "")}\\w*ing\\b`, "i").test(text) &&
      relatedness(t.word, "approach", "verb", "verb") >= 0.7,
  );
}
