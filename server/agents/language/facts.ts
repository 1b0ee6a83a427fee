// A persona read once into facts: each clause of its backstory, status and habits kept with what
// it is about (occupation, family, friends, home, habits, wishes, worries, plans), the people it
// names, and whether it is a secret ("..., which she has not yet told her parents"). Kinds come
// from WordNet (a noun that is a kind of relative or friend, a verb near "want", "worry" or
// "plan"), not from a list of the personas' words. Answers take the clauses as values and say
// them through the realiser; nothing is re-parsed from what the engine wrote.
import nlp from "compromise";
import {
  closeness,
  domainOf,
  feelingOf,
  isWord,
  glossOf,
  kindOf,
  lemma,
  senses,
  synset,
  valence,
  type Pos,
} from "./lexicon.ts";
import { Bounded, copyOf, parsed, sentencesOf, termsOf as parsedTerms } from "./parse.ts";
import { pronounOf, type Pronoun } from "./realise.ts";
import { notePronoun } from "./pronouns.ts";
import { refersBack } from "./anaphora.ts";
import { namesTimeAhead } from "./time.ts";
import { infinitive } from "./understand.ts";
import { speaksOf } from "./names.ts";

export type FactKind =
  "occupation" | "family" | "friend" | "home" | "habit" | "wish" | "worry" | "plan" | "other";

export interface Fact {
  /** The clause in the third person, a sentence of its own ("Ada keeps a notebook ..."). */
  text: string;
  kinds: FactKind[];
  /** Residents' or others' names it mentions (first names as written). */
  people: string[];
  /** Only for friends: the clause says it is kept from someone, or tells a feeling for someone
   *  (forFriends). */
  secret: boolean;
  /** Content lemmas, for matching a question's topic. */
  words: string[];
  /** The part of speech each word is used in ("play the PIANO": a noun), for its sense. */
  pos: Record<string, Pos>;
  /** From which field: backstory, status (currently) or habits (lifestyle). */
  source: "learned" | "currently" | "lifestyle";
  /** What a wish would mend or be rid of, as the clause names it ("the potholes on Main
   *  Street"): the wish says a worry about it. */
  nuisance?: string;
  /** It takes part in a contest ("running for mayor in the election", "training for the race")
   *  and says no wish of its own: a wish all the same, to win it. */
  aim?: boolean;
}

export interface PersonaFacts {
  name: string;
  first: string;
  pronoun: Pronoun;
  traits: string[];
  facts: Fact[];
}

export interface PersonaText {
  name: string;
  /** Its values by their names ("age"), for an attribute of itself asked. */
  age?: number;
  innate: string;
  learned: string;
  currently: string;
  lifestyle: string;
}

type Term = { text: string; normal: string; tags: string[]; post?: string };

const termsOf = (text: string): readonly Term[] => parsedTerms(text);

/** Whether a clause says something is kept from someone: a negated verb of telling, or a word
 *  whose sense is near "secret". */
/** Whether a sentence keeps something from someone. */
export function secretIn(text: string): boolean {
  let known = secrets.get(text);
  if (known === undefined) {
    known = readSecret(text);
    // A bound: memories' texts are many over a long run, the oldest read go first (a town of
    // 1,000 reads more than 20,000 in its talks: a smaller bound had them parsed again and again).
    if (secrets.size >= 200_000) secrets.delete(secrets.keys().next().value!);
    secrets.set(text, known);
  }
  return known;
}

/** secretIn's answers by text (it parses; talks ask of the same memories line after line). */
const secrets = new Map<string, boolean>();

/** Negation, by compromise's lexicon (its words tagged Negative) and contractions' "not", and the
 *  negative quantifiers (closed class: "told NOBODY", "NOTHING to anyone"). */
const NEGATIONS = new Set(["not", "never", "non", "no", "nobody", "none", "nothing"]);
const negative = (t: Term) =>
  t.tags.includes("Negative") ||
  NEGATIONS.has(t.normal) ||
  NEGATIONS.has((t as { implicit?: string }).implicit ?? "");

/** Whether a text says something is not so ("he coaches NOBODY", "she NEVER swims"). */
export const saysNot = (text: string): boolean => parsedTerms(text).some(negative);

/**
 * What is for friends only: a secret (secretIn), or love for a person it names (a noun of a
 * feeling WordNet files under love, then a name: "has a crush on Lucy", "is in love with Tom").
 * Someone just met hears neither; a friend hears both.
 */
export function forFriends(text: string): boolean {
  return secretIn(text) || feelingFor(text);
}

