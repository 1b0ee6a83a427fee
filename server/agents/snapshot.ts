// The generative mind's save: every resident's state beside its memory stream (whose own format
// is the memory package's, checked by the stream when it loads). Validated before a restore, so a
// broken or foreign save is refused with a clear error instead of half-restoring a town.
import { Fact } from "./memory/fact.ts";
import { MemoryNote } from "./memory/note.ts";
import { z } from "zod";

const Task = z.object({
  start: z.number(),
  end: z.number(),
  task: z.string(),
  address: z.string(),
  emoji: z.string(),
  predicate: z.string(),
  object: z.string(),
  objectState: z.string(),
});

const Schedule = z.object({
  day: z.number(),
  wake: z.number(),
  currently: z.string(),
  items: z.array(z.string()),
  blocks: z.array(
    z.object({
      start: z.number(),
      end: z.number(),
      task: z.string(),
      place: z.string().optional(),
    }),
  ),
  tasks: z.array(Task),
  routine: z.boolean().optional(),
});

const Line = z.object({ speaker: z.string(), name: z.string(), text: z.string() });
const Takeaway = z.object({
  importance: z.number(),
  memo: z.string(),
  planning: z.string(),
  relationship: z.string(),
});

/** A list of [key, value] pairs in a save, a Map in the mind. */
function entries<T>(value: z.ZodType<T, T>) {
  return z.codec(z.array(z.tuple([z.string(), value])), z.map(z.string(), value), {
    decode: (pairs) => new Map(pairs),
    encode: (map) => [...map],
  });
}

/** A game time that may be "never" (-Infinity in the mind, null in a save, as JSON has no infinity). */
const timeOrNever = z.codec(
  z.number().nullable(),
  z.custom<number>((t) => typeof t === "number" && !Number.isNaN(t)),
  {
    decode: (t) => t ?? -Infinity,
    encode: (t) => (Number.isFinite(t) ? t : null),
  },
);

/** An observation waiting for its importance score (scored in batches). */
export const PendingObservation = z.object({
  created: z.number(),
  description: z.string(),
  subject: z.string(),
  predicate: z.string(),
  object: z.string(),
  keywords: z.array(z.string()),
  /** Scored by the keyword scale without a call (idle events, objects in residents' use). */
  routine: z.boolean().optional(),
  /** Who gave a thing this state by a person's command (a moderator), when someone did: news. */
  setBy: z.string().optional(),
});

export const ChatMemo = z.object({ ended: z.number(), topic: z.string() });

/**
 * What a resident's mind keeps by value: the one source of that part of AgentState (state.ts),
 * of its save (in a save: Maps as pairs, "never" as null) and of its copy (a save decoded is a
 * fresh copy). Key order is the save's.
 */
export const AgentData = z.object({
  /** Revised every morning by the day plan. */
  currently: z.string(),
  schedule: Schedule.optional(),
  /** Yesterday's broad plan. */
  yesterday: z.array(z.string()),
  /** What the agent is doing, as the mind last decided it. */
  current: z
    .object({
      task: Task.optional(),
      action: z.string(),
      address: z.string(),
      until: z.number(),
      waiting: z.boolean().optional(),
    })
    .optional(),
  pending: z.array(PendingObservation),
  /** Game time before which the agent will not start a conversation with another (by id). */
  chatCooldown: entries(z.number()),
  /** After deciding not to talk: until when, and what the other was doing then. */
  declined: entries(z.object({ until: z.number(), doing: z.string() })),
  /** How the agent sees each other agent, one sentence, updated after each conversation. */
  relationships: entries(z.string()),
  lastChat: entries(ChatMemo),
  /** Object states a person set that the agent already reacted to: address -> state. */
  objectReactions: z.codec(
    z.array(z.tuple([z.string(), z.string()])).optional(),
    z.map(z.string(), z.string()),
    { decode: (pairs) => new Map(pairs ?? []), encode: (map) => [...map] },
  ),
  /** Whom the agent is (about to be) talking to, "" when nobody, and since when (game ms). */
  engagedWith: z.string(),
  engagedSince: z.number(),
  /** The last perceived set, to skip ticks that bring nothing new. */
  lastSeen: z.string(),
  /** Game time of the last reflection and of the last reaction call. */
  lastReflection: timeOrNever,
  lastReaction: timeOrNever,
  /** Whether the persona's own life ("currently") entered the stream yet (older saves: it did). */
  seeded: z.codec(z.boolean().optional(), z.boolean(), {
    decode: (b) => b ?? true,
    encode: (b) => b,
  }),
  /** Game time its "currently" entered the stream: the day its relative days ("tomorrow") are
   *  said from (older saves: none, said as written). */
  seededOn: z.number().optional(),
  /** A conversation the mind wrote and the Town is playing: what this side takes away at its end. */
  chat: z
    .object({
      with: z.string(),
      lines: z.array(Line),
      topic: z.string(),
      takeaway: Takeaway.extend({
        facts: z.array(Fact).optional(),
        meeting: z.string().optional(),
        notes: z
          .object({
            memo: MemoryNote.optional(),
            planning: MemoryNote.optional(),
            meeting: MemoryNote.optional(),
          })
          .optional(),
      }).optional(),
      /** The typed record each line told (offline; saves before them have none). */
      told: z.array(Fact.nullable()).optional(),
      /** What each line asked (offline; saves before them have none). */
      asked: z.array(z.string().nullable()).optional(),
      /** A meeting the two agreed in it (offline; saves before them have none). */
      agreed: z
        .object({
          proposer: z.string(),
          accepter: z.string(),
          at: z.number(),
          place: z.string(),
          placeName: z.string(),
          line: z.number(),
        })
        .optional(),
    })
    .optional(),
  /** Last game time the agent was ticked. */
  now: z.number(),
});
export type AgentData = z.output<typeof AgentData>;

