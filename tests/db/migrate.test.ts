import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { applyMigrations, openDatabase, readMigrations, type DbHandle } from "../../lib/db";
import { createServerDatabase, serverUrl } from "../helpers/db";

// An empty database of the run's mode (not the migrated template).
const emptyDatabase = async (): Promise<DbHandle & { dispose: () => Promise<void> }> => {
  if (serverUrl()) {
    const server = await createServerDatabase();
    const db = openDatabase({ mode: "server", url: server.url, poolSize: 2 });
    return {
      ...db,
      dispose: async () => {
        await db.close();
        await server.drop();
      },
    };
  }
  const db = openDatabase({ mode: "embedded" });
  return { ...db, dispose: () => db.close() };
};

const disposers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposers.splice(0)) await dispose();
});
const fresh = async () => {
  const db = await emptyDatabase();
  disposers.push(db.dispose);
  return db;
};

const tables = async (db: DbHandle) =>
  (
    await db.sql.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    )
  ).map((row) => row.table_name);

// Each test starts an embedded database of its own and applies every migration (some twice): on a
// loaded machine that takes longer than most tests' 30 s.
describe("migration runner", { timeout: 120_000 }, () => {
  it("applies every committed migration to an empty database and records it as Prisma does", async () => {
    const db = await fresh();
    const migrations = readMigrations();
    const result = await applyMigrations(db.sql);
    expect(result.applied).toEqual(migrations.map((migration) => migration.name));
    expect(await tables(db)).toEqual(expect.arrayContaining(["Agent", "AgentRole", "Squad", "Task", "_prisma_migrations"]));
    const rows = await db.sql.query<Record<string, unknown>>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows).toHaveLength(migrations.length);
    rows.forEach((row, index) => {
      expect(row.migration_name).toBe(migrations[index].name);
      expect(row.checksum).toBe(createHash("sha256").update(migrations[index].sql).digest("hex"));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    });
  });

  it("is idempotent: a second run applies nothing and changes nothing", async () => {
    const db = await fresh();
    await applyMigrations(db.sql);
    const before = await db.sql.query(`SELECT id FROM "_prisma_migrations" ORDER BY id`);
    const again = await applyMigrations(db.sql);
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toHaveLength(readMigrations().length);
    expect(await db.sql.query(`SELECT id FROM "_prisma_migrations" ORDER BY id`)).toEqual(before);
  });

  describe("with a migrations folder of its own", () => {
    let folder: string;
    afterEach(() => rmSync(folder, { recursive: true, force: true }));
    const write = (name: string, sql: string) => {
      mkdirSync(path.join(folder, name), { recursive: true });
      writeFileSync(path.join(folder, name, "migration.sql"), sql);
    };

    it("rolls a failing migration back whole and records nothing for it", async () => {
      folder = mkdtempSync(path.join(tmpdir(), "syndicate-migrations-"));
      write("001_ok", 'CREATE TABLE "one" (id int);');
      write("002_bad", 'CREATE TABLE "two" (id int);\nSELECT * FROM "no_such_table";');
      const db = await fresh();
      await expect(applyMigrations(db.sql, readMigrations(folder))).rejects.toThrow(/002_bad failed/);
      const names = await tables(db);
      expect(names).toContain("one");
      expect(names).not.toContain("two");
      const recorded = await db.sql.query<{ migration_name: string }>(`SELECT migration_name FROM "_prisma_migrations"`);
      expect(recorded.map((row) => row.migration_name)).toEqual(["001_ok"]);
    });

    it("refuses a migration that was edited after it was applied", async () => {
      folder = mkdtempSync(path.join(tmpdir(), "syndicate-migrations-"));
      write("001_ok", 'CREATE TABLE "one" (id int);');
      const db = await fresh();
      await applyMigrations(db.sql, readMigrations(folder));
      write("001_ok", 'CREATE TABLE "one" (id bigint);');
      await expect(applyMigrations(db.sql, readMigrations(folder))).rejects.toThrow(/001_ok was changed/);
    });
  });
});
