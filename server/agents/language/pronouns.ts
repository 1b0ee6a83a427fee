// Whose pronoun is whose: each resident's, as its persona uses it (noted when the persona is read,
// facts.ts), so that a sentence naming someone twice can say the second time "she" or "he".
export type Pronoun = "she" | "he" | "they";

const byName = new Map<string, Pronoun>();
const byFirst = new Map<string, Pronoun | null>();
let changes = 0;

/** How many times a pronoun noted has changed what is known (a reader that keeps sentences
 *  written with these pronouns reads them anew when it moves). */
export function pronounsChanged(): number {
  return changes;
}

/** Notes the pronoun the persona of `name` uses (a first name two residents share tells none). */
export function notePronoun(name: string, p: Pronoun): void {
  if (byName.get(name) === p) return;
  byName.set(name, p);
  changes++;
  const first = name.split(" ")[0];
  const had = byFirst.get(first);
  byFirst.set(first, had === undefined || had === p ? p : null);
}

/** The pronoun of a resident named in full or by its first name, if its persona was read. */
export function pronounOfName(name: string): Pronoun | undefined {
  return byName.get(name) ?? byFirst.get(name.split(" ")[0]) ?? undefined;
}

/** A personal pronoun's forms: "she" (subject), "her" (object), "her" (before a noun), "hers"
 *  (standing alone), "herself". */
export interface PronounForms {
  subject: string;
  object: string;
  possessive: string;
  independent: string;
  reflexive: string;
}

/** English's personal pronouns, each with its forms (grammar, a closed class): the one table the
 *  realiser, the person changes and the readers of pronouns all take them from. */
export const FORMS: Record<Pronoun | "I" | "you" | "we", PronounForms> = {
  I: { subject: "I", object: "me", possessive: "my", independent: "mine", reflexive: "myself" },
  you: {
    subject: "you",
    object: "you",
    possessive: "your",
    independent: "yours",
    reflexive: "yourself",
  },
  we: {
    subject: "we",
    object: "us",
    possessive: "our",
    independent: "ours",
    reflexive: "ourselves",
  },
  she: {
    subject: "she",
    object: "her",
    possessive: "her",
    independent: "hers",
    reflexive: "herself",
  },
  he: { subject: "he", object: "him", possessive: "his", independent: "his", reflexive: "himself" },
  they: {
    subject: "they",
    object: "them",
    possessive: "their",
    independent: "theirs",
    reflexive: "themselves",
  },
};

/** Every form of a pronoun, once each ("he", "him", "his", "himself"). */
export function formsOf(p: keyof typeof FORMS): string[] {
  const f = FORMS[p];
  const forms = [f.subject, f.object, f.possessive, f.independent, f.reflexive];
  return forms.filter((x, i) => forms.indexOf(x) === i);
}

/** How often a text uses each of "she" and "he" in any of their forms (case aside). */
export function pronounCounts(text: string): { she: number; he: number } {
  return {
    she: (text.match(ANY_CASE.she) ?? []).length,
    he: (text.match(ANY_CASE.he) ?? []).length,
  };
}
const formsPattern = (p: Pronoun, flags: string) =>
  new RegExp(`\\b(?:${formsOf(p).join("|")})\\b`, flags);
const ANY_CASE = { she: formsPattern("she", "gi"), he: formsPattern("he", "gi") };
const AS_WRITTEN = { she: formsPattern("she", ""), he: formsPattern("he", "") };

/** Whether a text uses "she" or "he" in any of their forms, as written in lower case. */
export function usesPronoun(text: string, p: "she" | "he"): boolean {
  return AS_WRITTEN[p].test(text);
}

/** The speaker's words as the listener says them back: "my" is "your", "your" is "my", "I" and
 *  "we" are "you" (each form of the first person for the same form of the second, and back).
 *  "you" itself is left as it is: only the word after it tells whether it is "I" or "me". */
export function swapPerson(text: string): string {
  return text.replace(SWAPPED, (w) => SWAP.get(w.toLowerCase())!);
}
const SWAP = (() => {
  const swap = new Map<string, string>();
  for (const [from, to] of [
    ["I", "you"],
    ["we", "you"],
    ["you", "I"],
  ] as const)
    for (const form of Object.keys(FORMS[from]) as (keyof PronounForms)[])
      if (FORMS[from][form] !== "you" && !swap.has(FORMS[from][form].toLowerCase()))
        swap.set(FORMS[from][form].toLowerCase(), FORMS[to][form]);
  return swap;
})();
const SWAPPED = new RegExp(`\\b(?:${[...SWAP.keys()].join("|")})\\b`, "gi");
