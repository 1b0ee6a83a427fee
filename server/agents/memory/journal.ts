// The memory streams' change feed: every memory made and every retrieval's touch, in order, for
// a store to drain and write as rows (server/store/memoryRows.ts). A stream with a journal saves
// only its head (next id, importance since reflection, size); its memories live in the rows.
import type { MemoryRecord } from "./port.ts";

export type MemoryChange =
  | { kind: "add"; agent: string; memory: MemoryRecord; lastAccessed: number }
  | { kind: "touch"; agent: string; ids: number[]; at: number }
  /** A change already written as its row's fields (rowFields): made where the minds run, so the
   *  thread that writes the rows only splices the text in. */
  | { kind: "row"; table: "memory" | "touch" | "trace"; fields: string };

/**
 * A change as the JSON fields of its row, without the braces and the seq the writer gives it
 * (`{"seq":7,` + fields + `}` is the row): the memory's embedding as base64, as the rows keep it.
 */
export function rowFields(c: MemoryChange): Extract<MemoryChange, { kind: "row" }> {
  if (c.kind === "row") return c;
  if (c.kind === "touch")
    return {
      kind: "row",
      table: "touch",
      fields: JSON.stringify({ agentId: c.agent, at: c.at, ids: c.ids }).slice(1, -1),
    };
  const m = c.memory;
  const e = m.embedding;
  const row = {
    agentId: c.agent,
    memId: m.id,
    type: m.type,
    created: m.created,
    lastAccessed: c.lastAccessed,
    description: m.description,
    subject: m.subject,
    predicate: m.predicate,
    object: m.object,
    importance: m.importance,
    keywords: m.keywords,
    evidence: m.evidence,
    lines: m.lines ?? null,
    depth: m.depth ?? null,
    facts: m.facts ?? null,
    note: m.note ?? null,
    embedding: Buffer.from(e.buffer, e.byteOffset, e.byteLength).toString("base64"),
  };
  return { kind: "row", table: "memory", fields: JSON.stringify(row).slice(1, -1) };
}

/** What a stream tells its journal. */
export interface MemoryChanges {
  added(m: MemoryRecord): void;
  touched(ids: number[], at: number): void;
}

/** A stream the journal can read back whole (for a backfill). */
export interface JournaledStream {
  changes?: MemoryChanges;
  latest(n: number): MemoryRecord[];
  readonly size: number;
}

/** What a store drains: the journal itself, or its stand-in for minds on another thread (mindThread.ts). */
export interface JournalFeed {
  /** Everything journaled since the last drain, oldest first. */
  drain(): MemoryChange[];
  /** From now on the feed holds every memory as it is now, then the changes that follow. */
  backfill(): void;
  /** A row part of a resident in the minds' state `mind` (a snapshot this feed's minds gave) as
   *  JSON, when it was already made where the minds run; undefined: make it here. */
  partJson?(mind: object, agent: string, part: string): string | undefined;
}

export class MemoryJournal implements JournalFeed {
  private changes: MemoryChange[] = [];
  private readonly streams = new Map<string, JournaledStream>();

  /** Attaches a resident's (new) stream: from now on its changes are journaled. */
  attach<S extends JournaledStream>(agent: string, stream: S): S {
    stream.changes = {
      added: (memory) =>
        this.changes.push({ kind: "add", agent, memory, lastAccessed: memory.lastAccessed }),
      touched: (ids, at) => this.changes.push({ kind: "touch", agent, ids, at }),
    };
    this.streams.set(agent, stream);
    return stream;
  }

  /** An ask of a resident's mind (llm/trace.ts: TraceSink), journaled as its row. */
  trace(agentId: string, time: number, n: number, prompt: string, json: string): void {
    const head = JSON.stringify({ agentId, time, n, prompt }).slice(1, -1);
    this.changes.push({ kind: "row", table: "trace", fields: `${head},"entry":${json}` });
  }

  /** Everything journaled since the last drain, oldest first. */
  drain(): MemoryChange[] {
    const out = this.changes;
    this.changes = [];
    return out;
  }

  /** Journals every memory the attached streams hold, as they are now (a save without rows). */
  backfill(): void {
    this.changes = [];
    for (const [agent, stream] of this.streams) {
      const all = stream.latest(stream.size).reverse();
      for (const memory of all)
        this.changes.push({ kind: "add", agent, memory, lastAccessed: memory.lastAccessed });
    }
  }
}

/** The parts of a resident's saved state a store may keep as rows of their own (they change
 *  rarely; store/memoryRows.ts writes one only when its JSON differs from the last written). */
export const ROW_PARTS = ["schedule", "spatial"] as const;

/** Each resident's row parts as JSON text, made where the minds run: agent id → part → JSON. */
export type PartsJson = Record<string, Partial<Record<(typeof ROW_PARTS)[number], string>>>;

/** The row parts of a mind's snapshot as JSON (none for a snapshot not of this kind). */
export function partsJsonOf(state: unknown): PartsJson {
  const out: PartsJson = {};
  const agents = (state as { agents?: Record<string, unknown>[] } | null)?.agents;
  if (!Array.isArray(agents)) return out;
  for (const a of agents) {
    const parts: PartsJson[string] = {};
    for (const part of ROW_PARTS) if (a[part] !== undefined) parts[part] = JSON.stringify(a[part]);
    out[String(a.id)] = parts;
  }
  return out;
}
