// One tagging of a text, shared by everything that reads it. A new memory is read within a few
// lines by several readers (whether it keeps a secret, its content words, the event it names);
// each used to tag it again with compromise, the costliest step of the offline engine. Documents
// are heavy, so only the latest few thousand are kept (the readers keep what they derive from
// them for longer); a kept document is never changed: who conjugates or rewrites takes a copy.
import nlp from "compromise";
import "./sweep.ts";
import { isWord } from "./lexicon.ts";

export type Doc = ReturnType<typeof nlp>;

/** A term as compromise's `terms().json()` gives it. Shared: read it, never change it. */
export interface ParsedTerm {
  text: string;
  normal: string;
  pre: string;
  post: string;
  tags: string[];
}

/** A map that forgets its oldest entry past `limit` (a town runs for days). */
export class Bounded<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly limit: number) {}
  get(k: K): V | undefined {
    return this.map.get(k);
  }
  has(k: K): boolean {
    return this.map.has(k);
  }
  set(k: K, v: V): void {
    if (this.map.size >= this.limit && !this.map.has(k))
      this.map.delete(this.map.keys().next().value!);
    this.map.set(k, v);
  }
  get size(): number {
    return this.map.size;
  }
}

// compromise reads a match pattern ("#Verb (about|of)") into its syntax anew at every `match`,
// `has` or `not`, its own conjugators' patterns included: a few hundred patterns, read tens of
// thousands of times a day. Each is read once; a caller gets its own copy of the first and last
// steps, the only ones compromise ever marks (growing or looking to the left or right, or
// joining, marks the first or last step), and shares the steps between them, which nothing
// changes.
type ParseMatch = (match: unknown, opts?: object, world?: object) => unknown;
const one = (nlp.methods() as { one: { parseMatch: ParseMatch } }).one;
const readPattern = one.parseMatch;
const patterns = new Bounded<string, object[]>(5_000);
one.parseMatch = (match, opts, world) => {
  if (typeof match !== "string") return readPattern(match, opts, world);
  const key = opts && Object.keys(opts).length ? `${JSON.stringify(opts)}\n${match}` : match;
  let regs = patterns.get(key);
  if (regs === undefined) patterns.set(key, (regs = readPattern(match, opts, world) as object[]));
  const out = regs.slice();
  if (out.length) {
    out[0] = { ...regs[0] };
    out[out.length - 1] = { ...regs[regs.length - 1] };
  }
  return out;
};

// compromise marks each term's chunk (noun, verb, adjective phrase) after tagging, about a tenth
// of the tagging's work; only `nouns()`, `verbs()` and `chunks()` read chunks (compromise's own
// `<Noun>`, `<Verb>` patterns go through them), and most texts are read for their tags alone. The
// chunks are marked when one of those is first asked, on the whole document, as tagging did.
type Term = { chunk?: string | null };
type ChunkView = {
  document: Term[][];
  update: (ptrs: number[][]) => { compute: (what: string) => unknown };
};
const chunkWorld = nlp.world() as { hooks: string[] };
chunkWorld.hooks = chunkWorld.hooks.filter((h) => h !== "chunks");
const view = Object.getPrototypeOf(nlp("")) as Record<string, (...a: unknown[]) => unknown>;
for (const name of ["nouns", "verbs", "chunks"]) {
  const read = view[name];
  view[name] = function (this: ChunkView, ...a: unknown[]) {
    const missing: number[][] = [];
    this.document.forEach((terms, n) => {
      if (terms.some((t) => t.chunk === undefined)) missing.push([n]);
    });
    if (missing.length) this.update(missing).compute("chunks");
    return read.apply(this, a);
  };
}

const docs = new Bounded<string, Doc>(4_000);
const terms = new Bounded<string, readonly ParsedTerm[]>(20_000);

/** The text tagged (kept: do not change it; `clone()` it to conjugate or replace). */
export function parsed(text: string): Doc {
  let d = docs.get(text);
  if (!d) docs.set(text, (d = bareVerbs(nlp(text))));
  return d;
}

/** A word after a modal and its subject is the bare verb it governs, whatever the tagger read it
 *  as: "would you rather LIVE in the city?" (compromise: an adjective) is a verb, when WordNet has
 *  the word as one. (English's grammar: a modal takes a bare infinitive; a copula would come
 *  between it and an adjective, "would you BE happy".) */
function bareVerbs(d: Doc): Doc {
  const words = d.match("#Modal #Pronoun #Adverb? [#Adjective]", 0);
  if (!words.found) return d;
  for (const w of words.terms().out("array") as string[]) {
    const word = w.toLowerCase().replace(/[^a-z'-]/g, "");
    if (isWord(word, "verb"))
      d.match(`#Modal #Pronoun #Adverb? [${word}]`, 0).unTag("Adjective").tag("Infinitive");
  }
  return d;
}

/** The text's terms, tagged in context (compromise's `terms().json()`, first term of each). */
export function termsOf(text: string): readonly ParsedTerm[] {
  let t = terms.get(text);
  if (!t) {
    t = (parsed(text).terms().json() as { terms: ParsedTerm[] }[]).map((x) => x.terms[0]);
    terms.set(text, t);
  }
  return t;
}

const split = new Bounded<string, readonly string[]>(20_000);
const tokenizer = (
  nlp.methods() as {
    one: { tokenize?: { splitSentences?: (text: string, world: object) => string[] } };
  }
).one.tokenize;
const world = nlp.world();

/** The text's sentences as written (as `sentences().out("array")` gives them). compromise cuts
 *  sentences first, before words and tags, so a text read only for its sentences (which one is
 *  the question, which was said before) is only cut, never tagged: the same sentences, a small
 *  part of the work. */
export function sentencesOf(text: string): readonly string[] {
  let out = split.get(text);
  if (!out) {
    out = tokenizer?.splitSentences
      ? tokenizer
          .splitSentences(text, world)
          .map((x) => x.trim())
          .filter(Boolean)
      : (nlp.tokenize(text).sentences().out("array") as string[]);
    split.set(text, out);
  }
  return out;
}

/** A copy of the text's tagging, to conjugate or rewrite (the same as tagging it anew). */
export function copyOf(text: string): Doc {
  return parsed(text).clone() as Doc;
}
