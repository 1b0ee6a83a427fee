// Plan (§3.3): on a new day, one call makes the day: the revised status ("currently"), the wake-up
// hour, 5-8 broad items and the hourly schedule, from the persona and the memories retrieved for
// "<name>'s plan for <date>" and "important recent events". The plan is remembered as a plan
// memory. Then, just in time, the next hour or two of the schedule are decomposed into 5-15
// minute tasks, each already carrying its address, emoji, event triple and object state.
import { formatDate, minuteOfDay } from "../../shared/time.ts";
import { startOfDay } from "../world/clock.ts";
import { Address } from "../../shared/address.ts";
import { isPlanningNote } from "./converse.ts";
import { resolveAddress, type PlannedTask } from "./execute.ts";
import type { MemoryRecord } from "./memory/port.ts";
import { isSleep } from "../../shared/activity.ts";
import { emojiFor, tripleOf } from "./offline/planner.ts";
import { parseClock } from "./language/time.ts";
import { readTime, timeAhead } from "./language/events.ts";
import { flushObservations } from "./perceive.ts";
import { dayPlanPrompt } from "./prompts/dayPlan.ts";
import { decomposePrompt } from "./prompts/decompose.ts";
import {
  addTasks,
  blockAt,
  blocksFrom,
  cloneSchedule,
  fitMinutes,
  taskAt,
  windowFrom,
  type Block,
  type DaySchedule,
} from "./schedule.ts";
import {
  currentPlace,
  identity,
  personaAt,
  lines,
  peopleFor,
  placeNames,
  rememberOne,
  retrieve,
  type AgentState,
  type MindContext,
} from "./state.ts";

/** Where the agent sleeps: the bed of its home, else its home. */
export function bedOf(s: AgentState): Address {
  const { world, sector, arena } = Address.parse(s.persona.home);
  const w = s.spatial.world || world;
  const bed = s.spatial.objects(sector!, arena!).find((o) => /\bbed\b/i.test(o));
  if (bed) return Address.format([w, sector!, arena!, bed]);
  const habit = s.persona.schedule.find((h) => isSleep(h.action));
  return habit?.address ?? s.persona.home;
}

export const lastName = (name: string) => name.split(" ").slice(1).join(" ");

/** The calendar day a memory names (month × 100 + day of month), read against when it was made. */
function dayNamed(m: MemoryRecord): number | undefined {
  const t = readTime(m.description, m.created);
  return t?.month !== undefined && t.day !== undefined ? t.month * 100 + t.day : undefined;
}

/** What the resident holds about this very day (an appointment heard of, its own plan for it),
 *  however long ago it learnt it: thoughts and notes whose date falls on the day. */
function datedOn(s: AgentState, day: number): MemoryRecord[] {
  const d = new Date(day);
  const target = d.getUTCMonth() * 100 + d.getUTCDate();
  return s.memory
    .latest(
      2000,
      (m) =>
        (m.type === "thought" || m.type === "chat") &&
        !m.depth &&
        m.created > day - 30 * 86_400_000,
    )
    .filter((m) => dayNamed(m) === target);
}

/**
 * The lifestyle check (settings.reusePlans): whether the new day is like yesterday, so that
 * yesterday's plan serves again. Yesterday was a routine day planned the day before this one,
 * nothing is dated on the new day, and nothing the resident came to hold since yesterday's plan
 * is news for its plans: a planning note from a conversation, a memory naming a time ahead of
 * when it was made, or a thought of replanImportance or more (an inner voice, an insight),
 * unless it names a day the resident already knew of when it planned yesterday (the same event
 * heard of again).
 */
export function likeYesterday(
  ctx: MindContext,
  s: AgentState,
  day: number,
  datedToday: readonly MemoryRecord[],
): boolean {
  const y = s.schedule;
  if (!y?.routine || y.day !== day - 86_400_000 || datedToday.length > 0) return false;
  const recent = s.memory.latest(
    2000,
    (m) =>
      (m.type === "thought" || m.type === "chat") &&
      m.predicate !== "plan" &&
      m.created > y.day - 30 * 86_400_000,
  );
  const known = new Set(
    recent
      .filter((m) => m.created < y.day)
      .map(dayNamed)
      .filter((d) => d !== undefined),
  );
  return !recent.some((m) => {
    if (m.created < y.day) return false;
    const t = readTime(m.description, m.created);
    const ahead =
      t !== undefined && (t.day !== undefined || t.start !== undefined) && timeAhead(t, m.created);
    // A conversation bears on plans through its planning note (the post-chat memo) or a time it
    // names; its own importance says how much it mattered, not whether the day changes.
    const weighty = m.type === "thought" && m.importance >= ctx.settings.replanImportance;
    if (!ahead && !weighty && !isPlanningNote(m.description)) return false;
    const named = dayNamed(m);
    return named === undefined || !known.has(named);
  });
}

