// What a resident knows, gathered from its state as values (language/knowledge.ts) for the offline
// answers to people: its day as blocks (kept per day, so yesterday's are at hand the next day),
// the places its spatial memory holds, the people it has a view of and how often it talked with
// them. With a model these are not needed; the prompts ignore them.
import { workplaceOf } from "./language/workplace.ts";
import type { PlannedTask } from "./execute.ts";
import type { Block } from "./schedule.ts";
import type {
  Knowledge,
  DayBlock,
  Commitment,
  KnownPlace,
  Townsperson,
} from "./language/knowledge.ts";
import { placeOf } from "./language/knowledge.ts";
import { doingsAsTold, personaFacts, type PersonaFacts } from "./language/facts.ts";
import { nameCandidates, withLast } from "./language/names.ts";
import { SpatialMemory } from "./memory/spatial.ts";
import type { MemoryNote } from "./memory/note.ts";
import { positions } from "./language/positions.ts";
import { eventsOnDay } from "./offline/planner.ts";
import { personaAt, placeNames, type AgentState, type MindContext } from "./state.ts";

const DAY = 86_400_000;
/** Each resident's blocks by day (game ms of midnight): yesterday's plan as values. */
const days = new WeakMap<AgentState, Map<number, DayBlock[]>>();

function asBlocks(blocks: readonly Block[]): DayBlock[] {
  return blocks.map((b) => {
    // Offline a block's place is an address; a model's plan may give a place name.
    const place = b.place && b.place.includes(":") ? placeOf(b.place) : b.place;
    return { start: b.start, end: b.end, task: b.task, ...(place ? { place } : {}) };
  });
}

function dayBlocks(s: AgentState): { today: DayBlock[]; yesterday: DayBlock[] } {
  let byDay = days.get(s);
  if (!byDay) days.set(s, (byDay = new Map<number, DayBlock[]>()));
  const sch = s.schedule;
  if (sch) {
    // The decomposed tasks say where; the blocks cover the whole day.
    const tasks = sch.tasks.map((t) => ({
      start: t.start,
      end: t.end,
      task: t.task,
      place: t.address,
    }));
    const covered = (m: number) => tasks.some((t) => t.start <= m && t.end > m);
    const blocks = [
      ...sch.blocks.filter((b) => !covered(b.start) && !covered(b.end - 1)),
      ...tasks,
    ].sort((a, b) => a.start - b.start);
    byDay.set(sch.day, asBlocks(blocks));
    for (const d of byDay.keys()) if (d < sch.day - 2 * DAY) byDay.delete(d);
  }
  const day = sch?.day ?? 0;
  return { today: byDay.get(day) ?? [], yesterday: byDay.get(day - DAY) ?? [] };
}

/** Talks held with each person named in its chat memories of the last days. */
function talks(s: AgentState, now: number, names: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  const chats = s.memory.latest(500, (m) => m.type === "chat" && m.created > now - 3 * DAY);
  // Only names whose first word a chat holds can be in it (names.ts): a chat is not searched for
  // every name of the town.
  for (const m of chats)
    for (const i of nameCandidates(m.description, names)) {
      const n = names[i];
      if (n !== s.persona.name && m.description.includes(n)) out.set(n, (out.get(n) ?? 0) + 1);
    }
  return out;
}

/** Its planning notes of the week before `now` (the latest 40), as the day planner reads them. */
export function planningNotes(
  s: AgentState,
  now: number,
): { text: string; created: number; note?: MemoryNote }[] {
  const self = s.persona.name;
  return s.memory
    .latest(
      40,
      (m) =>
        m.type === "thought" &&
        m.created > now - 7 * DAY &&
        m.note?.kind === "plan" &&
        m.note.owner === self,
    )
    .map((m) => ({ text: m.description, created: m.created, ...(m.note ? { note: m.note } : {}) }));
}

/** What it has said it will be at this week (today, tomorrow and the days after): its planning
 *  notes of the last week (a visit agreed, an event it means to go to), read as the day planner
 *  will read them. */
function commitments(ctx: MindContext, s: AgentState, now: number): Commitment[] {
  const self = s.persona.name;
  const notes = planningNotes(s, now);
  if (!notes.length) return [];
  const today = now - (now % DAY);
  const places = placeNames(s);
  const out: Commitment[] = [];
  for (let day = 0; day < 7; day++)
    for (const { event: e } of eventsOnDay(notes, today + day * DAY, places, self, ctx.people()))
      out.push({
        day,
        start: e.start!,
        end: e.end ?? Math.min(1440, e.start! + 120),
        what: e.what,
        ...(e.place ? { place: e.place.name } : {}),
      });
  return out;
}

