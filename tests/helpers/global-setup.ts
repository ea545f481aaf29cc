// Once per test run: build a migrated template that each integration test file copies instead of
// migrating its own database. Embedded: a dump of a migrated PGlite (a copy takes ~0.3 s, migrating
// ~3 s), kept in .cache/ for the next runs while the migrations stay the same; made in both modes
// (the tests of the embedded database itself start from it too). Server mode (DATABASE_URL): also
// a migrated database on that server, which each file copies with CREATE DATABASE … TEMPLATE,
// dropped at the end of the run.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openDatabase, applyMigrations, readMigrations } from "../../lib/db";
import { createServerDatabase, dropOrphanDatabases } from "./db";

const CACHE = path.resolve(import.meta.dirname, "../../.cache");

/**
 * The embedded template's file, named after what it is made of (the migrations and the PGlite
 * version): a run reuses the one an earlier run made, and a new migration makes a new one.
 */
const templatePath = () => {
  const pglite = JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../node_modules/@electric-sql/pglite/package.json"), "utf8")).version as string;
  const hash = createHash("sha256").update(pglite);
  for (const migration of readMigrations()) hash.update(`${migration.name}\0${migration.checksum}\0`);
  return path.join(CACHE, `test-template-${hash.digest("hex").slice(0, 16)}.tar`);
};

/** The embedded template: made once, kept in .cache/ while the migrations stay the same. */
const ensureEmbeddedTemplate = async () => {
  const template = templatePath();
  if (!existsSync(template)) {
    const db = openDatabase({ mode: "embedded" });
    await applyMigrations(db.sql);
    const dump = await db.dump!();
    await db.close();
    mkdirSync(CACHE, { recursive: true });
    // Written aside and renamed: a run started meanwhile never reads half a file.
    const partial = `${template}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, template);
  }
  process.env.SYNDICATE_TEST_TEMPLATE = template;
};

export default async function setup() {
  // Both modes: the tests of the embedded database itself (its lock, readiness when it closes)
  // start from it too rather than creating a database (seconds more each).
  await ensureEmbeddedTemplate();
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
}
