// compromise's tagger ends with a sweep: a net of a few thousand match rules, each hooked on the
// words and tags it needs, run over every sentence of every text it tags. To find the rules worth
// trying on a sentence, compromise walks every hook of the net and asks whether the sentence has
// it (thousands of lookups and array copies per sentence, a third of the cost of tagging a text).
// This is the same sweep (compromise 14's `bulkMatch`, step for step, in the same order) that
// walks the sentence's own words and tags instead and keeps the net's order of hooks, so the rules
// run, and tag, exactly as before.
import nlp from "compromise";

interface Rule {
  match: string;
  needs: string[];
  wants: string[];
  minWant: number;
  minWords: number;
  ifNo?: string[];
  unTag?: unknown;
}
interface Net {
  hooks: Record<string, Rule[]>;
  always: Rule[];
}
type Sentence = unknown[];
type Pointer = number[];
interface One {
  bulkMatch: (
    doc: Sentence[],
    net: Net,
    methods: Methods,
    opts?: { matchOne?: boolean },
  ) => unknown;
  cacheDoc: (doc: Sentence[]) => Set<string>[];
  match: (doc: Sentence[], rule: Rule) => { ptrs: Pointer[] };
}
interface Methods {
  one: One;
}

interface Order {
  /** The rules of each hook, in the net's order of hooks (the order compromise tries them in). */
  rules: Rule[][];
  /** The same, each rule by the number of its match (compromise keeps one rule per match). */
  ids: Int32Array[];
  /** Each hook's place in the net. */
  place: Map<string, number>;
  /** The last sentence (by number) that took each match. */
  taken: Int32Array;
  sentences: number;
}
const orders = new WeakMap<Net["hooks"], Order>();
function orderOf(hooks: Net["hooks"]): Order {
  let order = orders.get(hooks);
  if (!order) {
    const keys = Object.keys(hooks);
    const number = new Map<string, number>();
    const idOf = (m: Rule) => {
      let id = number.get(m.match);
      if (id === undefined) number.set(m.match, (id = number.size));
      return id;
    };
    const ids = keys.map((k) => Int32Array.from(hooks[k], idOf));
    order = {
      rules: keys.map((k) => hooks[k]),
      ids,
      place: new Map(keys.map((k, i) => [k, i])),
      taken: new Int32Array(number.size).fill(-1),
      sentences: 0,
    };
    orders.set(hooks, order);
  }
  return order;
}

/** Whether a sentence has every stated need of a rule, none of its 'ifNo' and enough of its
 *  wants. */
function meets(obj: Rule, have: Set<string>): boolean {
  for (const need of obj.needs) if (!have.has(need)) return false;
  if (obj.ifNo !== undefined) for (const no of obj.ifNo) if (have.has(no)) return false;
  if (obj.wants.length === 0) return true;
  let wanted = 0;
  for (const w of obj.wants) if (have.has(w)) wanted++;
  return wanted >= obj.minWant;
}

/** The rules worth trying on a sentence: those hooked on what it has, in the net's order of
 *  hooks, each match once (its first rule), with every stated need met, none of its 'ifNo' and
 *  enough of its wants; then the net's rules that need nothing; none longer than the sentence. */
function worthTrying(have: Set<string>, length: number, net: Net, order: Order): Rule[] {
  const found: number[] = [];
  for (const k of have) {
    const i = order.place.get(k);
    if (i !== undefined) found.push(i);
  }
  found.sort((a, b) => a - b);
  if (order.sentences === 0x7fffffff) {
    order.sentences = 0;
    order.taken.fill(-1);
  }
  const sentence = order.sentences++;
  const out: Rule[] = [];
  for (const i of found) {
    const rules = order.rules[i];
    const ids = order.ids[i];
    for (let j = 0; j < rules.length; j++) {
      if (order.taken[ids[j]] === sentence) continue;
      order.taken[ids[j]] = sentence;
      const obj = rules[j];
      if (length >= obj.minWords && meets(obj, have)) out.push(obj);
    }
  }
  for (const obj of net.always) if (length >= obj.minWords) out.push(obj);
  return out;
}

function bulkMatch(
  document: Sentence[],
  net: Net,
  methods: Methods,
  opts: { matchOne?: boolean } = {},
): unknown {
  const order = orderOf(net.hooks);
  const maybeList = methods.one
    .cacheDoc(document)
    .map((have, n) => worthTrying(have, document[n].length, net, order));
  const results: (Rule & { pointer: Pointer })[] = [];
  for (let n = 0; n < maybeList.length; n += 1) {
    for (const m of maybeList[n]) {
      const res = methods.one.match([document[n]], m);
      if (res.ptrs.length > 0) {
        for (const ptr of res.ptrs) {
          ptr[0] = n;
          const todo = Object.assign({}, m, { pointer: ptr });
          if (m.unTag !== undefined) todo.unTag = m.unTag;
          results.push(todo);
        }
        if (opts.matchOne === true) return [results[0]];
      }
    }
  }
  return results;
}

const one = (nlp.methods() as Methods).one;
// Only over the version it was written from.
if (/^14\./.test(nlp.version)) one.bulkMatch = bulkMatch;
