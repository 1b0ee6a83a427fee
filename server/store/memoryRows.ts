// Memories as rows: the writer that drains a town's memory journal (agents/memory/journal.ts)
// into the Memory and MemoryTouch tables in batches, off the step's path, and the reads that
// put a stream back together from them. The residents' large mind parts (MindPart) and the
// objects' states (ObjectState) go the same way: rows when they changed, placeholders in the
// small snapshot.
//
// Every row carries `seq`, the town's change counter. An autosave drains the journal at the
// instant it takes the town's small snapshot, writes the rows, then the snapshot with
// mark = the last seq: a restore reads rows with seq <= mark, and the writer that resumes a town
// first deletes any row past its mark (written after the last autosave by a process that died).
import type { Logger } from "pino";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import {
  ROW_PARTS,
  rowFields,
  type JournalFeed,
  type MemoryChange,
} from "../agents/memory/journal.ts";
import type { SavedMemory, SavedStream, StreamHead } from "../agents/memory/codec.ts";
import type { ObjectsSnapshot } from "../world/town/objects.ts";
import type { Dependency } from "./dependency.ts";
import type { RawSql } from "./rawSql.ts";
import { deleteOldTrace, traceRowsJson, type TraceClock } from "./traceRows.ts";

type Db = PrismaClient | Prisma.TransactionClient;

/** Where a town's rows go: the Prisma client, and the driver for the bulk writes and reads. */
export interface RowsDb {
  prisma: PrismaClient;
  raw: RawSql;
  /** Told when a write fails and when one gets through again (dependency.ts). */
  database?: Dependency;
}

/** Rows written in one statement at most (a long run between saves buffers more). */
const BATCH = 2000;

/**
 * Characters of row text in one statement at most (one row more when a single row is longer). A
 * statement's JSON is joined and handed to the database's thread in one go on the room's thread,
 * and thirty steps of 25 residents' traced prompts made one stall of ~20 ms there (with 200
 * people in the room, the worst slice of its second): in statements of this size the write goes
 * over several turns of the event loop, each waiting for the last statement's answer.
 */
export const BATCH_CHARS = 128 * 1024;

const PLACEHOLDER = "$row";

/** An object's state to write ("" is idle; address "" says every object was idle then). */
interface PendingObject {
  seq: number;
  address: string;
  state: string;
  by: string;
  holder: string;
}

/** An object as the Town's snapshot lists it. */
type SavedObject = ObjectsSnapshot[number];

/** A mind part to write: its JSON text as taken at the save. */
interface PendingPart {
  seq: number;
  agent: string;
  part: string;
  json: string;
}

export class MemoryRows {
  private seq: number;
  private pending: { seq: number; change: MemoryChange }[] = [];
  private pendingParts: PendingPart[] = [];
  private pendingObjects: PendingObject[] = [];
  /** Each part's JSON as last written (agent + part → text). */
  private lastParts = new Map<string, string>();
  /**
   * Each object's state as last written (address → state, by, holder), or null before this
   * writer's first save: that save says every object was idle, then lists them all (the rows'
   * state at the mark it resumed from is not known here, and an object idle since then must not
   * come back with the state it had).
   */
  private lastObjects: Map<string, string> | null = null;
  private writing: Promise<void> = Promise.resolve();
  /** Rows past this seq are another life's leftovers, deleted before the first write. */
  private clearAbove: number | null;
  /** The town's clock, for the trace rows' steps and their retention (set by the autosave). */
  traceClock?: TraceClock;

  /**
   * The writer of town `townId`, resuming at `mark` (the mark of the snapshot the town was
   * restored from), or from nothing (null: a new town, a fork, a save in the older format): then
   * every memory the town holds now is written as rows.
   */
  private readonly prisma: PrismaClient;
  private readonly raw: RawSql;
  private readonly database?: Dependency;

