// The offline planner: a day plan from the resident's habits (the persona's usual day) and from
// what it remembers: any remembered event with a day, a time and a known place that falls on the
// planned day is put into the schedule at that time and place. Decomposition splits schedule
// blocks into 5-15 minute tasks at known addresses, with an emoji, an event triple and an object
// state, as the decomposition prompt asks a model to.
import { Address } from "../../../shared/address.ts";
import type { Persona, ScheduleItem } from "../../../shared/persona.ts";
import { SpatialMemory, matchScore } from "../memory/spatial.ts";
import { parseHourMinute } from "../../../shared/time.ts";
import {
  describeEvent,
  eventOnDay,
  extractEvent,
  knownEvents,
  type EventMention,
  type PlaceName,
} from "../language/events.ts";
import { isSleep } from "../../../shared/activity.ts";
import { noteDrawn } from "../../llm/trace.ts";
import { noteBlock } from "./drawn.ts";
import { seeded } from "../language/random.ts";
import { termsOf } from "../language/parse.ts";
import { withFirst } from "../language/names.ts";
import { formatTime12, hhmm, parseClock } from "../language/time.ts";
import type { MemoryNote, PlanNote } from "../memory/note.ts";

// ---------------------------------------------------------------- habits

const habitMinute = (h: ScheduleItem) => parseHourMinute(h.at);

export function sortedHabits(p: Persona): ScheduleItem[] {
  return [...p.schedule].sort((a, b) => habitMinute(a) - habitMinute(b));
}

/** Wake-up minute: from the lifestyle ("wakes up at 5:30 am"), else the habit after sleep, else 7 am. */
export function wakeMinute(p: Persona): number {
  const m =
    /wak(?:es|e|ing)\s+up\s+(?:at|around|by|about)?\s*(\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?)/i.exec(
      p.lifestyle,
    );
  const t = m ? parseClock(m[1]) : undefined;
  if (t !== undefined && t < 14 * 60) return t;
  const habits = sortedHabits(p);
  const firstAwake = habits.find((h) => !isSleep(h.action));
  return firstAwake ? habitMinute(firstAwake) : 7 * 60;
}

/** Bedtime minute (1440 for midnight or later). */
export function bedMinute(p: Persona): number {
  const m =
    /(?:goes|go|going)\s+to\s+(?:bed|sleep)\s+(?:at|around|by|about)?\s*(midnight|\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?)/i.exec(
      p.lifestyle,
    );
  if (m) {
    if (/midnight/i.test(m[1])) return 1440;
    const t = parseClock(m[1]);
    if (t !== undefined) return t < 4 * 60 ? 1440 : t;
  }
  const sleep = sortedHabits(p)
    .filter((h) => isSleep(h.action))
    .map(habitMinute)
    .find((t) => t >= 18 * 60);
  return sleep ?? 23 * 60;
}

// ---------------------------------------------------------------- day plan

export interface PlanBlock {
  start: number;
  task: string;
  place?: string;
}

export interface PlannedEvent {
  event: EventMention;
  host: boolean;
  text: string;
  /** A meeting with one person, not a gathering: whom, and whether one goes to them. */
  meeting?: { other: string; going: boolean };
  /** When the meeting was agreed (its note's time): an earlier promise keeps its hour. */
  made?: number;
}

const escaped = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A meeting a note names ("a visit FROM Ben Carter", "a visit TO Nora Vale"): the person after
 *  the event's own word and "to", "from" or "with": one of the people it knows, else a name the
 *  tagger reads there (a visitor is no resident), never a place it knows; none for a gathering. */
function meetingIn(
  what: string,
  text: string,
  self: string,
  people: readonly string[],
  places: readonly PlaceName[],
): PlannedEvent["meeting"] {
  const m = new RegExp(`\\b${escaped(what)} (to|from|with) (.+)$`).exec(text);
  if (!m) return undefined;
  const going = m[1] === "to";
  const known = people.find((n) => n !== self && new RegExp(`^${escaped(n)}\\b`).test(m[2]));
  if (known) return { other: known, going };
  const name: string[] = [];
  for (const t of termsOf(m[2])) {
    if (!t.tags.includes("ProperNoun") || !t.text) break;
    name.push(t.text);
    if (t.post.trim()) break;
  }
  const other = name.join(" ");
  if (
    !other ||
    other === self ||
    places.some((p) => p.name === other || p.name.startsWith(`${other} `))
  )
    return undefined;
  return { other, going };
}

