// The mind's trace as rows (MindTrace): written with the memory rows' batches (memoryRows.ts:
// each entry arrives as its row's JSON, made where the minds run), read back a page at a time
// for the API, the command line and the replay, and deleted past TRACE_KEEP_DAYS game days.
import type { PrismaClient } from "../../generated/prisma/client.ts";
import { TraceEntry, type TracePage } from "../../shared/trace.ts";
import type { RawSql } from "./rawSql.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The town's clock as the trace's writer needs it. */
export interface TraceClock {
  /** The town's step at a game time. */
  stepAt(time: number): number;
  /** Game time now. */
  now(): number;
  /** Game days the trace is kept (TRACE_KEEP_DAYS). */
  keepDays: number;
}

/** The batch's trace rows as one JSON array: each row's fields with its seq and step spliced in. */
export function traceRowsJson(
  rows: readonly { seq: number; fields: string }[],
  clock: TraceClock | undefined,
): string {
  const out: string[] = [];
  for (const r of rows) {
    // The time is the row's second field (journal.ts writes agentId, time, n, prompt, entry).
    const time = Number(/"time":(-?[\d.e+-]+)/.exec(r.fields)?.[1]);
    const step = clock && Number.isFinite(time) ? clock.stepAt(time) : null;
    out.push(`{"seq":${r.seq},"step":${step},${r.fields}}`);
  }
  return `[${out.join(",")}]`;
}

/**
 * Deletes a town's trace rows older than its keep (game days before the town's time), except those
 * a stored recording of the town still covers (a step within its span): a replay explains itself
 * for as long as the recording is kept, and its export carries them. Deleting the recording lets
 * them go at the next compaction.
 */
export async function deleteOldTrace(
  raw: RawSql,
  townId: string,
  clock: TraceClock,
): Promise<void> {
  const before = clock.now() - clock.keepDays * DAY_MS;
  await raw.query(
    `DELETE FROM "MindTrace" AS t WHERE t."townId" = $1 AND t.time < $2
     AND NOT EXISTS (SELECT 1 FROM "Recording" AS r WHERE r."townId" = $1
       AND t.step IS NOT NULL AND t.step >= r."fromStep" AND t.step <= r."toStep")`,
    [townId, before],
  );
}

/** What a page of the trace is asked for. */
export interface TraceQuery {
  /** The town's rows, or an imported recording's. */
  townId?: string;
  recordingId?: string;
  agentId?: string;
  /** Game time range (ms), inclusive. */
  from?: number;
  to?: number;
  /** Only asks from and up to these steps (a recording's span; the replay at a step). */
  fromStep?: number;
  toStep?: number;
  prompt?: string;
  limit?: number;
  /** The cursor of the page before ("time:n"): rows older than it. */
  before?: string;
}

interface Row {
  time: number;
  n: number;
  step: number | null;
  entry: unknown;
}

/** A page of entries, newest first, and the cursor of the next page (null at the end). */
export async function readTrace(
  raw: RawSql,
  q: TraceQuery,
): Promise<{ entries: TraceEntry[]; next: string | null }> {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const add = (sql: string, v: string | number) => {
    params.push(v);
    where.push(sql.replace("?", `$${params.length}`));
  };
  if (q.townId !== undefined) add(`"townId" = ?`, q.townId);
  if (q.recordingId !== undefined) add(`"recordingId" = ?`, q.recordingId);
  if (q.agentId !== undefined) add(`"agentId" = ?`, q.agentId);
  if (q.from !== undefined) add(`time >= ?`, q.from);
  if (q.to !== undefined) add(`time <= ?`, q.to);
  if (q.fromStep !== undefined) add(`step >= ?`, q.fromStep);
  if (q.toStep !== undefined) add(`step <= ?`, q.toStep);
  if (q.prompt !== undefined) add(`prompt = ?`, q.prompt);
  if (q.before) {
    const [t, n] = q.before.split(":").map(Number);
    if (Number.isFinite(t) && Number.isFinite(n)) {
      params.push(t, n);
      where.push(`(time, n) < ($${params.length - 1}, $${params.length})`);
    }
  }
  if (!where.length) throw new Error("a trace is read for a town or a recording");
  const limit = Math.max(1, Math.min(q.limit ?? 50, 500));
  const rows = await raw.query<Row>(
    `SELECT time, n, step, entry FROM "MindTrace" WHERE ${where.join(" AND ")}
     ORDER BY time DESC, n DESC LIMIT ${limit + 1}`,
    params,
  );
  const page = rows.slice(0, limit);
  const entries: TraceEntry[] = [];
  for (const r of page) {
    const parsed = TraceEntry.safeParse(
      typeof r.entry === "string" ? JSON.parse(r.entry) : r.entry,
    );
    if (parsed.success) entries.push({ ...parsed.data, step: r.step });
  }
  const last = page.at(-1);
  return { entries, next: rows.length > limit && last ? `${last.time}:${last.n}` : null };
}

