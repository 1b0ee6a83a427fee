// The recorder: appends a town's steps to a recording. afterStep() only encodes and buffers (the
// step's hot path); the buffer is written as one chunk every `flushSteps` steps or `flushMs`
// milliseconds, whichever comes first, one write at a time, by a promise the step never awaits.
// A keyframe (the visible state) is taken every `keyframeSteps` steps so a replay can seek.
import type { Logger } from "pino";
import { encodeEntry } from "../../shared/replay/codec.ts";
import { frameOf, type FrameSource, type ReplayFrame } from "../../shared/replay/frame.ts";
import { kept, type TownEvent } from "../../shared/events.ts";
import type { PrismaStore } from "./prismaStore.ts";
import { RecordingStore } from "./recordings.ts";

export interface RecorderOptions {
  flushSteps?: number;
  flushMs?: number;
  keyframeSteps?: number;
  /** The save's name (else read from the town's row). */
  save?: string;
  log?: Pick<Logger, "error" | "warn">;
  /** Most bytes of steps that may wait in memory for the database (MAX_BUFFERED_BYTES). */
  maxBufferedBytes?: number;
}

export interface RecordedTown extends FrameSource {
  readonly template: string;
}

export const DEFAULTS = { flushSteps: 30, flushMs: 2000, keyframeSteps: 100 } as const;
/** Most steps one chunk holds (a fast headless run buffers more between two writes). */
export const MAX_CHUNK_STEPS = 120;
/**
 * Most bytes of encoded steps that wait in memory while the database cannot write (about a day
 * of base-3 at one step a second; RECORDING_BUFFER_BYTES). Past it the oldest waiting steps are
 * dropped, said once: the recording then has a gap there, which ends at a keyframe (the steps
 * after it replay exactly), and the town, its saves and the rest of the recording go on. The
 * replay says where the gap is (RecordingStore.gaps) and seeks across it.
 */
export const MAX_BUFFERED_BYTES = 64 * 1024 * 1024;

export class Recorder {
  /** Steps not written yet: each step and its entry as JSON. */
  private entries: { step: number; text: string }[] = [];
  private bytes = 0;
  /** Steps dropped at the bound since the last write that got through (said once). */
  private dropped: { from: number; to: number } | null = null;
  private readonly maxBytes: number;
  private queued = false;
  private keyframes: ReplayFrame[] = [];
  /** Events that happened between steps (people walking, joining): they open the next step's entry. */
  private between: TownEvent[] = [];
  private lastStep: number;
  private lastKeyframe: number;
  private seq = 0;
  private writing: Promise<void> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | undefined;
  private closed = false;
  private readonly flushSteps: number;
  private readonly keyframeSteps: number;
  private readonly log?: Pick<Logger, "error" | "warn">;

  private constructor(
    readonly id: string,
    private readonly recordings: RecordingStore,
    private readonly town: RecordedTown,
    opts: RecorderOptions,
    private readonly store?: Pick<PrismaStore, "database" | "waiting">,
  ) {
    this.maxBytes = opts.maxBufferedBytes ?? MAX_BUFFERED_BYTES;
    store?.waiting.add(this);
    this.flushSteps = opts.flushSteps ?? DEFAULTS.flushSteps;
    this.keyframeSteps = opts.keyframeSteps ?? DEFAULTS.keyframeSteps;
    this.lastStep = town.step;
    this.lastKeyframe = town.step;
    this.log = opts.log;
    const ms = opts.flushMs ?? DEFAULTS.flushMs;
    if (ms > 0) {
      this.timer = setInterval(() => {
        if (this.entries.length) void this.flush();
      }, ms);
      this.timer.unref?.();
    }
  }

  /** Starts a new recording of `town` (a save of `store`, or null for a town without one). */
  static async start(
    store: PrismaStore,
    townId: string | null,
    town: RecordedTown,
    opts: RecorderOptions = {},
  ): Promise<Recorder> {
    const recordings = new RecordingStore(store);
    let save = opts.save;
    if (save === undefined && townId)
      save = (await store.prisma.town.findUnique({ where: { id: townId }, select: { name: true } }))
        ?.name;
    const id = await recordings.create({
      townId,
      save: save ?? town.template,
      template: town.template,
      first: frameOf(town),
    });
    return new Recorder(id, recordings, town, opts, store);
  }

  /** Steps waiting in memory to be written. */
  get bufferedSteps(): number {
    return this.entries.length;
  }

  /** Bytes of the steps waiting in memory. */
  get bufferedBytes(): number {
    return this.bytes;
  }

  /** Steps recorded, flushed or not. */
  get step(): number {
    return this.lastStep;
  }