  constructor(
    db: RowsDb,
    private readonly townId: string,
    private readonly journal: JournalFeed,
    mark: number | null,
    private readonly log?: Pick<Logger, "error">,
  ) {
    this.prisma = db.prisma;
    this.raw = db.raw;
    this.database = db.database;
    this.seq = mark ?? 0;
    this.clearAbove = this.seq;
    if (mark === null) journal.backfill();
    else journal.drain();
  }

  /** The last seq handed out: the mark a snapshot taken now goes with. */
  get mark(): number {
    return this.seq;
  }

  /** Rows drained but not written yet. */
  get buffered(): number {
    return this.pending.length;
  }

  /** Numbers what the journal holds and buffers it (synchronous: call it beside the snapshot). */
  drain(): number {
    for (const change of this.journal.drain()) this.pending.push({ seq: ++this.seq, change });
    return this.seq;
  }

  /**
   * The small snapshot of the town's `data` (Town.snapshot(), taken just now): drains the journal,
   * moves the mind parts that changed since they were last written to rows, and gives the mark.
   * Synchronous, so nothing happens between the snapshot and its mark.
   */
  split(data: unknown): { data: unknown; mark: number } {
    this.drain();
    data = this.splitObjects(data);
    const agents = (data as { mind?: { agents?: Record<string, unknown>[] } } | null)?.mind?.agents;
    if (!Array.isArray(agents)) return { data, mark: this.seq };
    const mindState = (data as { mind: object }).mind;
    const small = agents.map((a) => {
      const out = { ...a };
      for (const part of ROW_PARTS) {
        if (out[part] === undefined) continue;
        // Made where the minds run, when they run on a thread of their own (mindThread.ts).
        const json =
          this.journal.partJson?.(mindState, String(a.id), part) ?? this.jsonOf(out[part]);
        const key = `${String(a.id)}\u0000${part}`;
        if (this.lastParts.get(key) !== json) {
          this.pendingParts.push({ seq: ++this.seq, agent: String(a.id), part, json });
          this.lastParts.set(key, json);
        }
        out[part] = { [PLACEHOLDER]: part };
      }
      return out;
    });
    const mind = (data as { mind: object }).mind;
    return { data: { ...(data as object), mind: { ...mind, agents: small } }, mark: this.seq };
  }

  /**
   * A part's JSON. A frozen part (a resident's places, the same list while it learned no new
   * place: SpatialMemory.addressesKept) is the same text every save: its text is kept with it
   * and not made again (at town-1000, a thousand lists of hundreds of places at every save).
   */
  private jsonOf(part: unknown): string {
    if (typeof part !== "object" || part === null || !Object.isFrozen(part))
      return JSON.stringify(part);
    let json = this.frozenJson.get(part);
    if (json === undefined) this.frozenJson.set(part, (json = JSON.stringify(part)));
    return json;
  }
  private readonly frozenJson = new WeakMap<object, string>();

  /** The objects' states that changed since the last save to rows; a placeholder in the snapshot. */
  private splitObjects(data: unknown): unknown {
    const objects = (data as { objects?: unknown } | null)?.objects;
    if (!Array.isArray(objects)) return data;
    let last = this.lastObjects;
    if (!last) {
      this.pendingObjects.push({ seq: ++this.seq, address: "", state: "", by: "", holder: "" });
      last = this.lastObjects = new Map();
    }
    const now = new Set<string>();
    for (const o of objects as SavedObject[]) {
      now.add(o.address);
      const key = JSON.stringify([o.state, o.by, o.holder]);
      if (last.get(o.address) === key) continue;
      last.set(o.address, key);
      this.pendingObjects.push({ seq: ++this.seq, ...o });
    }
    for (const address of last.keys()) {
      if (now.has(address)) continue;
      last.delete(address);
      this.pendingObjects.push({ seq: ++this.seq, address, state: "", by: "", holder: "" });
    }
    return { ...(data as object), objects: { [PLACEHOLDER]: "objects" } };
  }

