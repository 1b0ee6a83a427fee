// The store against both databases it supports: embedded PGlite (in a temp folder, closed and
// reopened to prove the data persisted) and a real PostgreSQL server.
//
// PostgreSQL: TEST_DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/test (trust auth).
// Each run works in a schema of its own (?schema=store_test_…), dropped afterwards, so other test
// files may use the same database at the same time. When the server is unreachable, the PostgreSQL
// tests are skipped with a message; with CI=true they fail instead.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactDatabaseUrl } from "../../server/store/databaseUrl.ts";
import { loadMigrations, migrate } from "../../server/store/migrate.ts";
import { openStore } from "../../server/store/open.ts";
import { postgresDatabase } from "../../server/store/postgres.ts";
import { KEEP_SNAPSHOTS, type PrismaStore } from "../../server/store/prismaStore.ts";
import { adminQuery, IN_CI, PG_URL, pgUrlWithSchema, probePostgres } from "../helpers/databases.ts";

const runId = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

const pgProblem = await probePostgres();
const skipPostgres = pgProblem !== null && !IN_CI;
if (skipPostgres) {
  console.warn(
    `\n[store.test] SKIPPING the PostgreSQL store tests: ${redactDatabaseUrl(PG_URL)} is unreachable (${pgProblem}). With CI=true this fails.\n`,
  );
}

/** A database the suite can open (again and again: the same data each time). */
interface Backend {
  open(): Promise<PrismaStore>;
}

