// npm run seed -- [--agents N] [--seed N] [--reset]
//
// Seeds the process database (DATA_DIR, or DATABASE_URL) with the deterministic demo data.
// Refuses a database that already holds rows unless --reset, which first empties every table
// except Prisma's migration bookkeeping and the instance settings (one TRUNCATE … CASCADE
// statement, so all or nothing).
// Exit codes: 0 done, 1 failed, 2 bad arguments or a non-empty database without --reset.
import { parseArgs } from "node:util";
import { closeDatabase, getDb, migrateDatabase, type SqlRunner } from "../lib/db";
import { DEFAULT_AGENTS, DEFAULT_SEED, MAX_AGENTS, MIN_AGENTS, seedDatabase } from "../lib/seed";
import { registerApp } from "../lib/startup/register";

// An app process: what the areas register with the layers below (docs/events.md, "Registration").
registerApp();

const USAGE = `Usage: npm run seed -- [--agents N] [--seed N] [--reset]

  --agents N   number of agents, ${MIN_AGENTS}–${MAX_AGENTS} (default ${DEFAULT_AGENTS}); other data scales with it
  --seed N     PRNG seed, 0–4294967295 (default ${DEFAULT_SEED}); the same seed gives the same data
  --reset      delete all existing data first (every table except _prisma_migrations and Setting)

The admin password is ADMIN_PASSWORD, or generated and printed once.`;

class UsageError extends Error {}

const integerArg = (name: string, raw: string | undefined, fallback: number, min: number, max: number) => {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new UsageError(`--${name} must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (!Number.isSafeInteger(value) || value < min || value > max) throw new UsageError(`--${name} must be from ${min} to ${max}, got ${raw}`);
  return value;
};

const parseCli = (argv: string[]) => {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        agents: { type: "string" },
        seed: { type: "string" },
        reset: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
      strict: true,
      allowPositionals: false,
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values } = parsed;
  return {
    help: values.help ?? false,
    reset: values.reset ?? false,
    agents: integerArg("agents", values.agents, DEFAULT_AGENTS, MIN_AGENTS, MAX_AGENTS),
    seed: integerArg("seed", values.seed, DEFAULT_SEED, 0, 0xffffffff),
  };
};

// Kept by --reset and ignored when deciding whether the database is empty: Prisma's migration
// bookkeeping, and instance settings (the session-signing secret that running app instances
// share; replacing it under them would split their sessions).
const KEPT_TABLES = ["_prisma_migrations", "Setting"];

/** The tables that hold data (every table but KEPT_TABLES). */
const dataTables = async (sql: SqlRunner) => {
  const rows = await sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND NOT (table_name = ANY ($1))
     ORDER BY table_name`,
    [KEPT_TABLES],
  );
  return rows.map((row) => row.table_name);
};

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const nonEmptyTables = async (sql: SqlRunner, tables: string[]) => {
  if (tables.length === 0) return [];
  const probe = tables.map((table) => `SELECT '${table.replaceAll("'", "''")}' AS name WHERE EXISTS (SELECT 1 FROM ${quote(table)})`).join(" UNION ALL ");
  return (await sql.query<{ name: string }>(probe)).map((row) => row.name);
};

const main = async () => {
  const args = parseCli(process.argv.slice(2));
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const log = (message: string) => console.log(message);
  await migrateDatabase();
  const handle = getDb();
  const tables = await dataTables(handle.sql);
  const filled = await nonEmptyTables(handle.sql, tables);
  if (filled.length > 0) {
    if (!args.reset) {
      console.error(`The database already holds data (${filled.join(", ")}). Run with --reset to delete it and seed again.`);
      return 2;
    }
    await handle.sql.exec(`TRUNCATE TABLE ${tables.map(quote).join(", ")} CASCADE`);
    log(`reset: emptied ${tables.length} tables`);
  }
  const started = performance.now();
  log(`seeding ${args.agents.toLocaleString("en-US")} agents (seed ${args.seed}) into the ${handle.mode} database…`);
  const summary = await seedDatabase(handle.prisma, { agents: args.agents, seed: args.seed, log });
  log(`seeded: ${summary}`);
  log(`took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return 0;
};

let code = 1;
try {
  code = await main();
} catch (error) {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n\n${USAGE}`);
    code = 2;
  } else {
    console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  }
} finally {
  await closeDatabase().catch(() => {});
}
process.exit(code);
