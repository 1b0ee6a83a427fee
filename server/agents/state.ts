// One agent's mind state, and what every faculty shares: the gateway, the settings, embeddings
// with a cache, and helpers to write and retrieve memories.
import type { z } from "zod";
import type { Gateway } from "../llm/prompt.ts";
import { noteRetrieved, tracing } from "../llm/trace.ts";
import type { TraceMemory } from "../../shared/trace.ts";
import type { MemoryPort, MemoryRecord, MemoryType, NewMemory, Scored } from "./memory/port.ts";
import { Address } from "../../shared/address.ts";
import type { Persona } from "../../shared/persona.ts";
import type { PlaceName } from "./language/events.ts";
import { brief, identityOf, type Identity, type MemoryLine } from "./prompts/builder.ts";
import type { MindSettings } from "./settings.ts";
import type { SpatialMemory } from "./memory/spatial.ts";
import { currentlyOn } from "./language/time.ts";
import type { TownLayout } from "../world/layout.ts";
import type { AgentData, ChatMemo, PendingObservation } from "./snapshot.ts";
import { knowsOf } from "./acquaintances.ts";
import { nameCandidates } from "./language/names.ts";
import { namedIn } from "./language/importance.ts";

export type PendingObservation = z.output<typeof PendingObservation>;
export type ChatMemo = z.output<typeof ChatMemo>;

/**
 * A resident's mind state: what it keeps by value (AgentData, declared once with its save in
 * snapshot.ts) and what it holds as live objects (its persona, memory stream, spatial memory).
 */
export type AgentState = AgentData & {
  readonly id: string;
  /** Changed when a moderator edits the resident (residentChanged). */
  persona: Persona;
  memory: MemoryPort;
  spatial: SpatialMemory;
  /** Importance scores already given to a description (not saved: scored again after a restore). */
  scored: Map<string, number>;
  /** Per other agent: the newest memory id when `relationships` was last written for them (not
   *  saved: after a restore the first conversation summarises again). */
  relationshipAt: Map<string, number>;
  /** A reflection is running (not saved: a restored mind is not reflecting). */
  reflecting: boolean;
};

export function newAgentState(
  persona: Persona,
  memory: MemoryPort,
  spatial: SpatialMemory,
): AgentState {
  return {
    id: persona.id,
    persona,
    currently: persona.currently,
    memory,
    spatial,
    yesterday: [],
    pending: [],
    scored: new Map(),
    lastSeen: "",
    chatCooldown: new Map(),
    declined: new Map(),
    relationships: new Map(),
    lastChat: new Map(),
    relationshipAt: new Map(),
    engagedWith: "",
    engagedSince: 0,
    objectReactions: new Map(),
    reflecting: false,
    seeded: false,
    lastReflection: -Infinity,
    lastReaction: -Infinity,
    now: 0,
  };
}

export interface MindContext {
  readonly gateway: Gateway;
  readonly settings: MindSettings;
  /** Every agent, by id (one mind serves the whole town). */
  readonly agents: ReadonlyMap<string, AgentState>;
  embed(texts: string[]): Promise<Float32Array[]>;
  /** Names of all residents (the same list until someone moves in or changes). */
  people(): readonly string[];
  /** Whether a name is a resident's. */
  isResident(name: string): boolean;
  /** Ids of the residents who moved in while the town ran (known to nobody until met). */
  readonly newcomers?: ReadonlySet<string>;
  /** Counters for reports and tests. */
  readonly stats: MindStats;
  /** The map's sectors (every place of the town, known to a resident or not). */
  sectors?(): readonly string[];
  /** The map's addresses in a sector. */
  addressesIn?(sector: string): readonly string[];
  /** Whether a sector of the map is somebody's home (it has a bedroom or a bed), whether or not
   *  the resident has seen inside. */
  isHome?(sector: string): boolean;
  /** Where the town's sectors lie on its map (none: the mind was given no map). */
  layout?(): TownLayout | undefined;
}

export interface MindStats {
  observations: number;
  reflections: number;
  conversations: number;
  retrievals: number;
  plans: number;
  decompositions: number;
  /** Days planned by reusing yesterday's plan (settings.reusePlans). */
  plansReused: number;
}

export function identity(s: AgentState): Identity {
  return identityOf(s.persona, currentlyOn(s.currently, s.schedule?.day ?? s.seededOn, s.now));
}