  /** The town was restored again (from another process's save): continue from that save's mark. */
  restart(mark: number | null): void {
    this.pending = [];
    this.pendingParts = [];
    this.pendingObjects = [];
    this.lastParts.clear();
    this.lastObjects = null;
    this.seq = mark ?? 0;
    this.clearAbove = this.seq;
    if (mark === null) this.journal.backfill();
    else this.journal.drain();
  }

  /** Writes what is buffered, after any write in progress. Rejects when a write fails (the rows stay buffered). */
  flush(): Promise<void> {
    const run = this.writing.catch(() => {}).then(() => this.writeAll());
    this.writing = run;
    return run;
  }

  /** Drains and writes in the background; a failure is logged and retried at the next flush. */
  flushSoon(): void {
    this.drain();
    if (this.pending.length)
      this.flush().catch((err: unknown) =>
        this.database
          ? this.database.failed("memory rows write", err)
          : this.log?.error({ err }, "memory rows write failed"),
      );
  }

  /** Folds the touches up to a saved mark into their memories (after the snapshot with that mark is written). */
  compact(mark: number): Promise<void> {
    return compactTouches(this.raw, this.townId, mark).then(() =>
      this.traceClock ? deleteOldTrace(this.raw, this.townId, this.traceClock) : undefined,
    );
  }

  private async writeAll(): Promise<void> {
    if (this.clearAbove !== null) {
      await deleteRowsAbove(this.prisma, this.townId, this.clearAbove);
      this.clearAbove = null;
    }
    if (!this.pending.length && !this.pendingParts.length && !this.pendingObjects.length) return;
    do {
      // Memories first, then the mind parts, the objects with the last statement, each statement
      // up to BATCH_CHARS (at least one row).
      let chars = 0;
      let n = 0;
      while (n < this.pending.length && n < BATCH) {
        const size = rowChars(this.pending[n].change);
        if (n > 0 && chars + size > BATCH_CHARS) break;
        chars += size;
        n++;
      }
      const batch = this.pending.slice(0, n);
      let k = 0;
      if (n === this.pending.length)
        while (k < this.pendingParts.length) {
          const size = this.pendingParts[k].json.length;
          if ((n > 0 || k > 0) && chars + size > BATCH_CHARS) break;
          chars += size;
          k++;
        }
      const parts = this.pendingParts.slice(0, k);
      const objects =
        n === this.pending.length && k === this.pendingParts.length
          ? this.pendingObjects.slice()
          : [];
      await writeBatch(this.raw, this.townId, batch, parts, objects, this.traceClock);
      this.pending.splice(0, batch.length);
      this.pendingParts.splice(0, parts.length);
      this.pendingObjects.splice(0, objects.length);
    } while (this.pending.length || this.pendingParts.length || this.pendingObjects.length);
  }
}

/** About how many characters a change's row takes (the row's text when it is written already). */
function rowChars(c: MemoryChange): number {
  if (c.kind === "row") return c.fields.length;
  if (c.kind === "touch") return 60 + 8 * c.ids.length;
  // The embedding as base64 and the description; the rest is of the order of a few hundred.
  return 300 + Math.ceil((c.memory.embedding.byteLength * 4) / 3) + c.memory.description.length;
}

/**
 * One batch in one statement on the driver (rawSql.ts): the rows travel as one JSON parameter per
 * table, embeddings as base64, each mind part's JSON text spliced in as it is, and the database
 * unpacks them (json_to_recordset). A single statement is atomic: a batch is written whole or not
 * at all (a retry never meets half of it). Through Prisma the same batch cost three times as much,
 * most of it on the step's thread (bench/RESULTS.md, issue 17).
 */
