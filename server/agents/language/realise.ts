// The realiser: a sentence about the resident, written in the third person (its persona, its
// plan), said in its own voice. The subject that is the resident ("Ada", "Ada Okafor", "She")
// becomes "I" and its verb agrees ("She keeps" → "I keep", "is" → "am"); the resident's
// possessives become "my" ("her parents" → "my parents", "Ada's" → "my"). Other people's names
// and pronouns stay as they are. Grammar from compromise's tags and WordNet's lemmas.
import nlp from "compromise";
import { lemma, senses } from "./lexicon.ts";
import { Bounded, termsOf } from "./parse.ts";
import { iGoesOn, manyAgree, tellerAsSubject } from "./person.ts";
import { peopleMeant } from "./anaphora.ts";

import { FORMS, pronounCounts, type Pronoun } from "./pronouns.ts";
export type { Pronoun };

/** The pronoun a persona uses for the resident: the one its sentences use most. */
export function pronounOf(text: string): Pronoun {
  const { she, he } = pronounCounts(text);
  return she > he ? "she" : he > she ? "he" : "they";
}

const AGREE: Record<string, string> = {
  is: "am",
  "'s": "'m",
  has: "have",
  does: "do",
  was: "was",
  "isn't": "am not",
  "hasn't": "haven't",
  "doesn't": "don't",
  "wasn't": "wasn't",
};