/** Two meetings' hours overlap (a meeting takes an hour at most). */
const clash = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  a.start < b.end && b.start < a.end;

/**
 * Events on `day` with a time and a known place that the resident means to be at, from memories
 * (best first), one per event: those it organises, and those its planning notes say it goes to.
 * A meeting with a person (a visit agreed with a visitor or a resident) is its own appointment, as
 * its note says it: two visits on one day are two promises, each with its hour and place, never one
 * event of the kind "visit".
 */
export function eventsOnDay(
  memories: readonly { text: string; created: number; note?: MemoryNote }[],
  day: number,
  places: readonly PlaceName[],
  self: string,
  people: readonly string[] = [],
): PlannedEvent[] {
  const note = `For ${self}'s planning`;
  const names = people.includes(self) ? people : withFirst(self, people);
  const meetings: (PlannedEvent & { rank: number })[] = [];
  const rest: { text: string; created: number }[] = [];
  const restRank: number[] = [];
  memories.forEach((m, rank) => {
    // A meeting kept as its values (memory/note.ts) is taken as they are; a note without them is
    // read from its words.
    const kept =
      m.note?.kind === "plan" && m.note.owner === self ? meetingOf(m.note, places) : undefined;
    const e = kept
      ? kept.event
      : m.text.startsWith(note)
        ? extractEvent(m.text, places, m.created, names, self)
        : undefined;
    const meeting = kept ? kept.meeting : e && meetingIn(e.what, m.text, self, people, places);
    if (!e || !meeting) {
      rest.push(m);
      restRank.push(rank);
      return;
    }
    if (e.start === undefined || !e.place || !eventOnDay(e, day)) return;
    // The same promise noted twice is one.
    if (meetings.some((x) => x.meeting!.other === meeting.other && x.event.start === e.start))
      return;
    const { host: _host, ...event } = e;
    meetings.push({ event, host: false, text: m.text, meeting, made: m.created, rank });
  });
  const events = knownEvents(rest, places, self, people)
    .filter((k) => k.event.start !== undefined && k.event.place && eventOnDay(k.event, day))
    .filter((k) => k.hostedBySelf || k.texts.some((t) => t.startsWith(note)))
    .map((k) => ({
      event: k.event,
      host: k.hostedBySelf,
      text: k.texts[0],
      rank: restRank[k.rank],
    }));
  return [...events, ...meetings].sort((a, b) => a.rank - b.rank).map(({ rank: _rank, ...e }) => e);
}

/** A planned meeting's event and whom it is with, from its values: a visit at its hour and place
 *  (the place by the name it was agreed by, as a note's words name it). */
function meetingOf(
  n: PlanNote,
  places: readonly PlaceName[],
): { event: EventMention; meeting: NonNullable<PlannedEvent["meeting"]> } | undefined {
  if (n.at === undefined || !n.with || !n.place) return undefined;
  const at = new Date(n.at);
  const name = n.placeName ?? n.place;
  return {
    event: {
      what: "visit",
      month: at.getUTCMonth(),
      day: at.getUTCDate(),
      start: at.getUTCHours() * 60 + at.getUTCMinutes(),
      place: places.find((p) => p.name === name) ?? { name, address: n.place },
    },
    meeting: { other: n.with, going: n.means !== "be there" },
  };
}

/** Two addresses in the same building ("Oakmere:Larkspur Park:…"), whatever their depth. */
export const sameBuilding = (a: string | undefined, b: string) =>
  a !== undefined && a.split(":").slice(0, 2).join(":") === b.split(":").slice(0, 2).join(":");

/**
 * The meetings it has promised on `day` (from its planning notes), earliest agreed first, each with
 * its hour: what a later meeting or plan may not take.
 */
