// The built-in memory stream (MemoryPort): memories in creation order, an inverted index of
// sparse (hashed) embeddings and a quantised matrix of dense (model) ones (denseIndex.ts), so a
// retrieval over thousands of memories touches only the dimensions the query has, or scores a
// model's vectors in one SIMD pass; the best k are kept in a heap (topK.ts).
import { SavedStream, StreamHead, toBase64, toVector, type SavedMemory } from "./codec.ts";
import type { MemoryChanges } from "./journal.ts";
import {
  PAPER_RETRIEVAL,
  type MemoryPort,
  type MemoryRecord,
  type NewMemory,
  type RetrievalSettings,
  type RetrieveOptions,
  type Scored,
} from "./port.ts";
import { TopK } from "./topK.ts";
import { DenseIndex } from "./denseIndex.ts";
import { noteOf, type MemoryNote } from "./note.ts";

const HOUR = 3_600_000;
/** Below this many dense memories every row is scored exactly: the index would save little. */
const DENSE_INDEX_FROM = 256;
/** How many memories at each end of the approximate relevances are rescored, so min and max are exact. */
const EXTREMES = 8;

/** The candidates rescored exactly for the best n: half as many again, and at least 16 more (the
 *  approximation moves a relevance by ~1/1000 of its range, a score by less than that; see
 *  denseIndex.ts). */
const shortlist = (n: number): number => n + Math.max(16, n >> 1);

/** A plain dot product over the dimensions both vectors have, summed in ascending dimension. */
function dot(e: Float32Array, q: Float32Array): number {
  let s = 0;
  for (let d = 0, n = Math.min(e.length, q.length); d < n; d++) s += e[d] * q[d];
  return s;
}

/** The dimensions where the query is not zero, ascending. */
function nonZeroDims(q: Float32Array): Int32Array {
  const out = new Int32Array(q.length);
  let k = 0;
  for (let d = 0; d < q.length; d++) if (q[d] !== 0) out[k++] = d;
  return out.subarray(0, k);
}

/** A memory as the stream keeps it: the same fields in the same order for a new and a restored one
 *  (one hidden class for V8), importance clamped to the paper's 1-10. A thought without its note
 *  (a model's memo, a save made before notes) gets the one its text reads as, once, here. */
function record(
  m: Omit<NewMemory, "embedding">,
  id: number,
  lastAccessed: number,
  embedding: Float32Array,
): MemoryRecord {
  return {
    id,
    type: m.type,
    created: m.created,
    lastAccessed,
    description: m.description,
    subject: m.subject,
    predicate: m.predicate,
    object: m.object,
    keywords: m.keywords ?? [],
    importance: Math.max(1, Math.min(10, Math.round(m.importance))),
    evidence: m.evidence ?? [],
    embedding,
    ...(m.lines ? { lines: m.lines } : {}),
    ...(m.depth ? { depth: m.depth } : {}),
    ...(m.facts?.length ? { facts: m.facts } : {}),
    ...noted(m),
  };
}

function noted(m: Omit<NewMemory, "embedding">): { note?: MemoryNote } {
  const note = m.note ?? (m.type === "thought" ? noteOf(m.description) : undefined);
  return note ? { note } : {};
}

export class MemoryStream implements MemoryPort {
  private readonly items: MemoryRecord[] = [];
  private readonly byId = new Map<number, MemoryRecord>();
  private readonly recentObs: MemoryRecord[] = [];
  private nextId = 1;
  private since = 0;
  /** Each filter's verdicts so far (memories never change what a filter may look at). */
  private filters = new WeakMap<
    (m: MemoryRecord) => boolean,
    { checked: number; count: number; pass: Int32Array }
  >();
  private work = { rec: new Float64Array(0), imp: new Float64Array(0), rel: new Float64Array(0) };
  /** Per position, each memory's last access and importance: a retrieval reads these two
   *  contiguous arrays, not 10,000 objects spread over the heap. */
  private lastAt = new Float64Array(64);
  private weight = new Float64Array(64);
  /** Inverted index of sparse embeddings: per dimension, the positions with a non-zero value and the value. */
  private postings: ({ n: number; at: Int32Array; value: Float32Array } | undefined)[] = [];
  /** Positions of memories with dense embeddings (a model's), scored row by row... */
  private dense: number[] = [];
  /** ...or, those of the first dense embeddings' dimension, approximately in one pass first. */
  private denseIndex: DenseIndex | null = null;
  /** Per position, 1 where the memory is in denseIndex. */
  private indexed = new Uint8Array(64);
  /** Where changes are journaled (memories then live as rows and snapshot() gives the head only). */
  changes?: MemoryChanges;

