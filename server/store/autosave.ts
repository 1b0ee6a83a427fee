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

  /** Saves when N steps have passed since the last save. Never throws: a failed save is logged and retried next step. */
  async afterStep(): Promise<void> {
    if (this.town.step - this.lastSavedStep >= this.everySteps) {
      this.lastRowFlush = this.town.step;
      await this.save().catch((err: unknown) => this.log.error({ err }, "autosave failed"));
      return;
    }
    if (this.rows && this.town.step - this.lastRowFlush >= ROW_FLUSH_STEPS) {
      this.lastRowFlush = this.town.step;
      this.rows.flushSoon();
    }
  }

  /** Saves now (after any save in progress). */
  save(): Promise<void> {
    this.writing = this.writing.catch(() => {}).then(async () => {
      // The snapshot and the rows' mark are taken together, between two steps.
      const step = this.town.step;
      const data = this.town.snapshot();
      const rows = this.rows;
      if (!rows) {
        await this.store.saveSnapshot(this.townId, step, data);
        this.lastSavedStep = step;
        return;
      }
      const small = rows.split(data);
      await rows.flush();
      await this.store.saveSnapshot(this.townId, step, small.data, small.mark);
      this.lastSavedStep = step;
      // Touches the mark covers are folded into their memories (a restore then reads one row each).
      await rows.compact(small.mark).catch((err: unknown) => this.log.error({ err }, "compacting memory touches failed"));
    });
    return this.writing;
  }
}