/** A present-tense third-person verb as it goes with "I" ("keeps" → "keep", "goes" → "go"). */
function withI(verb: string): string {
  const low = verb.toLowerCase();
  if (AGREE[low] !== undefined) return AGREE[low];
  if (!/s$/.test(low)) return verb;
  const base = lemma(low, "verb");
  return base && base !== low ? base : verb;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A sentence about `name` (pronoun `p`) said by `name`: "I", "my", "me", "myself". */
/** Adverbs that stand between a subject and its verb ("she now looks after", "he still runs"). */
const ADVERBS = [
  "still",
  "also",
  "often",
  "usually",
  "always",
  "never",
  "now",
  "just",
  "already",
  "quietly",
  "secretly",
  "sometimes",
  "rarely",
  "really",
  "mostly",
];

/** English verbs whose object takes a bare infinitive ("let her go", "watch her play"). */
const BARE_INFINITIVE_VERBS = new Set([
  "let",
  "make",
  "have",
  "help",
  "see",
  "watch",
  "hear",
  "feel",
]);
const lemmaOf = (t: { text: string } | undefined) => (t ? infinitiveOf(t.text) : "");
/** A word's infinitive by compromise's conjugation, lower-cased (kept per word). */
function infinitiveOf(word: string): string {
  let out = infinitives.get(word);
  if (out === undefined) {
    out = (nlp(word).verbs().toInfinitive().text() || word).toLowerCase();
    infinitives.set(word, out);
  }
  return out;
}
const infinitives = new Bounded<string, string>(20_000);

const firstPersonKept = new Map<string, string>();
export function inFirstPerson(sentence: string, name: string, p: Pronoun): string {
  // It parses, and answers say the same plans and persona sentences line after line: the answers
  // are kept by sentence, name and pronoun (a pure function of them).
  const key = `${p}\u0000${name}\u0000${sentence}`;
  let said = firstPersonKept.get(key);
  if (said === undefined) {
    said = iGoesOn(manyAgree(firstPersonOf(sentence, name, p)));
    if (firstPersonKept.size >= 50_000)
      firstPersonKept.delete(firstPersonKept.keys().next().value!);
    firstPersonKept.set(key, said);
  }
  return said;
}

function firstPersonOf(sentence: string, name: string, p: Pronoun): string {
  const first = name.split(" ")[0];
  const { subject, possessive: poss, object: obj, reflexive: refl } = FORMS[p];
  const subj = `${subject[0].toUpperCase()}${subject.slice(1)}|${subject}`;
  const rest = name.split(" ").slice(1).join(" ");
  // The first name alone only where it is not the start of the full name ("Ines Calloway,").
  const who = rest ? `(?:${esc(name)}|${esc(first)}(?! ${esc(rest)}))` : esc(first);
  let out = weMeant(sentence, name, p)
    .replace(new RegExp(`\\b${who}'s\\b`, "g"), "my")
    .replace(new RegExp(`\\b${refl}\\b`, "g"), "myself");
  // Subject + up to two adverbs + verb.
  out = out.replace(
    new RegExp(`\\b(?:${who}|${subj})((?:\\s+(?:${ADVERBS.join("|")}))*)\\s+([A-Za-z']+)`, "g"),
    (_m, adverbs: string, verb: string) => `I${adverbs} ${withI(verb)}`,
  );
  out = out.replace(/^I\b/, "I").replace(/(^|[.!?]\s+)i\b/g, "$1I");
  out = tellerAsSubject(out);
  // The resident's possessive pronoun is "my"; its object pronoun "me" ("her" is both: what
  // follows tells which).
  const terms = termsOf(out).map((t) => ({ ...t, text: t.text + (t.post ?? "").trim() }));
  const swaps = new Map<number, string>();
  let iSubject = false;
  // A "he"/"she" left after the resident's own became "I" is someone else ("Karl told me he has
  // lost his spaniel"): their possessives in that sentence are theirs.
  let otherSubject = false;
  let lastI = -1;
  terms.forEach((t, i) => {
    const low = t.text.toLowerCase().replace(/[^a-z']/g, "");
    if (/^[.!?]/.test(t.text) || /[.!?]$/.test(terms[i - 1]?.text ?? "")) otherSubject = false;
    if (p !== "they" && low === subj.split("|")[1]) otherSubject = true;
    if (/^[.!?]/.test(t.text)) iSubject = false;
    // "their" after the resident's own "I" with nothing plural before it in the sentence ("I am
    // married to Samuel, and their daughter Ada ...") is the resident and another: "our".
    if (low === "their" && p !== "they" && iSubject && !pluralBefore(terms, i)) {
      swaps.set(i, "our");
      return;
    }
    // The resident named as an object ("with Kenji", "asked Kenji to") is "me", not "I".
    // (Not the subject of a verb of its own: "told me that I am late".)
    const prev = terms[i - 1]?.tags ?? [];
    const after = terms[i + 1]?.tags ?? [];
    if (
      low === "i" &&
      !/[.!?]$/.test(terms[i - 1]?.text ?? ".") &&
      (prev.includes("Preposition") ||
        (prev.includes("Verb") &&
          !["Auxiliary", "Copula", "Modal"].some((g) => prev.includes(g)))) &&
      !(after.includes("Verb") && !after.includes("Gerund"))
    ) {
      swaps.set(i, "me");
      return;
    }
    if (low === "i") {
      iSubject = true;
      lastI = i;
    }
    // (The resident's own "his"/"her", made "my" below, keep it the subject.)
    else if (
      t.tags.includes("Pronoun") &&
      !["my", "me", "myself"].includes(low) &&
      (p === "they" || (low !== poss && low !== obj))
    )
      iSubject = false;
    // A verb joined to the resident's own ("and wants", ", wakes up") agrees with "I" too.
    if (
      iSubject &&
      // ("and IS looking": a copula or auxiliary agrees as a verb does.)
      (t.tags.includes("PresentTense") ||
        t.tags.includes("Copula") ||
        t.tags.includes("Auxiliary")) &&
      !t.tags.includes("Infinitive") &&
      /s$/.test(low)
    ) {
      let k = i - 1;
      while (
        k >= 0 &&
        (terms[k].tags.includes("Adverb") ||
          terms[k].tags.includes("Negative") ||
          ADVERBS.includes(terms[k].text.toLowerCase()))
      )
        k--;
      if (
        k >= 0 &&
        (terms[k].text.toLowerCase() === "and" ||
          /,$/.test(terms[k].text) ||
          terms[k].text.toLowerCase() === "or")
      )
        swaps.set(i, withI(t.text.replace(/[^A-Za-z']/g, "")));
    }
    // (A relative clause has a subject of its own: "I live with Ada, who runs the shop and
    // bakes bread" is Ada's baking.)
    if (["who", "which", "whose"].includes(low)) iSubject = false;
    // A habitual verb the tagger took for a plural noun ("and referees the pool tournaments",
    // "I keep the records, runs the council meetings"): after "and", "or" or a comma in the
    // resident's clause, with an object after it, read as "he referees the ..." would be; unless
    // a verb of someone else's comes between ("I think Bo runs ... and").
    if (
      iSubject &&
      t.tags.includes("Plural") &&
      /s$/.test(low) &&
      (["and", "or"].includes(terms[i - 1]?.text.toLowerCase() ?? "") ||
        /,$/.test(terms[i - 1]?.text ?? "")) &&
      ["Determiner", "Possessive"].some((g) => terms[i + 1]?.tags.includes(g)) &&
      !terms.some(
        (x, j) =>
          j > lastI + 1 &&
          j < i &&
          x.tags.includes("PresentTense") &&
          /s$/.test(x.text.replace(/\W+$/, "")) &&
          terms[j - 1].tags.includes("Noun") &&
          !/^i$/i.test(terms[j - 1].text),
      ) &&
      nlp(`he ${low} ${terms[i + 1].text}`)
        .terms()
        .eq(1)
        .has("#PresentTense")
    )
      swaps.set(i, withI(low));
    // One of a list of its verbs the tagger took for a plural noun ("I write, prints and
    // deliver the Gazette"): after a verb of its own and a comma, before "and" or a comma.
    else if (
      iSubject &&
      /s$/.test(low) &&
      t.tags.includes("Plural") &&
      /,$/.test(terms[i - 1]?.text ?? "") &&
      // (Its verb, whatever the tagger took it for: "I sand, paints and launch".)
      (terms[i - 1].tags.includes("Verb") || i - 1 === lastI + 1) &&
      (terms[i + 1]?.text.toLowerCase() === "and" || /,$/.test(t.text)) &&
      nlp(`he ${low}`).terms().eq(1).has("#Verb")
    )
      swaps.set(i, withI(low));
    if (p === "they" || (low !== poss && low !== obj) || otherSubject) return;
    const next = terms[i + 1];
    const possessive =
      low !== obj ||
      (!!next &&
        !/[.,;!?]$/.test(t.text) &&
        !next.tags.some((g) =>
          ["Preposition", "Conjunction", "Determiner", "Adverb", "Pronoun", "Possessive"].includes(
            g,
          ),
        ) &&
        // "lets her try": before a bare verb "her" is the object, but only after a verb that takes
        // one (the tagger reads "her garden" as a verb too).
        !(next.tags.includes("Infinitive") && BARE_INFINITIVE_VERBS.has(lemmaOf(terms[i - 1]))));
    swaps.set(i, possessive ? "my" : "me");
  });
  if (!swaps.size) return out;
  const targets = new Map([...swaps].map(([i, w]) => [wordIndex(terms, i), w]));
  let seen = -1;
  return out.replace(/[A-Za-z']+/g, (w) => {
    const to = targets.get(++seen);
    return to === undefined
      ? w
      : w[0] === w[0].toUpperCase() && to !== "I" && w !== "I"
        ? cap(to)
        : to;
  });
}

/** A "them" or "they" that stands for the resident and others named before it (anaphora's
 *  peopleMeant: "He is married to Priya; her brother Arjun lives with THEM") is "us" or "we" in
 *  its own words; one that stands for others stays theirs ("Ana and Ben told them"). A resident
 *  called "they" keeps its pronouns as they are (its own "they" is itself). */
function weMeant(sentence: string, name: string, p: Pronoun): string {
  if (p === "they" || !/\b(?:them|they)\b/i.test(sentence)) return sentence;
  const terms = termsOf(sentence);
  const parts = name.split(" ");
  const self = (t: { text: string; normal: string; tags: string[] }) =>
    t.normal === FORMS[p].subject || parts.includes(t.text.replace(/[^A-Za-z'-]/g, ""));
  const swaps = new Map<number, string>();
  terms.forEach((t, i) => {
    if (peopleMeant(terms, i).some(self))
      swaps.set(wordIndex(terms, i), t.normal === "they" ? "we" : "us");
  });
  if (!swaps.size) return sentence;
  let seen = -1;
  return sentence.replace(/[A-Za-z']+/g, (w) => {
    const to = swaps.get(++seen);
    return to === undefined ? w : w[0] === w[0].toUpperCase() ? cap(to) : to;
  });
}

/** Whether the sentence of term i has a plural noun or pronoun before it ("People bring me
 *  their worries": "their" is theirs). */
function pluralBefore(terms: readonly { text: string; tags: string[] }[], i: number): boolean {
  for (let k = i - 1; k >= 0 && !/[.!?]$/.test(terms[k].text); k--) {
    const t = terms[k];
    if (t.tags.includes("Plural") && !t.tags.includes("Possessive")) return true;
    if (t.tags.includes("Pronoun") && /^(?:they|them|we|us)\b/i.test(t.text)) return true;
  }
  return false;
}

/** Index of term i among the words of the text (compromise may split "I'm" in two). */
function wordIndex(terms: readonly { text: string }[], i: number): number {
  let n = 0;
  for (let k = 0; k < i; k++) n += (terms[k].text.match(/[A-Za-z']+/g) ?? []).length;
  return n;
}

/** Capitalises the first letter. */
export const cap = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);

/** Ends a sentence with a full stop unless it has its own end. */
export function sentence(s: string): string {
  let t = s.trim().replace(/\s+/g, " ");
  // (A quotation cut from its opening, 'talking about our work."', loses its lone mark.)
  if ((t.match(/"/g) ?? []).length % 2) {
    const at = t.lastIndexOf('"');
    t = (t.slice(0, at) + t.slice(at + 1)).trim();
  }
  // (Ended already, inside a closing quotation mark or bracket too: 'she said "hello."'.)
  return t ? cap(/[.!?]["'”’)]*$/.test(t) ? t : `${t}.`) : "";
}

/** WordNet's frame of a verb done by someone with nothing after it: "Somebody ----s". */
const DONE_ALONE = 2;

/** Whether "I" and what follows make a clause: a verb after the subject, and a verb with nothing
 *  after it one a person does alone, by WordNet's sentence frames ("I fish", "I garden"; not "I
 *  weather", a verb only of something done to a thing or by one, nor "I bread", no verb at all).
 *  (compromise tags a lone word a verb whenever it can be one: "weather", "coffee".) */
export function makesClause(rest: string): boolean {
  const terms = termsOf(`I ${rest.trim()}`).slice(1);
  const words = terms.filter((t) => /[a-z]/i.test(t.normal));
  const verb = words.find((t) => t.tags.includes("Verb"));
  if (!verb) return false;
  // (Something after the verb, an object or a place: the verb has what it needs.)
  if (words.indexOf(verb) < words.length - 1) return true;
  // (A verb of grammar, "I am", "I can", stands with what the talk leaves out.)
  if (["Copula", "Auxiliary", "Modal"].some((g) => verb.tags.includes(g))) return true;
  const w = verb.normal.replace(/[^a-z'-]/g, "");
  const base = lemma(w, "verb");
  // (A word WordNet holds only as another part of speech is no verb, "I coffee"; one it does not
  // hold at all is compromise's word alone, taken as said.)
  if (!base) return senses(w).length === 0;
  return senses(base, "verb").some((s) => s.frames?.includes(DONE_ALONE));
}

/** "a, b and c". */
export function listOf(items: readonly string[]): string {
  const xs = items.filter(Boolean);
  if (xs.length <= 1) return xs[0] ?? "";
  return `${xs.slice(0, -1).join(", ")} and ${xs.at(-1)}`;
}

/** A minute of the day as people say it: "9 am", "4:30 pm". */
export function clock(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  const mm = m % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${mm ? `:${String(mm).padStart(2, "0")}` : ""} ${h < 12 ? "am" : "pm"}`;
}

/**
 * A sentence said to someone it names: the listener is "you" ("I am married to Helen" said to
 * Helen is "I am married to you"; "Helen's draft" is "your draft"), its verb agrees ("Helen
 * writes" → "you write"), an aside telling the listener who they are is left out ("you, who
 * writes the newsletter"), "you" comes first in a pair ("Grace and you" → "you and Grace") and an
 * apposition naming them among others drops its noun ("with my parents, you and Grace" → "with
 * you and Grace"). A name called out to them (", Helen.") stays.
 */
export function toListener(text: string, listener: string): string {
  const parts = listener.trim().split(/\s+/);
  const first = parts[0];
  if (!first || !text.includes(first)) return text;
  const rest = parts.slice(1).join(" ");
  const who = rest ? `(?:${esc(listener)}|${esc(first)}(?! ${esc(rest)}))` : esc(first);
  // A title before the name inside a sentence is part of it ("for Professor Helen Marsh" is "for
  // you", not "for Professor you").
  const title = `(?:(?<=[a-z,;] )[A-Z][a-z]+\\.? )?`;
  let out = text.replace(new RegExp(`\\b${title}${who}'s\\b`, "g"), "your");
  out = out.replace(
    new RegExp(`(, )?\\b${title}${who}\\b(?!')([,.!?]?)`, "g"),
    (m, comma: string | undefined, end: string) => (comma && end ? m : `${comma ?? ""}you${end}`),
  );
  if (out === text) return text;
  out = out
    .replace(/\byou, (?:who|whom)\b[^.;!?]*/g, "you")
    .replace(/\b([A-Z][a-z]+(?: [A-Z][a-z]+)?) and you\b/g, "you and $1")
    .replace(/\b(?:my|our) [a-z]+(?: [a-z]+)?, (you and [A-Z])/g, "$1")
    // Nor who they are to one, nor what they are ("my wife you", "you, a history professor,").
    .replace(/\b(?:[Mm]y|[Oo]ur) [a-z]+ (you)\b/g, "$1")
    .replace(/\byou, an? [^,.;!?]+(?=[,.;!?])/g, "you");
  // The verb after "you" agrees with it.
  const terms = termsOf(out);
  terms.forEach((t, i) => {
    const next = terms[i + 1];
    if (t.text.toLowerCase() !== "you" || !next) return;
    const low = next.text.toLowerCase();
    // (A verb the tagger does not call present, "which you DOES not like", "you HAS", agrees too.)
    const verbS = next.tags.includes("Verb") && /s$/.test(low);
    if (!next.tags.includes("PresentTense") && !verbS) return;
    const agreed =
      low === "is" || low === "am"
        ? "are"
        : low === "was"
          ? "were"
          : low === "has"
            ? "have"
            : low === "does"
              ? "do"
              : /s$/.test(low) && next.tags.includes("Verb")
                ? (lemma(low, "verb") ?? low)
                : low;
    if (agreed !== low)
      out = out.replace(new RegExp(`\\b(you) ${esc(next.text)}\\b`, "i"), `$1 ${agreed}`);
  });
  out = out.replace(/\b(you) was\b/gi, "$1 were");
  // (A subject of several with "you" in it, or "you" alone, takes the verb of "they".)
  return manyAgree(out.replace(/(^|[.!?]\s+)you\b/g, "$1You"));
}

/** A pronoun that is the subject of a gerund after a preposition takes its possessive ("talked
 *  about HE organising a tournament" → "about his organising", "about ME planning" → "about my
 *  planning"), as written English has it. Compromise's tags; the forms from the one table. */
export function gerundSubjects(text: string): string {
  const byForm = new Map<string, string>();
  for (const f of Object.values(FORMS))
    for (const form of [f.subject, f.object])
      if (form !== "I" && form !== "you") byForm.set(form, f.possessive);
  const ts = termsOf(text);
  let out = "";
  let from = 0;
  ts.forEach((t, i) => {
    // (Each term found in the text after the one before it.)
    const at = t.text ? text.indexOf(t.text, from) : -1;
    if (at < 0) return;
    const to = byForm.get(t.normal);
    const change =
      to && ts[i - 1]?.tags.includes("Preposition") && ts[i + 1]?.tags.includes("Gerund");
    out += text.slice(from, at) + (change ? to : t.text);
    from = at + t.text.length;
  });
  return out + text.slice(from);
}

/**
 * A sentence as a person says it: "I am" is "I'm", "I will" "I'll", and "I have" before the
 * participle it helps ("I have found", "I have been") "I've" ("I have two dogs" keeps its verb
 * whole; so does "I have to"). Where the verb ends its clause it carries the stress and stays
 * whole ("Yes, I am.", "I have, yes."). compromise's tags.
 */
export function spoken(text: string): string {
  if (!/\bI (?:am|have|will)\b/.test(text)) return text;
  const terms = termsOf(text);
  const ends = (t: { post?: string } | undefined) => !t || /[,.;:!?)"—-]/.test(t.post ?? "");
  // Each "I" + verb in order, whether it is said short.
  const short: boolean[] = [];
  terms.forEach((t, i) => {
    const verb = terms[i + 1];
    if (t.text !== "I" || ends(t) || !verb || !["am", "have", "will"].includes(verb.normal)) return;
    if (ends(verb)) return void short.push(false);
    if (verb.normal !== "have") return void short.push(true);
    // (The participle it helps, after any adverbs: "I have always LOVED it".)
    let j = i + 2;
    while (terms[j]?.tags.includes("Adverb") && !ends(terms[j])) j++;
    const next = terms[j];
    short.push(
      !!next &&
        next.normal !== "to" &&
        (next.tags.includes("Participle") ||
          (verb.tags.includes("Auxiliary") && next.tags.includes("Verb")) ||
          (j > i + 2 && /ed$/.test(next.normal))),
    );
  });
  let n = 0;
  const FORM: Record<string, string> = { am: "I'm", have: "I've", will: "I'll" };
  return text.replace(/\bI (am|have|will)\b/g, (m, verb: string) => (short[n++] ? FORM[verb] : m));
}
