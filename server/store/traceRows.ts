// The mind's trace as rows (MindTrace): written with the memory rows' batches (memoryRows.ts:
// each entry arrives as its row's JSON, made where the minds run), read back a page at a time
// for the API, the command line and the replay, and deleted past TRACE_KEEP_DAYS game days.
import { TraceEntry } from "../../shared/trace.ts";
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

/** Deletes a town's trace rows older than its keep (game days before the town's time). */
export async function deleteOldTrace(
  raw: RawSql,
  townId: string,
  clock: TraceClock,
): Promise<void> {
  const before = clock.now() - clock.keepDays * DAY_MS;
  await raw.query(`DELETE FROM "MindTrace" WHERE "townId" = $1 AND time < $2`, [townId, before]);
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
  /** Only asks up to this step (the replay at a step). */
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
  if (q.toStep !== undefined) add(`(step IS NULL OR step <= ?)`, q.toStep);
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

/** A town's trace between two steps, oldest first, for a recording's export. */
export async function traceForExport(
  raw: RawSql,
  townId: string,
  fromStep: number,
  toStep: number,
): Promise<TraceEntry[]> {
  const rows = await raw.query<Row>(
    `SELECT time, n, step, entry FROM "MindTrace" WHERE "townId" = $1 AND step >= $2 AND step <= $3
     ORDER BY time, n`,
    [townId, fromStep, toStep],
  );
  return rows.flatMap((r) => {
    const p = TraceEntry.safeParse(typeof r.entry === "string" ? JSON.parse(r.entry) : r.entry);
    return p.success ? [{ ...p.data, step: r.step }] : [];
  });
}

/** An imported recording's trace, as rows of its own. */
export async function importTrace(
  raw: RawSql,
  recordingId: string,
  entries: readonly TraceEntry[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    const rows = entries.slice(i, i + 1000).map((e, j) => ({
      id: `${recordingId}:${i + j}`,
      seq: i + j,
      agentId: e.agentId,
      time: e.time,
      n: e.n,
      step: e.step,
      prompt: e.prompt,
      entry: e,
    }));
    await raw.query(
      `INSERT INTO "MindTrace" (id, "recordingId", seq, "agentId", time, n, step, prompt, entry)
       SELECT r.id, $1, r.seq, r."agentId", r.time, r.n, r.step, r.prompt, r.entry
       FROM json_to_recordset($2::json) AS r(id text, seq int, "agentId" text, time float8, n int, step int, prompt text, entry json)`,
      [recordingId, JSON.stringify(rows)],
    );
  }
}
