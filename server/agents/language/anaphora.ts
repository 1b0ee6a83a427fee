// What a pronoun stands for when a sentence is said apart from the one before it. A persona's "She
// wants Felix to play the piano at IT" leans on the sentence before ("... planning a party ...");
// said alone, "it" would stand for nothing. Such a sentence takes its referent's words instead
// ("... at the Valentine's Day party"), found in what was left behind: the noun phrase that agrees
// with the pronoun (a thing for "it", several for "them"), the subject's or object's before one
// after a preposition (a sentence's centre is what it is about, not where or through what), the
// nearest when none is. English grammar and compromise's tags; no word of any persona.
import { kindOf, lemma } from "./lexicon.ts";
import { termsOf, type ParsedTerm } from "./parse.ts";

type Term = Pick<ParsedTerm, "text" | "normal" | "tags"> & { post?: string; pre?: string };

/** Pronouns that stand for something said before them (a thing, an event, others). English
 *  grammar, closed class; possessives ("their coffee") mostly point within their own clause. */
const ANAPHORS = new Set(["it", "them", "they"]);

/** The personal pronouns of a subject that a name joins into several (closed class). */
const PERSONAL = new Set(["he", "she", "i", "we", "you"]);

const has = (t: Term, g: string) => t.tags.includes(g);

/** Whether a noun can be what "it" (one thing) or "them"/"they" (several) stands for. */
function agrees(x: Term, plural: boolean): boolean {
  if (!has(x, "Noun") || has(x, "Pronoun")) return false;
  return plural
    ? has(x, "Plural")
    : !has(x, "Plural") &&
        !has(x, "Person") &&
        !has(x, "ProperNoun") &&
        // (Not someone: "it" is no person, by WordNet's first sense.)
        !kindOf(lemma(x.normal, "noun") ?? x.normal, "person", { senses: 1 });
}

/**
 * The positions of the pronouns of a fragment whose antecedent is not in it: no noun before the
 * pronoun's own verb that agrees with it. A pronoun is never the object beside it in its own
 * clause ("play the piano at IT" is not the piano), so nouns after its verb do not count; "people
 * who remember IT" has no thing to be it. `own`: the speaker's own pronouns ("they" of a resident
 * called so), its subject, not a reference.
 */
export function danglingPronouns(terms: readonly Term[], own: readonly string[] = []): number[] {
  const out: number[] = [];
  terms.forEach((t, i) => {
    if (!has(t, "Pronoun") || !ANAPHORS.has(t.normal) || own.includes(t.normal)) return;
    let verb = i - 1;
    while (verb >= 0 && !has(terms[verb], "Verb")) verb--;
    const before = terms
      .slice(0, Math.max(0, verb))
      .filter((x) => has(x, "Noun") && !has(x, "Pronoun"));
    const plural = t.normal !== "it";
    // Two nouns joined by "and" are several ("photographs and letters ... lend THEM").
    const joined = plural && terms.slice(0, Math.max(0, verb)).some((x) => x.normal === "and");
    // A person named beside another before it are several too ("He is married to Priya; her
    // brother lives with THEM": him and Priya), the other said by a personal pronoun or a name.
    const persons = terms
      .slice(0, Math.max(0, verb))
      .filter((x) => has(x, "Person") || (has(x, "Pronoun") && PERSONAL.has(x.normal)));
    const group = plural && persons.some((x) => !has(x, "Pronoun")) && persons.length >= 2;
    if (!before.some((x) => agrees(x, plural)) && !(joined && before.length >= 2) && !group)
      out.push(i);
  });
  return out;
}

/** Relative pronouns that open a clause (closed class). */
const RELATIVE = ["who", "whom", "which", "that"];
/** A name (the tagger's person, or a proper noun that is no place or body). */
const named = (x: Term) =>
  !has(x, "Pronoun") &&
  (has(x, "Person") || (has(x, "ProperNoun") && !has(x, "Place") && !has(x, "Organization")));

/**
 * The people a "them" or "they" at `i` stands for when it stands for people named before its own
 * clause ("He is married to Priya; her brother Arjun lives with THEM": him and Priya): the persons
 * (names, personal subject pronouns) of the sentence's earlier clauses, two or more, one of them
 * named. None when it is someone's own clause's (a pronoun never stands for the subject beside it:
 * "Ana and Ben told THEM" is not Ana and Ben), when a plural noun before it agrees with it (its
 * parents, the twins), or when it is no such pronoun. English grammar and compromise's tags.
 */
