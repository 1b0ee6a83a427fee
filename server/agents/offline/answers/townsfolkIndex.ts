// The town's lists as the answers look things up in them, read once a list (a list is kept as
// long as the town has the same residents: knowing.ts townsfolkOf, state.ts peopleFor). In a
// town of a thousand, a question that read every resident of the list (who is named so, whose
// backstory marries them to the one asked, whether a name is a resident's) cost a thousand reads
// a line of talk, a cost per resident that grew with the town (bench/RESULTS.md, session 28).
import type { Townsperson } from "../../language/knowledge.ts";
import { personaFacts, type Fact } from "../../language/facts.ts";

/** What the town knows of a resident: the clauses of its backstory, none of them a secret. */
export function publicFacts(t: Townsperson): Fact[] {
  return personaFacts(t.persona).facts.filter((x) => x.source === "learned" && !x.secret);
}

/** The words of a list of names ("Ada Lovelace" → "Ada", "Lovelace"), read once a list. */
const wordsKept = new WeakMap<readonly string[], ReadonlySet<string>>();

export function nameWords(names: readonly string[]): ReadonlySet<string> {
  let words = wordsKept.get(names);
  if (!words) wordsKept.set(names, (words = new Set(names.flatMap((n) => n.split(/\s+/)))));
  return words;
}

interface Index {
  /** Each name's first townsperson (in the list's order) and how many bear it. */
  byName: Map<string, { first: Townsperson; count: number }>;
  /** The names of the list ("Ada Lovelace"), split into words. */
  words: ReadonlySet<string>;
  /** The townspeople whose backstory says "married to <word>", by that word, in order; made
   *  when first asked (it reads their backstories). */
  byMarriedWord?: Map<string, Townsperson[]>;
}

/** The words its public clauses say it is "married to" (whatever their kind: the answers read
 *  the clause), read once a persona; a backstory that never says "married" is not read. */
const marriedKept = new WeakMap<Townsperson["persona"], readonly string[]>();

function marriedWords(t: Townsperson): readonly string[] {
  let words = marriedKept.get(t.persona);
  if (!words) {
    const texts = /married/i.test(t.persona.learned) ? publicFacts(t).map((x) => x.text) : [];
    words = [
      ...new Set(texts.flatMap((x) => [...x.matchAll(/\bmarried to (\w+)/g)].map((m) => m[1]))),
    ];
    marriedKept.set(t.persona, words);
  }
  return words;
}

const indexKept = new WeakMap<readonly Townsperson[], Index>();

function indexOf(townsfolk: readonly Townsperson[]): Index {
  let index = indexKept.get(townsfolk);
  if (index) return index;
  const byName = new Map<string, { first: Townsperson; count: number }>();
  for (const t of townsfolk) {
    const same = byName.get(t.persona.name);
    if (same) same.count++;
    else byName.set(t.persona.name, { first: t, count: 1 });
  }
  const words = nameWords(townsfolk.map((t) => t.persona.name));
  index = { byName, words };
  indexKept.set(townsfolk, index);
  return index;
}

function marriedIndex(townsfolk: readonly Townsperson[]): Map<string, Townsperson[]> {
  const index = indexOf(townsfolk);
  if (index.byMarriedWord) return index.byMarriedWord;
  const byMarriedWord = new Map<string, Townsperson[]>();
  for (const t of townsfolk)
    for (const w of marriedWords(t)) {
      const married = byMarriedWord.get(w);
      if (married) married.push(t);
      else byMarriedWord.set(w, [t]);
    }
  return (index.byMarriedWord = byMarriedWord);
}

/** The first of the townsfolk named so (as `find` by name gives it), undefined when none. */
export function townspersonNamed(
  townsfolk: readonly Townsperson[] | undefined,
  name: string,
): Townsperson | undefined {
  return townsfolk && indexOf(townsfolk).byName.get(name)?.first;
}

/** How many of the townsfolk bear the name. */
export function namesakes(townsfolk: readonly Townsperson[], name: string): number {
  return indexOf(townsfolk).byName.get(name)?.count ?? 0;
}

/** The words of the townsfolk's names. */
export function townsfolkWords(townsfolk: readonly Townsperson[]): ReadonlySet<string> {
  return indexOf(townsfolk).words;
}

/**
 * Those of the townsfolk (in order) whose backstory may marry them to one of this first name:
 * its text says "married to" then the name's first word (the first name itself, or its first
 * part: "Mary" of "Mary-Jane"); the answers read the clause itself. A first name that starts
 * with no letter of a word has them all.
 */
export function marriedCandidates(
  townsfolk: readonly Townsperson[],
  first: string,
): readonly Townsperson[] {
  const lead = /^\w+/.exec(first)?.[0];
  if (lead === undefined) return townsfolk;
  return marriedIndex(townsfolk).get(lead) ?? [];
}
