// Once per test run: build a migrated template that each integration test file copies instead of
// migrating its own database. Embedded: a dump of a migrated PGlite (a copy takes ~0.3 s, migrating
// ~3 s). Server mode (DATABASE_URL): a migrated database on that server, which each file copies with
// CREATE DATABASE … TEMPLATE, dropped at the end of the run.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase, applyMigrations } from "../../lib/db";
import { createServerDatabase, dropOrphanDatabases } from "./db";

export const TEMPLATE_PATH = path.resolve(import.meta.dirname, "../../.cache/test-template.tar");

export default async function setup() {
  if (process.env.DATABASE_URL) {
    // What killed runs left behind is dropped before and after the run (the teardown also catches
    // files that died mid-way). The template is named like the files' databases, after this
    // process: a run killed before its teardown leaves it to the next run's orphan cleanup.
    await dropOrphanDatabases();
    const template = await createServerDatabase();
    try {
      const db = openDatabase({ mode: "server", url: template.url, poolSize: 1 });
      try {
        await applyMigrations(db.sql);
      } finally {
        // A template must have no connections while it is copied.
        await db.close();
      }
    } catch (error) {
      await template.drop().catch(() => {});
      throw error;
    }
    process.env.SYNDICATE_TEST_SERVER_TEMPLATE = template.name;
    return async () => {
      delete process.env.SYNDICATE_TEST_SERVER_TEMPLATE;
      await template.drop();
      await dropOrphanDatabases();
    };
  }
  const db = openDatabase({ mode: "embedded" });
  await applyMigrations(db.sql);
  const dump = await db.dump!();
  mkdirSync(path.dirname(TEMPLATE_PATH), { recursive: true });
  writeFileSync(TEMPLATE_PATH, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  process.env.SYNDICATE_TEST_TEMPLATE = TEMPLATE_PATH;
}
