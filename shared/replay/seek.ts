// Seeking in a recording: the frame of a step is its keyframe (the newest at or before it) with the
// events of the steps after the keyframe applied in order.
import type { StepEntry } from "./codec.ts";
import { applyEvent, cloneFrame, type ReplayFrame } from "./frame.ts";

/** The frame at `step`, from a keyframe at or before it and the entries that follow (any extra are skipped). */
export function frameAt(
  keyframe: ReplayFrame,
  entries: Iterable<StepEntry>,
  step: number,
): ReplayFrame {
  if (keyframe.step > step)
    throw new Error(`keyframe at step ${keyframe.step} is after step ${step}`);
  const f = cloneFrame(keyframe);
  for (const entry of entries) {
    if (entry.step <= keyframe.step) continue;
    if (entry.step > step) break;
    applyEntry(f, entry);
  }
  return f;
}

export function applyEntry(f: ReplayFrame, entry: StepEntry): void {
  for (const e of entry.events) applyEvent(f, e);
  f.step = entry.step;
  f.time = entry.time;
}