/** The Store contract, the same for every backend. */
function storeContract(backend: Backend) {
  let store: PrismaStore;
  beforeAll(async () => {
    store = await backend.open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it("ensureTown creates a town once and finds it again", async () => {
    const created = await store.ensureTown("ensure-town", "base-3");
    expect(created).toMatchObject({ name: "ensure-town", template: "base-3" });
    expect(created.id).toEqual(expect.any(String));
    expect(created.createdAt).toBeInstanceOf(Date);

    const again = await store.ensureTown("ensure-town", "base-3");
    expect(again).toEqual(created);
    // The template of an existing town is what it was made from, whatever the caller passes.
    expect((await store.ensureTown("ensure-town", "other")).template).toBe("base-3");

    const other = await store.ensureTown("ensure-town-2", "base-3");
    expect(other.id).not.toBe(created.id);
  });

  it("has no snapshot for a new town", async () => {
    const town = await store.ensureTown("no-snapshots", "base-3");
    expect(await store.latestSnapshot(town.id)).toBeNull();
  });

  it("round-trips a nested JSON snapshot exactly (key order, unicode, NUL, numbers)", async () => {
    const town = await store.ensureTown("round-trip", "base-3");
    const data = {
      zeta: 1,
      alpha: {
        step: 42,
        time: 1_700_000_000_123,
        ratio: 0.1 + 0.2,
        neg: -17.5,
        big: 2 ** 53 - 1,
        flag: true,
        none: null,
      },
      agents: [
        {
          id: "ann",
          at: [3, 4],
          path: [],
          memory: { said: 'Hé ! 你好 🙂 "quoted" \\ back\nslash', nul: "a\u0000b", lone: "\ud83d" },
        },
        { id: "bob", at: [0, 0], tags: ["a", "b"], nested: [[1, [2, [3, { deep: "yes" }]]]] },
      ],
      empty: {},
    };
    await store.saveSnapshot(town.id, 42, data);
    const latest = await store.latestSnapshot(town.id);
    expect(latest?.step).toBe(42);
    expect(latest?.createdAt).toBeInstanceOf(Date);
    // When it was saved, in UTC whatever the database's time zone (the column has none).
    expect(Math.abs(latest!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(latest?.data).toEqual(data);
    // `json` keeps the text as written: same key order, so the same serialisation.
    expect(JSON.stringify(latest?.data)).toBe(JSON.stringify(data));
  });

  it(`keeps only the newest ${KEEP_SNAPSHOTS} snapshots of a town`, async () => {
    const town = await store.ensureTown("keep-five", "base-3");
    for (let step = 10; step <= 80; step += 10) await store.saveSnapshot(town.id, step, { step });
    expect(await store.snapshotSteps(town.id)).toEqual([80, 70, 60, 50, 40]);
    expect(await store.latestSnapshot(town.id)).toMatchObject({ step: 80, data: { step: 80 } });
  });

  it("replaces the snapshot when the same step is saved again", async () => {
    const town = await store.ensureTown("same-step", "base-3");
    await store.saveSnapshot(town.id, 7, { v: 1 });
    await store.saveSnapshot(town.id, 7, { v: 2 });
    expect(await store.snapshotSteps(town.id)).toEqual([7]);
    expect((await store.latestSnapshot(town.id))?.data).toEqual({ v: 2 });
  });

  it("keeps two towns' snapshots apart", async () => {
    const a = await store.ensureTown("apart-a", "base-3");
    const b = await store.ensureTown("apart-b", "base-3");
    for (const step of [1, 2, 3]) await store.saveSnapshot(a.id, step, { town: "a", step });
    // B saves more than KEEP_SNAPSHOTS, at higher steps: pruning B must not touch A.
    for (const step of [100, 101, 102, 103, 104, 105, 106])
      await store.saveSnapshot(b.id, step, { town: "b", step });
    expect(await store.latestSnapshot(a.id)).toMatchObject({
      step: 3,
      data: { town: "a", step: 3 },
    });
    expect(await store.latestSnapshot(b.id)).toMatchObject({
      step: 106,
      data: { town: "b", step: 106 },
    });
    expect(await store.snapshotSteps(a.id)).toEqual([3, 2, 1]);
    expect(await store.snapshotSteps(b.id)).toHaveLength(KEEP_SNAPSHOTS);
  });

  it("refuses a snapshot for an unknown town, or with a bad step or no data", async () => {
    await expect(store.saveSnapshot("no-such-town", 1, { x: 1 })).rejects.toThrow(
      /no town with id no-such-town/,
    );
    const town = await store.ensureTown("bad-input", "base-3");
    await expect(store.saveSnapshot(town.id, -1, {})).rejects.toThrow(/step/);
    await expect(store.saveSnapshot(town.id, 1.5, {})).rejects.toThrow(/step/);
    await expect(store.saveSnapshot(town.id, 1, undefined)).rejects.toThrow(/JSON value/);
    expect(await store.latestSnapshot(town.id)).toBeNull();
  });

  it("reopens with the data kept and the migrations already applied (idempotent)", async () => {
    const town = await store.ensureTown("persisted", "base-3");
    await store.saveSnapshot(town.id, 5, { hello: "again", list: [1, 2, 3] });
    await store.close();
    await store.close(); // closing twice is harmless

    store = await backend.open();
    expect(await store.ensureTown("persisted", "base-3")).toEqual(town);
    expect(await store.latestSnapshot(town.id)).toMatchObject({
      step: 5,
      data: { hello: "again", list: [1, 2, 3] },
    });
    expect(await store.snapshotSteps((await store.ensureTown("keep-five", "base-3")).id)).toEqual([
      80, 70, 60, 50, 40,
    ]);
  });
}

describe("store on embedded PGlite (temp folder)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "simulacra-store-"));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  storeContract({
    open: async () => {
      const store = await openStore({ dataDir: path.join(dir, "db") });
      expect(store.kind).toBe("embedded");
      return store;
    },
  });

  it("refuses to open a folder another store has open (PGlite does not lock it)", async () => {
    // The contract's store still has the folder open here (its afterAll has not run yet).
    await expect(openStore({ dataDir: path.join(dir, "db") })).rejects.toThrow(
      /is in use by this process/,
    );
  });
});

it("reaches PostgreSQL (required when CI=true)", (ctx) => {
  if (pgProblem === null) return;
  if (!IN_CI) ctx.skip(`PostgreSQL unreachable at ${redactDatabaseUrl(PG_URL)}: ${pgProblem}`);
  throw new Error(
    `PostgreSQL is unreachable at ${redactDatabaseUrl(PG_URL)} (${pgProblem}); CI=true, so this fails instead of skipping`,
  );
});

describe.skipIf(skipPostgres)("store on PostgreSQL", () => {
  const schema = `store_test_${runId}`;
  const url = pgUrlWithSchema(schema);

  beforeAll(() => {
    if (pgProblem !== null) {
      throw new Error(
        `PostgreSQL is unreachable at ${redactDatabaseUrl(PG_URL)} (${pgProblem}); CI=true, so this fails instead of skipping`,
      );
    }
  });
  afterAll(async () => {
    if (pgProblem === null) await adminQuery(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  });

  storeContract({
    open: async () => {
      const store = await openStore({ databaseUrl: url, dataDir: "unused" });
      expect(store.kind).toBe("postgres");
      return store;
    },
  });

  it("keeps its tables in the run's own schema, with Prisma's migration bookkeeping", async () => {
    const tables = await adminQuery(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = '${schema}' ORDER BY table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual([
      "Memory",
      "MemoryTouch",
      "MindPart",
      "MindTrace",
      "ObjectState",
      "Recording",
      "RecordingChunk",
      "RecordingKeyframe",
      "Snapshot",
      "Town",
      "_prisma_migrations",
    ]);
    const applied = await adminQuery(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "${schema}"."_prisma_migrations"`,
    );
    const migrations = await loadMigrations();
    expect(applied).toEqual(
      migrations.map((m) => ({
        migration_name: m.name,
        checksum: m.checksum,
        finished_at: expect.any(Date),
        applied_steps_count: 1,
      })),
    );
  });

  it("applies pending migrations once when two processes open a new database together", async () => {
    const fresh = `${schema}_race`;
    try {
      const migrations = await loadMigrations();
      const [a, b] = await Promise.all([
        migrate(postgresDatabase(pgUrlWithSchema(fresh)).migrations, migrations, fresh),
        migrate(postgresDatabase(pgUrlWithSchema(fresh)).migrations, migrations, fresh),
      ]);
      expect([...a.applied, ...b.applied]).toEqual(migrations.map((m) => m.name));
      const again = await migrate(
        postgresDatabase(pgUrlWithSchema(fresh)).migrations,
        migrations,
        fresh,
      );
      expect(again.applied).toEqual([]);
      // Two stores open on the same database at once see the same town.
      const [s1, s2] = await Promise.all([
        openStore({ databaseUrl: pgUrlWithSchema(fresh), dataDir: "unused" }),
        openStore({ databaseUrl: pgUrlWithSchema(fresh), dataDir: "unused" }),
      ]);
      try {
        const [t1, t2] = await Promise.all([
          s1.ensureTown("shared", "base-3"),
          s2.ensureTown("shared", "base-3"),
        ]);
        expect(t2.id).toBe(t1.id);
      } finally {
        await Promise.all([s1.close(), s2.close()]);
      }
    } finally {
      await adminQuery(`DROP SCHEMA IF EXISTS "${fresh}" CASCADE`);
    }
  });

  it("names the database, not the password, when the database does not exist", async () => {
    const url = new URL(PG_URL);
    url.password = "s3cret-pw";
    url.pathname = "/no_such_db_simulacra";
    const err = await openStore({ databaseUrl: url.toString(), dataDir: "unused" }).catch(
      (e: Error) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(
      /^cannot connect to PostgreSQL at postgresql:\/\/.*\/no_such_db_simulacra: .*does not exist/,
    );
    expect((err as Error).message).not.toContain("s3cret-pw");
  });
});

describe("store errors (no database needed)", () => {
  it("rejects a DATABASE_URL that is not a URL, without echoing it", async () => {
    await expect(openStore({ databaseUrl: "s3cret not a url", dataDir: "unused" })).rejects.toThrow(
      /^DATABASE_URL is not a valid URL \(expected postgresql:\/\/user:password@host:port\/database\)$/,
    );
    await expect(openStore({ databaseUrl: "mysql://u:p@h/db", dataDir: "unused" })).rejects.toThrow(
      /must start with postgresql:\/\//,
    );
  });

  it("names the unreachable server and hides the password", async () => {
    const started = Date.now();
    const err = await openStore({
      databaseUrl: "postgresql://alice:s3cret-pw@127.0.0.1:1/town?schema=x",
      dataDir: "unused",
    }).catch((e: Error) => e);
    expect((err as Error).message).toMatch(
      /^cannot connect to PostgreSQL at postgresql:\/\/alice@127\.0\.0\.1:1\/town\?schema=x: .*ECONNREFUSED/,
    );
    expect((err as Error).message).not.toContain("s3cret-pw");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses a non-empty folder that holds no database", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "simulacra-store-bad-"));
    try {
      await import("node:fs/promises").then((fs) =>
        fs.writeFile(path.join(dir, "notes.txt"), "hi"),
      );
      await expect(openStore({ dataDir: dir })).rejects.toThrow(/not empty and holds no database/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