/** The town's uses of places as last read, with the residents and task lists they were read from. */
const usesKept = new WeakMap<
  ReadonlyMap<string, AgentState>,
  {
    agents: AgentState[];
    tasks: (readonly PlannedTask[] | undefined)[];
    uses: Map<string, Set<string>>;
  }
>();

/**
 * What residents do at each place by their plans (the town's common knowledge of a place). Read
 * again only when a resident's tasks changed: a schedule's task list is replaced, never edited in
 * place, when it is planned or re-planned, so the same lists give the same uses (it was read from
 * every resident's plan at every talk, a cost that grew with the town). Not to be changed by callers.
 */
function placeUses(agents: ReadonlyMap<string, AgentState>): Map<string, Set<string>> {
  const kept = usesKept.get(agents);
  if (kept && kept.agents.length === agents.size) {
    let i = 0;
    let same = true;
    for (const a of agents.values()) {
      if (kept.agents[i] !== a || kept.tasks[i] !== a.schedule?.tasks) {
        same = false;
        break;
      }
      i++;
    }
    if (same) return kept.uses;
  }
  const uses = new Map<string, Set<string>>();
  const read = {
    agents: [] as AgentState[],
    tasks: [] as (readonly PlannedTask[] | undefined)[],
    uses,
  };
  for (const a of agents.values()) {
    read.agents.push(a);
    read.tasks.push(a.schedule?.tasks);
    for (const t of a.schedule?.tasks ?? []) {
      const at = t.address?.includes(":") ? placeOf(t.address) : undefined;
      const task = t.task.replace(/\s*\(.*\)\s*$/, "").trim();
      if (!at || !task) continue;
      for (const key of [at, at.split(" of ").at(-1) ?? at]) {
        const set = uses.get(key) ?? new Set<string>();
        if (set.size < 12) set.add(task);
        uses.set(key, set);
      }
    }
  }
  usesKept.set(agents, read);
  return uses;
}

/** A place's name as a phrase said, and the pattern that finds it as a whole. */
interface Phrase {
  phrase: string;
  re: RegExp;
}
/** A place's name as heardOfPlaces looks for it: the letters its first word starts with, the
 *  whole name lower-cased, and the name without its last word when two words or more are left. */
interface SectorWords {
  sector: string;
  lead: string | undefined;
  whole: Phrase;
  short: Phrase | undefined;
}

const sectorWordsKept = new WeakMap<readonly string[], SectorWords[]>();

/** The town's places as phrases, made once a list of places (the town's is kept: a large town has
 *  hundreds, and each was cut up and made a pattern of at every talk). */
function wordsOfSectors(sectors: readonly string[]): SectorWords[] {
  let kept = sectorWordsKept.get(sectors);
  if (kept) return kept;
  const phrase = (words: string[]): Phrase => {
    const text = words.join(" ");
    const re = new RegExp(
      `(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`,
      "u",
    );
    return { phrase: text, re };
  };
  kept = sectors.map((sector) => {
    const words = sector.toLowerCase().split(/\s+/);
    const short = words.slice(0, -1);
    return {
      sector,
      lead: /^\p{L}+/u.exec(words[0])?.[0],
      whole: phrase(words),
      short: short.length >= 2 ? phrase(short) : undefined,
    };
  });
  sectorWordsKept.set(sectors, kept);
  return kept;
}

/** The town's places it has not been to but its memories name (news heard of "the Hearth & Crumb",
 *  a plan made at the pub): known by name and by what the town does there, not by their rooms. A
 *  place is named by its whole name, or by its name without its last word when what is left is a
 *  name of its own of two words or more ("the Hearth & Crumb" for "Hearth & Crumb cafe"). */