export function promisesOn(
  notes: readonly { text: string; created: number; note?: MemoryNote }[],
  day: number,
  places: readonly PlaceName[],
  self: string,
  people: readonly string[] = [],
): { other: string; start: number; end: number; address: string; made: number }[] {
  return eventsOnDay(notes, day, places, self, people)
    .filter((e) => e.meeting)
    .map((e) => ({
      other: e.meeting!.other,
      start: e.event.start!,
      end: Math.min(e.event.end ?? 1440, e.event.start! + 60),
      address: e.event.place!.address,
      made: e.made!,
    }))
    .sort((a, b) => a.made - b.made || a.start - b.start);
}

/** Puts an appointment into blocks: what it displaces resumes when it ends. */
export function insertBlock(
  blocks: PlanBlock[],
  start: number,
  end: number,
  task: string,
  place?: string,
): PlanBlock[] {
  const sorted = [...blocks].sort((a, b) => a.start - b.start);
  const runningAtEnd = [...sorted].reverse().find((b) => b.start < end);
  const kept = sorted.filter((b) => b.start < start || b.start >= end);
  kept.push({ start, task, place });
  if (end < 1440 && runningAtEnd && !kept.some((b) => b.start === end))
    kept.push({ start: end, task: runningAtEnd.task, place: runningAtEnd.place });
  return kept.sort((a, b) => a.start - b.start);
}

export interface OfflineDayPlanInput {
  persona: Persona;
  day: number;
  memories: readonly { text: string; created: number; note?: MemoryNote }[];
  places: readonly PlaceName[];
  people?: readonly string[];
}

export interface OfflineDayPlan {
  currently: string;
  wakeUp: string;
  plan: string[];
  schedule: { start: string; task: string; place?: string }[];
}