  /** `counts`: which new memories count toward the next reflection (default: all but reflections). */
  constructor(
    private readonly settings: RetrievalSettings = PAPER_RETRIEVAL,
    private readonly counts: (m: MemoryRecord) => boolean = (m) => !m.depth,
  ) {}

  get size(): number {
    return this.items.length;
  }

  get importanceSinceReflection(): number {
    return this.since;
  }

  markReflected(): void {
    this.since = 0;
  }

  add(m: NewMemory): MemoryRecord {
    const rec = record(m, this.nextId++, m.created, m.embedding);
    this.file(rec);
    if (this.counts(rec)) this.since += rec.importance;
    this.changes?.added(rec);
    return rec;
  }

  /** Puts a memory at the end of the stream and in its indexes. */
  private file(rec: MemoryRecord): void {
    const at = this.items.length;
    if (at === this.lastAt.length) {
      const lastAt = new Float64Array(at * 2);
      const weight = new Float64Array(at * 2);
      lastAt.set(this.lastAt);
      weight.set(this.weight);
      this.lastAt = lastAt;
      this.weight = weight;
    }
    this.lastAt[at] = rec.lastAccessed;
    this.weight[at] = rec.importance;
    this.items.push(rec);
    this.byId.set(rec.id, rec);
    this.index(this.items.length - 1, rec.embedding);
    if (rec.type === "observation") {
      this.recentObs.push(rec);
      if (this.recentObs.length > 64) this.recentObs.splice(0, this.recentObs.length - 32);
    }
  }

  get(id: number): MemoryRecord | undefined {
    return this.byId.get(id);
  }

  latest(n: number, filter?: (m: MemoryRecord) => boolean): MemoryRecord[] {
    const out: MemoryRecord[] = [];
    for (let i = this.items.length - 1; i >= 0 && out.length < n; i--)
      if (!filter || filter(this.items[i])) out.push(this.items[i]);
    return out;
  }

  seenRecently(subject: string, predicate: string, object: string, retention: number): boolean {
    for (let i = this.recentObs.length - 1, k = 0; i >= 0 && k < retention; i--, k++) {
      const m = this.recentObs[i];
      if (m.subject === subject && m.predicate === predicate && m.object === object) return true;
    }
    return false;
  }

  retrieve(query: Float32Array, now: number, n: number, opts: RetrieveOptions = {}): Scored[] {
    const items = this.items;
    const pool = opts.filter ? this.passing(opts.filter) : null;
    const size = pool ? pool.length : items.length;
    if (size === 0 || n <= 0) return [];
    const { rec, imp, rel } = this.scratch(items.length);
    const approximate = this.relevance(query, rel);
    if (approximate) this.exactExtremes(query, rel, pool, size);
    const lnDecay = Math.log(this.settings.recencyDecay);
    let recLo = Infinity,
      recHi = -Infinity,
      impLo = Infinity,
      impHi = -Infinity,
      relLo = Infinity,
      relHi = -Infinity;
    // Memories of one step (a batch of observations) or touched together share a last access.
    let lastAccess = NaN;
    let r = 0;
    const { lastAt, weight } = this;
    for (let j = 0; j < size; j++) {
      const i = pool ? pool[j] : j;
      if (lastAt[i] !== lastAccess) {
        lastAccess = lastAt[i];
        r = Math.exp(lnDecay * Math.max(0, (now - lastAccess) / HOUR));
      }
      const w = weight[i];
      const v = rel[i];
      rec[j] = r;
      imp[j] = w;
      if (r < recLo) recLo = r;
      if (r > recHi) recHi = r;
      if (w < impLo) impLo = w;
      if (w > impHi) impHi = w;
      if (v < relLo) relLo = v;
      if (v > relHi) relHi = v;
    }
    // Copies for the closure below: a variable a closure reads is kept in its context, and the
    // loop above would then write each bound there (measured: 3x slower retrievals).
    const rLo = recLo,
      iLo = impLo,
      vLo = relLo;
    const recSpan = recHi - recLo;
    const impSpan = impHi - impLo;
    const relSpan = relHi - relLo;
    const { recencyWeight: wr, importanceWeight: wi, relevanceWeight: wv } = this.settings;
    const score = (j: number, i: number): number => {
      const nr = recSpan > 1e-12 ? (rec[j] - rLo) / recSpan : 0.5;
      const ni = impSpan > 1e-12 ? (imp[j] - iLo) / impSpan : 0.5;
      const nv = relSpan > 1e-12 ? (rel[i] - vLo) / relSpan : 0.5;
      return wr * nr + wi * ni + wv * nv;
    };
    // Best n by (score desc, id desc), kept in a small heap instead of sorting the whole stream;
    // with approximate relevances, a shortlist whose relevances are then made exact.
    // A memory's position stands in for its id as the tie-break: ids grow with position (a new
    // memory goes last, a restored stream is filed in order), and a position needs no object.
    let top = new TopK(Math.min(approximate ? shortlist(n) : n, size));
    for (let j = 0; j < size; j++) {
      const i = pool ? pool[j] : j;
      top.offer(score(j, i), i, j);
    }
    if (approximate) {
      const candidates = top.sorted();
      top = new TopK(Math.min(n, size));
      for (const { index: j } of candidates) {
        const i = pool ? pool[j] : j;
        if (this.indexed[i]) rel[i] = dot(items[i].embedding, query);
        top.offer(score(j, i), i, j);
      }
    }
    const best = top.sorted();
    const part = (x: number, lo: number, span: number) => (span > 1e-12 ? (x - lo) / span : 0.5);
    const out: Scored[] = best.map(({ score, index: j }) => {
      const i = pool ? pool[j] : j;
      if (!opts.parts) return { memory: items[i], score };
      const parts = {
        recency: part(rec[j], rLo, recSpan),
        importance: part(imp[j], iLo, impSpan),
        relevance: part(rel[i], vLo, relSpan),
      };
      return { memory: items[i], score, parts };
    });
    if (opts.touch !== false && out.length > 0) {
      for (const { index: j } of best) {
        const i = pool ? pool[j] : j;
        items[i].lastAccessed = now;
        lastAt[i] = now;
      }
      this.changes?.touched(
        out.map((s) => s.memory.id),
        now,
      );
    }
    return out;
  }

