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
