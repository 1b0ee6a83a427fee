// Autosave: the Town's snapshot written every N steps and on demand, one write at a time.
import type { Logger } from "pino";
import type { Store } from "../store/store.ts";
import type { Town } from "../world/town.ts";

export class Autosave {
  private lastSavedStep: number;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly town: Town,
    private readonly store: Store,
    private readonly townId: string,
    private readonly everySteps: number,
    private readonly log: Logger,
  ) {
    this.lastSavedStep = town.step;
  }

  /** Step of the last save (the town's step when it started, before any). */
  get savedStep(): number {
    return this.lastSavedStep;
  }

  /** Saves when N steps have passed since the last save. Never throws: a failed save is logged and retried next step. */
  async afterStep(): Promise<void> {
    if (this.town.step - this.lastSavedStep < this.everySteps) return;
    await this.save().catch((err: unknown) => this.log.error({ err }, "autosave failed"));
  }

  /** Saves now (after any save in progress). */
  save(): Promise<void> {
    this.writing = this.writing.catch(() => {}).then(async () => {
      const step = this.town.step;
      await this.store.saveSnapshot(this.townId, step, this.town.snapshot());
      this.lastSavedStep = step;
    });
    return this.writing;
  }
}
