// Grammatical person: a whisper written to "you" becomes a statement about the resident, words
// said as "I" become a statement about the speaker, and a memory about the resident is said back
// as "I" (interviews, conversations).
import nlp from "compromise";
import { LruCache } from "../../llm/cache.ts";
import { Bounded, parsed, termsOf } from "./parse.ts";
import { FORMS, pronounCounts, pronounOfName, usesPronoun, type Pronoun } from "./pronouns.ts";
import { nameCandidates } from "./names.ts";
import { lemma, senses } from "./lexicon.ts";

const MODALS = new Set([
  "will",
  "would",
  "can",
  "could",
  "should",
  "shall",
  "may",
  "might",
  "must",
  "had",
  "did",
]);
const IRREGULAR: Record<string, string> = {
  are: "is",
  were: "was",
  have: "has",
  do: "does",
  go: "goes",
  "aren't": "isn't",
  "don't": "doesn't",
  "haven't": "hasn't",
  "weren't": "wasn't",
};
const NOT_VERBS = new Set([
  "and",
  "or",
  "who",
  "that",
  "too",
  "also",
  "both",
  "all",
  "really",
  "always",
  "often",
  "never",
  "just",
  "still",
  "yourself",
  "rarely",
  "usually",
  "sometimes",
  "frequently",
  "seldom",
  "mostly",
  "secretly",
]);

const pastCache = new LruCache<boolean>(5_000);
/** Whether the tagger reads "I <verb>" as the past ("went", "told"): it takes no -s. */
function pastTense(verb: string): boolean {
  let past = pastCache.get(verb);
  if (past === undefined) pastCache.set(verb, (past = nlp(`I ${verb}`).has("#PastTense")));
  return past;
}