export function offlineDayPlan(i: OfflineDayPlanInput): OfflineDayPlan {
  const p = i.persona;
  const first = p.name.split(" ")[0];
  const wake = wakeMinute(p);
  let bed = bedMinute(p);
  const home = p.home;
  const bedAddress = sortedHabits(p).find((h) => isSleep(h.action))?.address ?? home;
  let blocks: PlanBlock[] = [{ start: 0, task: "sleeping", place: bedAddress }];
  const habits = sortedHabits(p).filter(
    (h) => !isSleep(h.action) && habitMinute(h) >= wake - 30 && habitMinute(h) < bed,
  );
  if (!habits.length || habitMinute(habits[0]) > wake)
    blocks.push({ start: wake, task: "waking up and getting ready for the day", place: home });
  for (const h of habits) {
    blocks.push({ start: Math.max(wake, habitMinute(h)), task: h.action, place: h.address });
    noteBlock({ start: habitMinute(h), task: h.action, place: h.address });
  }
  const events = eventsOnDay(i.memories, i.day, i.places, p.name, i.people);
  for (const { event: e } of events)
    noteDrawn("event", e.what, `${describeEvent(e)}${e.host ? ` (${e.host})` : ""}`);
  // Meetings last, the earliest agreed first: at the place and hour of an event one goes to anyway,
  // or of a meeting promised there before, the other joins it; a meeting agreed later for an hour
  // promised elsewhere is not kept (the promise came first), and one that runs into a promise ends
  // where the promise begins.
  const eventBlocks = new Set<string>();
  const promised: { start: number; end: number; address: string }[] = [];
  const meetings = events
    .filter((x) => x.meeting)
    .sort(
      (a, b) =>
        (a.made ?? 0) - (b.made ?? 0) || Number(!!b.meeting!.going) - Number(!!a.meeting!.going),
    );
  for (const { event: e, host, meeting } of [...events.filter((x) => !x.meeting), ...meetings]) {
    const end = e.end ?? Math.min(1440, e.start! + 120);
    const start = e.start!;
    const address = e.place!.address;
    if (meeting) {
      const hour = { start, end: Math.min(end, start + 60) };
      const over = promised.find((p) => p.start <= start && clash(p, hour));
      if (over && !sameBuilding(over.address, address)) {
        noteDrawn(
          "event",
          e.what,
          `not kept: ${meeting.other} at ${formatTime12(start)}, promised before`,
        );
        continue;
      }
      promised.push({ ...hour, address });
    }
    const there = blocks.filter((b) => b.start <= start).at(-1);
    if (meeting && there && eventBlocks.has(there.task) && sameBuilding(there.place, address)) {
      if (!there.task.includes(meeting.other)) {
        const joined = `${there.task} with ${meeting.other}`;
        eventBlocks.add(joined);
        blocks = blocks.map((b) => (b === there ? { ...b, task: joined } : b));
      }
      continue;
    }
    // A meeting with someone is no event one holds: "meeting Ben", "visiting Nora".
    if (meeting) {
      const task = `${meeting.going ? "visiting" : "meeting"} ${meeting.other} at ${e.place!.name}`;
      const until = Math.min(
        end,
        start + 60,
        ...promised.filter((p) => p.start > start).map((p) => p.start),
      );
      eventBlocks.add(task);
      blocks = insertBlock(blocks, start, until, task, address);
      continue;
    }
    if (host)
      blocks = insertBlock(
        blocks,
        Math.max(wake, start - 60),
        start,
        `getting ${e.place!.name} ready for the ${e.what}`,
        e.place!.address,
      );
    const task = host ? `holding the ${e.what}` : `going to the ${e.what}`;
    eventBlocks.add(task);
    blocks = insertBlock(blocks, start, end, task, e.place!.address);
    if (end > bed) bed = Math.min(1440, end + 30);
  }
  blocks = blocks.filter((b) => b.start < bed || b.start === 0);
  if (bed < 1440) blocks.push({ start: bed, task: "sleeping", place: bedAddress });
  // Same start: the later entry (an appointment) wins.
  const byStart = new Map<number, PlanBlock>();
  for (const b of blocks) byStart.set(b.start, b);
  blocks = [...byStart.values()].sort((a, b) => a.start - b.start);

  const plan = [`wake up and complete the morning routine at ${formatTime12(wake)}`];
  const awake = blocks.filter(
    (b) => !isSleep(b.task) && b.start >= wake && !/^waking up/.test(b.task),
  );
  const eventTasks = new Set(events.map((e) => e.event.what));
  const chosen = awake
    .map((b, n) => ({
      b,
      n,
      len: (awake[n + 1]?.start ?? bed) - b.start,
      event: [...eventTasks].some((w) => b.task.includes(w)),
    }))
    .sort((a, b) => Number(b.event) - Number(a.event) || b.len - a.len || a.n - b.n)
    .slice(0, 6)
    .sort((a, b) => a.n - b.n);
  for (const c of chosen) plan.push(`${c.b.task} at ${formatTime12(c.b.start)}`);
  plan.push(`go to bed at ${formatTime12(bed % 1440)}`);

  let currently = p.currently;
  if (events.length) {
    const e = events[0];
    currently += e.meeting
      ? ` Today ${first} is ${e.meeting.going ? "visiting" : "meeting"} ${e.meeting.other} at ${e.event.place!.name}.`
      : ` Today ${first} ${e.host ? "is organising" : "plans to go to"} ${describeEvent(e.event)}.`;
  }
  return {
    currently,
    wakeUp: hhmm(wake),
    plan,
    schedule: blocks.map((b) => ({
      start: hhmm(b.start),
      task: b.task,
      ...(b.place ? { place: b.place } : {}),
    })),
  };
}

// ---------------------------------------------------------------- decomposition

const EMOJI: [RegExp, string][] = [
  [/\bsleep|asleep|nap|in bed\b/i, "😴"],
  [/\bcoffee|espresso|latte|tea\b/i, "☕"],
  [/\bbak(e|ing)|bread|scone|pastr/i, "🥐"],
  [/\bcook|stove|soup|pasta\b/i, "🍳"],
  [/\beat|breakfast|lunch|dinner|meal|sandwich|snack\b/i, "🍽️"],
  [/\bpiano|music|song|sing|guitar\b/i, "🎹"],
  [/\bpaint|draw|sketch|easel\b/i, "🎨"],
  [/\bread|book|catalogue|novel\b/i, "📖"],
  [/\bstud|write|writing|paper|notes|homework|research\b/i, "📝"],
  [/\bgarden|plant|water|prun|weed|flower|seed\b/i, "🌱"],
  [/\bwash|shower|bath|brush|dress|morning routine|getting ready\b/i, "🚿"],
  [/\bwalk|stroll|going to|heading\b/i, "🚶"],
  [/\bclean|tidy|sweep|dishes\b/i, "🧹"],
  [/\btalk|chat|convers|visit\b/i, "💬"],
  [/\bserv|counter|customer|shop|work\b/i, "🧑‍🍳"],
  [/\bduck|bird|pond|dragonfl|frog\b/i, "🦆"],
  [/\brest|relax|sit|bench|sofa|tv|documentary\b/i, "🛋️"],
  [/\bwait/i, "⌛"],
];

