// The day's schedule as data: hourly blocks from the day plan, and the 5-15 minute tasks they are
// decomposed into just in time. Pure functions; plan.ts drives them with the gateway.
import type { PlannedTask } from "./execute.ts";
import { isSleep } from "../../shared/activity.ts";
import { insertBlock } from "./offline/planner.ts";
import { parseClock } from "./language/time.ts";

export interface Block {
  /** Minutes since midnight; blocks cover 0..1440 without gaps. */
  start: number;
  end: number;
  task: string;
  /** Where, as the plan said it (an address offline, a place name from a model). */
  place?: string;
}

export interface DaySchedule {
  /** Midnight of the day (game ms). */
  day: number;
  wake: number;
  currently: string;
  /** The broad plan, 5-8 items. */
  items: string[];
  blocks: Block[];
  /** Decomposed tasks, sorted, not overlapping. */
  tasks: PlannedTask[];
  /** Planned with nothing dated on the day (no appointment, no event): a day that may come again. */
  routine?: boolean;
}

/** A copy that shares nothing with the schedule (for saves; several times cheaper than structuredClone). */
export function cloneSchedule(s: DaySchedule): DaySchedule {
  return {
    ...s,
    items: [...s.items],
    blocks: s.blocks.map((b) => ({ ...b })),
    tasks: s.tasks.map((t) => ({ ...t })),
  };
}

/** Blocks from a plan's schedule answer: sorted, merged, starting at 00:00 and ending at 24:00. */
export function blocksFrom(
  schedule: readonly { start: string; task: string; place?: string }[],
  wake: number,
  home: string,
): Block[] {
  const raw = schedule
    .map((s) => ({
      start: parseClock(s.start) ?? -1,
      task: s.task.trim(),
      place: s.place?.trim() || undefined,
    }))
    .filter((s) => s.start >= 0 && s.start < 1440 && s.task)
    .sort((a, b) => a.start - b.start);
  const byStart = new Map<number, { start: number; task: string; place?: string }>();
  for (const s of raw) byStart.set(s.start, s);
  const list = [...byStart.values()];
  if (list.length === 0 || list[0].start > 0) {
    list.unshift({ start: 0, task: "sleeping", place: home });
    if (wake > 0 && (list.length === 1 || list[1].start > wake))
      list.splice(1, 0, {
        start: wake,
        task: "waking up and getting ready for the day",
        place: home,
      });
  }
  const blocks: Block[] = [];
  for (let i = 0; i < list.length; i++) {
    const end = i + 1 < list.length ? list[i + 1].start : 1440;
    const prev = blocks.at(-1);
    if (
      prev &&
      prev.task.toLowerCase() === list[i].task.toLowerCase() &&
      prev.place === list[i].place
    )
      prev.end = end;
    else
      blocks.push({
        start: list[i].start,
        end,
        task: list[i].task,
        ...(list[i].place ? { place: list[i].place } : {}),
      });
  }
  return blocks;
}

export function blockAt(s: DaySchedule, minute: number): Block | undefined {
  return s.blocks.find((b) => b.start <= minute && minute < b.end);
}

export function taskAt(s: DaySchedule, minute: number): PlannedTask | undefined {
  return s.tasks.find((t) => t.start <= minute && minute < t.end);
}

/**
 * The blocks to decompose next, from `minute`: the rest of the current block and the blocks that
 * start within `windowMinutes`, clipped to the window (a remainder under 30 minutes is kept with
 * it), stopping at sleep. Empty when the current block is sleep.
 */
export function windowFrom(s: DaySchedule, minute: number, windowMinutes: number): Block[] {
  const out: Block[] = [];
  const limit = minute + windowMinutes;
  for (const b of s.blocks) {
    if (b.end <= minute) continue;
    if (b.start >= limit) break;
    if (isSleep(b.task)) break;
    const start = Math.max(b.start, minute);
    let end = Math.min(b.end, limit);
    if (b.end - end < 30) end = b.end;
    out.push({ ...b, start, end });
    if (end < b.end) break;
  }
  return out;
}

/** Rounds task lengths to 5 minutes and fits them to the block exactly (the original's
 *  post-processing of task_decomp: pad or trim to the total). */
export function fitMinutes(minutes: readonly number[], total: number): number[] {
  if (minutes.length === 0) return [total];
  const out: number[] = [];
  let used = 0;
  for (const m of minutes) {
    if (used >= total) break;
    const r = Math.max(5, Math.round((Number.isFinite(m) ? m : 5) / 5) * 5);
    const take = Math.min(r, total - used);
    out.push(take);
    used += take;
  }
  if (used < total) out[out.length - 1] += total - used;
  return out;
}

/** Adds tasks, replacing any overlapped, and merges neighbours that are the same action. */
export function addTasks(s: DaySchedule, tasks: readonly PlannedTask[]): void {
  if (tasks.length === 0) return;
  const from = tasks[0].start;
  const to = tasks.at(-1)!.end;
  const kept = s.tasks.filter((t) => t.end <= from || t.start >= to);
  const merged: PlannedTask[] = [];
  for (const t of [...kept, ...tasks].sort((a, b) => a.start - b.start)) {
    const prev = merged.at(-1);
    if (prev && prev.end === t.start && prev.task === t.task && prev.address === t.address)
      prev.end = t.end;
    else merged.push({ ...t });
  }
  s.tasks = merged;
}

/**
 * Puts an appointment into today's schedule (a reaction's re-plan: what it displaces resumes
 * after it) and forgets decomposed tasks from its start, so they are planned again around it.
 * Hours to `keep` (promises) are not taken: the blocks there stay as they were, and the
 * appointment fills the rest of its time.
 */
export function insertAppointment(
  s: DaySchedule,
  start: number,
  end: number,
  task: string,
  place?: string,
  keep: readonly { start: number; end: number }[] = [],
): void {
  let blocks = insertBlock(
    s.blocks.map((b) => ({ start: b.start, task: b.task, place: b.place })),
    start,
    end,
    task,
    place,
  );
  for (const k of keep)
    for (const b of s.blocks)
      if (b.start < Math.min(end, k.end) && b.end > Math.max(start, k.start))
        blocks = insertBlock(
          blocks,
          Math.max(b.start, k.start, start),
          Math.min(b.end, k.end, end),
          b.task,
          b.place,
        );
  s.blocks = blocksFrom(
    blocks.map((b) => ({ start: hh(b.start), task: b.task, place: b.place })),
    s.wake,
    blocks[0]?.place ?? "",
  );
  s.tasks = s.tasks.filter((t) => t.end <= start).map((t) => t);
  const last = s.tasks.at(-1);
  if (last && last.end > start) last.end = start;
}

/** Cuts the current window at `minute` (after a conversation or a wait, the original re-plans
 *  the window around the inserted act): tasks already over stay, the rest is planned again. */
export function replanFrom(s: DaySchedule, minute: number): void {
  s.tasks = s.tasks
    .filter((t) => t.start < minute)
    .map((t) => (t.end > minute ? { ...t, end: minute } : t));
}

function hh(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}