function thirdPersonVerb(verb: string): string {
  const lower = verb.toLowerCase();
  if (IRREGULAR[lower]) return IRREGULAR[lower];
  if (MODALS.has(lower) || NOT_VERBS.has(lower) || /ed$|n['’]t$/.test(lower) || pastTense(lower))
    return verb;
  if (/(s|sh|ch|x|z|o)$/.test(lower)) return `${verb}es`;
  if (/[^aeiou]y$/.test(lower)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/**
 * A statement written to "you" (a whisper, a line of a history file) as a statement about the
 * agent: "you love your work at Hobbs Cafe" → "Isabella Rodriguez loves their work at Hobbs
 * Cafe".
 */
export function youToThirdPerson(text: string, name: string): string {
  const first = name.split(" ")[0];
  let out = text.trim();
  // "you" as a subject: at the start of a clause, then its verb agrees.
  out = out.replace(
    /(^|[.;!?]\s*|--\s*|,\s*|\b(?:and|but|that|because|when|if|so|since|while)\s+)you\s+(?:(also|really|often|always|never|still|just|rarely|usually|sometimes|frequently|seldom|mostly|secretly)\s+)?([\w'’]+)/gi,
    (_m, lead: string, adverb: string | undefined, verb: string) => {
      const v = NOT_VERBS.has(verb.toLowerCase()) ? verb : thirdPersonVerb(verb);
      return `${lead}${name} ${adverb ? `${adverb} ` : ""}${v}`;
    },
  );
  out = out.replace(/^you\b/i, name);
  out = out.replace(/\byourself\b/gi, `${first}self`);
  out = out.replace(/\byours\b/gi, `${first}'s`);
  out = out.replace(/\byour\b/gi, `${first}'s`);
  out = out.replace(/\byou\b/gi, first);
  out = out
    .replace(/\bI am\b/g, `${name} is`)
    .replace(/\bI'm\b/g, `${name} is`)
    .replace(/\bmy\b/gi, `${first}'s`);
  return ownBackReferences(out, name);
}

/** In a sentence that already named the person, its own things are "their": "Theo Brandt is
 *  behind on their term paper", not "... on Theo's term paper" (the person's name is known, its
 *  pronoun is not, so the singular "their"). */
function ownBackReferences(text: string, name: string): string {
  // No person to refer back to (a topic with no speaker): an empty name would match every "'s".
  if (!name.trim()) return text;
  const first = name.split(" ")[0];
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // (By its own pronoun when its persona was read: "Iris preparing an exhibition of her
  // portraits", which "I" takes back as "my"; "their" only when not known.)
  const forms = FORMS[pronounOfName(name) ?? "they"];
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => {
      const named = new RegExp(`\\b(?:${esc(name)}|${esc(first)})\\b(?!['’]s)`).exec(sentence);
      if (!named) return sentence;
      const head = sentence.slice(0, named.index + named[0].length);
      const rest = sentence
        .slice(head.length)
        .replace(new RegExp(`\\b${esc(first)}['’]s\\b`, "g"), forms.possessive)
        .replace(new RegExp(`\\b${esc(first)}self\\b`, "g"), forms.reflexive);
      return head + rest;
    })
    .join(" ")
    .replace(new RegExp(`\\b${esc(first)}self\\b`, "g"), first);
}

/** What someone said in the first person, about them: "I am running for mayor" → "Sam Moore is running for mayor". */
export function iToThirdPerson(text: string, name: string): string {
  const first = name.split(" ")[0];
  const out = agreeWithName(text)
    // "Ann Ash and I were": with a named person beside it, the verb stays plural.
    .replace(
      /\b([A-Z][\w'-]*) and I ([a-z]+)\b/g,
      (_m, other: string, verb: string) =>
        `${other} and ${name} ${verb === "am" ? "are" : verb === "was" ? "were" : verb}`,
    )
    .replace(/\bI'm\b|\bI am\b/g, `${name} is`)
    .replace(/\bI was\b/g, `${name} was`)
    .replace(/\bI've\b|\bI have\b/g, `${name} has`)
    .replace(/\bI'll\b/g, `${name} will`)
    // (The verb past an adverb agrees too: "I still live" → "Ada still lives".)
    .replace(/\bI ([a-z]+)(?: ([a-z]+))?\b/g, (_m, word: string, next?: string) =>
      next && modifiesVerb(word, next)
        ? `${name} ${word} ${thirdPersonVerb(next)}`
        : `${name} ${thirdPersonVerb(word)}${next ? ` ${next}` : ""}`,
    )
    .replace(/\bI\b/g, name)
    .replace(/\b[Mm]y\b/g, `${first}'s`)
    .replace(/\bmyself\b/g, `${first}self`)
    .replace(/\bme\b/g, first);
  return ownBackReferences(out, name);
}

/** One of the agent's own memories as it would say it. A memory that opens on "He"/"She" is a
 *  sentence of its own persona ("He has not told anyone."): every other memory names its subject. */
export function ownMemoryAsI(text: string, name: string): string {
  return toFirstPerson(sameSubject(text.replace(/^(He|She)\b/, name), name), name);
}

/** "Samuel is writing ...; he has asked Henrik" → "...; Samuel has asked Henrik": a clause after a
 *  semicolon that opens on "he"/"she" continues the sentence's subject when it is the resident and
 *  nobody else is named before it (then it is told in the first person like the rest). */
function sameSubject(text: string, name: string): string {
  const first = name.split(" ")[0];
  if (!text.startsWith(`${first} `) && !text.startsWith(`${name} `)) return text;
  return text.replace(/;\s+(he|she)\b/g, (m, _p: string, at: number) => {
    const before = text.slice(0, at).replace(name, "").replace(first, "");
    return /\b[A-Z][a-z]+/.test(before.slice(1)) ? m : `; ${first}`;
  });
}

/** News one heard from its teller about the teller ("I heard from Rosa Delgado that Rosa is
 *  planning ...") said as people say it: "Rosa told me she is planning ...". The teller's pronoun
 *  is the tagger's reading of their name, else the one the news itself uses of them ("..., which
 *  he intends to win"); with neither the sentence stays as it was. */
export function tellerAsSubject(text: string): string {
  return text.replace(
    /\bI heard from ([A-Z][\w'-]*)((?: [A-Z][\w'-]*)?) that (?:\1\2|\1)\b(?!['’])/g,
    (m, given: string, family: string, at: number) => {
      const tags = termsOf(`${given}${family} told me`)[0]?.tags ?? [];
      const rest = text.slice(at + m.length).split(/[.!?](?:\s|$)/)[0];
      const { he, she } = pronounCounts(rest);
      const pronoun = tags.includes("FemaleName")
        ? "she"
        : tags.includes("MaleName")
          ? "he"
          : he > she
            ? "he"
            : she > he
              ? "she"
              : "";
      return pronoun ? `${given} told me ${pronoun}` : m;
    },
  );
}

/** A memory about the agent as the agent would say it: "Theo Brandt is going to" → "I am going to". */
export function toFirstPerson(text: string, name: string): string {
  const first = name.split(" ")[0];
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const who = `(?:${esc(name)}|${esc(first)})`;
  return manyAgree(
    text
      .replace(new RegExp(`\\b${who}'s\\b`, "g"), "my")
      .replace(new RegExp(`\\b${who} is\\b`, "g"), "I am")
      .replace(new RegExp(`\\b${who} was\\b`, "g"), "I was")
      .replace(new RegExp(`\\b${who} has\\b`, "g"), "I have")
      .replace(new RegExp(`\\b${who} does\\b`, "g"), "I do")
      .replace(
        new RegExp(
          `\\b${who} (?!is\\b|was\\b|has\\b|does\\b|thus\\b|plus\\b)([a-z]+?)(ies|ches|shes|sses|xes|oes|s)\\b`,
          "g",
        ),
        (m, stem: string, end: string) =>
          // (Not an adverb that ends so, "always", "sometimes": the verb after it agrees below.)
          isAdverb(stem + end)
            ? m
            : `I ${stem}${end === "ies" ? "y" : end === "s" ? "" : end.slice(0, -2)}`,
      )
      .replace(
        new RegExp(`^${who} and ([A-Z][\\w'-]*(?: [A-Z][\\w'-]*)*(?: \\([^)]*\\))?) ([a-z]+)\\b`),
        // (Two as the subject of a verb, "were", "talk", "often talk": the other named first.)
        (m, other: string, next: string) =>
          /^(were|are|have)$/.test(next) || isAdverb(next) || nlp(`they ${next}`).has("#Verb")
            ? `${other} and I ${next}`
            : m,
      )
      .replace(
        new RegExp(
          `(^|[.;!?]\\s+|,\\s+|\\b(?:and|that|since|because|when|while|if|so|but)\\s+)${who}\\b`,
          "g",
        ),
        "$1I",
      )
      .replace(new RegExp(`\\b${who}\\b`, "g"), "me")
      .replace(/^For my planning: /, "For my plans: ")
      // (Before "his" is taken for one's own: in "Karl told me he has lost his dog" it is Karl's.)
      .replace(/^.*$/s, tellerAsSubject)
      .replace(
        /(^|[.;!?]\s+|,\s+|\b(?:and|that|since|because|when|while|if|so|but)\s+)(I [^.;!?,]*)/g,
        (_m, lead: string, clause: string) => lead + agreeWithI(ownPossessives(clause)),
      )
      // The same subject after a comma: "I am planning ..., and is trying" → "..., and am trying";
      // "I am writing a song, secretly for Iris, and hopes to" → "and hope to".
      // (After another subject too when it is the verb "I" opened with: "I am worried that Ada
      // works late, and is thinking" → "and am thinking".)
      .replace(/(\bI [^.;!?]*?), and ([a-z]+)\b/g, (m, before: string, verb: string) =>
        OTHER_SUBJECT.test(before) && firstPersonVerb(verb) !== /^I ([a-z]+)/.exec(before)?.[1]
          ? m
          : `${before}, and ${firstPersonVerb(verb)}`,
      )
      // (With an adverb before the verb: "..., and sometimes teaches" → "and sometimes teach".)
      .replace(
        /(\bI [^.;!?]*?), and ([a-z]+) ([a-z]+s)\b/g,
        (m, before: string, adverb: string, verb: string) =>
          !isAdverb(adverb) || OTHER_SUBJECT.test(before)
            ? m
            : `${before}, and ${adverb} ${firstPersonVerb(verb)}`,
      )
      .replace(
        /(^|[.!?]\s+)(I [^.!?]*)/g,
        (_m, lead: string, sentence: string) => lead + ownRestOfSentence(sentence),
      ),
  );
}

/**
 * The rest of a sentence said as "I", after its first comma, where the tagger finds no other
 * person its pronouns could point to: "he"/"she" and their possessives are the speaker's own
 * ("I own the inn, which he inherited from his father" → "which I inherited from my father"), and
 * a verb that goes on with what the speaker does agrees with "I" ("I go to bed at 2 am, wakes up at
 * 9 am" → "wake up").
 */
function ownRestOfSentence(sentence: string): string {
  const comma = sentence.indexOf(", ");
  if (
    comma < 0 ||
    !/\b(he|she|his|her|him|himself|herself)\b|, (and )?[a-z]+s\b/.test(sentence.slice(comma))
  )
    return sentence;
  // (Nor in what one heard or was told: its pronouns are of whom it is about.)
  if (/\b(heard|told|said)\b/.test(sentence.slice(0, comma))) return sentence;
  if (someoneElseIn(sentence, sentence.slice(comma))) return sentence;
  const rest = sentence
    .slice(comma)
    .replace(
      /, (and )?([a-z]+s)\b/g,
      (_m, and: string | undefined, verb: string) => `, ${and ?? ""}${firstPersonVerb(verb)}`,
    )
    .replace(
      /\b(he|she) ([a-z]+)\b/g,
      (_m, _p: string, verb: string) => `I ${firstPersonVerb(verb)}`,
    )
    .replace(/\bhis\b/g, "my")
    .replace(/\bher\b( [a-z][\w'-]*)?/g, (_m, next?: string) =>
      next && !FUNCTION_WORDS.has(next.trim()) ? `my${next}` : `me${next ?? ""}`,
    )
    .replace(/\bhim\b/g, "me")
    .replace(/\bhimself\b|\bherself\b/g, "myself");
  return sentence.slice(0, comma) + rest;
}

/** Whether the sentence names a person its pronouns after the comma could point to: one whose
 *  name the tagger does not read as of the other sex than every pronoun there ("a crush on Lucy,
 *  whom he sees": "he" is not Lucy). */
function someoneElseIn(sentence: string, rest: string): boolean {
  const people = parsed(sentence).people().json() as { terms: { tags: string[] }[] }[];
  if (!people.length) return false;
  const he = usesPronoun(rest, "he");
  const she = usesPronoun(rest, "she");
  return people.some((p) => {
    const tags = p.terms.flatMap((t) => t.tags);
    const female = tags.includes("FemaleName");
    const male = tags.includes("MaleName");
    // (Someone the pronouns may be: of their sex, or of none the tagger knows.)
    return (he && !female) || (she && !male) || (!he && !she);
  });
}

/** The verb after "and" in a clause said as "I", made to agree with the third person before "I"
 *  becomes a name ("I am getting ... and want to plant" → "... and wants to plant"). */
function agreeWithName(text: string): string {
  return text.replace(/\bI(?:'m| am| [a-z]+)\b[^.;!?]*/g, (clause) =>
    // Not where the words before the "and" bring in another subject ("I heard that Bo ... and
    // wants"); what comes after it does not matter ("and am looking for people WHO remember").
    clause.replace(/\band ([a-z]+)\b/g, (m, verb: string, at: number) => {
      // (After a comma, the verb "I" opened with goes on with "I" whatever came between: "I am
      // worried that Ada works late, and am thinking" → "..., and is thinking".)
      const opening = /^I(?:'m| ([a-z]+))/.exec(clause);
      const same = (opening?.[1] ?? "am") === verb && /,\s*$/.test(clause.slice(0, at));
      if (OTHER_SUBJECT.test(clause.slice(0, at)) && !same) return m;
      const irregular: Record<string, string> = { am: "is", have: "has", do: "does" };
      if (irregular[verb]) return `and ${irregular[verb]}`;
      const v = parsed(verb);
      return v.has("#Infinitive") && !v.has("#Noun") ? `and ${thirdPersonVerb(verb)}` : m;
    }),
  );
}

const OTHER_SUBJECT = /\b(that|who|which|heard|told|said|he|she|they|we)\b/;

/** A verb that agreed with the third person, after "and" in a clause whose subject became "I"
 *  ("I am planning ... and is trying" → "and am trying"; "and wants" → "and want"). */
function agreeWithI(clause: string): string {
  // An adverb between "I" and its verb ("I often comes across Theo" → "often come"): the
  // tagger's adverb, and the verb as "I" says it.
  clause = clause
    .replace(/^I ([a-z]+) ([a-z]+s)\b/, (m, adverb: string, verb: string) =>
      isAdverb(adverb) ? `I ${adverb} ${firstPersonVerb(verb)}` : m,
    )
    .replace(/\band ([a-z]+) ([a-z]+s)\b/g, (m, adverb: string, verb: string, at: number) =>
      isAdverb(adverb) && !OTHER_SUBJECT.test(clause.slice(0, at))
        ? `and ${adverb} ${firstPersonVerb(verb)}`
        : m,
    );
  // Not where the words before the "and" bring in another subject ("I heard from Edmund that
  // Edmund ... and wants"); what comes after it does not matter ("and is thinking about Jonah's
  // hints that he should ...").
  return clause.replace(/\band ([a-z]+)\b/g, (m, verb: string, at: number) => {
    if (OTHER_SUBJECT.test(clause.slice(0, at))) return m;
    const own = firstPersonVerb(verb);
    if (own !== verb || !verb.endsWith("s")) return `and ${own}`;
    // A habitual verb the tagger takes for a plural noun alone ("referees"): read with its
    // object after it, as "he referees the pool tournaments" would be.
    const next =
      clause
        .slice(at + m.length)
        .trim()
        .split(/\s+/)[0] ?? "";
    const read = nlp(`he ${verb} ${next}`).terms();
    return read.eq(2).has("(#Determiner|#Possessive)") && read.eq(1).has("#PresentTense")
      ? `and ${nlp(`he ${verb}`).verbs().toInfinitive().text().replace(/^he /, "") || verb}`
      : m;
  });
}

/** Whether the tagger reads a word alone as an adverb ("often", "always"). */
function isAdverb(word: string): boolean {
  let out = adverbs.get(word);
  if (out === undefined) adverbs.set(word, (out = nlp(word).has("#Adverb")));
  return out;
}
const adverbs = new Bounded<string, boolean>(5_000);

/** Whether "I <word> <next>" has an adverb (or a "never") before its verb, read in that context:
 *  "still" alone is an adjective to the tagger, in "I still live" an adverb. */
function modifiesVerb(word: string, next: string): boolean {
  const key = `${word} ${next}`;
  let out = beforeVerbs.get(key);
  if (out === undefined) {
    const tags = termsOf(`I ${key}`)[1]?.tags ?? [];
    out = tags.includes("Adverb") || tags.includes("Negative");
    beforeVerbs.set(key, out);
  }
  return out;
}
const beforeVerbs = new Bounded<string, boolean>(5_000);

/** A present verb of the third person as "I" says it: is → am, has → have, hopes → hope (the
 *  tagger's present tense); anything else as it is. */
function firstPersonVerb(verb: string): string {
  let out = firstPersonVerbs.get(verb);
  if (out === undefined) firstPersonVerbs.set(verb, (out = readFirstPersonVerb(verb)));
  return out;
}
const firstPersonVerbs = new Bounded<string, string>(20_000);

function readFirstPersonVerb(verb: string): string {
  const own = ({ is: "am", has: "have", does: "do" } as Record<string, string>)[verb];
  if (own) return own;
  if (!verb.endsWith("s")) return verb;
  const v = nlp(verb);
  return v.has("#PresentTense") && !v.has("#Noun") ? v.verbs().toInfinitive().text() || verb : verb;
}

/** Closed-class words after which "her" is an object, not a possessive ("with her to the park"). */
const FUNCTION_WORDS = new Set(
  "a an the to of in on at for with from by about into onto over under and or but as than that this these those if when while so then their his its our your my some any every each".split(
    " ",
  ),
);

/** In a clause whose subject became "I", the third-person possessive that pointed back to it is
 *  "my": "I am behind on his term paper" → "I am behind on my term paper". "her" only where a
 *  noun follows ("her thesis", not "with her to the park" or "helping her"). */
function ownPossessives(clause: string): string {
  // (Up to where another subject comes in: "I heard from Bo that Omar is teaching HIMSELF" is
  // Omar's.)
  // (Or where a clause of its own begins: "I talked about how Tomas is worried about HIS hives".)
  const other = /\b(that|who|which|heard|told|said|how|whether)\b/.exec(clause);
  if (other) return ownPossessives(clause.slice(0, other.index)) + clause.slice(other.index);
  return (
    clause
      .replace(/\bhis\b(?= [a-z])/g, "my")
      .replace(
        /\b(a|about|at|for|from|in|into|of|on|over|to|with|by) her (?=([a-z][\w'-]*))/g,
        (m, prep: string, next: string) => (FUNCTION_WORDS.has(next) ? m : `${prep} my `),
      )
      .replace(/\bher own\b/g, "my own")
      // "their" as a person's own ("behind on their term paper", ownBackReferences), unless the
      // clause brings in other people it could point to.
      .replace(/\btheir\b(?= [a-z])/g, (m) =>
        /\b(they|them|we|us|that|who|heard|told|said)\b/.test(clause) ? m : "my",
      )
      .replace(/\bthemselves\b/g, (m) =>
        /\b(they|them|we|us|that|who|heard|told|said)\b/.test(clause) ? m : "myself",
      )
      .replace(/\bhimself\b|\bherself\b/g, "myself")
  );
}

/** First letter upper-case. */
export const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** A phrase cut short never ends on a word that needs the next one ("planning a", "the new street
 *  lamps on"): the tagger's prepositions, determiners, conjunctions, possessives and auxiliaries
 *  are dropped from its end. */
export function withoutDanglingEnd(words: readonly string[]): string[] {
  const terms = termsOf(words.join(" "));
  const dangling = (t: { tags: string[] } | undefined) =>
    !!t &&
    [
      "Preposition",
      "Determiner",
      "Conjunction",
      "Possessive",
      "Copula",
      "Auxiliary",
      "Honorific",
    ].some((g) => t.tags.includes(g));
  const proper = (t: { tags: string[] } | undefined) => !!t && t.tags.includes("ProperNoun");
  let n = Math.min(words.length, terms.length);
  while (n > 1 && dangling(terms[n - 1])) {
    // A name dropped goes whole, with its title ("for Professor Okafor's" is not "for
    // Professor"): the proper noun's words before it go with it.
    const name = proper(terms[n - 1]);
    n--;
    while (name && n > 1 && proper(terms[n - 1])) n--;
  }
  return words.slice(0, n);
}

/**
 * A person named a second time in one sentence is "she"/"he" the second time, as people say it:
 * "Grace told me that Grace Okafor is worried" → "Grace told me that she is worried"; "Ann and I
 * talked about Ann's garden" → "about her garden". The pronoun is the one the person's persona
 * uses, else the tagger's reading of the name; the name stays where the pronoun is not known or
 * could be someone named between the two (another of the same pronoun, or of none known).
 */
export function namedOnce(
  text: string,
  pronounOf: (name: string) => Pronoun | undefined = pronounOfName,
): string {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((s) => onceIn(s, pronounOf))
    .join(" ");
}

const NAME = /\b([A-Z][a-z][\w-]*)(?: ([A-Z][a-z][\w-]*))?(['’]s\b)?/g;

function onceIn(sentence: string, pronounOf: (name: string) => Pronoun | undefined): string {
  const mentions: { at: number; end: number; given: string; p?: Pronoun; own: boolean }[] = [];
  for (const m of sentence.matchAll(NAME)) {
    const [whole, given, family, own] = m;
    const name = family ? `${given} ${family}` : given;
    const tags = termsOf(`${name} told me`)[0]?.tags ?? [];
    const p =
      pronounOf(name) ??
      (tags.includes("FemaleName") ? "she" : tags.includes("MaleName") ? "he" : undefined);
    // (Only people: a known resident's name or one the tagger reads as a person's.)
    if (!p && !tags.includes("Person") && !tags.includes("FirstName")) continue;
    mentions.push({ at: m.index, end: m.index + whole.length, given, p, own: !!own });
  }
  let out = sentence;
  // From the last, so that earlier offsets stay.
  for (let i = mentions.length - 1; i > 0; i--) {
    const m = mentions[i];
    if (!m.p || m.p === "they") continue;
    const before = mentions.slice(0, i);
    const k = before.findIndex((x) => x.given === m.given);
    if (k < 0) continue;
    // Someone named between who the pronoun could be too.
    if (before.slice(k + 1).some((x) => x.given !== m.given && (!x.p || x.p === m.p))) continue;
    // Nor a name that opens the sentence or a clause of its own ("Grace. Grace ..."), or one
    // called out to the listener (", Grace.").
    if (/[.;:!?]\s*$/.test(sentence.slice(0, m.at)) || /^[,.!?]/.test(sentence.slice(m.end)))
      continue;
    const next = sentence.slice(m.end).trim().split(/\s+/)[0] ?? "";
    const word = m.own
      ? FORMS[m.p].possessive
      : next && nlp(`${m.p} ${next}`).terms().last().has("#Verb")
        ? m.p
        : FORMS[m.p].object;
    out = out.slice(0, m.at) + word + out.slice(m.end);
  }
  return out;
}

/**
 * A person is named in full once in what one says, then by the first name, as people say it:
 * "I had lunch with Henrik ... then went to see Henrik Lindqvist" → "... then went to see Henrik".
 * Only for `people` (the town's residents, full names): a place that shares a word with a name
 * ("Lindqvist cottage") is left alone, and so is a full name whose first name another person
 * named in full shares (two Graces stay told apart).
 */
export function fullNameOnce(text: string, people: readonly string[]): string {
  const named = nameCandidates(text, people)
    .map((i) => people[i])
    .filter((p) => p.includes(" ") && text.includes(p));
  let out = text;
  for (const p of named) {
    const given = p.split(" ")[0];
    if (named.some((o) => o !== p && o.split(" ")[0] === given)) continue;
    const full = new RegExp(`\\b${escaped(p)}\\b`, "g");
    const first = new RegExp(`\\b${escaped(given)}\\b`);
    // After the first mention, by full or first name, each full mention is the first name.
    const at = out.search(first);
    if (at < 0) continue;
    const firstEnd = out.startsWith(p, at) ? at + p.length : at + given.length;
    out = out.slice(0, firstEnd) + out.slice(firstEnd).replace(full, given);
  }
  return out;
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One who takes part in a subject: a name (one or two words), "I" or "you". */
const ONE = String.raw`(?:[A-Z][a-z][\w'-]*(?: [A-Z][a-z][\w'-]*)?|I|[Yy]ou)`;
/** A subject of several at the start of a sentence or clause ("Ada, Ben and I", "You and Marco"),
 *  or "you" alone, and the word after it. */
const MANY = new RegExp(
  String.raw`(^|[.!?;]\s+|\b(?:that|because|while|when|so|but)\s+)(${ONE}(?:, ${ONE})* and ${ONE}|[Yy]ou) ([a-z]+)\b(?!['’])`,
  "g",
);
const PLURAL_OF: Record<string, string> = { is: "are", was: "were", has: "have", does: "do" };

/**
 * A subject of several people, or "you", takes the verb as "they" does ("Ada, Ben and I rows the
 * ferry" → "row", "you and Marco is" → "are", "You rows" → "You row"), and "I" is named last
 * ("I and Ada" → "Ada and I"), as English has it. The verb is the word after the subject that
 * WordNet knows as a verb whose base it is not ("rows" → "row"), the tagger's reading of it in
 * the sentence aside (a present verb after a list is often read as a plural noun).
 */
export function manyAgree(text: string): string {
  return text.replace(MANY, (m, lead: string, subject: string, word: string) => {
    const parts = subject.split(/, | and /);
    if (parts.some((p) => /^(?:[Yy]ou|I)$/.test(p)) === false && parts.length < 2) return m;
    // (I last: "I and Ada" → "Ada and I".)
    const i = parts.indexOf("I");
    let said = subject;
    if (i >= 0 && i < parts.length - 1) {
      const others = parts.filter((_, j) => j !== i);
      const first = others[0].replace(/^You\b/, "you");
      others[0] = lead && !/^[.!?]/.test(lead.trim()) ? first : cap(first);
      said = `${others.join(", ")} and I`;
    }
    const verb = PLURAL_OF[word] ?? (word.endsWith("s") ? pluralVerb(word) : word);
    return `${lead}${said} ${verb}`;
  });
}

/** "rows" → "row", "carries" → "carry"; a word that is no present verb stays as it is. */
function pluralVerb(word: string): string {
  if (/(?:ss|us|is)$/.test(word)) return word;
  const base = lemmaOf(word);
  return base && base !== word ? base : word;
}
const lemmaOf = (word: string) => (senses(word, "verb").length ? (lemma(word, "verb") ?? "") : "");

/**
 * A verb that goes on with what "I" does after "and" agrees with "I", whatever the tagger took it
 * for ("I go to bed at 1 am, wake up at 8 am, and skips breakfast" → "skip"; "..., and rows the
 * ferry" → "row"): in a sentence that opens on "I", with no one else named before it (a name, or
 * a present verb of someone else's: "I think Bo runs the shop, and sells bread" is Bo's), a word
 * after "and" that WordNet knows as a verb whose base it is not, followed by no verb of its own
 * ("and boats row" has its own subject).
 */
export function iGoesOn(text: string): string {
  return text.replace(/(^|[.!?]\s+)(I [^.!?]*)/g, (_m, lead: string, sentence: string) => {
    const out = sentence.replace(
      /(,? and )([a-z]+s)\b( [a-z]+)?/g,
      (m, and: string, word: string, after: string | undefined, at: number) => {
        const before = sentence.slice(2, at);
        if (/\b[A-Z][a-z]/.test(before)) return m;
        // (After a plural noun with no comma, a list of things: "two dogs and cats".)
        const last = termsOf(before).at(-1);
        if (!and.startsWith(",") && last?.tags.includes("Plural")) return m;
        const own = termsOf(before).some(
          (t) =>
            t.tags.includes("PresentTense") &&
            !t.tags.includes("Plural") &&
            /s$/.test(t.normal) &&
            !["is", "has", "does", "was"].includes(t.normal),
        );
        if (own) return m;
        const base = pluralVerb(word);
        if (base === word) return m;
        if (after && termsOf(`they ${after.trim()}`)[1]?.tags.includes("Verb")) return m;
        return `${and}${base}${after ?? ""}`;
      },
    );
    return lead + out;
  });
}