/** The prompts a resident's trace holds, for the tab's filter. */
export async function tracePrompts(
  raw: RawSql,
  where: { townId?: string; recordingId?: string; agentId: string },
): Promise<string[]> {
  const owner = where.townId !== undefined ? `"townId"` : `"recordingId"`;
  const rows = await raw.query<{ prompt: string }>(
    `SELECT DISTINCT prompt FROM "MindTrace" WHERE ${owner} = $1 AND "agentId" = $2 ORDER BY prompt`,
    [where.townId ?? where.recordingId ?? "", where.agentId],
  );
  return rows.map((r) => r.prompt);
}

/** A recording's trace, oldest first, for its export: its own rows (an imported one), else its
 *  town's between its steps. */
export async function recordingTrace(
  raw: RawSql,
  recordingId: string,
  townId: string | null,
  fromStep: number,
  toStep: number,
): Promise<TraceEntry[]> {
  const rows = await raw.query<Row>(
    `SELECT time, n, step, entry FROM "MindTrace"
     WHERE "recordingId" = $1 OR ("townId" = $2 AND step >= $3 AND step <= $4)
     ORDER BY time, n`,
    [recordingId, townId ?? "", fromStep, toStep],
  );
  return rows.flatMap((r) => {
    const p = TraceEntry.safeParse(typeof r.entry === "string" ? JSON.parse(r.entry) : r.entry);
    return p.success ? [{ ...p.data, step: r.step }] : [];
  });
}

/** Where a trace is read from: a saved town, or a recording (up to a step). */
export type TraceSource = { town: string } | { recording: string; step?: number };

/**
 * A page of a resident's trace, from a saved town by name or from a recording: an imported
 * recording has rows of its own; another is read from its town's rows between its steps. Null
 * when the town or recording does not exist.
 */
export async function pageTrace(
  db: { prisma: PrismaClient; raw: RawSql },
  source: TraceSource,
  agentId: string,
  q: Omit<TraceQuery, "townId" | "recordingId" | "agentId" | "fromStep" | "toStep"> = {},
): Promise<TracePage | null> {
  let where: Pick<TraceQuery, "townId" | "recordingId" | "fromStep" | "toStep">;
  if ("town" in source) {
    const town = await db.prisma.town.findUnique({ where: { name: source.town } });
    if (!town) return null;
    where = { townId: town.id };
  } else {
    const rec = await db.prisma.recording.findUnique({ where: { id: source.recording } });
    if (!rec) return null;
    const own = await db.prisma.mindTrace.findFirst({
      where: { recordingId: rec.id },
      select: { id: true },
    });
    const toStep = Math.min(source.step ?? rec.toStep, rec.toStep);
    where = own || !rec.townId ? { recordingId: rec.id, toStep } : { townId: rec.townId, toStep };
    if (!own && rec.townId) where.fromStep = rec.fromStep;
  }
  const page = await readTrace(db.raw, { ...q, ...where, agentId });
  const prompts = await tracePrompts(db.raw, { ...where, agentId });
  return { agent: agentId, entries: page.entries, next: page.next, prompts };
}
