// Autosave: the Town's small snapshot written every N steps and on demand, one write at a time.
// With memory rows (memoryRows.ts) the memories made since the last write go first, as rows, and
// the snapshot records their high-water mark; between saves the rows are written in batches.
import type { Logger } from "pino";
import type { Store } from "./store.ts";
import type { TownSnapshot } from "../world/snapshot.ts";
import type { Town } from "../world/town.ts";
import type { MemoryRows } from "./memoryRows.ts";
import { traceKeepDays } from "../../shared/trace.ts";
import type { TraceClock } from "./traceRows.ts";

/** Steps between two background writes of memory rows (an autosave writes the rest). */
export const ROW_FLUSH_STEPS = 30;

/**
 * Autosaves between two foldings of the touches into their memories (each folding is a pass over
 * the town's rows; a restore applies the touches not folded yet, so this only bounds their number).
 */
export const COMPACT_EVERY_SAVES = 10;

export class Autosave {
  private lastSavedStep: number;
  /** Step of the last save taken (written or still being written): the next is due N steps after it. */
  private lastTakenStep: number;
  private lastRowFlush: number;
  private writing: Promise<void> = Promise.resolve();
  /** A save is queued or being written. */
  private busy = false;
  /** Periodic saves taken (every COMPACT_EVERY_SAVES-th folds the touches). */
  private periodic = 0;

  constructor(
    private readonly town: Town,
    private readonly store: Store,
    private readonly townId: string,
    private readonly everySteps: number,
    private readonly log: Logger,
    /** The town's memory rows, when its minds journal their memories (else snapshots are whole). */
    readonly rows?: MemoryRows,
    /**
     * When a save is due while the last is still being written: wait for it, then save (a
     * headless run, whose steps outrun the database: a kill -9 then loses at most one interval),
     * instead of stepping on and saving at a later step (a live room, which must never stall).
     */
    private readonly opts: { waitWhenBehind?: boolean } = {},
  ) {
    this.lastSavedStep = town.step;
    this.lastTakenStep = town.step;
    if (rows) rows.traceClock ??= townTraceClock(town);
    this.lastRowFlush = town.step;
  }

  /** Step of the last save (the town's step when it started, before any). */
  get savedStep(): number {
    return this.lastSavedStep;
  }

  /**
   * Saves when N steps have passed since the last save. The small snapshot is taken now; its write
   * is not waited for (the next step goes on while the database works), and while one is still
   * being written the next waits for a later step, or with waitWhenBehind, for that write. Never
   * throws: a failed save is logged and retried next step.
   */
  afterStep(): Promise<void> {
    if (this.town.step - this.lastTakenStep >= this.everySteps) {
      if (this.busy)
        return this.opts.waitWhenBehind
          ? this.writing.then(
              () => this.afterStep(),
              () => this.afterStep(),
            )
          : Promise.resolve();
      this.lastRowFlush = this.town.step;
      // A database that is down is said once (dependency.ts); the save is tried again next step.
      void this.save({ compact: ++this.periodic % COMPACT_EVERY_SAVES === 0 }).catch(
        (err: unknown) =>
          this.store.database
            ? this.store.database.failed("save", err)
            : this.log.error({ err }, "autosave failed"),
      );
      return Promise.resolve();
    }
    if (this.rows && this.town.step - this.lastRowFlush >= ROW_FLUSH_STEPS) {
      this.lastRowFlush = this.town.step;
      this.rows.flushSoon();
    }
    return Promise.resolve();
  }

  /**
   * Saves the town as it is now; written after any save in progress. A save asked for (pause,
   * shutdown) folds the touches; a periodic one only every COMPACT_EVERY_SAVES-th time.
   */
  save({ compact = true }: { compact?: boolean } = {}): Promise<void> {
    this.busy = true;
    // The snapshot and the rows' mark are taken together, now, between two steps (from minds on
    // another thread: when their answer comes, which the write then waits for).
    const taking = takeSave(this.town, this.rows);
    this.lastTakenStep = this.town.step;
    const run = this.writing
      .catch(() => {})
      .then(async () => {
        let taken: TakenSave | undefined;
        try {
          taken = await taking;
          await writeSave(this.store, this.townId, taken, this.rows, this.log, { compact });
          this.lastSavedStep = taken.step;
          this.store.database?.succeeded();
        } catch (err) {
          this.lastTakenStep = this.lastSavedStep; // due again: retried at the next step
          throw err;
        }
      });
    this.writing = run;
    void run
      .finally(() => {
        if (this.writing === run) this.busy = false;
      })
      .catch(() => {});
    return run;
  }
}

/** A save as taken between two steps: the small snapshot (or the whole one, without rows) and its mark. */
export interface TakenSave {
  step: number;
  data: unknown;
  mark: number | undefined;
}

/**
 * Takes a save of the town now: synchronously when its minds run in this thread (nothing happens
 * between the snapshot and its mark), else when their snapshot arrives (its answer brings the
 * journal up to it, so the mark still covers exactly the snapshot).
 */
export function takeSave(town: Town, rows?: MemoryRows): TakenSave | Promise<TakenSave> {
  const step = town.step;
  const take = (data: TownSnapshot): TakenSave => ({
    step,
    ...(rows ? rows.split(data) : { data, mark: undefined }),
  });
  const snapshot = town.capture();
  return snapshot instanceof Promise ? snapshot.then(take) : take(snapshot);
}

/**
 * Writes a taken save: the rows up to its mark first, then the snapshot; then the touches the
 * mark covers are folded into their memories (a restore then reads one row each), unless
 * `compact` is false. The autosave and the command-line tools that change a save (interview,
 * import) write this way.
 */
export async function writeSave(
  store: Store,
  townId: string,
  taken: TakenSave,
  rows?: MemoryRows,
  log?: Pick<Logger, "error">,
  { compact = true }: { compact?: boolean } = {},
): Promise<void> {
  if (rows) await rows.flush();
  await store.saveSnapshot(townId, taken.step, taken.data, taken.mark);
  if (compact && rows && taken.mark !== undefined)
    await rows
      .compact(taken.mark)
      .catch((err: unknown) => log?.error({ err }, "compacting memory touches failed"));
}

/** The town's clock for its trace rows: the step of a game time, and TRACE_KEEP_DAYS. */
export function townTraceClock(town: Town): TraceClock {
  const stepMs = town.stepSeconds * 1000;
  return {
    stepAt: (time) => town.step + Math.round((time - town.time) / stepMs),
    now: () => town.time,
    keepDays: traceKeepDays(process.env),
  };
}
