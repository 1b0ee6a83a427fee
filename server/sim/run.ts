// The headless loop: a lockstep Town advanced step after step as fast as its minds answer, with
// a hook after each step (autosave, progress) and a way to stop between steps (Ctrl-C).
import type { TownEvent } from "../../shared/events.ts";
import type { Town } from "../world/town.ts";

export interface RunHooks {
  /** After each step, awaited before the next (autosave). */
  afterStep?: (events: TownEvent[]) => Promise<void> | void;
  /** Asked before each step: true stops the run there. */
  stop?: () => boolean;
}

export interface RunResult {
  /** Steps taken. */
  done: number;
  /** Whether `stop` ended the run before all steps were taken. */
  interrupted: boolean;
}

const YIELD_MS = 5;

export async function runSteps(
  town: Town,
  steps: number,
  hooks: RunHooks = {},
): Promise<RunResult> {
  if (town.mode !== "lockstep")
    throw new Error("a headless run needs a lockstep town (its minds answer within each step)");
  let done = 0;
  let lastYield = performance.now();
  while (done < steps) {
    // Offline minds answer in microtasks: without a turn of the event loop now and then, signals
    // (Ctrl-C), timers (the progress bar) and I/O would wait for the whole run. Often, because a
    // database write's next statement goes out only at a turn: every 50 ms made an autosave's
    // write outlast its 60 steps, and the run then waited for it (bench/RESULTS.md, issue 17).
    if (performance.now() - lastYield > YIELD_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      lastYield = performance.now();
    }
    if (hooks.stop?.()) return { done, interrupted: true };
    const events = await town.advance();
    done++;
    await hooks.afterStep?.(events);
  }
  return { done, interrupted: false };
}