/** Makes the day's plan (a new day, or the first tick). */
export async function planDay(ctx: MindContext, s: AgentState, now: number): Promise<DaySchedule> {
  await flushObservations(ctx, s);
  const day = startOfDay(now);
  const date = formatDate(day);
  const name = s.persona.name;
  const onTheDay = datedOn(s, day);
  if (ctx.settings.reusePlans && likeYesterday(ctx, s, day, onTheDay))
    return reusePlan(ctx, s, now, day);
  const memories = await retrieve(
    ctx,
    s,
    [`${name}'s plan for ${date}.`, `Important recent events for ${name}'s life.`],
    now,
    ctx.settings.retrieveForPlan,
    ctx.settings.retrieveForPlan * 2,
  );
  for (const m of onTheDay) if (!memories.includes(m)) memories.push(m);
  const firstDay = !s.schedule;
  const answer = await ctx.gateway.ask(dayPlanPrompt, {
    identity: identity(s),
    persona: personaAt(s, day),
    day,
    firstDay,
    yesterday: s.schedule?.items,
    memories: lines(memories),
    places: placeNames(s),
    sectors: s.spatial.allowedSectors(s.persona.home, lastName(name)),
    currentPlace: currentPlace(s),
    people: peopleFor(ctx, s),
  });
  const wake = parseClock(answer.wakeUp) ?? 7 * 60;
  const schedule: DaySchedule = {
    day,
    wake,
    currently: answer.currently,
    items: answer.plan,
    blocks: blocksFrom(
      answer.schedule.map((b) => ({
        start: b.start,
        task: b.task,
        ...(b.place ? { place: b.place } : {}),
      })),
      wake,
      bedOf(s),
    ),
    tasks: [],
    routine: onTheDay.length === 0,
  };
  s.yesterday = s.schedule?.items ?? [];
  s.schedule = schedule;
  s.currently = answer.currently;
  ctx.stats.plans++;
  await rememberOne(
    ctx,
    s,
    "plan",
    now,
    `This is ${name}'s plan for ${date}: ${answer.plan.join(", ")}.`,
    5,
    { predicate: "plan", object: date, keywords: ["plan"] },
  );
  return schedule;
}

/** Yesterday's plan and its tasks for the new day (a day like yesterday), remembered as the day's plan. */
async function reusePlan(
  ctx: MindContext,
  s: AgentState,
  now: number,
  day: number,
): Promise<DaySchedule> {
  const y = s.schedule!;
  const schedule: DaySchedule = { ...cloneSchedule(y), day };
  s.yesterday = y.items;
  s.schedule = schedule;
  ctx.stats.plansReused++;
  const date = formatDate(day);
  await rememberOne(
    ctx,
    s,
    "plan",
    now,
    `This is ${s.persona.name}'s plan for ${date}: ${schedule.items.join(", ")}.`,
    5,
    { predicate: "plan", object: date, keywords: ["plan"] },
  );
  return schedule;
}

/** Whether the resident's current task is sleep. */
export function asleep(s: AgentState): boolean {
  return !!s.current?.task && isSleep(s.current.task.task);
}

function sleepTask(s: AgentState, b: Block, from: number): PlannedTask {
  return {
    start: from,
    end: b.end,
    task: "sleeping",
    address: bedOf(s),
    emoji: "😴",
    predicate: "is sleeping",
    object: "bed",
    objectState: "being slept in",
  };
}