  /**
   * Makes the relevance of the memories at both ends of the approximate ones exact, so that the
   * min-max normalisation uses the exact extremes (the approximation cannot reorder memories
   * further apart than its error). The EXTREMES highest and lowest are kept in two small sorted
   * lists: one comparison per memory, where a heap would cost a call.
   */
  private exactExtremes(
    query: Float32Array,
    rel: Float64Array,
    pool: Int32Array | null,
    size: number,
  ): void {
    const hi = new Float64Array(EXTREMES).fill(-Infinity);
    const lo = new Float64Array(EXTREMES).fill(Infinity);
    const hiAt = new Int32Array(EXTREMES).fill(-1);
    const loAt = new Int32Array(EXTREMES).fill(-1);
    const last = EXTREMES - 1;
    for (let j = 0; j < size; j++) {
      const i = pool ? pool[j] : j;
      const v = rel[i];
      if (v > hi[last] && this.indexed[i]) {
        let k = last;
        for (; k > 0 && hi[k - 1] < v; k--) {
          hi[k] = hi[k - 1];
          hiAt[k] = hiAt[k - 1];
        }
        hi[k] = v;
        hiAt[k] = i;
      }
      if (v < lo[last] && this.indexed[i]) {
        let k = last;
        for (; k > 0 && lo[k - 1] > v; k--) {
          lo[k] = lo[k - 1];
          loAt[k] = loAt[k - 1];
        }
        lo[k] = v;
        loAt[k] = i;
      }
    }
    for (const i of [...hiAt, ...loAt]) if (i >= 0) rel[i] = dot(this.items[i].embedding, query);
  }

  /**
   * The dot product of the query with every memory's embedding (over the dimensions both have),
   * into out[position]. Sparse embeddings are read from the inverted index, dense ones row by
   * row; either way only non-zero terms are added, in ascending dimension, so the doubles are
   * exactly those of a plain dot product (the zero terms it adds change nothing). Returns true
   * when the dense index gave approximate values (its memories are flagged in `indexed`).
   */
  private relevance(query: Float32Array, out: Float64Array): boolean {
    out.fill(0, 0, this.items.length);
    const dims = nonZeroDims(query);
    for (let k = 0; k < dims.length; k++) {
      const d = dims[k];
      const list = this.postings[d];
      if (!list) continue;
      const q = query[d];
      const { at, value } = list;
      for (let t = 0, len = list.n; t < len; t++) out[at[t]] += value[t] * q;
    }
    const full = dims.length === query.length; // a model's query: no zero to skip
    const index = this.denseIndex;
    const approximate =
      full &&
      index !== null &&
      index.dim === query.length &&
      index.size >= DENSE_INDEX_FROM &&
      this.settings.denseIndex !== false;
    if (approximate) {
      index.approximate(query, out);
      if (index.size === this.dense.length) return true; // every dense memory scored by the index
    }
    for (const i of this.dense) {
      if (approximate && this.indexed[i]) continue;
      const e = this.items[i].embedding;
      let s = 0;
      if (full) {
        s = dot(e, query);
      } else {
        for (let k = 0; k < dims.length; k++) {
          const d = dims[k];
          if (d >= e.length) break;
          s += e[d] * query[d];
        }
      }
      out[i] = s;
    }
    return approximate;
  }

