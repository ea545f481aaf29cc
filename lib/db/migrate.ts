// The project's migration runner. prisma/migrations/*/migration.sql are the source of truth;
// each is applied once, in order, in its own transaction, and recorded in `_prisma_migrations`
// exactly as Prisma records it, so `prisma migrate deploy` agrees with this runner.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { SqlRunner } from "./client";

export const defaultMigrationsDir = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "prisma", "migrations");

export type Migration = { name: string; sql: string; checksum: string };

export const readMigrations = (dir = defaultMigrationsDir()): Migration[] => {
  if (!existsSync(/*turbopackIgnore: true*/ dir)) throw new Error(`No migrations folder at ${dir}`);
  return readdirSync(/*turbopackIgnore: true*/ dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(/*turbopackIgnore: true*/ path.join(dir, entry.name, "migration.sql")))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(/*turbopackIgnore: true*/ path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
};

// Prisma's own bookkeeping table, column for column.
const CREATE_BOOKKEEPING = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id"                  VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum"            VARCHAR(64) NOT NULL,
  "finished_at"         TIMESTAMPTZ,
  "migration_name"      VARCHAR(255) NOT NULL,
  "logs"                TEXT,
  "rolled_back_at"      TIMESTAMPTZ,
  "started_at"          TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Serializes concurrent runners (several app instances starting against one server).
const LOCK_KEY = 72707369;

export type MigrateResult = { applied: string[]; alreadyApplied: string[] };

export const applyMigrations = (runner: SqlRunner, migrations = readMigrations()): Promise<MigrateResult> =>
  runner.session((sql) => applyOnSession(sql, migrations));

const applyOnSession = async (sql: SqlRunner, migrations: Migration[]): Promise<MigrateResult> => {
  await sql.query("SELECT pg_advisory_lock($1)", [LOCK_KEY]);
  try {
    await sql.exec(CREATE_BOOKKEEPING);
    const rows = await sql.query<{ migration_name: string; checksum: string }>(
      `SELECT migration_name, checksum FROM "_prisma_migrations"
       WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((row) => [row.migration_name, row.checksum]));
    const failed = await sql.query<{ migration_name: string }>(
      `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NULL AND rolled_back_at IS NULL`,
    );
    if (failed.length > 0) {
      throw new Error(`Migration ${failed[0].migration_name} failed earlier and must be resolved by hand.`);
    }
    const result: MigrateResult = { applied: [], alreadyApplied: [] };
    for (const migration of migrations) {
      const recorded = done.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum differs).`);
        }
        result.alreadyApplied.push(migration.name);
        continue;
      }
      const id = randomUUID();
      // One transaction per migration: a failing script leaves neither its changes nor a record.
      await sql.exec("BEGIN");
      try {
        await sql.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 0)`,
          [id, migration.checksum, migration.name],
        );
        await sql.exec(migration.sql);
        await sql.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await sql.exec("COMMIT");
      } catch (error) {
        await sql.exec("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`);
      }
      result.applied.push(migration.name);
    }
    return result;
  } finally {
    await sql.query("SELECT pg_advisory_unlock($1)", [LOCK_KEY]);
  }
};