/** The persona with its "currently" as it says it at `now` (its days said from `now`). */
export function personaAt(s: AgentState, now: number): Persona {
  const currently = currentlyOn(s.persona.currently, s.seededOn, now);
  return currently === s.persona.currently ? s.persona : { ...s.persona, currently };
}

export function briefOf(s: AgentState): string {
  return brief(identity(s));
}

/** Known places by name (sectors and arenas), for prompts and the offline engine. */
export function placeNames(s: AgentState): PlaceName[] {
  const out: PlaceName[] = [];
  const w = s.spatial.world;
  const arenaCount = new Map<string, number>();
  for (const sector of s.spatial.sectors())
    for (const arena of s.spatial.arenas(sector))
      arenaCount.set(arena, (arenaCount.get(arena) ?? 0) + 1);
  for (const sector of s.spatial.sectors()) {
    out.push({ name: sector, address: `${w}:${sector}` });
    for (const arena of s.spatial.arenas(sector)) {
      out.push({ name: `${arena} of ${sector}`, address: `${w}:${sector}:${arena}` });
      // "the plaza" names the only plaza the agent knows.
      if (arenaCount.get(arena) === 1 && arena !== sector)
        out.push({ name: arena, address: `${w}:${sector}:${arena}` });
    }
  }
  return out;
}

/** Words for the keyword index: the last segment of subject and object (the original's). */
export function keywordsOf(subject: string, object: string): string[] {
  const last = (x: string) => Address.last(x).toLowerCase();
  return [...new Set([last(subject), last(object)].filter(Boolean))];
}

/** Adds memories, embedding their descriptions in one request. */
export async function remember(
  ctx: MindContext,
  s: AgentState,
  items: Omit<NewMemory, "embedding">[],
): Promise<MemoryRecord[]> {
  if (items.length === 0) return [];
  const vectors = await ctx.embed(items.map((m) => m.description));
  return items.map((m, i) => s.memory.add({ ...m, embedding: vectors[i] }));
}

export async function rememberOne(
  ctx: MindContext,
  s: AgentState,
  type: MemoryType,
  created: number,
  description: string,
  importance: number,
  extra: Partial<
    Omit<NewMemory, "type" | "created" | "description" | "importance" | "embedding">
  > = {},
): Promise<MemoryRecord> {
  const [m] = await remember(ctx, s, [
    {
      type,
      created,
      description,
      importance,
      subject: extra.subject ?? s.persona.name,
      predicate: extra.predicate ?? "thinks",
      object: extra.object ?? "",
      ...extra,
    },
  ]);
  return m;
}

const notIdle = (m: MemoryRecord) => !/\bis idle\b/.test(m.description);

/**
 * Scored retrieval for several focal points (the original's new_retrieve): each focal point
 * retrieves `perFocal`, the union is ranked by each memory's best score, `n` are kept. `keep`
 * narrows what may be retrieved (idle events never are).
 */
export async function retrieve(
  ctx: MindContext,
  s: AgentState,
  focal: string[],
  now: number,
  perFocal: number,
  n = perFocal,
  touch = true,
  keep?: (m: MemoryRecord) => boolean,
): Promise<MemoryRecord[]> {
  if (s.memory.size === 0 || focal.length === 0) return [];
  ctx.stats.retrievals++;
  const queries = await ctx.embed(focal);
  const best = new Map<number, { m: MemoryRecord; score: number; rank: number }>();
  const parts = tracing();
  for (const q of queries) {
    const scored = s.memory.retrieve(q, now, perFocal, {
      touch,
      filter: keep ? (m) => notIdle(m) && keep(m) : notIdle,
      parts,
    });
    if (parts) noteRetrieved(scored.map(traceMemory));
    scored.forEach((r, rank) => {
      const prev = best.get(r.memory.id);
      if (!prev || r.score > prev.score)
        best.set(r.memory.id, {
          m: r.memory,
          score: r.score,
          rank: Math.min(rank, prev?.rank ?? rank),
        });
    });
  }
  // The same description (an event seen again later) is shown once, at its best score.
  const out: MemoryRecord[] = [];
  const seen = new Set<string>();
  for (const x of [...best.values()].sort(
    (a, b) => b.score - a.score || a.rank - b.rank || b.m.id - a.m.id,
  )) {
    if (seen.has(x.m.description)) continue;
    seen.add(x.m.description);
    out.push(x.m);
    if (out.length >= n) break;
  }
  return out;
}

