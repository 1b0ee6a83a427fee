// One agent's mind state, and what every faculty shares: the gateway, the settings, embeddings
// with a cache, and helpers to write and retrieve memories.
import type { Gateway } from "../llm/prompt.ts";
import type { Address } from "../world/tile.ts";
import type { PlannedTask } from "./execute.ts";
import type { MemoryPort, MemoryRecord, MemoryType, NewMemory } from "./memory/port.ts";
import type { Persona } from "../../shared/persona.ts";
import type { PlaceName } from "./offline/events.ts";
import { brief, identityOf, type Identity, type MemoryLine } from "./prompts/builder.ts";
import type { DaySchedule } from "./schedule.ts";
import type { MindSettings } from "./settings.ts";
import type { SpatialMemory } from "./memory/spatial.ts";
import type { ConversationLine } from "../world/mind.ts";
import type { PostChatAnswer } from "./prompts/postChat.ts";

/** An observation waiting for its importance score (scored in batches). */
export interface PendingObservation {
  created: number;
  description: string;
  subject: string;
  predicate: string;
  object: string;
  keywords: string[];
  /** Scored by the keyword scale without a call (idle events, objects in residents' use). */
  routine?: boolean;
}

export interface ChatMemo {
  ended: number;
  topic: string;
}

export interface AgentState {
  readonly id: string;
  persona: Persona;
  /** Revised every morning by the day plan. */
  currently: string;
  memory: MemoryPort;
  spatial: SpatialMemory;
  schedule?: DaySchedule;
  /** Yesterday's broad plan. */
  yesterday: string[];
  /** What the agent is doing, as the mind last decided it. */
  current?: {
    task: PlannedTask | undefined;
    action: string;
    address: Address;
    until: number;
    waiting?: boolean;
  };
  pending: PendingObservation[];
  /** Importance scores already given to a description. */
  scored: Map<string, number>;
  /** The last perceived set, to skip ticks that bring nothing new. */
  lastSeen: string;
  /** Game time before which the agent will not start a conversation with another (by id). */
  chatCooldown: Map<string, number>;
  /** After deciding not to talk: until when, and what the other was doing then. */
  declined: Map<string, { until: number; doing: string }>;
  /** How the agent sees each other agent, one sentence, updated after each conversation. */
  relationships: Map<string, string>;
  lastChat: Map<string, ChatMemo>;
  /** Per other agent: the newest memory id when `relationships` was last written for them (not
   *  saved: after a restore the first conversation summarises again). */
  relationshipAt: Map<string, number>;
  /** Whom the agent is (about to be) talking to, "" when nobody, and since when (game ms). */
  engagedWith: string;
  engagedSince: number;
  /** A conversation the mind wrote and the Town is playing: what this side takes away at its end. */
  chat?: { with: string; lines: ConversationLine[]; topic: string; takeaway?: PostChatAnswer };
  /** Object states a person set that the agent already reacted to: address -> state. */
  objectReactions: Map<string, string>;
  reflecting: boolean;
  /** Whether the persona's own life ("currently") entered the stream yet (the original seeds it). */
  seeded: boolean;
  /** Game time of the last reflection and of the last reaction call. */
  lastReflection: number;
  lastReaction: number;
  /** Last game time the agent was ticked. */
  now: number;
}

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
  /** Names of all residents. */
  people(): string[];
  /** Whether a name is a resident's. */
  isResident(name: string): boolean;
  /** Counters for reports and tests. */
  readonly stats: MindStats;
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
  return identityOf(s.persona, s.currently);
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
  const last = (x: string) => x.split(":").at(-1)!.toLowerCase();
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
  for (const q of queries) {
    s.memory
      .retrieve(q, now, perFocal, { touch, filter: keep ? (m) => notIdle(m) && keep(m) : notIdle })
      .forEach((r, rank) => {
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
  }));

/** The day prompts date memories against (settings.memoryDates): memories of it show only their
 *  time. Undefined: every memory shows its full date. */
export const datedFrom = (ctx: MindContext, now: number): { today?: number } =>
  ctx.settings.memoryDates === "compact" ? { today: now } : {};

/** The names of the other residents the agent knows of (everyone in this small town). */
export const peopleFor = (ctx: MindContext, s: AgentState) =>
  ctx.people().filter((p) => p !== s.persona.name);

/** "Copper Kettle cafe:dining room": where the agent is now, as its mind last placed it. */
export const currentPlace = (s: AgentState) =>
  (s.current?.address ?? s.persona.home).split(":").slice(1, 3).join(":");
