// npm run db:migrate – apply pending migrations to the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR) without starting the app; prints what it applied.
import { applyMigrations, closeDatabase, getDb } from "../lib/db";

const main = async () => {
  const db = getDb();
  const result = await applyMigrations(db.sql);
  console.log(
    result.applied.length > 0
      ? `applied ${result.applied.length} migration(s): ${result.applied.join(", ")}`
      : `up to date (${result.alreadyApplied.length} migration(s) applied earlier)`,
  );
};

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