/**
 * What one keeps from the very person it is about: said to the one it speaks of (names.ts
 * speaksOf), what is for friends (a secret, a love) or what carries a feeling of one's own (a
 * word WordNet files under feelings and emotions, or a quality AFINN-165 gives a feeling: "working
 * up the courage to ask Sofia out", "wonders whether Ben likes her", "a song, secretly for Iris").
 * Who the fact is about is the listener; nobody tells them that.
 */
export function privateTo(text: string, listener: string, people: readonly string[] = []): boolean {
  if (!speaksOf(text, listener, people)) return false;
  return forFriends(text) || parsedTerms(text).some(feelingWord);
}

function feelingWord(t: Term): boolean {
  if (t.tags.includes("ProperNoun") || t.tags.includes("Pronoun")) return false;
  const pos: Pos | undefined = t.tags.includes("Verb")
    ? "verb"
    : t.tags.includes("Noun")
      ? "noun"
      : undefined;
  if (!pos) return false;
  const d = senses(lemma(t.normal, pos) ?? t.normal, pos)[0]?.domain;
  // (A feeling, or a quality of one's heart with a feeling to it, "courage"; not whatever has a
  // feeling to it, a "fire" by which one reads.)
  return (
    d === "verb.emotion" ||
    d === "noun.feeling" ||
    (d === "noun.attribute" && valence(t.normal) !== 0)
  );
}

function feelingFor(text: string): boolean {
  const terms = parsedTerms(text);
  const person = (x: Term) => x.tags.includes("Person") || x.tags.includes("FirstName");
  return terms.some((t, i) => {
    if (!t.tags.includes("Noun") || t.tags.includes("ProperNoun")) return false;
    if (!isFeeling(lemma(t.normal, "noun") ?? t.normal)) return false;
    // (A person named after it, in its clause: before a full stop or semicolon.)
    for (const x of terms.slice(i + 1)) {
      if (person(x)) return true;
      if (/[.;]/.test(x.post ?? "")) return false;
    }
    return false;
  });
}

const feelings = new Map<string, boolean>();
function isFeeling(noun: string): boolean {
  let f = feelings.get(noun);
  if (f === undefined) {
    // (Love, in one of its first senses filed as a feeling: a crush, an infatuation; not respect or
    // worry, which people tell anyone.)
    f =
      senses(noun, "noun")
        .slice(0, 4)
        .some((s) => s.domain === "noun.feeling") && kindOf(noun, "love", { senses: 4 });
    if (feelings.size > 20_000) feelings.clear();
    feelings.set(noun, f);
  }
  return f;
}
/** The tense names compromise's conjugation takes (any of them may be the root's). */
const TENSES = ["Infinitive", "Participle", "PastTense", "Gerund", "PresentTense", undefined];
type Conjugate = (s: string, model: unknown, tense?: string) => string | undefined;
const world = (
  nlp as unknown as {
    world(): {
      model: unknown;
      methods: { two: { transform: { verb: { toInfinitive: Conjugate } } } };
    };
  }
).world();
const conjugate = world.methods.two.transform.verb.toInfinitive;

/** Whether a word, as readSecret reads a term, is near "secret" or (as a verb) near "tell". */
function nearSecretOrTell(word: string): { secret: boolean; tell: boolean } {
  let near = wordsNear.get(word);
  if (!near) {
    near = {
      secret: closeness(word, "secret") >= 0.9 || fromSecret(word),
      tell: closeness(lemma(word.toLowerCase(), "verb") ?? word, "tell") >= 0.6,
    };
    wordsNear.set(word, near);
  }
  return near;
}
/** An adverb made from "secret" ("secretly"): WordNet's pointer from the adverb to the adjective
 *  it pertains to. */
function fromSecret(word: string): boolean {
  return senses(word.toLowerCase(), "adv").some((s) =>
    s.pointers.some(
      (p) =>
        p.symbol === "\\" &&
        p.pos === "adj" &&
        synset("adj", p.offset).words.some((w) => closeness(w, "secret") >= 0.9),
    ),
  );
}
const wordsNear = new Bounded<string, { secret: boolean; tell: boolean }>(50_000);

/**
 * Whether readSecret could find a secret in a text, read from the shared tagging without
 * conjugating it (conjugation re-tags the sentence, the costliest part, and most texts keep
 * nothing). A superset of what conjugation can leave: every term's text and normal, each term or
 * run of up to three conjugated to its infinitive in every tense, the "do"/"does" and "not" it may
 * add; a negation after it was one before it (compromise's Negative words, or a contraction's
 * "not"). When this says no, readSecret says no.
 */
