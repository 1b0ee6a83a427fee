// Which of a town's people a text may name, without testing every name: every name met is
// indexed once by its first word, and a text is read once for the first words it holds; the few
// names found are then looked up in the list asked about. In a town of a thousand, testing every
// name against every memory was most of a day's work (bench/RESULTS.md, "A town of a thousand");
// the answers are the same as testing each name.

/** First word of every name met → those names. */
const byFirst = new Map<string, Set<string>>();
/** The lengths of those first words. */
let lengths: number[] = [];
/** Their first characters: a text's position starting with none of them starts no first word. */
let starts = new Set<string>();
/** Names whose first word has a character a pattern reads as more than itself ("J.R."). */
const special = new Set<string>();
const known = new Set<string>();
/** Lists whose names are all indexed (a list passed again costs nothing). */
let indexed = new WeakSet<readonly string[]>();
const MAX_NAMES = 200_000;
/** Up to this many first words, each is looked for; past it, the text's pieces are looked up. */
const FEW = 64;

/** The first word of a name ("Ada" of "Ada Lin"). */
export const firstWord = (name: string) => name.split(" ")[0];

function learn(people: readonly string[]): void {
  if (indexed.has(people)) return;
  if (known.size > MAX_NAMES) {
    byFirst.clear();
    special.clear();
    known.clear();
    lengths = [];
    starts = new Set();
    indexed = new WeakSet();
  }
  let grew = false;
  for (const p of people) {
    if (known.has(p)) continue;
    known.add(p);
    const first = firstWord(p);
    if (/[.*+?^${}()|[\]\\]/.test(first)) special.add(p);
    const set = byFirst.get(first);
    if (set) set.add(p);
    else {
      byFirst.set(first, new Set([p]));
      grew = true;
    }
  }
  if (grew) {
    lengths = [...new Set([...byFirst.keys()].map((f) => f.length))];
    starts = new Set([...byFirst.keys()].map((f) => f[0]));
  }
  indexed.add(people);
}

/**
 * The positions (ascending: the list's order) of the names whose first word occurs in `text`:
 * every name the text could name in full or by its first word, and possibly a few more (a first
 * word inside a longer word; a first word with a pattern's special characters, always). Callers
 * test those few as they would have tested all.
 */
export function nameCandidates(text: string, people: readonly string[]): number[] {
  if (people.length === 0) return [];
  learn(people);
  const names = new Set<string>(special);
  // Few first words (a small town): each is looked for in the text, without cutting the text up.
  if (byFirst.size <= FEW)
    for (const [first, set] of byFirst) {
      if (text.includes(first)) for (const p of set) names.add(p);
    }
  else {
    // (A name with an empty first word, " Lee", is in every text, as a search for "" finds.)
    for (const p of byFirst.get("") ?? []) names.add(p);
    for (let at = 0; at < text.length; at++) {
      if (!starts.has(text[at])) continue;
      for (const len of lengths) {
        if (at + len > text.length) continue;
        const found = byFirst.get(text.substr(at, len));
        if (found) for (const p of found) names.add(p);
      }
    }
  }
  const out: number[] = [];
  const at = positionsIn(people);
  for (const p of names) for (const i of at.get(p) ?? []) out.push(i);
  return out.sort((a, b) => a - b);
}

/** Each list's names and their positions in it, made once a list: a name found was searched for
 *  through the whole list (a read of the town for each name a text held). */
const positionsKept = new WeakMap<readonly string[], Map<string, number[]>>();

function positionsIn(people: readonly string[]): Map<string, number[]> {
  let at = positionsKept.get(people);
  if (!at) {
    at = new Map();
    for (const [i, p] of people.entries()) {
      const those = at.get(p);
      if (those) those.push(i);
      else at.set(p, [i]);
    }
    positionsKept.set(people, at);
  }
  return at;
}

/** Lists made from a list, kept per list, way and name: the same names come as the same list, so
 *  the index and the key above are made once for it, not once per call. */
const derived = new WeakMap<readonly string[], Map<string, readonly string[]>>();

function derive(
  people: readonly string[],
  key: string,
  make: () => readonly string[],
): readonly string[] {
  let kept = derived.get(people);
  if (!kept) derived.set(people, (kept = new Map<string, readonly string[]>()));
  let out = kept.get(key);
  if (!out) {
    if (kept.size >= 10_000) kept.clear();
    kept.set(key, (out = make()));
  }
  return out;
}

/** `people` without `name` (the same list each time for the same list and name). */
export const without = (people: readonly string[], name: string): readonly string[] =>
  derive(people, `-${name}`, () => people.filter((p) => p !== name));

/** `name` followed by `people` (the same list each time for the same list and name). */
export const withFirst = (name: string, people: readonly string[]): readonly string[] =>
  derive(people, `<${name}`, () => [name, ...people]);

/** `people` followed by `name` (the same list each time for the same list and name). */
export const withLast = (people: readonly string[], name: string): readonly string[] =>
  derive(people, `>${name}`, () => [...people, name]);

const keyOf = new WeakMap<readonly string[], string>();
const keys = new Map<string, string>();
/** Never reused, even after `keys` is cleared: a key always stands for one content. */
let nextKey = 0;

/**
 * A short key for a list of names, equal for lists with the same names in the same order: a
 * cache keyed by what a list holds without a key as long as the list (one per list object, so
 * the same list passed again costs nothing).
 */
export function namesKey(people: readonly string[]): string {
  let key = keyOf.get(people);
  if (key !== undefined) return key;
  const joined = people.join(",");
  key = keys.get(joined);
  if (key === undefined) {
    if (keys.size >= 10_000) keys.clear();
    keys.set(joined, (key = `names#${nextKey++}`));
  }
  keyOf.set(people, key);
  return key;
}

const escName = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whether a text speaks of `name`: by its first name, or by its family name after a title
 * ("Mayor Pike", "Professor Okafor"): a capitalised word before the family name that is no one
 * else's first name ("Helen Pike" is Helen, not Walter Pike).
 */
export function speaksOf(text: string, name: string, people: readonly string[] = []): boolean {
  const [given, ...rest] = name.trim().split(/\s+/);
  if (!given) return false;
  if (new RegExp(`\\b${escName(given)}\\b`).test(text)) return true;
  const family = rest.at(-1);
  if (!family) return false;
  for (const m of text.matchAll(new RegExp(`\\b([A-Z][a-z]+)\\.? ${escName(family)}\\b`, "g")))
    if (!someoneElseCalled(m[1], name, people)) return true;
  return false;
}

/** Each list's people by first name, made once per list (a town of a thousand asked of every
 *  line of a talk read the whole list for each line: 10 % of its day, bench/RESULTS.md). */
const byFirstOf = new WeakMap<readonly string[], { size: number; index: Map<string, string[]> }>();

/** Whether someone in `people` other than `name` has `first` as first name. */
function someoneElseCalled(first: string, name: string, people: readonly string[]): boolean {
  let index = byFirstOf.get(people)?.index;
  if (!index || byFirstOf.get(people)!.size !== people.length) {
    index = new Map();
    for (const p of people) {
      const f = firstWord(p);
      const list = index.get(f);
      if (list) list.push(p);
      else index.set(f, [p]);
    }
    byFirstOf.set(people, { size: people.length, index });
  }
  return index.get(first)?.some((p) => p !== name) ?? false;
}
