// The memory streams' change feed: every memory made and every retrieval's touch, in order, for
// a store to drain and write as rows (server/store/memoryRows.ts). A stream with a journal saves
// only its head (next id, importance since reflection, size); its memories live in the rows.
import type { MemoryRecord } from "./port.ts";

export type MemoryChange =
  | { kind: "add"; agent: string; memory: MemoryRecord; lastAccessed: number }
  | { kind: "touch"; agent: string; ids: number[]; at: number };

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
}

export class MemoryJournal implements JournalFeed {
  private changes: MemoryChange[] = [];
  private readonly streams = new Map<string, JournaledStream>();

  /** Attaches a resident's (new) stream: from now on its changes are journaled. */
  attach<S extends JournaledStream>(agent: string, stream: S): S {
    stream.changes = {
      added: (memory) => this.changes.push({ kind: "add", agent, memory, lastAccessed: memory.lastAccessed }),
      touched: (ids, at) => this.changes.push({ kind: "touch", agent, ids, at }),
    };
    this.streams.set(agent, stream);
    return stream;
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
      for (const memory of all) this.changes.push({ kind: "add", agent, memory, lastAccessed: memory.lastAccessed });
    }
  }
}