export function peopleMeant(terms: readonly Term[], i: number): Term[] {
  const t = terms[i];
  if (!t || !has(t, "Pronoun") || !["them", "they"].includes(t.normal)) return [];
  // (Its sentence, and where its own clause begins: after a semicolon, a comma, or a conjunction
  // or relative pronoun that opens another clause.)
  let from = i;
  while (from > 0 && !/[.!?]/.test(terms[from - 1].post ?? "")) from--;
  let clause = i;
  const relative = (x: Term) => RELATIVE.includes(x.normal);
  // (The tagger's "to" of "married to" is no conjunction.)
  while (
    clause > from &&
    !/[;,]/.test(terms[clause - 1].post ?? "") &&
    !(has(terms[clause - 1], "Conjunction") && terms[clause - 1].normal !== "to") &&
    !relative(terms[clause - 1])
  )
    clause--;
  // (A relative clause's subject is the people it follows: "Ana and Ben, who told THEM" is not
  // them; those are left out.)
  let end = clause;
  if (end > from && relative(terms[end - 1])) {
    end--;
    while (end > from && (named(terms[end - 1]) || terms[end - 1].normal === "and")) end--;
  }
  const before = terms.slice(from, end);
  if (before.some((x) => agrees(x, true))) return [];
  // (A name that owns a thing is no one taking part: "looks after Willow Green's garden".)
  const owner = (j: number): boolean =>
    has(before[j], "Possessive") ||
    (!!before[j + 1] && has(before[j + 1], "ProperNoun") && owner(j + 1));
  const persons = before.filter(
    (x, j) => (named(x) && !owner(j)) || (has(x, "Pronoun") && PERSONAL.has(x.normal)),
  );
  return persons.length >= 2 && persons.some((x) => !has(x, "Pronoun")) ? persons : [];
}

/** Whether a fragment holds a pronoun whose antecedent is not in it (danglingPronouns). */
export function refersBack(terms: readonly Term[], own: readonly string[] = []): boolean {
  return danglingPronouns(terms, own).length > 0;
}

/** The words of a noun phrase's modifiers that stay with it ("Valentine's Day party"). */
const MODIFIER = ["Adjective", "Noun", "Possessive", "Value", "ProperNoun"];

/**
 * The noun phrase of a sentence that a pronoun left behind stands for, as a definite phrase ("the
 * Valentine's Day party", "my portraits"): of the phrases that agree with it, the first not
 * governed by a preposition (its subject's or object's), else the last. Times ("at 5 pm") are no
 * thing one refers to. Undefined when none agrees.
 */
export function antecedentIn(sentence: string, plural: boolean): string | undefined {
  const terms = termsOf(sentence);
  const found: { phrase: string; core: boolean }[] = [];
  terms.forEach((t, i) => {
    if (!agrees(t, plural) || has(t, "Date") || has(t, "Time") || has(t, "Value")) return;
    // (The head is the last noun of its run: "Day" of "Valentine's Day party" is not one.)
    const next = terms[i + 1];
    if (next && has(next, "Noun") && !has(next, "Pronoun") && !/[,;.!?]/.test(t.post ?? "")) return;
    let from = i;
    while (
      from > 0 &&
      MODIFIER.some((g) => has(terms[from - 1], g)) &&
      !has(terms[from - 1], "Pronoun") &&
      !/[,;.!?]/.test(terms[from - 1].post ?? "")
    )
      from--;
    // Its determiner: a possessive one is kept ("my portraits"), an article becomes "the".
    const before = from > 0 ? terms[from - 1] : undefined;
    const det =
      before && (has(before, "Determiner") || (has(before, "Possessive") && has(before, "Pronoun")))
        ? before
        : undefined;
    const governor = terms[from - 1 - (det ? 1 : 0)];
    const words = terms
      .slice(from, i + 1)
      .map((x, j, all) => x.text.replace(/[,;.!?]+$/, "") + (j < all.length - 1 ? " " : ""))
      .join("");
    const possessive = det && has(det, "Possessive");
    // (A phrase that opens with its owner, "my photographs", "Rosa's bread", takes no article.)
    const phrase = possessive
      ? `${det.text} ${words}`
      : !det && has(terms[from], "Possessive")
        ? words
        : `the ${words}`;
    found.push({ phrase, core: !governor || !has(governor, "Preposition") });
  });
  return (found.find((x) => x.core) ?? found.at(-1))?.phrase;
}

/**
 * A sentence said apart from those before it (`before`, nearest last), each pronoun of it whose
 * antecedent stays behind replaced by that antecedent's words; the sentence as it is when none
 * does; undefined when a pronoun's antecedent is nowhere in `before` (it cannot be said alone).
 */
export function standingAlone(
  sentence: string,
  before: readonly string[],
  own: readonly string[] = [],
): string | undefined {
  const terms = termsOf(sentence);
  const dangling = danglingPronouns(terms, own);
  if (!dangling.length) return sentence;
  const words = terms.map((t) => ({ pre: t.pre ?? "", text: t.text, post: t.post ?? " " }));
  for (const i of dangling) {
    const plural = terms[i].normal !== "it";
    const referent = [...before]
      .reverse()
      .map((s) => antecedentIn(s, plural))
      .find(Boolean);
    if (!referent) return undefined;
    const opens = i === 0 || /[.!?]/.test(terms[i - 1].post ?? "");
    words[i].text = opens ? referent[0].toUpperCase() + referent.slice(1) : referent;
  }
  return words
    .map((w) => w.pre + w.text + w.post)
    .join("")
    .trim();
}
