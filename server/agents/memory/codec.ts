// How a memory stream is saved: memories as JSON with their embeddings in a table of base64
// strings (the same text embeds the same, so repeated descriptions share one entry). The zod
// schema checks a save before a stream is rebuilt from it. A stream restored from rows gets its
// table as Float32Arrays (store/memoryRows.ts reads the vectors as bytes, not as text).
import { z } from "zod";
import { Fact } from "./fact.ts";
import { MemoryNote } from "./note.ts";

export function toBase64(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64");
}

/** A saved table entry as a vector (a Float32Array entry is used as it is). */
export function toVector(e: string | Float32Array): Float32Array {
  return typeof e === "string" ? fromBase64(e) : e;
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
  /** Typed records (memory/fact.ts); saves made before them have none. */
  facts: z.array(Fact).optional(),
  /** What a memory the engine wrote after a talk is, as values (memory/note.ts); saves made
   *  before them have none (the stream reads one from the text). */
  note: MemoryNote.optional(),
  /** Index into the snapshot's embedding table. */
  e: z.number().int().nonnegative(),
});
export type SavedMemory = z.infer<typeof SavedMemory>;

export const SavedStream = z
  .object({
    v: z.literal(1),
    next: z.number().int(),
    sinceReflection: z.number(),
    embeddings: z.array(z.union([z.string(), z.instanceof(Float32Array)])),
    memories: z.array(SavedMemory),
  })
  .refine(
    (s) => s.memories.every((m) => m.e < s.embeddings.length),
    "a memory points past the embedding table",
  );
export type SavedStream = z.infer<typeof SavedStream>;

/** A journaled stream's save: its memories are rows (server/store/memoryRows.ts), restored as a SavedStream. */
export const StreamHead = z.object({
  v: z.literal(2),
  next: z.number().int(),
  sinceReflection: z.number(),
  size: z.number().int().nonnegative(),
});
export type StreamHead = z.infer<typeof StreamHead>;
