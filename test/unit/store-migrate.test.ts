// The migration runner on an in-memory PGlite, one schema per case.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openEmbedded, type EmbeddedDatabase } from "../../server/store/embedded.ts";
import { checksumOf, loadMigrations, migrate, type Migration } from "../../server/store/migrate.ts";

let db: EmbeddedDatabase;
let tmp: string;
beforeAll(async () => {
  db = await openEmbedded("memory://");
  tmp = await mkdtemp(path.join(os.tmpdir(), "simulacra-migrations-"));
});
afterAll(async () => {
  await db?.close();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

const m = (name: string, sql: string): Migration => ({ name, sql, checksum: checksumOf(sql) });
const tables = async (schema: string) =>
  (
    await db.pglite.query<{ t: string }>(
      "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1",
      [schema],
    )
  ).rows.map((r) => r.t);
const history = async (schema: string) =>
  (
    await db.pglite.query<{ migration_name: string }>(
      `SELECT migration_name FROM "${schema}"."_prisma_migrations" ORDER BY migration_name`,
    )
  ).rows.map((r) => r.migration_name);

describe("loadMigrations", () => {
  it("reads the repository's migrations, init first", async () => {
    const all = await loadMigrations();
    expect(all[0]?.name).toMatch(/^\d{14}_init$/);
    expect(all[0]?.sql).toContain('CREATE TABLE "Town"');
    expect(all[0]?.checksum).toMatch(/^[0-9a-f]{64}$/);
  });

  it("sorts folders by name and ignores files and folders without migration.sql", async () => {
    const dir = path.join(tmp, "layout");
    for (const name of ["20260102000000_b", "20260101000000_a", "20260103000000_empty"])
      await mkdir(path.join(dir, name), { recursive: true });
    await writeFile(path.join(dir, "20260102000000_b", "migration.sql"), "SELECT 2;");
    await writeFile(path.join(dir, "20260101000000_a", "migration.sql"), "SELECT 1;");
    await writeFile(path.join(dir, "migration_lock.toml"), 'provider = "postgresql"\n');
    expect((await loadMigrations(dir)).map((x) => x.name)).toEqual([
      "20260101000000_a",
      "20260102000000_b",
    ]);
    await expect(loadMigrations(path.join(tmp, "missing"))).rejects.toThrow(
      /cannot read the migrations folder/,
    );
    await expect(loadMigrations(path.join(dir, "20260103000000_empty"))).rejects.toThrow(
      /no migrations found/,
    );
  });
});

describe("migrate", () => {
  it("applies pending migrations in order, once, into the schema it creates", async () => {
    const one = m("1_one", 'CREATE TABLE "A" (id INT);');
    const two = m("2_two", 'CREATE TABLE "B" (id INT);\nINSERT INTO "B" VALUES (1);');
    expect(await migrate(db.migrations, [one], "s_order")).toEqual({ applied: ["1_one"] });
    expect(await migrate(db.migrations, [one, two], "s_order")).toEqual({ applied: ["2_two"] });
    expect(await migrate(db.migrations, [one, two], "s_order")).toEqual({ applied: [] });
    expect(await tables("s_order")).toEqual(["A", "B", "_prisma_migrations"]);
    expect(await history("s_order")).toEqual(["1_one", "2_two"]);
    expect(await tables("public")).not.toContain("A");
  });

  it("rolls back the whole batch when a migration fails, naming it", async () => {
    const good = m("1_good", 'CREATE TABLE "Good" (id INT);');
    const bad = m("2_bad", 'CREATE TABLE "Half" (id INT);\nSELECT * FROM "Nowhere";');
    await expect(migrate(db.migrations, [good, bad], "s_fail")).rejects.toThrow(
      /^migration 2_bad failed: .*Nowhere/,
    );
    expect(await tables("s_fail")).toEqual([]);
  });

  it("refuses an applied migration that was edited, but not one whose line endings changed", async () => {
    const sql = 'CREATE TABLE "E" (id INT);\nCREATE TABLE "F" (id INT);\n';
    await migrate(db.migrations, [m("1_e", sql)], "s_edit");
    expect(
      await migrate(db.migrations, [m("1_e", sql.replaceAll("\n", "\r\n"))], "s_edit"),
    ).toEqual({ applied: [] });
    await expect(
      migrate(db.migrations, [m("1_e", sql.replace("F", "G"))], "s_edit"),
    ).rejects.toThrow(/migration 1_e was edited after it was applied/);
  });

  it("refuses to run over a migration Prisma recorded as failed", async () => {
    await migrate(db.migrations, [m("1_ok", "SELECT 1;")], "s_failed_row");
    await db.pglite.query(
      `INSERT INTO "s_failed_row"."_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ('x', 'y', '2_broken', now())`,
    );
    await expect(
      migrate(db.migrations, [m("1_ok", "SELECT 1;"), m("2_broken", "SELECT 2;")], "s_failed_row"),
    ).rejects.toThrow(/migration 2_broken is recorded as failed/);
  });
});
