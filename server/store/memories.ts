// A resident's memory stream as the database holds it (store/memoryRows.ts): paged, newest first,
// filtered by text, type and game time. The API and the evaluation harness read memories here.
import type { PrismaClient } from "../../generated/prisma/client.ts";
import type { MemoryItem, MemoryPage, MemoryQuery } from "../../shared/memories.ts";

export type MemoryFilter = Partial<Omit<MemoryQuery, "town" | "from" | "to">> & {
  from?: number;
  to?: number;
};

export async function pageMemories(
  prisma: PrismaClient,
  townId: string,
  agentId: string,
  f: MemoryFilter = {},
): Promise<MemoryPage> {
  const limit = Math.max(1, Math.min(200, f.limit ?? 50));
  const rows = await prisma.memory.findMany({
    where: {
      townId,
      agentId,
      ...(f.type ? { type: f.type } : {}),
      ...(f.q ? { description: { contains: f.q, mode: "insensitive" as const } } : {}),
      ...(f.from !== undefined || f.to !== undefined
        ? {
            created: {
              ...(f.from !== undefined ? { gte: f.from } : {}),
              ...(f.to !== undefined ? { lte: f.to } : {}),
            },
          }
        : {}),
      ...(f.before !== undefined ? { memId: { lt: f.before } } : {}),
    },
    orderBy: { memId: "desc" },
    take: limit + 1,
    select: {
      memId: true,
      type: true,
      created: true,
      lastAccessed: true,
      description: true,
      importance: true,
      evidence: true,
      lines: true,
    },
  });
  const page = rows.slice(0, limit);
  const memories: MemoryItem[] = page.map((r) => ({
    id: r.memId,
    type: r.type as MemoryItem["type"],
    created: new Date(r.created).toISOString(),
    lastAccessed: new Date(r.lastAccessed).toISOString(),
    description: r.description,
    importance: r.importance,
    evidence: r.evidence,
    ...(r.lines ? { lines: r.lines as [string, string][] } : {}),
  }));
  return { agent: agentId, memories, next: rows.length > limit ? page.at(-1)!.memId : null };
}

/** Every memory of a resident in a save (by the save's name), oldest first: for the evaluation harness. */
export async function allMemories(
  prisma: PrismaClient,
  save: string,
  agentId: string,
): Promise<MemoryItem[]> {
  const town = await prisma.town.findUnique({ where: { name: save }, select: { id: true } });
  if (!town) return [];
  const out: MemoryItem[] = [];
  let before: number | undefined;
  for (;;) {
    const page = await pageMemories(prisma, town.id, agentId, { limit: 200, before });
    out.push(...page.memories);
    if (page.next === null) break;
    before = page.next;
  }
  return out.reverse();
}
