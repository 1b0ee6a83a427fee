// The generative mind's save: every resident's state beside its memory stream (whose own format
// is the memory package's, checked by the stream when it loads). Validated before a restore, so a
// broken or foreign save is refused with a clear error instead of half-restoring a town.
import { Fact } from "./memory/fact.ts";
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

const SavedAgent = z.object({
  id: z.string(),
  currently: z.string(),
  /** The memory stream's own snapshot (its format belongs to the memory implementation). */
  memory: z.unknown(),
  spatial: z.array(z.string()),
  schedule: Schedule.optional(),
  yesterday: z.array(z.string()),
  current: z
    .object({
      task: Task.optional(),
      action: z.string(),
      address: z.string(),
      until: z.number(),
      waiting: z.boolean().optional(),
    })
    .optional(),
  pending: z.array(
    z.object({
      created: z.number(),
      description: z.string(),
      subject: z.string(),
      predicate: z.string(),
      object: z.string(),
      keywords: z.array(z.string()),
      routine: z.boolean().optional(),
    }),
  ),
  chatCooldown: z.array(z.tuple([z.string(), z.number()])),
  declined: z.array(z.tuple([z.string(), z.object({ until: z.number(), doing: z.string() })])),
  relationships: z.array(z.tuple([z.string(), z.string()])),
  lastChat: z.array(z.tuple([z.string(), z.object({ ended: z.number(), topic: z.string() })])),
  objectReactions: z.array(z.tuple([z.string(), z.string()])).optional(),
  engagedWith: z.string(),
  engagedSince: z.number(),
  chat: z
    .object({
      with: z.string(),
      lines: z.array(Line),
      topic: z.string(),
      takeaway: Takeaway.extend({ facts: z.array(Fact).optional() }).optional(),
      /** The typed record each line told (offline; saves before them have none). */
      told: z.array(Fact.nullable()).optional(),
    })
    .optional(),
  lastSeen: z.string(),
  lastReflection: z.number().nullable(),
  lastReaction: z.number().nullable(),
  /** Whether the persona's own life (its "currently") is already in the stream. */
  seeded: z.boolean().optional(),
  now: z.number(),
});
export type SavedAgent = z.infer<typeof SavedAgent>;

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
export type MindSnapshot = z.infer<typeof MindSnapshot>;

/** The snapshot, or an error naming what is wrong with it. */
export function parseMindSnapshot(data: unknown): MindSnapshot {
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
