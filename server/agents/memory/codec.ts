// How a memory stream is saved: memories as JSON with their embeddings in a table of base64
// strings (the same text embeds the same, so repeated descriptions share one entry). The zod
// schema checks a save before a stream is rebuilt from it.
import { z } from "zod";

export function toBase64(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
}

export function fromBase64(s: string): Float32Array {
  const b = Buffer.from(s, "base64");
  const out = new Float32Array(b.byteLength / 4);
  new Uint8Array(out.buffer).set(b);
  return out;
}

export const SavedMemory = z.object({
  id: z.number().int(),
  type: z.enum(["observation", "thought", "chat", "plan"]),
  created: z.number(),
  lastAccessed: z.number(),
  description: z.string(),
  subject: z.string(),
  predicate: z.string(),
  object: z.string(),
  importance: z.number(),
  keywords: z.array(z.string()).optional(),
  evidence: z.array(z.number().int()).optional(),
  lines: z.array(z.tuple([z.string(), z.string()])).optional(),
  depth: z.number().int().optional(),
  /** Index into the snapshot's embedding table. */
  e: z.number().int().nonnegative(),
});
export type SavedMemory = z.infer<typeof SavedMemory>;

export const SavedStream = z
  .object({
    v: z.literal(1),
    next: z.number().int(),
    sinceReflection: z.number(),
    embeddings: z.array(z.string()),
    memories: z.array(SavedMemory),
  })
  .refine((s) => s.memories.every((m) => m.e < s.embeddings.length), "a memory points past the embedding table");
export type SavedStream = z.infer<typeof SavedStream>;
