// Plays a recording: holds the frame of the current step, fetches recorded steps ahead in
// windows, applies them at the chosen speed, and seeks by asking the server for the frame of a
// step (its keyframe plus events). The replay logic itself is shared/replay (pure; the server uses it too).
import { decodeEntry, type StepEntry } from "../../shared/replay/codec.ts";
import { RecordingInfo, ReplayFrameAnswer } from "../../shared/api.ts";
import type { ReplayFrame } from "../../shared/replay/frame.ts";
import { z } from "zod";

/** The step entries of a recording (each decoded by decodeEntry, which checks its shape). */
const StepEntries = z.array(z.unknown());
import { applyEntry } from "../../shared/replay/seek.ts";
import type { TownEvent } from "../../shared/events.ts";

export type { RecordingInfo };

export const SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
/** Steps fetched at once: the server's most (http/recordings.ts), ten seconds at 64×. */
const WINDOW = 600;

export interface PlayerEvents {
  /** The frame changed; `events` are what just happened (empty after a seek). */
  onFrame(frame: ReplayFrame, events: readonly TownEvent[], seeked: boolean): void;
  onError(message: string): void;
  /** The replay jumped over steps the recording lacks (a gap): it goes on from the frame after it. */
  onGap?(gap: Gap): void;
}

/** Steps a recording lacks (RecordingInfo.gaps). */
export type Gap = NonNullable<RecordingInfo["gaps"]>[number];

async function getJson<T>(url: string, schema: z.ZodType<T>): Promise<T> {
  const res = await fetch(url);
  const body = (await res.json().catch(() => null)) as { error?: { message: string } } | null;
  if (!res.ok) throw new Error(body?.error?.message ?? `${res.status} ${res.statusText}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(`${url}: unexpected answer (${parsed.error.issues[0].message})`);
  return parsed.data;
}

export class Player {
  frame: ReplayFrame | null = null;
  playing = false;
  speed: number = 4;
  /** Recorded steps after the current one, fetched and not yet played. */
  private ahead = new Map<number, StepEntry>();
  private fetching: Promise<void> | null = null;
  private fetchedTo = -1;
  private carry = 0;
  /** For tests and the curious: frames ticked, and those that waited for data. */
  readonly stats = { ticks: 0, starved: 0, longestTickMs: 0 };
  /** Bumped by every seek, so answers to older requests are dropped. */
  private generation = 0;
  /** Seeking across a gap (the ticks meanwhile wait for it). */
  private crossing = false;

  constructor(
    readonly info: RecordingInfo,
    private readonly on: PlayerEvents,
    /** Where the API is: the page's own server (""), or another (tools, tests). */
    private readonly base = "",
  ) {}

  static async load(id: string, base = ""): Promise<RecordingInfo> {
    return getJson(`${base}/api/recordings/${encodeURIComponent(id)}`, RecordingInfo);
  }

  /** The gap `step` is in, if it is in one. */
  private gapAt(step: number): Gap | undefined {
    return this.info.gaps?.find((g) => g.from <= step && step <= g.to);
  }

  get step(): number {
    return this.frame?.step ?? this.info.fromStep;
  }

  get atEnd(): boolean {
    return this.step >= this.info.toStep;
  }

  /** Jumps to a step (clamped to the recording). */
  async seek(step: number): Promise<void> {
    let target = Math.max(this.info.fromStep, Math.min(this.info.toStep, Math.round(step)));
    // What the town was like within a gap is not known: the replay goes on after it.
    const gap = this.gapAt(target);
    if (gap) target = gap.to;
    const gen = ++this.generation;
    this.ahead.clear();
    this.fetchedTo = target;
    this.carry = 0;
    try {
      const frame: ReplayFrame = await getJson(
        `${this.base}/api/recordings/${this.info.id}/frame?step=${target}`,
        ReplayFrameAnswer,
      );
      if (gen !== this.generation) return;
      this.frame = frame;
      this.on.onFrame(frame, [], true);
      if (gap) this.on.onGap?.(gap);
      this.prefetch();
    } catch (e) {
      this.on.onError(`could not seek to step ${target}: ${(e as Error).message}`);
    }
  }

  play(): void {
    if (this.atEnd) void this.seek(this.info.fromStep);
    this.playing = true;
  }

  pause(): void {
    this.playing = false;
  }

  /**
   * Advances by real time: `speed` steps per second while playing. All the steps due are applied
   * first and shown once, with their events together: at 64× on a slow machine a frame may be
   * due a dozen steps, and drawing each of them would itself slow the replay down.
   */
  tick(dtMs: number): void {
    if (!this.playing || !this.frame) return;
    this.stats.ticks++;
    this.stats.longestTickMs = Math.max(this.stats.longestTickMs, dtMs);
    this.carry += (dtMs / 1000) * this.speed;
    const events: TownEvent[] = [];
    let advanced = false;
    while (this.carry >= 1) {
      if (this.atEnd) {
        this.playing = false;
        this.carry = 0;
        break;
      }
      const next = this.ahead.get(this.frame.step + 1);
      if (!next && this.gapAt(this.frame.step + 1)) {
        // Steps the recording lacks: across them to the frame after the gap.
        if (advanced) this.on.onFrame(this.frame, events, false);
        if (!this.crossing) {
          this.crossing = true;
          void this.seek(this.frame.step + 1).finally(() => (this.crossing = false));
        }
        return;
      }
      if (!next) {
        this.carry = Math.min(this.carry, 1); // wait for the data, do not rush after it comes
        this.stats.starved++;
        this.prefetch();
        break;
      }
      this.ahead.delete(next.step);
      applyEntry(this.frame, next);
      // Each step's events after its clock, so the log tells the time of each.
      events.push({ kind: "clockTicked", step: next.step, time: next.time }, ...next.events);
      this.carry -= 1;
      advanced = true;
    }
    if (advanced) this.on.onFrame(this.frame, events, false);
    if (this.fetchedTo - this.step < WINDOW / 2) this.prefetch();
  }

  private prefetch(): void {
    if (this.fetching || this.fetchedTo >= this.info.toStep) return;
    const gen = this.generation;
    const from = this.fetchedTo + 1;
    const to = Math.min(this.info.toStep, from + WINDOW - 1);
    this.fetching = getJson(
      `${this.base}/api/recordings/${this.info.id}/steps?from=${from}&to=${to}`,
      StepEntries,
    )
      .then((raw) => {
        if (gen !== this.generation) return;
        for (const r of raw) {
          const e = decodeEntry(r);
          this.ahead.set(e.step, e);
        }
        this.fetchedTo = to;
      })
      .catch((e: Error) => this.on.onError(`could not load steps ${from}–${to}: ${e.message}`))
      .finally(() => {
        this.fetching = null;
      });
  }
}