function heardOfPlaces(
  ctx: MindContext,
  s: AgentState,
  usesOf: (name: string) => string[],
): KnownPlace[] {
  const sectors = ctx.sectors?.() ?? [];
  if (!sectors.length) return [];
  const known = new Set(s.spatial.sectors());
  const said = s.memory
    .latest(200)
    .map((m) => m.description.toLowerCase())
    .join("\n");
  // The words said, so that a place whose first word was never said is passed over at once (a
  // large town has hundreds of places, most named in none of its memories).
  const saidWords = new Set(said.split(/[^\p{L}]+/u));
  const named = ({ lead, whole, short }: SectorWords) => {
    // A phrase that starts with letters is found only where those letters are a word said.
    if (lead !== undefined && !saidWords.has(lead)) return false;
    // (A plain search first: most of a large town's places are named in none of its memories.)
    const has = ({ phrase, re }: Phrase) => said.includes(phrase) && re.test(said);
    return has(whole) || (short !== undefined && has(short));
  };
  return wordsOfSectors(sectors)
    .filter((w) => !known.has(w.sector) && named(w))
    .map((w) => w.sector)
    .map((sector) => ({
      name: sector,
      parts: [],
      things: [],
      uses: usesOf(sector),
      dwelling:
        ctx.isHome?.(sector) ?? SpatialMemory.from(ctx.addressesIn?.(sector) ?? []).isHome(sector),
    }));
}

/** The landmarks it names are the town's places it knows, not homes (nothing to a stranger); the
 *  nearest such within a short walk of the place (about a street's width or two). */
const LANDMARK_GAP = 12;

/** Where each place lies (an arena where its building does), from the town's layout: its part of
 *  town and the nearest place it knows around it. */
function placed(ctx: MindContext, places: KnownPlace[]): void {
  const layout = ctx.layout?.();
  if (!layout) return;
  const at = positions(layout);
  const known = new Set(
    places.filter((p) => !p.name.includes(" of ") && !p.dwelling).map((p) => p.name),
  );
  const bySector = new Map<string, KnownPlace["where"]>();
  for (const p of places) {
    const sector = p.name.split(" of ").at(-1) ?? p.name;
    if (!bySector.has(sector)) {
      const pos = at.get(sector);
      const by = pos?.around.find((x) => x.gap <= LANDMARK_GAP && known.has(x.sector));
      bySector.set(
        sector,
        pos && {
          side: pos.side,
          ...(by ? { by: { place: by.sector, ...(by.dir ? { dir: by.dir } : {}) } } : {}),
        },
      );
    }
    const where = bySector.get(sector);
    if (where) p.where = where;
  }
}

export function knowledgeOf(
  ctx: MindContext,
  s: AgentState,
  now: number,
  speaker: string,
): Knowledge {
  const { today, yesterday } = dayBlocks(s);
  const names = ctx.people();
  const counts = talks(s, now, withLast(names, speaker));
  const people = [...ctx.agents.values()]
    .filter((a) => a.id !== s.id && (s.relationships.has(a.id) || counts.has(a.persona.name)))
    .map((a) => ({
      name: a.persona.name,
      relationship: s.relationships.get(a.id) ?? "",
      talks: counts.get(a.persona.name) ?? 0,
    }));
  const uses = placeUses(ctx.agents);
  const usesOf = (name: string) => [...(uses.get(name) ?? [])];
  // A home by the map where the mind has it: a house whose bedroom it has not seen is one.
  const isHome = (sector: string) => ctx.isHome?.(sector) ?? s.spatial.isHome(sector);
  const places: KnownPlace[] = s.spatial.sectors().flatMap((sector) => [
    {
      name: sector,
      parts: s.spatial.arenas(sector),
      things: s.spatial.arenas(sector).flatMap((a) => s.spatial.objects(sector, a)),
      uses: usesOf(sector),
      dwelling: isHome(sector),
    },
    ...s.spatial
      .arenas(sector)
      .filter((a) => a !== sector)
      .map((a) => ({
        name: `${a} of ${sector}`,
        parts: [],
        things: s.spatial.objects(sector, a),
        uses: usesOf(`${a} of ${sector}`),
        dwelling: isHome(sector),
      })),
  ]);
  places.push(...heardOfPlaces(ctx, s, usesOf));
  placed(ctx, places);
  const minute = Math.floor((now % DAY) / 60_000);
  // A friend: someone met on earlier days, several times; a secret is not for someone just met.
  // Talks on two earlier days at least: someone it has come to know, not someone just met.
  const knowsSpeaker =
    new Set(
      s.memory
        .latest(
          200,
          (m) =>
            m.type === "chat" && m.created < now - (now % DAY) && m.description.includes(speaker),
        )
        .map((m) => Math.floor(m.created / DAY)),
    ).size >= 2;
  // Its doings as it may tell them to this listener: one that carries a secret of its persona
  // goes to a friend (one it has come to know, or one its persona names as friend or kin) whole,
  // to anyone else or to the person it is about without that person, or not at all.
  const f = personaFacts(s.persona);
  const told = doingsAsTold(f, speaker, knowsSpeaker || namedFriend(f, speaker));
  const toldBlocks = (bs: DayBlock[]) =>
    bs.flatMap((b) => {
      const task = told(b.task);
      return task === undefined ? [] : task === b.task ? [b] : [{ ...b, task }];
    });
  const act = told(s.current?.action ?? "") ?? "";
  return {
    persona: personaAt(s, now),
    minute,
    today: toldBlocks(today),
    yesterday: toldBlocks(yesterday),
    yesterdayItems: s.yesterday.flatMap((x) => told(x) ?? []),
    home: placeOf(s.persona.home) ?? s.persona.home,
    places,
    people,
    knowsSpeaker,
    doing: act,
    commitments: commitments(ctx, s, now),
    townsfolk: townsfolkOf(ctx.agents, s, names),
  };
}

