// The memory port: what the mind's faculties need of an agent's memory stream (Park et al. 2023,
// §4.1). Every memory has a type, created and last-accessed times, a description, a
// subject-predicate-object triple, keywords, an importance of 1-10, an embedding and evidence
// links; retrieval scores recency (decay per game hour since last access) + importance +
// relevance (cosine), each min-max normalised, with configurable weights. The built-in stream is
// stream.ts; a town may plug in another through GenerativeMindOptions.memory.

import type { Fact } from "./fact.ts";
import type { MemoryNote } from "./note.ts";

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
  /** A reflection's depth: 1 for an insight on observations, 1 + the deepest insight it rests on. */
  depth?: number;
  /** What it tells as typed records (memory/fact.ts): a thought's news; a chat's news told in it. */
  facts?: readonly Fact[];
  /** What a memory the engine wrote after a talk is, as values (memory/note.ts): news heard, a
   *  plan, a talk's record. */
  note?: MemoryNote;
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
  readonly depth?: number;
  readonly facts?: readonly Fact[];
  readonly note?: MemoryNote;
}

export interface Scored {
  memory: MemoryRecord;
  score: number;
  /** Recency, importance and relevance, each normalised to 0-1 before its weight (opts.parts). */
  parts?: { recency: number; importance: number; relevance: number };
}

export interface RetrieveOptions {
  /** Update last access of what is returned (default true; interviews off the record do not). */
  touch?: boolean;
  /**
   * Leave out memories for which this returns false. It must judge a memory by what never
   * changes (not its last access): the stream remembers each filter's verdicts.
   */
  filter?: (m: MemoryRecord) => boolean;
  /** Give each memory's three scores too (for the mind's trace). */
  parts?: boolean;
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
  /** Summed importance of the memories added since the last reflection that count toward one
   *  (the stream's rule; by default all but reflections). */
  readonly importanceSinceReflection: number;
  markReflected(): void;
  /** The stream's save: everything, or only its head when its changes are journaled (memory/journal.ts). */
  snapshot(): unknown;
  /** Replaces the stream's content with what snapshot() gave (throws on a malformed one). */
  load(data: unknown): void;
}

export interface RetrievalSettings {
  recencyDecay: number;
  recencyWeight: number;
  importanceWeight: number;
  relevanceWeight: number;
  /**
   * Score model (dense) embeddings through the quantised index and rescore its candidates
   * exactly (memory/denseIndex.ts; the same memories come back). Default on; off scores every
   * row in floats, ~40x slower at 10,000 memories of 1536 dimensions.
   */
  denseIndex?: boolean;
}

/** The paper's numbers: decay 0.995 per game hour, all weights 1. */
export const PAPER_RETRIEVAL: RetrievalSettings = {
  recencyDecay: 0.995,
  recencyWeight: 1,
  importanceWeight: 1,
  relevanceWeight: 1,
};
