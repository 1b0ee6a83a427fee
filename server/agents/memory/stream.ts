// The built-in memory stream (MemoryPort): memories in creation order, an inverted index of
// sparse (hashed) embeddings and a list of dense (model) ones, so a retrieval over thousands of
// memories touches only the dimensions the query has; the best k are kept in a heap (topK.ts).
import { SavedStream, StreamHead, toBase64, toVector, type SavedMemory } from "./codec.ts";
import type { MemoryChanges } from "./journal.ts";
import { PAPER_RETRIEVAL, type MemoryPort, type MemoryRecord, type NewMemory, type RetrievalSettings, type RetrieveOptions, type Scored } from "./port.ts";
import { TopK } from "./topK.ts";

const HOUR = 3_600_000;

/** The dimensions where the query is not zero, ascending. */
function nonZeroDims(q: Float32Array): Int32Array {
  const out = new Int32Array(q.length);
  let k = 0;
  for (let d = 0; d < q.length; d++) if (q[d] !== 0) out[k++] = d;
  return out.subarray(0, k);
}

export class MemoryStream implements MemoryPort {
  private readonly items: MemoryRecord[] = [];
  private readonly byId = new Map<number, MemoryRecord>();
  private readonly recentObs: MemoryRecord[] = [];
  private nextId = 1;
  private since = 0;
  /** Each filter's verdicts so far (memories never change what a filter may look at). */
  private filters = new WeakMap<(m: MemoryRecord) => boolean, { checked: number; count: number; pass: Int32Array }>();
  private work = { rec: new Float64Array(0), imp: new Float64Array(0), rel: new Float64Array(0) };
  /** Inverted index of sparse embeddings: per dimension, the positions with a non-zero value and the value. */
  private postings: ({ n: number; at: Int32Array; value: Float32Array } | undefined)[] = [];
  /** Positions of memories with dense embeddings (a model's), scored row by row. */
  private dense: number[] = [];
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
    const rec: MemoryRecord = {
      id: this.nextId++,
      type: m.type,
      created: m.created,
      lastAccessed: m.created,
      description: m.description,
      subject: m.subject,
      predicate: m.predicate,
      object: m.object,
      keywords: m.keywords ?? [],
      importance: Math.max(1, Math.min(10, Math.round(m.importance))),
      evidence: m.evidence ?? [],
      embedding: m.embedding,
      ...(m.lines ? { lines: m.lines } : {}),
      ...(m.depth ? { depth: m.depth } : {}),
    };
    this.file(rec);
    if (this.counts(rec)) this.since += rec.importance;
    this.changes?.added(rec);
    return rec;
  }

  /** Puts a memory at the end of the stream and in its indexes. */
  private file(rec: MemoryRecord): void {
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
    for (let i = this.items.length - 1; i >= 0 && out.length < n; i--) if (!filter || filter(this.items[i])) out.push(this.items[i]);
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
    this.relevance(query, rel);
    const lnDecay = Math.log(this.settings.recencyDecay);
    let recLo = Infinity, recHi = -Infinity, impLo = Infinity, impHi = -Infinity, relLo = Infinity, relHi = -Infinity;
    // Memories of one step (a batch of observations) or touched together share a last access.
    let lastAccess = NaN;
    let r = 0;
    for (let j = 0; j < size; j++) {
      const i = pool ? pool[j] : j;
      const m = items[i];
      if (m.lastAccessed !== lastAccess) {
        lastAccess = m.lastAccessed;
        r = Math.exp(lnDecay * Math.max(0, (now - lastAccess) / HOUR));
      }
      const w = m.importance;
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
    const recSpan = recHi - recLo;
    const impSpan = impHi - impLo;
    const relSpan = relHi - relLo;
    const { recencyWeight: wr, importanceWeight: wi, relevanceWeight: wv } = this.settings;
    // Best n by (score desc, id desc), kept in a small heap instead of sorting the whole stream.
    const top = new TopK(Math.min(n, size));
    for (let j = 0; j < size; j++) {
      const i = pool ? pool[j] : j;
      const nr = recSpan > 1e-12 ? (rec[j] - recLo) / recSpan : 0.5;
      const ni = impSpan > 1e-12 ? (imp[j] - impLo) / impSpan : 0.5;
      const nv = relSpan > 1e-12 ? (rel[i] - relLo) / relSpan : 0.5;
      top.offer(wr * nr + wi * ni + wv * nv, items[i].id, i);
    }
    const out: Scored[] = top.sorted().map(({ score, index }) => ({ memory: items[index], score }));
    if (opts.touch !== false && out.length > 0) {
      for (const s of out) s.memory.lastAccessed = now;
      this.changes?.touched(out.map((s) => s.memory.id), now);
    }
    return out;
  }

  /**
   * The dot product of the query with every memory's embedding (over the dimensions both have),
   * into out[position]. Sparse embeddings are read from the inverted index, dense ones row by
   * row; either way only non-zero terms are added, in ascending dimension, so the doubles are
   * exactly those of a plain dot product (the zero terms it adds change nothing).
   */
  private relevance(query: Float32Array, out: Float64Array): void {
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
    for (const i of this.dense) {
      const e = this.items[i].embedding;
      let s = 0;
      if (full) {
        for (let d = 0, n = Math.min(e.length, query.length); d < n; d++) s += e[d] * query[d];
      } else {
        for (let k = 0; k < dims.length; k++) {
          const d = dims[k];
          if (d >= e.length) break;
          s += e[d] * query[d];
        }
      }
      out[i] = s;
    }
  }

  /** Files a new memory's embedding: sparse ones (hashed bags of words) in the inverted index. */
  private index(position: number, e: Float32Array): void {
    let nonZero = 0;
    for (let d = 0; d < e.length; d++) if (e[d] !== 0) nonZero++;
    if (nonZero * 4 > e.length) {
      this.dense.push(position);
      return;
    }
    for (let d = 0; d < e.length; d++) {
      if (e[d] === 0) continue;
      let list = this.postings[d];
      if (!list) this.postings[d] = list = { n: 0, at: new Int32Array(16), value: new Float32Array(16) };
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
      this.work = { rec: new Float64Array(cap), imp: new Float64Array(cap), rel: new Float64Array(cap) };
    }
    return this.work;
  }

  snapshot(): SavedStream | StreamHead {
    if (this.changes) return { v: 2, next: this.nextId, sinceReflection: this.since, size: this.items.length };
    const table = new Map<string, number>();
    const embeddings: string[] = [];
    const memories: SavedMemory[] = this.items.map((m) => {
      const key = toBase64(m.embedding);
      let e = table.get(key);
      if (e === undefined) {
        table.set(key, (e = embeddings.length));
        embeddings.push(key);
      }
      const { embedding: _e, lines, ...rest } = m;
      return { ...rest, keywords: [...m.keywords], evidence: [...m.evidence], ...(lines ? { lines: lines.map((l) => [l[0], l[1]] as [string, string]) } : {}), e };
    });
    return { v: 1, next: this.nextId, sinceReflection: this.since, embeddings, memories };
  }

  /** Rebuilds the stream from a snapshot (validated first: a broken save throws, nothing half-loaded). */
  load(data: unknown): void {
    const head = StreamHead.safeParse(data);
    if (head.success) throw new Error(`the stream's ${head.data.size} memories are kept as rows: load it with them (the store's restore does)`);
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
    this.filters = new WeakMap();
    this.since = 0;
    const vectors = saved.embeddings.map(toVector);
    // Built as add() builds a memory (same fields, same order), without its copies: a restore files tens of thousands.
    for (const m of saved.memories) {
      const rec: MemoryRecord = {
        id: m.id,
        type: m.type,
        created: m.created,
        lastAccessed: m.lastAccessed,
        description: m.description,
        subject: m.subject,
        predicate: m.predicate,
        object: m.object,
        keywords: m.keywords ?? [],
        importance: Math.max(1, Math.min(10, Math.round(m.importance))),
        evidence: m.evidence ?? [],
        embedding: vectors[m.e],
        ...(m.lines ? { lines: m.lines } : {}),
        ...(m.depth ? { depth: m.depth } : {}),
      };
      this.file(rec);
    }
    this.nextId = saved.next;
    this.since = saved.sinceReflection;
  }

  static restore(data: unknown, settings?: RetrievalSettings): MemoryStream {
    const s = new MemoryStream(settings);
    s.load(data);
    return s;
  }
}
