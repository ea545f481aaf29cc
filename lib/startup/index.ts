// What a process does before it serves: migrate the database; on the first start of an empty
// database (by default only the embedded one) seed demo data; make sure an admin exists.
import { env } from "../config/env";
import { getDb, migrateDatabase, type DbHandle } from "../db";
import { ensureAdmin } from "../auth/ensure-admin";
import { registerApp } from "./register";

export { registerApp };

export type PrepareOptions = {
  /** Seed demo data into an empty database. Default: SEED_ON_FIRST_START, else yes for the embedded database. */
  seed?: boolean;
  log?: (message: string) => void;
};

// The migration runner's lock key is 72707369 (lib/db/migrate.ts); this one guards seed and admin.
const PREPARE_LOCK_KEY = 72707370;

const isEmpty = async (handle: DbHandle) => {
  const [agents, users] = await Promise.all([handle.prisma.agent.count(), handle.prisma.user.count()]);
  return agents === 0 && users === 0;
};

export const prepareApp = async (options: PrepareOptions = {}) => {
  // The seed records events and deletes nothing, but an app process needs all of it (./register.ts).
  registerApp();
  const log = options.log ?? ((message: string) => console.log(message));
  const config = env();
  await migrateDatabase();
  const handle = getDb();
  const seed = options.seed ?? config.SEED_ON_FIRST_START ?? handle.mode === "embedded";
  // Several instances starting together on one empty database: one seeds and makes the admin
  // while the others wait, then find it done (instead of a failed, retried seed, or two admins
  // made with two different generated passwords, each instance printing its own).
  await handle.sql.session(async (sql) => {
    await sql.query("SELECT pg_advisory_lock($1)", [PREPARE_LOCK_KEY]);
    try {
      if (seed && (await isEmpty(handle))) {
        const started = Date.now();
        const { seedDatabase } = await import("../seed");
        const summary = await seedDatabase(handle.prisma, {
          adminEmail: config.ADMIN_EMAIL,
          adminPassword: config.ADMIN_PASSWORD,
          log,
        });
        log(`database: seeded demo data in ${((Date.now() - started) / 1000).toFixed(1)} s (${summary})`);
      }
      await ensureAdmin({ email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, log });
    } finally {
      // Ending the session releases it too, should this fail.
      await sql.query("SELECT pg_advisory_unlock($1)", [PREPARE_LOCK_KEY]).catch(() => {});
    }
  });
};