/** One resident in a save: its data, its memory stream's own snapshot and its known addresses. */
const SavedAgent = z.object({
  id: z.string(),
  currently: z.string(),
  /** The memory stream's own snapshot (its format belongs to the memory implementation). */
  memory: z.unknown(),
  spatial: z.array(z.string()),
  ...AgentData.omit({ currently: true }).shape,
});

export const MindSnapshot = z.object({
  kind: z.literal("generative"),
  v: z.literal(1),
  stats: z.object({
    observations: z.number(),
    reflections: z.number(),
    conversations: z.number(),
    retrievals: z.number(),
    plans: z.number(),
    decompositions: z.number(),
    plansReused: z.number().optional(),
  }),
  agents: z.array(SavedAgent),
});
/** The mind's save as it is written (JSON). */
export type MindSnapshot = z.input<typeof MindSnapshot>;

/**
 * An encoder made once from a schema: what `z.encode(schema, value)` gives for a value of the
 * schema's type (objects with the schema's keys in its order, Maps and "never" as a save writes
 * them), without checking the value again: a save of a thousand residents encoded them through
 * zod's checks at every autosave (bench/RESULTS.md, "Session 26, scale26"). Kinds it does not know
 * are left to z.encode.
 */
export function encoderOf(schema: z.ZodType): (value: unknown) => unknown {
  const def = (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
  switch (def.type) {
    case "string":
    case "number":
    case "boolean":
    case "literal":
    case "enum":
    case "unknown":
    case "custom":
      return (v) => v;
    case "optional":
    case "nullable": {
      const inner = encoderOf(def.innerType!);
      return (v) => (v === undefined || v === null ? v : inner(v));
    }
    case "array": {
      const element = encoderOf(def.element!);
      return (v) => (v as unknown[]).map(element);
    }
    case "tuple": {
      const items = def.items!.map(encoderOf);
      return (v) => items.map((e, i) => e((v as unknown[])[i]));
    }
    case "map": {
      const value = encoderOf(def.valueType!);
      return (v) => new Map([...(v as Map<unknown, unknown>)].map(([k, x]) => [k, value(x)]));
    }
    case "pipe": {
      // A codec: encoded backward, from its decoded side through its encode to its saved side.
      if (!def.reverseTransform) break;
      const out = encoderOf(def.out!);
      const back = def.reverseTransform;
      const into = encoderOf(def.in!);
      return (v) => into(back(out(v)));
    }
    case "object": {
      if (def.catchall) break;
      const fields = Object.entries(def.shape!).map(([key, s]) => [key, encoderOf(s)] as const);
      return (v) => {
        const input = v as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, encode] of fields) {
          const x = input[key];
          if (x !== undefined) out[key] = encode(x);
          else if (key in input) out[key] = undefined;
        }
        return out;
      };
    }
  }
  return (v) => z.encode(schema, v);
}

/** What encoderOf reads of a zod schema's definition. */
interface SchemaDef {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  items?: z.ZodType[];
  valueType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  reverseTransform?: (v: unknown) => unknown;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
}

const encodeAgentData = encoderOf(AgentData) as (s: AgentData) => z.input<typeof AgentData>;

/** A resident's save as its state, for saving. */
export function savedAgent(
  s: AgentData & {
    id: string;
    memory: { snapshot(): unknown };
    spatial: { addressesKept(): readonly string[] };
  },
): z.input<typeof SavedAgent> {
  const { currently, ...data } = encodeAgentData(s);
  return {
    id: s.id,
    currently,
    memory: s.memory.snapshot(),
    // The same frozen list while the resident learned no new place (a save's text of it is kept).
    spatial: s.spatial.addressesKept() as string[],
    ...data,
  };
}

/** The fields of AgentData, to copy a decoded save onto a resident's state. */
export const agentDataKeys = Object.keys(AgentData.shape) as (keyof AgentData)[];

/** The snapshot decoded (Maps, "never"), or an error naming what is wrong with it. */
export function parseMindSnapshot(data: unknown): z.output<typeof MindSnapshot> {
  const r = MindSnapshot.safeParse(data);
  if (!r.success)
    throw new Error(
      `not a snapshot of a generative mind: ${r.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
        .join("; ")}`,
    );
  return r.data;
}
