// GET /api/agents/:id/memories: a resident's memory stream read from the database, newest first,
// a page at a time (`before` = the `next` of the previous page).
import { z } from "zod";

export const MEMORY_TYPES = ["observation", "thought", "chat", "plan"] as const;

export const MemoryQuery = z
  .object({
    town: z.string().max(64).optional(),
    /** Words the description contains (case-insensitive). */
    q: z.string().trim().max(200).optional(),
    type: z.enum(MEMORY_TYPES).optional(),
    /** Game time bounds of `created`, ISO 8601 (inclusive). */
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    /** Only memories with a smaller id (paging). */
    before: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();
export type MemoryQuery = z.infer<typeof MemoryQuery>;

export interface MemoryItem {
  id: number;
  type: (typeof MEMORY_TYPES)[number];
  /** Game time, ISO 8601. */
  created: string;
  lastAccessed: string;
  description: string;
  importance: number;
  evidence: number[];
  lines?: [string, string][];
}

export interface MemoryPage {
  agent: string;
  memories: MemoryItem[];
  /** `before` for the next page, null on the last one. */
  next: number | null;
}
