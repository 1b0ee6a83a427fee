// The Store over Prisma Client: the same queries for PGlite and PostgreSQL.
import { randomUUID } from "node:crypto";
import { Prisma, type PrismaClient } from "../../generated/prisma/client.ts";
import { Dependency } from "./dependency.ts";
import { withRows } from "./memoryRows.ts";
import type { RawSql } from "./rawSql.ts";
import type { SnapshotRecord, Store, StoreKind, TownRecord } from "./store.ts";

/** Autosaves kept per town; older ones are deleted as new ones arrive. */
export const KEEP_SNAPSHOTS = 5;

export class PrismaStore implements Store {
  private closing: Promise<void> | null = null;
  /** Whether writes get through; the towns' writers report to it (dependency.ts). */
  readonly database = new Dependency(
    "database",
    "the towns go on; saves and recording chunks wait in memory and are written when it is back",
  );
  /** What waits in memory to be written (the towns' recorders), for /api/health. */
  readonly waiting = new Set<{ readonly bufferedSteps: number; readonly bufferedBytes: number }>();

  constructor(
    readonly kind: StoreKind,
    /** The client, for stores of other tables over the same database (recordings, saves). */
    readonly prisma: PrismaClient,
    /** Bulk reads and writes past Prisma, on the same database (memory rows: memoryRows.ts). */
    readonly raw: RawSql,
    /** Releases what the client does not own (the PGlite instance). */
    private readonly release: () => Promise<void> = async () => {},
  ) {}

  async ensureTown(name: string, template: string): Promise<TownRecord> {
    const found = await this.prisma.town.findUnique({ where: { name } });
    if (found) return toTownRecord(found);
    try {
      return toTownRecord(await this.prisma.town.create({ data: { name, template } }));
    } catch (err) {
      // Another process created it between our find and create.
      if (isKnownError(err, "P2002"))
        return toTownRecord(await this.prisma.town.findUniqueOrThrow({ where: { name } }));
      throw err;
    }
  }

  async saveSnapshot(townId: string, step: number, data: unknown, mark?: number): Promise<void> {
    if (!Number.isSafeInteger(step) || step < 0 || step > 2_147_483_647)
      throw new Error(`snapshot step must be a whole number in 0…2^31-1, not ${step}`);
    if (data === undefined || data === null)
      throw new Error("snapshot data must be a JSON value, not null or undefined");
    if (mark !== undefined && (!Number.isSafeInteger(mark) || mark < 0 || mark > 2_147_483_647))
      throw new Error(`snapshot mark must be a whole number in 0…2^31-1, not ${mark}`);
    // On the driver, the data as one JSON text: Prisma's upsert walked the whole object twice
    // (create and update) on the town's thread, most of an autosave's cost (bench/RESULTS.md).
    const json = JSON.stringify(data);
    try {
      // One statement: the same step again (a save on pause or shutdown right after an autosave)
      // replaces it, and every step below the KEEP_SNAPSHOTS-th newest (counting this one) goes.
      // (The parts of a data-modifying WITH see the table as it was before: `keep` adds this step.)
      await this.raw.query(
        `WITH saved AS (
           INSERT INTO "Snapshot" (id, "townId", step, data, mark, "createdAt") VALUES ($1, $2, $3, $4::json, $5, $6::timestamp)
           ON CONFLICT ("townId", step) DO UPDATE SET data = EXCLUDED.data, mark = EXCLUDED.mark, "createdAt" = EXCLUDED."createdAt"
           RETURNING step
         ), keep AS (
           SELECT step FROM "Snapshot" WHERE "townId" = $2 AND step <> $3 UNION ALL SELECT step FROM saved
           ORDER BY step DESC OFFSET $7 LIMIT 1
         )
         DELETE FROM "Snapshot" WHERE "townId" = $2 AND step < (SELECT step FROM keep)`,
        // createdAt as Prisma writes it: UTC, in a column without a time zone.
        [
          randomUUID(),
          townId,
          step,
          json,
          mark ?? null,
          new Date().toISOString(),
          KEEP_SNAPSHOTS - 1,
        ],
      );
    } catch (err) {
      if (sqlState(err) === "23503")
        throw new Error(`cannot save a snapshot: no town with id ${townId}`, { cause: err });
      throw err;
    }
  }

  async latestSnapshot(townId: string): Promise<SnapshotRecord | null> {
    const row = await this.prisma.snapshot.findFirst({
      where: { townId },
      orderBy: { step: "desc" },
      select: { step: true, data: true, mark: true, createdAt: true },
    });
    if (!row) return null;
    const data =
      row.mark === null
        ? row.data
        : await withRows(this.prisma, this.raw, townId, row.data, row.mark);
    return { step: row.step, data, mark: row.mark, createdAt: row.createdAt };
  }

  /** The steps of the autosaves kept for the town, newest first (beyond the Store contract). */
  async snapshotSteps(townId: string): Promise<number[]> {
    const rows = await this.prisma.snapshot.findMany({
      where: { townId },
      orderBy: { step: "desc" },
      select: { step: true },
    });
    return rows.map((r) => r.step);
  }

  /** Idempotent: closing twice (or concurrently) closes once. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      try {
        await this.raw.close();
        await this.prisma.$disconnect();
      } finally {
        await this.release();
      }
    })();
    return this.closing;
  }

  // ---- Saves by name, for the command line (npm run sim / interview); the Town and Snapshot tables only.

  /** The town (save) of that name, or null. */
  async findTown(name: string): Promise<TownRecord | null> {
    const row = await this.prisma.town.findUnique({ where: { name } });
    return row ? toTownRecord(row) : null;
  }

  /** Every save with its newest autosave step (null when it has none), by name. */
  async listTowns(): Promise<(TownRecord & { latestStep: number | null })[]> {
    const rows = await this.prisma.town.findMany({
      orderBy: { name: "asc" },
      include: { snapshots: { orderBy: { step: "desc" }, take: 1, select: { step: true } } },
    });
    return rows.map((r) => ({ ...toTownRecord(r), latestStep: r.snapshots[0]?.step ?? null }));
  }

  /** Deletes a save and everything kept for it (its rows cascade). Whether there was one. */
  async deleteTown(name: string): Promise<boolean> {
    const { count } = await this.prisma.town.deleteMany({ where: { name } });
    return count > 0;
  }
}

function toTownRecord(row: {
  id: string;
  name: string;
  template: string;
  createdAt: Date;
}): TownRecord {
  return { id: row.id, name: row.name, template: row.template, createdAt: row.createdAt };
}

/** The SQLSTATE of a driver's error (node-postgres and PGlite both carry it as `code`). */
function sqlState(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

function isKnownError(err: unknown, code: string): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === code;
}