export function emojiFor(task: string, habits: readonly ScheduleItem[] = []): string {
  const habit = habits.find((h) => h.action.toLowerCase() === task.toLowerCase());
  if (habit) return habit.emoji;
  for (const [re, e] of EMOJI) if (re.test(task)) return e;
  return "🙂";
}

const OBJECT_HINTS: [RegExp, RegExp][] = [
  [/\bsleep|asleep|nap|in bed\b/i, /\bbed\b/i],
  [/\bbak(e|ing)|bread|scone|pastr|roast/i, /\boven\b|baking counter/i],
  [/\bcook|soup|pasta|boil|fry|tea in the kitchen|making tea\b/i, /\bstove\b/i],
  [/\beat|breakfast|lunch|dinner|meal|sandwich|toast\b/i, /\btable\b/i],
  [/\bpiano|music\b/i, /\bpiano\b/i],
  [/\bpaint|draw|easel\b/i, /\beasel\b/i],
  [/\bstud|write|writing|paper|notes|homework|desk\b/i, /\bdesk|table\b/i],
  [/\bread|book|catalogue|novel\b/i, /\bsofa|armchair|bookshelf|reading\b/i],
  [
    /\bwash|brush|face|teeth|shave|getting ready|morning routine|dress/i,
    /\bsink|bathtub|wardrobe\b/i,
  ],
  [/\bbath|shower\b/i, /\bbathtub|shower\b/i],
  [/\btoilet|restroom\b/i, /\btoilet\b/i],
  [/\bserv|counter|customer|coffee|order/i, /\bcounter\b/i],
  [/\bgarden|vegetable|weed|plant|dig/i, /\bvegetable|garden|patch\b/i],
  [/\bflower|water/i, /\bflower|garden\b/i],
  [/\bapple|tree|prun/i, /\btree\b/i],
  [/\bduck|pond|dragonfl|frog/i, /\bpond\b/i],
  [/\bfountain\b/i, /\bfountain\b/i],
  [
    /\brest|relax|sit|chat|friends|watch|tv|documentary|fire\b/i,
    /\bbench|sofa|armchair|fireplace|table\b/i,
  ],
  [/\bfridge|groceries|snack\b/i, /\bfridge|pantry\b/i],
];

const PUBLIC_ARENA =
  /dining|main|hall|living|lawn|lobby|shop|common|classroom|bar|floor|front|green|square|plaza/i;
const PRIVATE_ARENA = /kitchen|restroom|bathroom|toilet|bedroom|storage|office|closet|pantry/i;

/** The arena of a sector a task most likely happens in: one the task names, else a public room. */
export function arenaFor(task: string, arenas: readonly string[]): string | undefined {
  if (arenas.length === 0) return undefined;
  const t = task.toLowerCase();
  const named = arenas
    .filter((a) => t.includes(a.toLowerCase()))
    .sort((a, b) => b.length - a.length)[0];
  if (named) return named;
  return (
    arenas.find((a) => PUBLIC_ARENA.test(a)) ??
    arenas.find((a) => !PRIVATE_ARENA.test(a)) ??
    arenas[0]
  );
}

/** The object of an arena a task most likely uses, or undefined when the arena has none. */
export function objectFor(task: string, objects: readonly string[]): string | undefined {
  if (objects.length === 0) return undefined;
  const t = task.toLowerCase();
  const named = objects
    .filter((o) => t.includes(o.toLowerCase()))
    .sort((a, b) => b.length - a.length)[0];
  if (named) return named;
  for (const [taskRe, objRe] of OBJECT_HINTS) {
    if (!taskRe.test(t)) continue;
    const hit = objects.find((o) => objRe.test(o));
    if (hit) return hit;
  }
  return objects[seeded(task) % objects.length];
}

