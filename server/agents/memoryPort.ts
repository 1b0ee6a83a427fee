// What the mind needs of an agent's memory stream, in one place: the faculties talk to this port,
// and `createMemory()` answers it. (The memory stream itself, server/agents/memory/, was being
// written by another engineer when the mind was; this port is the seam between the two.)
//
// The stand-in implementation below follows the paper: every memory has a type, created and last
// accessed times, a description, a subject-predicate-object triple, keywords, an importance of 1-10,
// an embedding and evidence links; retrieval scores recency (decay per game hour since last
// access) + importance + relevance (cosine), each min-max normalised, with configurable weights.

export type MemoryType = "observation" | "thought" | "chat" | "plan";

export interface NewMemory {
  type: MemoryType;
  created: number;
  description: string;
  subject: string;
  predicate: string;
  object: string;
  importance: number;
  embedding: Float32Array;
  keywords?: string[];
  /** Ids of the memories a thought rests on. */
  evidence?: number[];
  /** A chat's lines, [speaker name, text]. */
  lines?: [string, string][];
}

export interface MemoryRecord {
  readonly id: number;
  readonly type: MemoryType;
  readonly created: number;
  lastAccessed: number;
  readonly description: string;
  readonly subject: string;
  readonly predicate: string;
  readonly object: string;
  readonly keywords: readonly string[];
  readonly importance: number;
  readonly evidence: readonly number[];
  readonly embedding: Float32Array;
  readonly lines?: readonly [string, string][];
}

export interface Scored {
  memory: MemoryRecord;
  score: number;
}

export interface RetrieveOptions {
  /** Update last access of what is returned (default true; interviews off the record do not). */
  touch?: boolean;
  /** Leave out memories for which this returns false. */
  filter?: (m: MemoryRecord) => boolean;
}

export interface MemoryPort {
  readonly size: number;
  add(m: NewMemory): MemoryRecord;
  get(id: number): MemoryRecord | undefined;
  /** Newest first. */
  latest(n: number, filter?: (m: MemoryRecord) => boolean): MemoryRecord[];
  /** Whether one of the latest `retention` observations has this triple (the original's only dedupe). */
  seenRecently(subject: string, predicate: string, object: string, retention: number): boolean;
  /** The `n` best memories for a query embedding, best first, by recency + importance + relevance. */
  retrieve(query: Float32Array, now: number, n: number, opts?: RetrieveOptions): Scored[];
  /** Summed importance of observations and chats since the last reflection. */
  readonly importanceSinceReflection: number;
  markReflected(): void;
  snapshot(): unknown;
}

export interface RetrievalSettings {
  recencyDecay: number;
  recencyWeight: number;
  importanceWeight: number;
  relevanceWeight: number;
}

/** The paper's numbers: decay 0.995 per game hour, all weights 1. */
export const PAPER_RETRIEVAL: RetrievalSettings = { recencyDecay: 0.995, recencyWeight: 1, importanceWeight: 1, relevanceWeight: 1 };

const HOUR = 3_600_000;

function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let s = 0;
  for (let i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

function toBase64(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
}

function fromBase64(s: string): Float32Array {
  const b = Buffer.from(s, "base64");
  const out = new Float32Array(b.byteLength / 4);
  new Uint8Array(out.buffer).set(b);
  return out;
}

interface SavedMemory extends Omit<NewMemory, "embedding"> {
  id: number;
  lastAccessed: number;
  /** Index into the snapshot's embedding table (texts often repeat). */
  e: number;
}

export interface SavedStream {
  v: 1;
  next: number;
  sinceReflection: number;
  embeddings: string[];
  memories: SavedMemory[];
}

export class SimpleMemory implements MemoryPort {
  private readonly items: MemoryRecord[] = [];
  private readonly byId = new Map<number, MemoryRecord>();
  private readonly recentObs: MemoryRecord[] = [];
  private nextId = 1;
  private since = 0;

  constructor(private readonly settings: RetrievalSettings = PAPER_RETRIEVAL) {}

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
    };
    this.items.push(rec);
    this.byId.set(rec.id, rec);
    if (rec.type === "observation") {
      this.recentObs.push(rec);
      if (this.recentObs.length > 64) this.recentObs.splice(0, this.recentObs.length - 32);
    }
    if (rec.type === "observation" || rec.type === "chat") this.since += rec.importance;
    return rec;
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
    const pool = opts.filter ? this.items.filter(opts.filter) : this.items;
    if (pool.length === 0 || n <= 0) return [];
    const rec = new Float64Array(pool.length);
    const imp = new Float64Array(pool.length);
    const rel = new Float64Array(pool.length);
    const lnDecay = Math.log(this.settings.recencyDecay);
    for (let i = 0; i < pool.length; i++) {
      const m = pool[i];
      rec[i] = Math.exp(lnDecay * Math.max(0, (now - m.lastAccessed) / HOUR));
      imp[i] = m.importance;
      rel[i] = dot(m.embedding, query);
    }
    const norm = (a: Float64Array) => {
      let lo = Infinity;
      let hi = -Infinity;
      for (const x of a) {
        if (x < lo) lo = x;
        if (x > hi) hi = x;
      }
      const span = hi - lo;
      for (let i = 0; i < a.length; i++) a[i] = span > 1e-12 ? (a[i] - lo) / span : 0.5;
    };
    norm(rec);
    norm(imp);
    norm(rel);
    const { recencyWeight: wr, importanceWeight: wi, relevanceWeight: wv } = this.settings;
    const scored: Scored[] = pool.map((memory, i) => ({ memory, score: wr * rec[i] + wi * imp[i] + wv * rel[i] }));
    scored.sort((a, b) => b.score - a.score || b.memory.id - a.memory.id);
    const top = scored.slice(0, n);
    if (opts.touch !== false) for (const s of top) s.memory.lastAccessed = now;
    return top;
  }

  snapshot(): SavedStream {
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

  static restore(data: SavedStream, settings?: RetrievalSettings): SimpleMemory {
    const s = new SimpleMemory(settings);
    const vectors = data.embeddings.map(fromBase64);
    for (const m of data.memories) {
      const { e, lastAccessed, id, ...rest } = m;
      const rec = s.add({ ...rest, embedding: vectors[e] });
      s.byId.delete(rec.id);
      (rec as { id: number }).id = id;
      s.byId.set(id, rec);
      rec.lastAccessed = lastAccessed;
    }
    s.nextId = data.next;
    s.since = data.sinceReflection;
    return s;
  }
}