  /** Files a new memory's embedding: sparse ones (hashed bags of words) in the inverted index. */
  private index(position: number, e: Float32Array): void {
    let nonZero = 0;
    for (let d = 0; d < e.length; d++) if (e[d] !== 0) nonZero++;
    if (nonZero * 4 > e.length) {
      this.dense.push(position);
      if (this.settings.denseIndex === false) return;
      this.denseIndex ??= new DenseIndex(e.length);
      if (e.length === this.denseIndex.dim) {
        this.denseIndex.add(position, e);
        if (position >= this.indexed.length) {
          const grown = new Uint8Array(Math.max(position + 1, this.indexed.length * 2));
          grown.set(this.indexed);
          this.indexed = grown;
        }
        this.indexed[position] = 1;
      }
      return;
    }
    for (let d = 0; d < e.length; d++) {
      if (e[d] === 0) continue;
      let list = this.postings[d];
      if (!list)
        this.postings[d] = list = { n: 0, at: new Int32Array(16), value: new Float32Array(16) };
      if (list.n === list.at.length) {
        const at = new Int32Array(list.n * 2);
        const value = new Float32Array(list.n * 2);
        at.set(list.at);
        value.set(list.value);
        list.at = at;
        list.value = value;
      }
      list.at[list.n] = position;
      list.value[list.n++] = e[d];
    }
  }

  /** Positions of the memories a filter lets through; a filter's verdicts are kept (see RetrieveOptions.filter). */
  private passing(filter: (m: MemoryRecord) => boolean): Int32Array {
    let f = this.filters.get(filter);
    if (!f) this.filters.set(filter, (f = { checked: 0, count: 0, pass: new Int32Array(64) }));
    const items = this.items;
    for (; f.checked < items.length; f.checked++) {
      if (!filter(items[f.checked])) continue;
      if (f.count === f.pass.length) {
        const grown = new Int32Array(f.pass.length * 2);
        grown.set(f.pass);
        f.pass = grown;
      }
      f.pass[f.count++] = f.checked;
    }
    return f.pass.subarray(0, f.count);
  }

  /** Reused work arrays (retrieval runs on every plan, reaction and chat). */
  private scratch(size: number): { rec: Float64Array; imp: Float64Array; rel: Float64Array } {
    if (this.work.rec.length < size) {
      const cap = Math.max(size, this.work.rec.length * 2);
      this.work = {
        rec: new Float64Array(cap),
        imp: new Float64Array(cap),
        rel: new Float64Array(cap),
      };
    }
    return this.work;
  }

  snapshot(): SavedStream | StreamHead {
    if (this.changes)
      return { v: 2, next: this.nextId, sinceReflection: this.since, size: this.items.length };
    const table = new Map<string, number>();
    const embeddings: string[] = [];
    const memories: SavedMemory[] = this.items.map((m) => {
      const key = toBase64(m.embedding);
      let e = table.get(key);
      if (e === undefined) {
        table.set(key, (e = embeddings.length));
        embeddings.push(key);
      }
      const { embedding: _e, lines, facts, note, ...rest } = m;
      return {
        ...rest,
        ...(facts ? { facts: [...facts] } : {}),
        ...(note ? { note: structuredClone(note) } : {}),
        keywords: [...m.keywords],
        evidence: [...m.evidence],
        ...(lines ? { lines: lines.map((l) => [l[0], l[1]] as [string, string]) } : {}),
        e,
      };
    });
    return { v: 1, next: this.nextId, sinceReflection: this.since, embeddings, memories };
  }

  /** Rebuilds the stream from a snapshot (validated first: a broken save throws, nothing half-loaded). */
  load(data: unknown): void {
    const head = StreamHead.safeParse(data);
    if (head.success)
      throw new Error(
        `the stream's ${head.data.size} memories are kept as rows: load it with them (the store's restore does)`,
      );
    const saved = SavedStream.parse(data);
    // Loading is not a change: the memories are where they were loaded from.
    const changes = this.changes;
    this.changes = undefined;
    try {
      this.fill(saved);
    } finally {
      this.changes = changes;
    }
  }

  private fill(saved: SavedStream): void {
    this.items.length = 0;
    this.byId.clear();
    this.recentObs.length = 0;
    this.postings = [];
    this.dense = [];
    this.denseIndex = null;
    this.indexed = new Uint8Array(64);
    this.filters = new WeakMap();
    this.since = 0;
    const vectors = saved.embeddings.map(toVector);
    // Built as add() builds a memory, without its copies: a restore files tens of thousands.
    for (const m of saved.memories) this.file(record(m, m.id, m.lastAccessed, vectors[m.e]));
    this.nextId = saved.next;
    this.since = saved.sinceReflection;
  }

  static restore(data: unknown, settings?: RetrievalSettings): MemoryStream {
    const s = new MemoryStream(settings);
    s.load(data);
    return s;
  }
}