async function writeBatch(
  raw: RawSql,
  townId: string,
  batch: { seq: number; change: MemoryChange }[],
  parts: PendingPart[],
  objects: PendingObject[],
  clock?: TraceClock,
): Promise<void> {
  // Each row's JSON text with its seq spliced in: a mind on another thread sends its changes
  // already written (rowFields there), so this thread only joins strings.
  const memories: string[] = [];
  const touches: string[] = [];
  const traces: { seq: number; fields: string }[] = [];
  for (const { seq, change } of batch) {
    const row = rowFields(change);
    if (row.table === "trace") traces.push({ seq, fields: row.fields });
    else (row.table === "memory" ? memories : touches).push(`{"seq":${seq},${row.fields}}`);
  }
  const partRows = parts.map(
    (p) =>
      `{"seq":${p.seq},"agentId":${JSON.stringify(p.agent)},"part":${JSON.stringify(p.part)},"data":${p.json}}`,
  );
  await raw.query(
    `WITH m AS (
       INSERT INTO "Memory" ("townId", "agentId", "memId", seq, type, created, "lastAccessed", description, subject, predicate, object, importance, keywords, evidence, lines, depth, facts, note, embedding)
       SELECT $1, r."agentId", r."memId", r.seq, r.type, r.created, r."lastAccessed", r.description, r.subject, r.predicate, r.object, r.importance, r.keywords, r.evidence, r.lines, r.depth, r.facts, r.note, decode(r.embedding, 'base64')
       FROM json_to_recordset($2::json) AS r("agentId" text, "memId" int, seq int, type text, created float8, "lastAccessed" float8, description text, subject text,
         predicate text, object text, importance int, keywords text[], evidence int[], lines json, depth int, facts json, note json, embedding text)
       RETURNING 1
     ), t AS (
       INSERT INTO "MemoryTouch" ("townId", seq, "agentId", at, ids)
       SELECT $1, r.seq, r."agentId", r.at, r.ids FROM json_to_recordset($3::json) AS r(seq int, "agentId" text, at float8, ids int[])
       RETURNING 1
     ), p AS (
       INSERT INTO "MindPart" ("townId", seq, "agentId", part, data)
       SELECT $1, r.seq, r."agentId", r.part, r.data FROM json_to_recordset($4::json) AS r(seq int, "agentId" text, part text, data json)
       RETURNING 1
     ), o AS (
       INSERT INTO "ObjectState" ("townId", seq, address, state, "by", holder)
       SELECT $1, r.seq, r.address, r.state, r."by", r.holder FROM json_to_recordset($5::json) AS r(seq int, address text, state text, "by" text, holder text)
       RETURNING 1
     ), tr AS (
       INSERT INTO "MindTrace" (id, "townId", seq, "agentId", time, n, step, prompt, entry)
       SELECT $1 || ':' || r.seq, $1, r.seq, r."agentId", r.time, r.n, r.step, r.prompt, r.entry
       FROM json_to_recordset($6::json) AS r(seq int, "agentId" text, time float8, n int, step int, prompt text, entry json)
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM m) AS memories, (SELECT count(*) FROM t) AS touches, (SELECT count(*) FROM p) AS parts, (SELECT count(*) FROM o) AS objects, (SELECT count(*) FROM tr) AS traces`,
    [
      townId,
      `[${memories.join(",")}]`,
      `[${touches.join(",")}]`,
      `[${partRows.join(",")}]`,
      JSON.stringify(objects),
      traceRowsJson(traces, clock),
    ],
  );
}

/** Deletes the rows of a town past `mark` (a restored town must never see them). */
export async function deleteRowsAbove(db: Db, townId: string, mark: number): Promise<void> {
  await db.memory.deleteMany({ where: { townId, seq: { gt: mark } } });
  await db.memoryTouch.deleteMany({ where: { townId, seq: { gt: mark } } });
  await db.mindPart.deleteMany({ where: { townId, seq: { gt: mark } } });
  await db.objectState.deleteMany({ where: { townId, seq: { gt: mark } } });
  await db.mindTrace.deleteMany({ where: { townId, seq: { gt: mark } } });
}

