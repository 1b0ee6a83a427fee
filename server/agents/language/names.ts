// Which of a town's people a text may name, without testing every name: a list of names is
// indexed once by each name's first word, and a text is read once for the first words it holds.
// In a town of a thousand, testing every name against every memory was most of a day's work
// (bench/RESULTS.md, "A town of a thousand"); the answers are the same as testing each name.

interface NameIndex {
  /** First word of a name → the positions in the list of the names it begins. */
  byFirst: Map<string, number[]>;
  /** The lengths of the first words, longest first. */
  lengths: number[];
  /** Names whose first word has a character a pattern reads as more than itself ("J.R."): always candidates. */
  always: number[];
  /** A short key that stands for the list's content (lists with equal names share it). */
  key: string;
}

const indexes = new WeakMap<readonly string[], NameIndex>();
const keys = new Map<string, string>();
const MAX_KEYS = 10_000;
/** Never reused, even after `keys` is cleared: a key always stands for one content. */
let nextKey = 0;

/** The first word of a name ("Ada" of "Ada Lin"). */
export const firstWord = (name: string) => name.split(" ")[0];

function indexOf(people: readonly string[]): NameIndex {
  let index = indexes.get(people);
  if (index) return index;
  const byFirst = new Map<string, number[]>();
  const always: number[] = [];
  people.forEach((p, i) => {
    const first = firstWord(p);
    if (/[.*+?^${}()|[\]\\]/.test(first)) always.push(i);
    const list = byFirst.get(first);
    if (list) list.push(i);
    else byFirst.set(first, [i]);
  });
  const lengths = [...new Set([...byFirst.keys()].map((f) => f.length))].sort((a, b) => b - a);
  const joined = people.join(",");
  let key = keys.get(joined);
  if (key === undefined) {
    if (keys.size >= MAX_KEYS) keys.clear();
    keys.set(joined, (key = `names#${nextKey++}`));
  }
  index = { byFirst, lengths, always, key };
  indexes.set(people, index);
  return index;
}

/**
 * A short key for a list of names, equal for lists with the same names in the same order: a
 * cache keyed by what a list holds without a key as long as the list (one per list object, so
 * the same list passed again costs nothing).
 */
export function namesKey(people: readonly string[]): string {
  return indexOf(people).key;
}

/**
 * The positions (ascending: the list's order) of the names whose first word occurs in `text`:
 * every name the text could name in full or by its first word, and possibly a few more (a first
 * word inside a longer word; a first word with a pattern's special characters, always). Callers
 * test those few as they would have tested all.
 */
export function nameCandidates(text: string, people: readonly string[]): number[] {
  if (people.length === 0 || text.length === 0) return [];
  const { byFirst, lengths, always } = indexOf(people);
  const hits = new Set<number>(always);
  for (const len of lengths) {
    if (len === 0) {
      for (const i of byFirst.get("") ?? []) hits.add(i);
      continue;
    }
    for (let at = 0; at + len <= text.length; at++) {
      const found = byFirst.get(text.substr(at, len));
      if (found) for (const i of found) hits.add(i);
    }
  }
  return [...hits].sort((a, b) => a - b);
}
