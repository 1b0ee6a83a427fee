// The saved form of a Town, validated when read back from the store.
import { z } from "zod";

const Line = z.object({ speaker: z.string(), name: z.string(), text: z.string() });

export const TownSnapshot = z.object({
  version: z.literal(1),
  template: z.string(),
  step: z.number().int().nonnegative(),
  time: z.number(),
  seed: z.number().int(),
  agents: z.array(
    z.object({
      id: z.string(),
      x: z.number().int(),
      y: z.number().int(),
      action: z.string(),
      emoji: z.string(),
      address: z.string(),
      until: z.number().nullable(),
      predicate: z.string().default(""),
      object: z.string().default(""),
      objectState: z.string().default(""),
      talkingTo: z.string().default(""),
      /** Tiles still to walk, [x, y] each; older saves recompute the path. */
      path: z.array(z.tuple([z.number().int(), z.number().int()])).optional(),
      /** Things that happened to the agent that its mind has not heard yet (Notice in ./mind.ts). */
      notices: z.array(z.unknown()).optional(),
      /** Tile index the agent last looked from (spatial memory), -1 for none. */
      lastSeenFrom: z.number().int().optional(),
    }),
  ),
  objects: z.array(z.object({ address: z.string(), state: z.string(), by: z.string(), holder: z.string().default("") })).default([]),
  conversations: z
    .array(z.object({ a: z.string(), b: z.string(), lines: z.array(Line), topic: z.string(), started: z.number(), until: z.number(), spoken: z.number().int() }))
    .default([]),
  /** The minds' own state (memories, plans): opaque to the Town. */
  mind: z.unknown().optional(),
});
export type TownSnapshot = z.infer<typeof TownSnapshot>;