/**
 * Folds the touches a snapshot's mark covers into Memory.lastAccessed and deletes them, so a
 * restore reads one row per memory; deletes the mind parts and object states a newer one (still
 * covered by the mark) replaces, and the object states before the newest "all idle" row. One
 * statement on the driver, so all of it or nothing. (The parts of a data-modifying WITH all see
 * the tables as they were before it: the UPDATE reads the touches the DELETE removes.)
 */
export async function compactTouches(raw: RawSql, townId: string, mark: number): Promise<void> {
  await raw.query(
    `WITH folded AS (
       UPDATE "Memory" AS m SET "lastAccessed" = t.at
       FROM (SELECT DISTINCT ON ("agentId", id) "agentId", id, at
             FROM "MemoryTouch", unnest(ids) AS id
             WHERE "townId" = $1 AND seq <= $2
             ORDER BY "agentId", id, seq DESC) AS t
       WHERE m."townId" = $1 AND m."agentId" = t."agentId" AND m."memId" = t.id
       RETURNING 1
     ), touches AS (
       DELETE FROM "MemoryTouch" WHERE "townId" = $1 AND seq <= $2 RETURNING 1
     ), parts AS (
       DELETE FROM "MindPart" AS p WHERE p."townId" = $1 AND p.seq <= $2
         AND EXISTS (SELECT 1 FROM "MindPart" AS q WHERE q."townId" = p."townId" AND q."agentId" = p."agentId" AND q.part = p.part AND q.seq > p.seq AND q.seq <= $2)
       RETURNING 1
     ), objects AS (
       DELETE FROM "ObjectState" AS o WHERE o."townId" = $1 AND o.seq <= $2
         AND EXISTS (SELECT 1 FROM "ObjectState" AS q WHERE q."townId" = o."townId" AND q.seq > o.seq AND q.seq <= $2 AND (q.address = o.address OR q.address = ''))
       RETURNING 1
     )
     SELECT (SELECT count(*) FROM folded) AS folded, (SELECT count(*) FROM touches) AS touches, (SELECT count(*) FROM parts) AS parts, (SELECT count(*) FROM objects) AS objects`,
    [townId, mark],
  );
}

/** Copies the rows up to `mark` of one town into another (a fork starts with its parent's memories
 *  and its minds' trace). */