export function objectStateFor(object: string, task: string): string {
  const o = object.toLowerCase();
  if (/\bbed\b/.test(o)) return isSleep(task) ? "being slept in" : "occupied";
  if (/stove|oven/.test(o)) return /bak/i.test(task) ? "baking" : "heating up";
  if (/piano/.test(o)) return "being played";
  if (/sink|bathtub|shower/.test(o)) return "running water";
  if (/toilet/.test(o)) return "occupied";
  if (/easel/.test(o)) return "holding a painting in progress";
  if (/fridge|pantry/.test(o)) return "open";
  if (/counter/.test(o)) return /serv|coffee/i.test(task) ? "busy with orders" : "in use";
  return "in use";
}

/** "is serving", "coffee at the counter" from "serving coffee at the counter". */
export function tripleOf(task: string): { predicate: string; object: string } {
  const base = task.replace(/\s*\(.*\)\s*$/, "").trim();
  const [verb, ...rest] = base.split(/\s+/);
  return {
    predicate: `is ${verb ?? "busy"}`.trim(),
    object: rest.join(" ") || (verb ?? "something"),
  };
}

export interface DecomposeBlock {
  start: number;
  end: number;
  task: string;
  place?: string;
}

export interface OfflineTask {
  task: string;
  minutes: number;
  address: string;
  emoji: string;
  predicate: string;
  object: string;
  objectState: string;
}

const PHASES = ["getting started", "", "", "taking a short break", "", "wrapping up"];

/** Where a block happens: its place if known, a habit of the same task, a name match, home. */
export function addressForBlock(
  b: DecomposeBlock,
  known: SpatialMemory,
  home: string,
  habits: readonly ScheduleItem[],
  allowed?: readonly string[],
): string {
  let address: string | undefined;
  if (b.place && known.has(b.place)) address = b.place;
  const habit =
    habits.find((h) => h.action.toLowerCase() === b.task.toLowerCase()) ??
    bestHabit(b.task, habits);
  if (!address && b.place) address = known.resolve(b.place, allowed);
  if (!address && habit && known.has(habit.address)) address = habit.address;
  if (!address) address = known.resolve(b.task, allowed);
  if (address && Address.depth(address) === 2) {
    const sector = Address.levels(address)[1];
    const arena = arenaFor(b.task, known.arenas(sector));
    if (arena) address = `${address}:${arena}`;
  }
  if (!address || Address.depth(address) < 3)
    address = isSleep(b.task) ? (habits.find((h) => isSleep(h.action))?.address ?? home) : home;
  const parts = Address.levels(address);
  if (parts.length === 3) {
    const obj = objectFor(b.task, known.objects(parts[1], parts[2]));
    if (obj) address = `${address}:${obj}`;
  }
  return address;
}

function bestHabit(task: string, habits: readonly ScheduleItem[]): ScheduleItem | undefined {
  let best: { h: ScheduleItem; s: number } | undefined;
  for (const h of habits) {
    const s = matchScore(h.action, task.toLowerCase());
    if (s >= 1.5 && s > (best?.s ?? 0)) best = { h, s };
  }
  return best?.h;
}

/** Splits blocks into 5-15 minute tasks (blocks shorter than `minMinutes` stay one task). */
export function offlineDecompose(
  blocks: readonly DecomposeBlock[],
  known: SpatialMemory,
  home: string,
  habits: readonly ScheduleItem[],
  minMinutes: number,
  allowed?: readonly string[],
): OfflineTask[][] {
  return blocks.map((b) => {
    const address = addressForBlock(b, known, home, habits, allowed);
    const object = Address.levels(address)[3] ?? "";
    const total = Math.max(5, b.end - b.start);
    const make = (task: string, minutes: number): OfflineTask => ({
      task,
      minutes,
      address,
      emoji: emojiFor(task.replace(/\s*\(.*\)$/, ""), habits),
      ...tripleOf(task),
      objectState: object ? objectStateFor(object, task) : "",
    });
    if (total < minMinutes || isSleep(b.task)) return [make(b.task, total)];
    const out: OfflineTask[] = [];
    let left = total;
    let n = 0;
    while (left > 0) {
      const phase = n === 0 ? PHASES[0] : left <= 15 ? PHASES[5] : PHASES[1 + (n % 4)];
      const size = Math.min(left, n === 0 || phase === PHASES[3] ? 10 : 15);
      out.push(make(phase ? `${b.task} (${phase})` : b.task, size));
      left -= size;
      n++;
    }
    return out;
  });
}