/** Decomposes the schedule from `minute` on (one call for the window). */
export async function decompose(
  ctx: MindContext,
  s: AgentState,
  now: number,
  minute: number,
): Promise<void> {
  const schedule = s.schedule!;
  const window = windowFrom(schedule, minute, ctx.settings.decompositionWindowMinutes);
  if (window.length === 0) return;
  // Where the agent may go: home and public places, and wherever the plan itself says (a party at
  // a friend's house).
  const focus = window
    .map((b) => (b.place ? Address.parse(s.spatial.resolve(b.place) ?? "").sector : undefined))
    .filter((x): x is string => !!x);
  const allowed = [
    ...new Set([...s.spatial.allowedSectors(s.persona.home, lastName(s.persona.name)), ...focus]),
  ];
  // Fresh planning notes (from conversations since the day was planned) help choose.
  const notes = s.memory
    .latest(
      40,
      (m) => m.type === "thought" && m.created >= schedule.day && isPlanningNote(m.description),
    )
    .slice(0, 3)
    .map((m) => m.description);
  const answer = await ctx.gateway.ask(decomposePrompt, {
    identity: identity(s),
    date: formatDate(now),
    currentPlace: currentPlace(s),
    blocks: window,
    // Rooms and objects only where the blocks go, home and where it is now; other places by their
    // names (the original chooses a sector among the known sectors' names, then an arena of it,
    // then an object of that arena, each prompt listing only the chosen level's children; a
    // sector named alone gets the room the task names, execute.ts).
    outline: s.spatial.outline({
      home: s.persona.home,
      lastName: lastName(s.persona.name),
      name: s.persona.name,
      focus: [...focus, Address.parse(currentPlace(s)).world],
      othersByName: true,
    }),
    notes,
    minMinutes: ctx.settings.decomposeMinMinutes,
    addresses: s.spatial.addresses(),
    allowedSectors: allowed,
    home: s.persona.home,
    habits: s.persona.schedule,
  });
  ctx.stats.decompositions++;
  const planned: PlannedTask[] = [];
  window.forEach((b, i) => {
    const given = answer.blocks[i]?.tasks?.length
      ? answer.blocks[i].tasks
      : [
          {
            task: b.task,
            minutes: b.end - b.start,
            address: b.place ?? "",
            emoji: "",
            predicate: "",
            object: "",
            objectState: "",
          },
        ];
    const minutes = fitMinutes(
      given.map((t) => t.minutes),
      b.end - b.start,
    );
    let start = b.start;
    minutes.forEach((m, k) => {
      const t = given[k];
      const task = t.task.trim() || b.task;
      const address = resolveAddress(s.spatial, t.address, `${task} ${b.task}`, {
        home: s.persona.home,
        place: b.place,
        allowed,
      });
      const triple =
        t.predicate && t.object ? { predicate: t.predicate, object: t.object } : tripleOf(task);
      planned.push({
        start,
        end: start + m,
        task,
        address,
        emoji: t.emoji || emojiFor(task),
        ...triple,
        objectState: t.objectState ?? "",
      });
      start += m;
    });
  });
  addTasks(schedule, planned);
}

/** The task to do now: decomposing the schedule ahead when needed (sleep needs no call). */
export async function nextTask(ctx: MindContext, s: AgentState, now: number): Promise<PlannedTask> {
  const minute = Math.min(1439, minuteOfDay(now));
  if (!s.schedule || s.schedule.day !== startOfDay(now)) {
    // Asleep when the day turns (restWhileAsleep): sleep on to yesterday's hour, then plan.
    if (ctx.settings.restWhileAsleep && s.schedule && asleep(s) && minute < s.schedule.wake) {
      return sleepTask(s, { start: minute, end: s.schedule.wake, task: "sleeping" }, minute);
    }
    await planDay(ctx, s, now);
  }
  const schedule = s.schedule!;
  let task = taskAt(schedule, minute);
  if (task) return task;
  const block = blockAt(schedule, minute);
  if (block && isSleep(block.task)) return sleepTask(s, block, minute);
  await decompose(ctx, s, now, minute);
  task = taskAt(schedule, minute);
  if (task) return task;
  // Nothing planned (a model that gave nothing usable): the block itself, at its place or home.
  const b = block ?? { start: minute, end: Math.min(1440, minute + 60), task: "taking it easy" };
  const address = resolveAddress(s.spatial, b.place ?? "", b.task, { home: s.persona.home });
  return {
    start: minute,
    end: b.end,
    task: b.task,
    address,
    emoji: emojiFor(b.task),
    ...tripleOf(b.task),
    objectState: "",
  };
}