/** A scored memory as the mind's trace shows it. */
const traceMemory = (r: Scored): TraceMemory => ({
  id: r.memory.id,
  text: r.memory.description,
  created: r.memory.created,
  recency: r.parts?.recency ?? 0,
  importance: r.parts?.importance ?? 0,
  relevance: r.parts?.relevance ?? 0,
  total: r.score,
});

/** A memory's kind for prompts: reflections and what a conversation left ("memo", resting on the
 *  chat) are told apart from the resident's own thoughts. */
const kindOf = (m: MemoryRecord) =>
  m.depth ? "reflection" : m.type === "thought" && m.evidence.length ? "memo" : m.type;

export const lines = (ms: readonly MemoryRecord[]): MemoryLine[] =>
  ms.map((m) => ({
    text: m.description,
    created: m.created,
    importance: m.importance,
    kind: kindOf(m),
    ...(m.facts ? { facts: m.facts } : {}),
    ...(m.type === "chat" ? { with: m.object } : {}),
    ...(m.note ? { note: m.note } : {}),
  }));

/** The day prompts date memories against (settings.memoryDates): memories of it show only their
 *  time. Undefined: every memory shows its full date. */
export const datedFrom = (ctx: MindContext, now: number): { today?: number } =>
  ctx.settings.memoryDates === "compact" ? { today: now } : {};

/** Each resident's list of the others, kept while the list of all is (the same list each time). */
const othersOf = new WeakMap<readonly string[], Map<string, readonly string[]>>();

/**
 * The names of the other residents the agent knows of: in this small town everyone who lived there
 * from the start knows the others; one who moved in since knows and is known by those it lives
 * with, and by the others once they have met (acquaintances.ts).
 */
export function peopleFor(ctx: MindContext, s: AgentState): readonly string[] {
  if (ctx.newcomers?.size) {
    const out: string[] = [];
    for (const o of ctx.agents.values())
      if (o !== s && knowsOf(s, o, ctx.newcomers)) out.push(o.persona.name);
    return out;
  }
  const all = ctx.people();
  let byName = othersOf.get(all);
  if (!byName) othersOf.set(all, (byName = new Map<string, readonly string[]>()));
  let others = byName.get(s.persona.name);
  if (!others) byName.set(s.persona.name, (others = all.filter((p) => p !== s.persona.name)));
  return others;
}

/** Per resident: its persona's people and household, read once per persona and town list. */
const closeOf = new WeakMap<
  AgentState,
  { persona: Persona; people: readonly string[]; close: Map<string, number> }
>();

/**
 * How much each other resident matters to the agent, for the poignancy of seeing them (the
 * paper's importance is the event's poignancy to the one who perceives it: a stranger passing is
 * mundane, a friend or a rival is not): 2 for those its persona names (kin, friends, rivals) and
 * those it lives with, 1 for those it has talked with; anyone else is not listed.
 */
export function closeFor(ctx: MindContext, s: AgentState): ReadonlyMap<string, number> {
  const people = ctx.people();
  let hit = closeOf.get(s);
  if (!hit || hit.persona !== s.persona || hit.people !== people) {
    const close = new Map<string, number>();
    const p = s.persona;
    const text = `${p.innate} ${p.learned} ${p.currently} ${p.lifestyle}`;
    for (const i of nameCandidates(text, people)) {
      const name = people[i];
      if (name !== p.name && namedIn(text, name)) close.set(name, 2);
    }
    const home = Address.parse(p.home).sector;
    for (const o of ctx.agents.values())
      if (o !== s && home && Address.parse(o.persona.home).sector === home)
        close.set(o.persona.name, 2);
    closeOf.set(s, (hit = { persona: p, people, close }));
  }
  let out: Map<string, number> | undefined;
  for (const key of new Set([...s.lastChat.keys(), ...s.relationships.keys()])) {
    const name = ctx.agents.get(key)?.persona.name;
    if (!name || hit.close.has(name)) continue;
    (out ??= new Map(hit.close)).set(name, 1);
  }
  return out ?? hit.close;
}

/** "Copper Kettle cafe:dining room": where the agent is now, as its mind last placed it. */
export const currentPlace = (s: AgentState) =>
  Address.format(Address.levels(s.current?.address ?? s.persona.home).slice(1, 3));
