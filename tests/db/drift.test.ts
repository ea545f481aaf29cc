import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { diffMigrationsToSchema, SCHEMA_PATH } from "../../lib/db/schema-diff";
import { serverUrl } from "../helpers/db";

// The drift check replays the migrations on a shadow database and diffs against schema.prisma.
// The shadow is always an in-memory embedded database, whatever DATABASE_URL says: the check is
// the same in both modes, so it runs in the embedded run only (it is the slowest file of the suite).
describe.runIf(!serverUrl())("schema drift check", () => {
  it("finds the committed migrations in step with schema.prisma", async () => {
    expect(await diffMigrationsToSchema()).toBe("");
  }, 90_000);

  it("reports the SQL that is missing when the schema gains a field the migrations lack", async () => {
    const schema = readFileSync(SCHEMA_PATH, "utf8").replace(
      "model UseCase {\n",
      "model UseCase {\n  sponsor String?\n",
    );
    const sql = await diffMigrationsToSchema(schema);
    expect(sql).toMatch(/ALTER TABLE "UseCase" ADD COLUMN\s+"sponsor" TEXT/);
  }, 90_000);
});