function maySayASecret(text: string): boolean {
  const terms = parsedTerms(text);
  const negated = terms.some(negative);
  const says = (near: { secret: boolean; tell: boolean }) => near.secret || (negated && near.tell);
  if (["do", "does", "did", "not"].some((w) => says(nearSecretOrTell(w)))) return true;
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    for (const w of [t.text, t.normal, (t as { implicit?: string }).implicit ?? ""])
      for (const v of spellings(w)) if (says(nearSecretOrTell(v))) return true;
    for (let n = 1; n <= 3 && i + n <= terms.length; n++) {
      const run = terms
        .slice(i, i + n)
        .map((x) => x.normal)
        .join(" ");
      if (says(runNear(run))) return true;
    }
  }
  return false;
}

/** A word as written, lower-cased and capitalised ("" has none). */
const spellings = (w: string): string[] =>
  w ? [w, w.toLowerCase(), w[0].toUpperCase() + w.slice(1)] : [];

/** Whether a run of words, conjugated to its infinitive in any tense, has a word near "secret" or
 *  near "tell" (maySayASecret's reading of it: the same runs, "at the", "is going", come back in
 *  text after text, each conjugated once). */
function runNear(run: string): { secret: boolean; tell: boolean } {
  let near = runsNear.get(run);
  if (!near) {
    near = { secret: false, tell: false };
    for (const tense of TENSES)
      for (const w of (conjugate(run, world.model, tense) ?? "").split(/\s+/))
        for (const v of spellings(w)) {
          const x = nearSecretOrTell(v);
          near.secret ||= x.secret;
          near.tell ||= x.tell;
        }
    runsNear.set(run, near);
  }
  return near;
}
const runsNear = new Bounded<string, { secret: boolean; tell: boolean }>(50_000);

function readSecret(text: string): boolean {
  if (!maySayASecret(text)) return false;
  // (A copy of the shared tagging: conjugating changes the document.)
  const doc = copyOf(text);
  doc.verbs().toInfinitive();
  const terms = (doc.terms().json() as { terms: Term[] }[]).map((t) => t.terms[0]);
  const negated = terms.some(negative);
  // (Read before conjugating too: "has told" can come back a noun, "tell".)
  const telling = [...terms, ...parsedTerms(text)].some(
    (t) =>
      t.tags.includes("Verb") &&
      closeness(lemma(t.text.toLowerCase(), "verb") ?? infinitive(t.text) ?? t.text, "tell") >= 0.6,
  );
  return (
    (negated && telling) ||
    terms.some((t) => closeness(t.normal, "secret") >= 0.9 || fromSecret(t.normal))
  );
}

/** Whether the "and" at `i` closes a series of doings ("A, B, and C"): a comma before it, in its
 *  sentence, is followed by a verb. */
function closesSeries(
  terms: readonly { post?: string; tags: string[]; normal?: string }[],
  i: number,
): boolean {
  // (A single word after a comma before it is the last but one of a list, whatever its tag:
  // "writes, prints and delivers the Gazette" shares its object; cut, "writes, prints" is left.)
  if (i >= 2 && terms[i - 2].post?.includes(",")) return true;
  for (let j = i - 1; j > 0; j--)
    if (terms[j - 1].post?.includes(",") && verbAfterComma(terms[j], terms[j + 1])) return true;
  return false;
}

/** A verb of a series after its comma, as tagged, or a present verb the tagger took for a plural
 *  noun before an object of its own ("keeps the records, RUNS the council meetings and ..."). */
function verbAfterComma(
  t: { tags: string[]; normal?: string },
  next?: { tags: string[] },
): boolean {
  if (t.tags.includes("Verb")) return true;
  if (!t.normal || !t.tags.includes("Plural")) return false;
  if (!["Determiner", "Possessive"].some((g) => next?.tags.includes(g))) return false;
  return termsOf(`he ${t.normal}`)[1]?.tags.includes("PresentTense") ?? false;
}

/** Sentences of a text, then each sentence's coordinated clauses ("X does A and wants B") as
 *  sentences of their own with the subject repeated. A sentence or clause whose pronoun refers to
 *  something before it stays with what it refers to ("... the flood of 1952 and is looking for
 *  people who remember it" is one fact; so is "... a party tomorrow. She wants Felix to play the
 *  piano at it"), so no fact carries a pronoun whose antecedent was left in another. */
