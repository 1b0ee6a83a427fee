// The store's contract: what the server asks of persistence. The Town never sees this;
// the server wires it as a listener of the Town's events and a keeper of its snapshots.

import type { Dependency } from "./dependency.ts";

export type StoreKind = "embedded" | "postgres";

export interface TownRecord {
  id: string;
  /** Unique, human-chosen name of this town (a save). */
  name: string;
  /** The town template it was made from (a folder under assets/towns), e.g. "base-3". */
  template: string;
  createdAt: Date;
}

export interface SnapshotRecord {
  step: number;
  /** JSON-serialisable snapshot of the whole Town (see server/world/snapshot.ts). */
  data: unknown;
  /** High-water mark of the town's memory rows the snapshot goes with (null: memories are inside data). */
  mark: number | null;
  createdAt: Date;
}

export interface Store {
  readonly kind: StoreKind;
  /** Finds the town by name, or creates it from the template. */
  ensureTown(name: string, template: string): Promise<TownRecord>;
  /**
   * Writes an autosave; keeps only the newest few per town. `mark`: the memory rows it goes with
   * (written before, server/store/memoryRows.ts), absent for a whole-town snapshot.
   */
  saveSnapshot(townId: string, step: number, data: unknown, mark?: number): Promise<void>;
  /** The newest autosave of the town, whole (its memories read from the rows up to its mark), or null when it has none. */
  latestSnapshot(townId: string): Promise<SnapshotRecord | null>;
  close(): Promise<void>;
  /** Whether writes get through (one log line when they stop and one when they are back). */
  readonly database?: Dependency;
}

export interface StoreOptions {
  /** PostgreSQL connection string; when absent the embedded database under dataDir serves. */
  databaseUrl?: string;
  /** Folder of the embedded database ("memory://" for a throwaway in-memory one). */
  dataDir: string;
  /**
   * Run the embedded database on a worker thread: the server does (app.ts), so a process that
   * serves people keeps its event loop free while PGlite works. Default false: headless runs (the
   * command line) and tests wait for the database anyway, and a thread (its own tsx and wasm
   * start-up, its messages) only adds to their time.
   */
  embeddedThread?: boolean;
}
