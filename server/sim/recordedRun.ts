// What makes a headless run a recorded, saved one (npm run sim, npm run eval): the save written
// at once and every `autosaveSteps`, and a recording of every step that /replay/<id> plays.
import type { Logger } from "pino";
import type { JournalFeed } from "../agents/memory/journal.ts";
import { Autosave } from "../store/autosave.ts";
import { MemoryRows } from "../store/memoryRows.ts";
import type { PrismaStore } from "../store/prismaStore.ts";
import { Recorder } from "../store/recorder.ts";
import type { TownEvent } from "../../shared/events.ts";
import type { Town } from "../world/town.ts";

export interface RecordedRun {
  /** The recording's id: /replay/<id>. */
  readonly recordingId: string;
  /** After each step: record it, and autosave when due. */
  afterStep(events: TownEvent[]): Promise<void>;
  /** Flushes the recording and saves the town as it is now. */
  close(): Promise<void>;
}

/** `rows`: the town's memory journal and the mark its rows resume from (else snapshots are whole). */
export async function startRecordedRun(
  store: PrismaStore,
  town: Town,
  save: { id: string; name: string },
  opts: {
    autosaveSteps: number;
    log: Logger;
    rows?: { journal: JournalFeed; mark: number | null };
  },
): Promise<RecordedRun> {
  const rows = opts.rows
    ? new MemoryRows(store, save.id, opts.rows.journal, opts.rows.mark, opts.log)
    : undefined;
  // Steps here outrun the database: a due save waits for the last one rather than being put off.
  const autosave = new Autosave(town, store, save.id, opts.autosaveSteps, opts.log, rows, {
    waitWhenBehind: true,
  });
  await autosave.save(); // the save exists from the first step on, fork or new
  // Headless runs are recorded like live sessions: /replay/<id> plays them.
  const recorder = await Recorder.start(store, save.id, town, {
    save: save.name,
    log: opts.log,
    flushMs: 0,
    flushSteps: 120,
  });
  return {
    recordingId: recorder.id,
    async afterStep(events) {
      recorder.afterStep(events);
      await autosave.afterStep();
    },
    async close() {
      await recorder.close();
      await autosave.save();
    },
  };
}