function clauses(text: string, subject: string): string[] {
  const out: string[] = [];
  const own = subject === "She" || subject === "He" ? [] : ["they", "them"];
  // Sentences that refer back are kept with the one before, and such a group is not cut.
  const groups: string[][] = [];
  for (const s of sentencesOf(text)) {
    if (groups.length && refersBack(termsOf(s), own)) groups[groups.length - 1].push(s.trim());
    else groups.push([s.trim()]);
  }
  for (const group of groups) {
    if (group.length > 1) {
      out.push(group.join(" "));
      continue;
    }
    const s = group[0];
    const terms = termsOf(s);
    const cuts: number[] = [];
    terms.forEach((t, i) => {
      if (t.normal !== "and" || i === 0) return;
      const next = terms[i + 1];
      const prev = terms[i - 1];
      // "and" before a finite verb joins two clauses about the same subject.
      // (Not the last of a series, "grew up here, left for school, and came back": one story,
      // whose last step alone says nothing.)
      if (
        next?.tags.includes("Verb") &&
        !next.tags.includes("Gerund") &&
        !prev?.tags.includes("Verb") &&
        !closesSeries(terms, i)
      )
        cuts.push(i);
    });
    // A clause that refers back is not cut from the one before it.
    // Nor is one that only keeps it ("..., and has told nobody yet": what was not told is the
    // clause before, which the secret keeps).
    const kept = cuts.filter(
      (c, j) =>
        !refersBack(terms.slice(c + 1, cuts[j + 1]), own) &&
        !onlyKeeps(terms.slice(c + 1, cuts[j + 1])),
    );
    if (!kept.length) {
      out.push(s);
      continue;
    }
    const words = terms.map((t) => t.text + (t.post ?? " "));
    let from = 0;
    const parts: string[] = [];
    for (const c of [...kept, terms.length]) {
      parts.push(
        words
          .slice(from, c)
          .join("")
          .replace(/[,\s]+$/, ""),
      );
      from = c + 1;
    }
    out.push(parts[0].trim().replace(/[.!?]?$/, "."));
    for (const p of parts.slice(1)) out.push(`${subject} ${p.trim().replace(/[.!?]?$/, ".")}`);
  }
  return out.filter((c) => c.length > 3);
}

/** Whether a clause says only that something was not told: a secret whose words are a verb of
 *  telling and negations, nothing told of its own. */
function onlyKeeps(terms: readonly Term[]): boolean {
  const text = terms.map((t) => t.text + (t.post ?? " ")).join("");
  return (
    secretIn(text) &&
    termsWithPos(text).every(
      (w) => NEGATIONS.has(w.word) || (w.pos === "verb" && nearSecretOrTell(w.word).tell),
    )
  );
}