/** The town's residents as last read (their personas, in order) and each one's others. */
const townsfolkKept = new WeakMap<
  ReadonlyMap<string, AgentState>,
  {
    personas: AgentState["persona"][];
    others: Map<string, Townsperson[]>;
    /** The town's list of names they were read with (see townsfolkOf). */
    people?: readonly string[];
  }
>();

/** The town's other residents as everyone knows them, kept while the town has the same
 *  residents with the same personas (it was read anew at every talk). Their workplaces are read
 *  from their plans only when asked, and again only when a plan changes (workplacesNow): read for
 *  every other resident whenever anyone's plan turned to a new day, a town of a thousand spent 11 s
 *  of a live minute's 45 on it. Not to be changed by callers. */
function townsfolkOf(
  agents: ReadonlyMap<string, AgentState>,
  s: AgentState,
  people: readonly string[],
): Townsperson[] {
  let kept = townsfolkKept.get(agents);
  let same = !!kept && kept.personas.length === agents.size;
  // (The mind makes its list of names anew whenever a resident moves in or its persona changes,
  // generativeMind.ts: the same list, the same personas, without reading the town each talk.)
  if (kept && same && kept.people !== people) {
    let i = 0;
    for (const a of agents.values())
      if (kept.personas[i++] !== a.persona) {
        same = false;
        break;
      }
  }
  if (!kept || !same) {
    kept = { personas: [...agents.values()].map((a) => a.persona), others: new Map() };
    townsfolkKept.set(agents, kept);
  }
  kept.people = people;
  let out = kept.others.get(s.id);
  if (!out) {
    out = [...agents.values()]
      .filter((a) => a.id !== s.id)
      .map((a) => {
        const home = placeOf(a.persona.home);
        const at = home ?? a.persona.home;
        return {
          persona: a.persona,
          ...(home ? { home } : {}),
          get workplaces() {
            return workplacesNow(a, at);
          },
        };
      });
    kept.others.set(s.id, out);
  }
  return out;
}

/** A resident's workplaces (workplacesOf) as last read, while its plan is the same. */
const workplacesKept = new WeakMap<
  AgentState,
  { schedule: unknown; day?: number; tasks: number; home: string; out: string[] }
>();
function workplacesNow(a: AgentState, home: string): string[] {
  const sch = a.schedule;
  const kept = workplacesKept.get(a);
  if (
    kept &&
    kept.schedule === sch &&
    kept.day === sch?.day &&
    kept.tasks === (sch?.tasks.length ?? 0) &&
    kept.home === home
  )
    return kept.out;
  const out = workplacesOf(a, home);
  workplacesKept.set(a, { schedule: sch, day: sch?.day, tasks: sch?.tasks.length ?? 0, home, out });
  return out;
}

/** Where a resident's plans keep it most of today and of yesterday (a workplace, a school). */
function workplacesOf(s: AgentState, home: string): string[] {
  const { today, yesterday } = dayBlocks(s);
  return [...new Set([today, yesterday].flatMap((d) => workplaceOf(d, home) ?? []))];
}

/** Whether its persona names the person as a friend or kin (not in a fact kept from others). */
function namedFriend(f: PersonaFacts, person: string): boolean {
  const first = person.split(" ")[0];
  return f.facts.some(
    (x) =>
      !x.secret &&
      (x.kinds.includes("friend") || x.kinds.includes("family")) &&
      x.people.includes(first),
  );
}
