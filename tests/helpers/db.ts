// A fresh database for one test file, in the mode the run is in: a copy of the migrated
// embedded template, or (DATABASE_URL set) a new database on that PostgreSQL server copied from
// the run's migrated template database (CREATE DATABASE … TEMPLATE), dropped when the file is done.
// Both templates are made once per run by tests/helpers/global-setup.ts.
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { applyMigrations, openDatabase, useDatabase, closeDatabase, type DbHandle } from "../../lib/db";

export const serverUrl = () => process.env.DATABASE_URL;

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
};

const admin = async <T>(fn: (client: pg.Client) => Promise<T>) => {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl()!, "postgres") });
  client.on("error", () => {});
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
};

/**
 * Creates a database on the server and returns its name, URL and a drop function: empty, or a copy
 * of `template` (a database nobody is connected to).
 */
export const createServerDatabase = async (options: { template?: string } = {}) => {
  const name = `syndicate_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const template = options.template ? ` TEMPLATE "${options.template}"` : "";
  await admin((client) => client.query(`CREATE DATABASE "${name}"${template}`));
  return {
    name,
    url: withDatabase(serverUrl()!, name),
    drop: () => admin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)),
  };
};

const TEST_DATABASE = /^syndicate_test_(\d+)_[0-9a-f]{8}$/;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/**
 * Drops the test databases whose creating process is gone: a run that was killed never reached
 * its teardown. Databases of live processes (another run on this machine) are left alone.
 */
export const dropOrphanDatabases = async () => {
  if (!serverUrl()) return;
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'syndicate_test_%'");
    for (const { datname } of rows) {
      const pid = Number(TEST_DATABASE.exec(datname)?.[1] ?? 0);
      if (pid > 0 && !isAlive(pid)) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
    }
  });
};

export type TestDatabase = DbHandle & { dispose: () => Promise<void> };

/** The run's migrated template database on the server (global-setup.ts), if there is one. */
export const serverTemplate = () => process.env.SYNDICATE_TEST_SERVER_TEMPLATE || undefined;

/**
 * A migrated, empty database on the server: a copy of the run's template, or (no template: a file
 * run outside the vitest config) a new database migrated here. Returns the database and whether
 * it still needs its migrations.
 */
export const createMigratedServerDatabase = async () => {
  const template = serverTemplate();
  const server = await createServerDatabase({ template });
  return { ...server, needsMigrations: !template };
};

/**
 * The run's migrated embedded template, as PGlite's loadDataDir takes it (both modes make it:
 * tests/helpers/global-setup.ts); undefined outside a vitest run of this config.
 */
export const embeddedTemplate = () => {
  const template = process.env.SYNDICATE_TEST_TEMPLATE;
  return template ? new Blob([readFileSync(template)]) : undefined;
};

/**
 * Starts what a database opens lazily — PGlite unpacks its copy and boots PostgreSQL, a server's
 * pool connects, Prisma readies its query compiler — here, in the file's setup, rather than in
 * whichever test asks first (seconds on a loaded machine, out of that test's time limit).
 */
const warmUp = async (handle: DbHandle) => {
  await handle.sql.query("SELECT 1");
  await handle.prisma.user.count();
};

/** A migrated, empty database of the run's mode. */
export const createTestDatabase = async (): Promise<TestDatabase> => {
  if (serverUrl()) {
    const server = await createMigratedServerDatabase();
    const handle = openDatabase({ mode: "server", url: server.url, poolSize: 4 });
    if (server.needsMigrations) await applyMigrations(handle.sql);
    await warmUp(handle);
    return {
      ...handle,
      dispose: async () => {
        try {
          await handle.close();
        } finally {
          await server.drop();
        }
      },
    };
  }
  const template = embeddedTemplate();
  const handle = openDatabase({ mode: "embedded", loadDataDir: template });
  if (!template) await applyMigrations(handle.sql);
  await warmUp(handle);
  return { ...handle, dispose: () => handle.close() };
};

/** Makes a fresh database the process's database for the current test file. */
export const useTestDatabase = async (): Promise<TestDatabase> => {
  const db = await createTestDatabase();
  useDatabase(db);
  return {
    ...db,
    dispose: async () => {
      await closeDatabase();
      await db.dispose().catch(() => {});
    },
  };
};