export async function copyRows(
  tx: Prisma.TransactionClient,
  from: string,
  to: string,
  mark: number,
): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO "Memory" ("townId", "agentId", "memId", seq, type, created, "lastAccessed", description, subject, predicate, object, importance, keywords, evidence, lines, depth, facts, note, embedding)
    SELECT ${to}, "agentId", "memId", seq, type, created, "lastAccessed", description, subject, predicate, object, importance, keywords, evidence, lines, depth, facts, note, embedding
    FROM "Memory" WHERE "townId" = ${from} AND seq <= ${mark}`;
  await tx.$executeRaw`
    INSERT INTO "MemoryTouch" ("townId", seq, "agentId", at, ids)
    SELECT ${to}, seq, "agentId", at, ids FROM "MemoryTouch" WHERE "townId" = ${from} AND seq <= ${mark}`;
  await tx.$executeRaw`
    INSERT INTO "MindPart" ("townId", seq, "agentId", part, data)
    SELECT ${to}, seq, "agentId", part, data FROM "MindPart" WHERE "townId" = ${from} AND seq <= ${mark}`;
  await tx.$executeRaw`
    INSERT INTO "ObjectState" ("townId", seq, address, state, "by", holder)
    SELECT ${to}, seq, address, state, "by", holder FROM "ObjectState" WHERE "townId" = ${from} AND seq <= ${mark}`;
  // The minds' trace up to the fork point: why its residents did what they did before it.
  await tx.$executeRaw`
    INSERT INTO "MindTrace" (id, "townId", seq, "agentId", time, n, step, prompt, entry)
    SELECT ${to} || ':' || seq, ${to}, seq, "agentId", time, n, step, prompt, entry
    FROM "MindTrace" WHERE "townId" = ${from} AND seq <= ${mark}`;
}

/**
 * The objects' states of a town as of `mark`, as the Town's snapshot lists them: per object the
 * newest row up to the mark and after the newest "all idle" row, idle ones left out.
 */
export async function readObjects(db: Db, townId: string, mark: number): Promise<SavedObject[]> {
  const rows = await db.$queryRaw<SavedObject[]>`
    WITH reset AS (
      SELECT coalesce(max(seq), -1) AS seq FROM "ObjectState" WHERE "townId" = ${townId} AND seq <= ${mark} AND address = ''
    )
    SELECT DISTINCT ON (address) address, state, "by", holder FROM "ObjectState", reset
    WHERE "townId" = ${townId} AND "ObjectState".seq <= ${mark} AND "ObjectState".seq > reset.seq AND address <> ''
    ORDER BY address, "ObjectState".seq DESC`;
  return rows.filter((r) => r.state !== "");
}

/** A memory row as the restore reads it. */
interface MemoryRow {
  agentId: string;
  memId: number;
  type: SavedMemory["type"];
  created: number;
  lastAccessed: number;
  description: string;
  subject: string;
  predicate: string;
  object: string;
  importance: number;
  keywords: string[];
  evidence: number[];
  lines: [string, string][] | null;
  depth: number | null;
  /** Typed records (agents/memory/fact.ts), or null (rows written before them too). */
  facts: SavedMemory["facts"] | null;
  /** What a memory the engine wrote after a talk is (agents/memory/note.ts), or null. */
  note: SavedMemory["note"] | null;
  embedding: Uint8Array;
}

/** A restored stream: its embeddings are Float32Arrays on the bytes the driver read (SavedStream allows them). */
export type RowStream = Pick<SavedStream, "embeddings" | "memories">;

/**
 * The memories of every resident of a town as of `mark`, in the stream's saved form (no head).
 * On the driver itself (rawSql.ts): each embedding a view on the bytes the driver decoded (no
 * base64, no copy per value); ordered here rather than by a database sort of 1 KB rows.
 */
export async function readStreams(
  db: Db,
  raw: RawSql,
  townId: string,
  mark: number,
): Promise<Map<string, RowStream>> {
  const rows = await raw.query<MemoryRow>(
    `SELECT "agentId", "memId", type, created, "lastAccessed", description, subject, predicate, object, importance, keywords, evidence, lines, depth, facts, note, embedding
     FROM "Memory" WHERE "townId" = $1 AND seq <= $2`,
    [townId, mark],
  );
  rows.sort((a, b) => (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : a.memId - b.memId));
  const streams = new Map<string, RowStream & { byId: Map<number, SavedMemory> }>();
  for (const r of rows) {
    let s = streams.get(r.agentId);
    if (!s) streams.set(r.agentId, (s = { embeddings: [], memories: [], byId: new Map() }));
    const m: SavedMemory = {
      id: r.memId,
      type: r.type,
      created: r.created,
      lastAccessed: r.lastAccessed,
      description: r.description,
      subject: r.subject,
      predicate: r.predicate,
      object: r.object,
      importance: r.importance,
      keywords: r.keywords,
      evidence: r.evidence,
      ...(r.lines ? { lines: r.lines } : {}),
      ...(r.depth !== null ? { depth: r.depth } : {}),
      ...(r.facts ? { facts: r.facts } : {}),
      ...(r.note ? { note: r.note } : {}),
      e: s.embeddings.length,
    };
    s.embeddings.push(floats(r.embedding));
    s.memories.push(m);
    s.byId.set(m.id, m);
  }
  const touches = await db.memoryTouch.findMany({
    where: { townId, seq: { lte: mark } },
    orderBy: { seq: "asc" },
  });
  for (const t of touches) {
    const s = streams.get(t.agentId);
    if (!s) continue;
    for (const id of t.ids) {
      const m = s.byId.get(id);
      if (m) m.lastAccessed = t.at;
    }
  }
  return new Map(
    [...streams].map(([agent, s]) => [agent, { embeddings: s.embeddings, memories: s.memories }]),
  );
}

/** The bytes as float32s: a view when they start on a 4-byte boundary, else one copy. */
function floats(b: Uint8Array): Float32Array<ArrayBuffer> {
  if (b.byteOffset % 4 === 0)
    return new Float32Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength / 4);
  const out = new Float32Array(b.byteLength / 4);
  new Uint8Array(out.buffer).set(b);
  return out;
}

function isHead(v: unknown): v is StreamHead {
  return typeof v === "object" && v !== null && (v as { v?: unknown }).v === 2 && "size" in v;
}

/**
 * A whole-town snapshot from a small one and the rows up to its mark: each journaled stream's head
 * (agents[].memory of the mind's snapshot) is replaced by its memories, each placeholder by its
 * mind part or the objects' states. Throws when the rows do not hold what the head counts (a save
 * whose rows were lost).
 */
export async function withRows(
  db: Db,
  raw: RawSql,
  townId: string,
  data: unknown,
  mark: number,
): Promise<unknown> {
  if (isPlaceholder((data as { objects?: unknown } | null)?.objects))
    data = { ...(data as object), objects: await readObjects(db, townId, mark) };
  const mind = (
    data as {
      mind?: { agents?: ({ id: string; memory: unknown } & Record<string, unknown>)[] };
    } | null
  )?.mind;
  const agents = mind?.agents;
  if (!Array.isArray(agents)) return data;
  const hasHead = agents.some((a) => isHead(a?.memory));
  const hasParts = agents.some((a) => ROW_PARTS.some((p) => isPlaceholder(a?.[p])));
  if (!hasHead && !hasParts) return data;
  const streams: Awaited<ReturnType<typeof readStreams>> = hasHead
    ? await readStreams(db, raw, townId, mark)
    : new Map<never, never>();
  const parts = new Map<string, unknown>();
  if (hasParts) {
    const rows = await db.$queryRaw<{ agentId: string; part: string; data: unknown }[]>`
      SELECT DISTINCT ON ("agentId", part) "agentId", part, data FROM "MindPart"
      WHERE "townId" = ${townId} AND seq <= ${mark} ORDER BY "agentId", part, seq DESC`;
    for (const r of rows)
      parts.set(
        `${r.agentId}\u0000${r.part}`,
        typeof r.data === "string" ? JSON.parse(r.data) : r.data,
      );
  }
  return {
    ...(data as object),
    mind: {
      ...mind,
      agents: agents.map((a) => {
        const out: Record<string, unknown> = { ...a };
        for (const p of ROW_PARTS) {
          if (!isPlaceholder(a[p])) continue;
          const key = `${a.id}\u0000${p}`;
          if (!parts.has(key)) throw new Error(`the save's rows lack the ${p} of "${a.id}"`);
          out[p] = parts.get(key);
        }
        if (isHead(a.memory)) {
          const head = a.memory;
          const rows = streams.get(a.id) ?? { embeddings: [], memories: [] };
          if (rows.memories.length !== head.size)
            throw new Error(
              `the save's rows hold ${rows.memories.length} memories of "${a.id}" where its snapshot counts ${head.size}`,
            );
          out.memory = { v: 1, next: head.next, sinceReflection: head.sinceReflection, ...rows };
        }
        return out;
      }),
    },
  };
}

function isPlaceholder(v: unknown): boolean {
  return typeof v === "object" && v !== null && PLACEHOLDER in v;
}
