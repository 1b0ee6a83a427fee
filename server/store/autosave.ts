// Autosave: the Town's small snapshot written every N steps and on demand, one write at a time.
// With memory rows (memoryRows.ts) the memories made since the last write go first, as rows, and
// the snapshot records their high-water mark; between saves the rows are written in batches.
import type { Logger } from "pino";
import type { Store } from "../store/store.ts";
import type { Town } from "../world/town.ts";
import type { MemoryRows } from "./memoryRows.ts";

/** Steps between two background writes of memory rows (an autosave writes the rest). */
export const ROW_FLUSH_STEPS = 30;

export class Autosave {
  private lastSavedStep: number;
  private lastRowFlush: number;
  private writing: Promise<void> = Promise.resolve();
  /** A save is queued or being written. */
  private busy = false;

  constructor(
    private readonly town: Town,
    private readonly store: Store,
    private readonly townId: string,
    private readonly everySteps: number,
    private readonly log: Logger,
    /** The town's memory rows, when its minds journal their memories (else snapshots are whole). */
    readonly rows?: MemoryRows,
  ) {
    this.lastSavedStep = town.step;
    this.lastRowFlush = town.step;
  }

  /** Step of the last save (the town's step when it started, before any). */
  get savedStep(): number {
    return this.lastSavedStep;
  }

  /**
   * Saves when N steps have passed since the last save. The small snapshot is taken now; its write
   * is not waited for (the next step goes on while the database works), and while one is still
   * being written the next waits for a later step. Never throws: a failed save is logged and
   * retried next step.
   */
  afterStep(): Promise<void> {
    if (this.town.step - this.lastSavedStep >= this.everySteps) {
      if (this.busy) return Promise.resolve();
      this.lastRowFlush = this.town.step;
      void this.save().catch((err: unknown) => this.log.error({ err }, "autosave failed"));
      return Promise.resolve();
    }
    if (this.rows && this.town.step - this.lastRowFlush >= ROW_FLUSH_STEPS) {
      this.lastRowFlush = this.town.step;
      this.rows.flushSoon();
    }
    return Promise.resolve();
  }

  /** Saves the town as it is now; written after any save in progress. */
  save(): Promise<void> {
    this.busy = true;
    // The snapshot and the rows' mark are taken together, now, between two steps.
    const step = this.town.step;
    const rows = this.rows;
    const small = rows ? rows.split(this.town.snapshot()) : { data: this.town.snapshot(), mark: undefined };
    const run = this.writing.catch(() => {}).then(async () => {
      if (rows) await rows.flush();
      await this.store.saveSnapshot(this.townId, step, small.data, small.mark);
      this.lastSavedStep = step;
      // Touches the mark covers are folded into their memories (a restore then reads one row each).
      if (rows && small.mark !== undefined) await rows.compact(small.mark).catch((err: unknown) => this.log.error({ err }, "compacting memory touches failed"));
    });
    this.writing = run;
    void run.finally(() => {
      if (this.writing === run) this.busy = false;
    }).catch(() => {});
    return run;
  }
}