/** Content lemmas of a clause, each with the part of speech it is used in. */
function termsWithPos(text: string): { word: string; pos: Pos }[] {
  return termsOf(text)
    .filter(
      (t) =>
        (t.tags.includes("Noun") || t.tags.includes("Verb") || t.tags.includes("Adjective")) &&
        !t.tags.some((g) => ["Pronoun", "Copula", "Auxiliary", "Modal"].includes(g)),
    )
    .map((t) => {
      const pos: Pos = t.tags.includes("Verb")
        ? "verb"
        : t.tags.includes("Adjective")
          ? "adj"
          : "noun";
      // (A possessive is its noun: "Valentine's" is "valentine".)
      const w = t.normal.replace(/'s$/, "");
      // (An irregular form by compromise's conjugation: "married" → "marry", "took" → "take".)
      return { word: lemma(w, pos) ?? (pos === "verb" ? infinitive(w) : undefined) ?? w, pos };
    })
    .filter((w) => w.word.length > 2);
}

/** Whether a clause says a wish: a verb of wanting, hoping, wishing or planning (WordNet) that
 *  governs another verb in its clause ("wants to become", "hopes to play", "wants them finished",
 *  "thinking of taking up"; not "a letter she thinks is about"). A verb merely near "want" with only a thing after it is a doing
 *  ("takes their coffee", "lends tools to anyone who asks"), not a wish. */
function wishIn(text: string): boolean {
  const terms = termsOf(text);
  const isVerb = (t: Term) => t.tags.includes("Verb");
  return terms.some((t, i) => {
    if (t.tags.some((g) => ["Auxiliary", "Modal", "Copula", "Pronoun"].includes(g))) return false;
    // (The tagger reads some gerunds as nouns: "quietly thinking of taking up".)
    const w = lemma(t.normal, "verb") ?? (isVerb(t) ? t.normal : undefined);
    if (!w) return false;
    if (!["want", "hope", "wish", "plan", "intend"].some((c) => closeness(w, c) >= 0.7))
      return false;
    for (let j = i; j < terms.length; j++) {
      // The verb it governs is not finite: "to" before it, or a gerund or participle.
      const governed =
        terms[j - 1]?.normal === "to" ||
        terms[j].tags.some((g) => ["Gerund", "Participle", "PastTense"].includes(g));
      if (j > i && isVerb(terms[j]) && governed) return true;
      if (/[,;.!?]/.test(terms[j].post ?? "")) return false;
    }
    return false;
  });
}

/**
 * What a wish would mend: a verb of change it governs ("wants the town to FIX ...", WordNet's
 * verb.change) whose object is a thing of ill feeling (lexicon feelingOf: a pothole is a hollow,
 * "hollow" ill), as its noun phrase with what places it ("the potholes on Main Street"). To want a
 * thing mended is to be troubled by it; to want to become something is no trouble (its object is
 * no ill).
 */
export function nuisanceIn(text: string): string | undefined {
  if (!wishIn(text)) return undefined;
  const terms = termsOf(text);
  const phrase = ["Determiner", "Possessive", "Adjective", "Noun", "Value"];
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    if (!t.tags.includes("Verb") || t.tags.some((g) => ["Auxiliary", "Modal"].includes(g)))
      continue;
    const v = lemma(t.normal, "verb") ?? infinitive(t.normal);
    if (!v || senses(v, "verb")[0]?.domain !== "verb.change") continue;
    // Its object: the noun phrase right after it, its head the last noun before a break.
    let j = i + 1;
    while (j < terms.length && phrase.some((g) => terms[j].tags.includes(g))) {
      if (/[,;.!?]/.test(terms[j].post ?? "")) {
        j++;
        break;
      }
      j++;
    }
    const np = terms.slice(i + 1, j);
    // (A thing there now, said definitely, "THE potholes", "ITS roof": not one to become or get,
    // "a better glazer".)
    const lead = np[0];
    if (
      !lead ||
      !(
        lead.tags.includes("Possessive") ||
        (lead.tags.includes("Determiner") && /^th/.test(lead.normal))
      )
    )
      continue;
    // (Ill by its head or a word that qualifies it: "the LEAKING roof".)
    const words = np.filter(
      (x) => !x.tags.includes("ProperNoun") && !x.tags.includes("Determiner"),
    );
    const head = words.filter((x) => x.tags.includes("Noun")).at(-1);
    if (!head) continue;
    const ill = words.some((x) =>
      x === head
        ? feelingOf(lemma(x.normal, "noun") ?? x.normal, "noun") < 0
        : feelingOf(x.normal.replace(/[^a-z'-]/g, "")) < 0,
    );
    if (!ill) continue;
    // With what places it: a preposition and the phrase it takes ("on Main Street", "of the
    // village hall").
    let end = j;
    if (!/[,;.!?]/.test(terms[j - 1]?.post ?? "") && terms[j]?.tags.includes("Preposition")) {
      let m = j + 1;
      while (
        m < terms.length &&
        phrase.some((g) => terms[m].tags.includes(g)) &&
        !/[,;.!?]/.test(terms[m - 1]?.post ?? "")
      )
        m++;
      if (terms.slice(j + 1, m).some((x) => x.tags.includes("Noun"))) end = m;
    }
    return terms
      .slice(i + 1, end)
      .map((x, n, all) => x.text + (n < all.length - 1 ? (x.post ?? " ") : ""))
      .join("")
      .replace(/[,;.!?\s]+$/, "");
  }
  return undefined;
}

/** Whether a noun names a contest: WordNet's contests, or a sense whose gloss says a winner is
 *  decided ("election": a vote to select the winner of a position). */
function isContest(noun: string): boolean {
  return (
    kindOf(noun, "contest") || glossOf(noun, "noun").some((g) => closeness(g, "winner") >= 0.9)
  );
}

/**
 * Whether a status clause says it takes part in a contest: a contest named after "for" or "in"
 * ("running for mayor IN THE ELECTION", "training FOR THE RACE"), not one it makes or runs, the
 * object of its verb ("organising a tournament", "helping Daniel organise the tournament").
 */
function aimIn(text: string): boolean {
  const terms = termsOf(text);
  const phrase = ["Determiner", "Possessive", "Adjective", "Noun", "Value", "Date"];
  return terms.some((t, i) => {
    if (!t.tags.includes("Noun") || t.tags.includes("Pronoun")) return false;
    if (!isContest(lemma(t.normal, "noun") ?? t.normal)) return false;
    // (Back over its noun phrase to the word that governs it.)
    let j = i - 1;
    while (j >= 0 && phrase.some((g) => terms[j].tags.includes(g)) && !terms[j].post?.trim()) j--;
    return j >= 0 && ["for", "in"].includes(terms[j].normal);
  });
}

/**
 * What a clause complains of: a feeling of its subject's that is unpleasant (lexicon feelingOf),
 * said by a verb of feeling (WordNet's verb.emotion: "dislikes CHANGE", "dreads the winter") or by
 * an adjective in -ing that causes it, said of a thing after a verb ("finds MAYOR PIKE'S HABITS
 * exhausting"): the thing, as said, for the answer to name first; "" when it names none; undefined
 * when it complains of nothing. (Not denied: "does not mind the noise".)
 */
export function complaintIn(text: string): string | undefined {
  const terms = termsOf(text);
  const phrase = ["Determiner", "Possessive", "Adjective", "Noun", "Value", "ProperNoun"];
  const said = (from: number, to: number) =>
    terms
      .slice(from, to)
      .map((x, n, all) => x.text + (n < all.length - 1 ? (x.post ?? " ") : ""))
      .join("")
      .replace(/[,;.!?\s]+$/, "");
  // The noun phrase from a term on, to a break or a word of another kind.
  const phraseFrom = (i: number) => {
    let j = i;
    while (j < terms.length && phrase.some((g) => terms[j].tags.includes(g))) {
      j++;
      if (/[,;.!?]/.test(terms[j - 1].post ?? "")) break;
    }
    // (A noun its head, the last word: not a clause, "worries THAT NOBODY YOUNG will ...".)
    const head = terms[j - 1];
    return j > i && head.tags.includes("Noun") && !head.tags.includes("Pronoun") ? said(i, j) : "";
  };
  for (let i = 0; i < terms.length; i++) {
    const t = terms[i];
    const w = t.normal.replace(/[^a-z'-]/g, "");
    if (terms.slice(Math.max(0, i - 3), i).some((x) => /^(not|never)$/.test(x.normal))) continue;
    const ill = (pos: "adj" | "verb", word: string) => feelingOf(word, pos) < 0;
    // An adjective in -ing of ill feeling (the tagger may read it as a gerund) after the noun
    // phrase a verb governs: "finds the new rules ANNOYING".
    // (Said of the phrase before it, not of a noun after it: "runs the STRUGGLING shop".)
    const attributive =
      !/[,;.!?]/.test(t.post ?? "") && !!terms[i + 1]?.tags.some((g) => phrase.includes(g));
    // (Of a verb WordNet files first under emotion or the body, "exhaust", "annoy": not "missing".)
    const felt = ["verb.emotion", "verb.body"].includes(domainOf(lemma(w, "verb") ?? "", "verb"));
    if (/ing$/.test(w) && isWord(w, "adj") && ill("adj", w) && felt && !attributive) {
      let j = i - 1;
      while (
        j >= 0 &&
        phrase.some((g) => terms[j].tags.includes(g)) &&
        !/[,;.!?]/.test(terms[j].post ?? "")
      )
        j--;
      if (
        j < i - 1 &&
        j >= 0 &&
        terms[j].tags.includes("Verb") &&
        !terms[j].tags.includes("Copula")
      )
        return said(j + 1, i);
      continue;
    }
    // An adjective of ill feeling after a copula, with what it is felt of: "is TIRED of the noise".
    if (
      t.tags.includes("Adjective") &&
      ill("adj", w) &&
      terms[i - 1]?.tags.includes("Copula") &&
      /^(of|with)$/.test(terms[i + 1]?.normal ?? "")
    )
      return phraseFrom(i + 2);
    // A verb of feeling of ill: "DISLIKES change", "resents the noise".
    if (
      t.tags.includes("Verb") &&
      !t.tags.some((g) => ["Auxiliary", "Modal", "Copula", "Gerund"].includes(g))
    ) {
      const v = lemma(w, "verb") ?? infinitive(w);
      if (v && domainOf(v, "verb") === "verb.emotion" && ill("verb", v)) return phraseFrom(i + 1);
    }
  }
  return undefined;
}

function kindsOf(
  text: string,
  words: string[],
  source: Fact["source"],
  first: boolean,
): FactKind[] {
  const kinds = new Set<FactKind>();
  const nouns = termsOf(text).filter((t) => t.tags.includes("Noun") && !t.tags.includes("Pronoun"));
  const nounLemmas = nouns.map((t) => lemma(t.normal, "noun") ?? t.normal);
  if (
    nounLemmas.some((n) => kindOf(n, "relative") || kindOf(n, "spouse")) ||
    /\bmarried\b/i.test(text)
  )
    kinds.add("family");
  if (nounLemmas.some((n) => kindOf(n, "friend") || n === "friend")) kinds.add("friend");
  if (source === "lifestyle") kinds.add("habit");
  const near = (concept: string, min: number) => words.some((w) => closeness(w, concept) >= min);
  // (A word near "worry" that is pleasant, "likes a long breakfast", is no worry.)
  if (words.some((w) => closeness(w, "worry") >= 0.6 && valence(w) <= 0)) kinds.add("worry");
  if (wishIn(text) || (source === "currently" && aimIn(text))) kinds.add("wish");
  // (A wish to mend a thing of ill is a worry about it: "wants the town to fix the potholes".)
  if (nuisanceIn(text) || complaintIn(text) !== undefined) kinds.add("worry");
  // (What one is doing now for a time ahead, "the election next month", is a plan too.)
  if (
    source === "currently" &&
    (near("plan", 0.7) || /\b(will|going to)\b/.test(text) || namesTimeAhead(text))
  )
    kinds.add("plan");
  if (nounLemmas.some((n) => kindOf(n, "dwelling")) || near("inhabit", 0.9)) kinds.add("home");
  // The backstory's first clause says who the resident is; so does any clause on its work.
  if ((source === "learned" && first) || near("work", 0.75) || near("job", 0.75))
    kinds.add("occupation");
  if (!kinds.size) kinds.add("other");
  return [...kinds];
}

/** Whether a term the tagger reads as a person is a word of kinship ("her BROTHER Arjun", "his
 *  UNCLE Cobb"): a noun WordNet files as a kind of relative or kinsman, not a name. */
function kinWord(t: Term): boolean {
  const w = t.normal.replace(/[^a-z'-]/g, "").replace(/'s$/, "");
  const n = lemma(w, "noun") ?? w;
  return ["relative", "kinsman"].some((of) => kindOf(n, of));
}

/** Whether a clause says what its subject does not perceive or know ("She has not noticed that
 *  Felix is writing a song for her", "He doesn't know ..."): a negated verb of perceiving or
 *  knowing (WordNet's files) said of the persona's subject. */
export function unawareIn(text: string): boolean {
  const verb = (
    parsed(text)
      .match(
        "^(#Pronoun|#Noun+) #Adverb? (#Auxiliary|#Copula|#Modal)? #Adverb? (not|never) #Adverb? [#Verb]",
        0,
      )
      .out("array") as string[]
  )[0]?.toLowerCase();
  if (!verb) return false;
  const l = lemma(verb, "verb") ?? verb;
  return ["verb.perception", "verb.cognition"].includes(domainOf(l, "verb"));
}

const cache = new Map<string, PersonaFacts>();

/** The persona read into facts (cached per persona text). */
export function personaFacts(p: PersonaText): PersonaFacts {
  const key = `${p.name}\n${p.learned}\n${p.currently}\n${p.lifestyle}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const first = p.name.split(" ")[0];
  const pronoun = pronounOf(`${p.learned} ${p.currently} ${p.lifestyle}`);
  notePronoun(p.name, pronoun);
  const facts: Fact[] = [];
  for (const source of ["learned", "currently", "lifestyle"] as const) {
    const subject = pronoun === "they" ? first : pronoun === "she" ? "She" : "He";
    clauses(p[source], subject).forEach((text, i) => {
      // (What it has not noticed or does not know is the narrator's, never its own to say.)
      if (unawareIn(text)) return;
      const terms = termsWithPos(text);
      const words = terms.map((t) => t.word);
      const people = termsOf(text)
        .filter((t) => (t.tags.includes("Person") || t.tags.includes("FirstName")) && !kinWord(t))
        .map((t) => t.text.replace(/[^A-Za-z'-]/g, "").replace(/'s$/, ""))
        .filter((n) => n && !p.name.split(" ").includes(n));
      facts.push({
        text,
        kinds: kindsOf(text, words, source, i === 0),
        people: [...new Set(people)],
        secret: forFriends(text),
        words,
        pos: Object.fromEntries(terms.map((t) => [t.word, t.pos])),
        source,
        ...(source === "currently" && !wishIn(text) && aimIn(text) ? { aim: true } : {}),
        ...(nuisanceIn(text) || complaintIn(text)
          ? { nuisance: nuisanceIn(text) || complaintIn(text) }
          : {}),
      });
    });
  }
  const out: PersonaFacts = {
    name: p.name,
    first,
    pronoun,
    traits: p.innate
      .split(/,|\band\b/)
      .map((t) => t.trim())
      .filter(Boolean),
    facts,
  };
  // Every resident's persona, in a town of up to 2,000 with its visitors (a bound of 1,000 had a
  // town of 1,000 read its residents' personas again at every talk).
  if (cache.size >= 10_000) cache.delete(cache.keys().next().value!);
  cache.set(key, out);
  return out;
}

/** The part of a fact one may tell a person: all of it to a friend, the clause without the
 *  secret to someone else ("..., which I have not yet told my parents" is dropped and with it the
 *  clause it keeps), or nothing. */
export function tellable(f: Fact, friend: boolean): boolean {
  return friend || !f.secret;
}

/**
 * A doing (a plan's entry, what it is at now) as it may be told to a listener, keyed on the
 * persona's private facts: a doing that names the person a private fact is about and shares its
 * content (a thing of the doing WordNet finds close to one of the fact's: "writing a song for
 * Iris" beside "writing a new song, secretly for Iris") is private too. To a friend it is told
 * whole; to someone else, or to the person it is about, without that person ("writing a song"),
 * or, the person being no phrase of its own to leave out ("Iris's"), not at all (undefined).
 */
export function doingAsTold(
  task: string,
  f: PersonaFacts,
  listener: string,
  friend: boolean,
): string | undefined {
  return doingsAsTold(f, listener, friend)(task);
}

/** doingAsTold for many doings told to one listener: the facts it withholds from that listener
 *  (and their things) are read once, not again for every doing of a day's plan. */
export function doingsAsTold(
  f: PersonaFacts,
  listener: string,
  friend: boolean,
): (task: string) => string | undefined {
  const withheld = f.facts
    .filter((x) => x.people.length && ((!friend && x.secret) || privateTo(x.text, listener)))
    .map((x) => ({
      people: x.people,
      theirs: Object.entries(x.pos)
        .filter(([w, pos]) => pos === "noun" && !x.people.some((p) => p.toLowerCase() === w))
        .map(([w]) => w),
    }));
  if (!withheld.length) return (task) => task;
  return (task) => {
    let told = task;
    for (const x of withheld) {
      const named = x.people.filter((p) => speaksOf(told, p));
      if (!named.length) continue;
      const things = termsWithPos(told).filter((w) => w.pos === "noun");
      const shared = things.some(
        (t) =>
          !named.some((p) => p.toLowerCase() === t.word) &&
          x.theirs.some((w) => closeness(t.word, w) >= 0.8),
      );
      if (!shared) continue;
      for (const p of named) {
        const without = withoutPerson(told, p);
        if (without === undefined) return undefined;
        told = without;
      }
    }
    return told;
  };
}

/**
 * News as it may be told to a listener (a record's or a memory's text, "Felix is writing a song
 * for Iris this afternoon"): cut or withheld by the persona's private facts as a doing is
 * (doingAsTold), so what the persona keeps from someone is not told as news either.
 */
export function newsAsTold(
  text: string,
  f: PersonaFacts,
  listener: string,
  friend: boolean,
): string | undefined {
  const told = doingAsTold(text.replace(/[.!]+$/, ""), f, listener, friend);
  if (told === undefined) return undefined;
  return told === text.replace(/[.!]+$/, "") ? text : `${told}${/[.!]$/.exec(text)?.[0] ?? ""}`;
}

/** A text without the phrase that names a person: the preposition before the name, the name and
 *  the family name after it ("writing a song for Iris Novak" → "writing a song"); undefined
 *  when the name is no such phrase ("Iris's song"). */
function withoutPerson(text: string, person: string): string | undefined {
  const terms = parsedTerms(text);
  const at = terms.findIndex((t) => t.text.replace(/[^A-Za-z'-]/g, "") === person);
  if (at < 1 || !terms[at - 1].tags.includes("Preposition")) return undefined;
  let end = at + 1;
  while (
    end < terms.length &&
    terms[end].tags.includes("ProperNoun") &&
    /^[A-Z]/.test(terms[end].text)
  )
    end++;
  const out = [...terms.slice(0, at - 1), ...terms.slice(end)]
    .map((t) => `${(t as { pre?: string }).pre ?? ""}${t.text}${t.post ?? ""}`)
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return out || undefined;
}