  /** Records events that happened between steps (they are replayed before the next step's). */
  record(events: readonly TownEvent[]): void {
    if (this.closed) return;
    for (const e of events) if (kept(e)) this.between.push(e);
  }

  /** Records the step the town just made. Never throws and never waits for the database. */
  afterStep(events: readonly TownEvent[]): void {
    if (this.closed) return;
    const step = this.town.step;
    if (step <= this.lastStep) {
      // No step was made (a failed step): keep its events for the next one.
      this.record(events);
      return;
    }
    const all = [...this.between, ...(events.every(kept) ? events : events.filter(kept))];
    this.between = [];
    const text = JSON.stringify(encodeEntry({ step, time: this.town.time, events: all }));
    this.entries.push({ step, text });
    this.bytes += text.length;
    this.lastStep = step;
    if (this.bytes > this.maxBytes) this.dropOldest();
    if (step - this.lastKeyframe >= this.keyframeSteps) {
      this.keyframes.push(frameOf(this.town));
      this.lastKeyframe = step;
    }
    if (this.entries.length >= this.flushSteps) void this.flush();
  }

  /** Writes what is buffered (after any write in progress). Resolves when it is written. */
  flush(): Promise<void> {
    // One write queued at a time: it takes whatever is buffered when its turn comes.
    if (this.queued) return this.writing;
    this.queued = true;
    this.writing = this.writing.then(async () => {
      this.queued = false;
      while (this.entries.length > 0) {
        // Chunks of bounded size, so a seek never reads much more than it needs.
        const entries = this.entries.splice(0, MAX_CHUNK_STEPS);
        const last = entries.at(-1)!.step;
        const keyframes = this.keyframes.filter((k) => k.step <= last);
        this.keyframes = this.keyframes.filter((k) => k.step > last);
        const texts = entries.map((e) => e.text);
        const length = texts.reduce((n, t) => n + t.length, 0);
        // Out of the buffer while they are written: the bound is about the steps waiting.
        this.bytes -= length;
        try {
          await this.recordings.append(this.id, {
            seq: this.seq,
            fromStep: entries[0].step,
            toStep: last,
            events: `[${texts.join(",")}]`,
            bytes: texts.reduce((n, t) => n + Buffer.byteLength(t), 0),
            keyframes,
          });
          this.seq++;
          this.dropped = null;
          this.store?.database.succeeded();
        } catch (err) {
          // Kept for the next flush, in order: a failed write loses nothing while the process
          // lives (up to the bound); a database that is down is said once (dependency.ts). Unless
          // later steps were dropped at the bound meanwhile: these, older, go too, so the gap
          // stays one span that ends at a keyframe.
          if (this.dropped && this.dropped.to > last)
            this.dropped.from = Math.min(this.dropped.from, entries[0].step);
          else {
            this.entries = [...entries, ...this.entries];
            this.bytes += length;
            this.keyframes = [...keyframes, ...this.keyframes];
          }
          if (this.store) this.store.database.failed("recording chunk", err);
          else this.log?.error({ err }, "recording flush failed");
          return;
        }
      }
    });
    return this.writing;
  }

  /**
   * The bound is reached: the oldest waiting steps go (never one being written: those are out of
   * the buffer), up to a keyframe, so that the gap ends where a replay can start again exactly:
   * the first waiting keyframe at or after the last step dropped, else one of the town now (the
   * steps up to it go too).
   */
  private dropOldest(): void {
    let last = -1;
    while (this.bytes > this.maxBytes && this.entries.length > 0) last = this.dropFirst();
    if (last < 0) return;
    let key = this.keyframes.find((k) => k.step >= last);
    if (!key) {
      key = frameOf(this.town);
      this.keyframes.push(key);
      this.lastKeyframe = key.step;
    }
    while (this.entries.length > 0 && this.entries[0].step <= key.step) this.dropFirst();
    const from = key.step;
    this.keyframes = this.keyframes.filter((k) => k.step >= from);
  }

  /** Drops the oldest waiting step; returns its step. */
  private dropFirst(): number {
    const e = this.entries.shift()!;
    this.bytes -= e.text.length;
    if (!this.dropped) {
      this.dropped = { from: e.step, to: e.step };
      this.log?.warn(
        { recording: this.id, maxBufferedBytes: this.maxBytes },
        "the recording's buffer is full while the database cannot write: its oldest waiting steps are dropped (a gap in the recording)",
      );
    }
    this.dropped.to = e.step;
    return e.step;
  }

  /** Steps dropped at the bound since the last write that got through (tests). */
  get droppedSteps(): { from: number; to: number } | null {
    return this.dropped;
  }

  /** Flushes and stops recording. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
    this.closed = true;
    this.store?.waiting.delete(this);
  }
}
