// The offline judge's reading of text: content terms (English stop words from the `stopword`
// package left out, each word reduced to its Porter stem by `stemmer`), and whether a text
// carries a fact described by a sentence. General language only: nothing here knows a scenario.
import { eng } from "stopword";
import { stemmer } from "stemmer";

const STOP = new Set(eng);

const MEMO_SIZE = 200_000;
const memo = new Map<string, ReadonlySet<string>>();

/** The terms of a text as a set, remembered: the judge reads the same memories again and again. */
export function termSet(text: string): ReadonlySet<string> {
  let set = memo.get(text);
  if (!set) {
    if (memo.size >= MEMO_SIZE) memo.clear();
    set = new Set(terms(text));
    memo.set(text, set);
  }
  return set;
}

/** Stemmed content terms of a text, in order, without repeats. */
export function terms(text: string): string[] {
  const out = new Set<string>();
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []) {
    const w = raw.replace(/'s$/, "").replace(/'/g, "");
    if (w.length < 2 || STOP.has(w) || STOP.has(raw)) continue;
    out.add(stemmer(w));
  }
  return [...out];
}

/**
 * What identifies a fact when it is asked about: its topic (terms the question shares with the
 * description: "party", "mayor") and its details (the description's other terms: who, where, when).
 */
export interface FactTerms {
  topic: string[];
  details: string[];
}

export function factTerms(about: string, question: string): FactTerms {
  const q = new Set(terms(question));
  const all = terms(about);
  const topic = all.filter((t) => q.has(t));
  // A question that shares nothing with the description: the description's first terms stand for its topic.
  if (topic.length === 0) return { topic: all.slice(0, 2), details: all.slice(2) };
  return { topic, details: all.filter((t) => !q.has(t)) };
}

export interface Carried {
  carries: boolean;
  topic: string[];
  details: string[];
}

/** A text carries the fact when it names its topic and at least one detail the question did not give. */
export function carries(text: string, fact: FactTerms): Carried {
  const have = termSet(text);
  const topic = fact.topic.filter((t) => have.has(t));
  const details = fact.details.filter((t) => have.has(t));
  return { carries: topic.length > 0 && details.length > 0, topic, details };
}

/** A person is named by their first name or surname (stemmed, as terms are). */
export function nameTerms(name: string): string[] {
  return terms(name);
}

export function mentions(text: string, name: string): boolean {
  const have = termSet(text);
  return nameTerms(name).some((t) => have.has(t));
}
