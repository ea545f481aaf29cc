// Part of `npm run bench` (started by scripts/bench-api.ts as a child in its own process group):
// seeds the embedded database (PGlite) in DATA_DIR with BENCH_AGENTS agents, as the app's seed
// does, ANALYZEs it (an operator does after a bulk load), makes an API key for the seeded
// operator, closes the folder and prints one line `BENCH_SEEDED {"seconds":…,"analyzeSeconds":…,
// "key":"…"}`. A process of its own: PGlite holds the whole database's working set in this
// process's memory (about 1.4 GB at 100,000 agents), released when it exits.
import { applyMigrations, openDatabase, useDatabase } from "../lib/db";
import { seedDatabase, OPERATOR_USER_ID } from "../lib/seed";
import { createApiKey } from "../lib/auth/manage-api-keys";
import { PASSWORD } from "../tests/system/server";

const dataDir = process.env.DATA_DIR;
const agents = Number(process.env.BENCH_AGENTS);
if (!dataDir || !Number.isInteger(agents)) throw new Error("DATA_DIR and BENCH_AGENTS are needed");

// One long transaction: the generous bounds of a bulk load, not those of a request.
const handle = openDatabase({ mode: "embedded", dataDir, timeouts: { statementMs: 3_600_000, transactionMs: 3_600_000 } });
useDatabase(handle);
try {
  await applyMigrations(handle.sql);
  const started = performance.now();
  await seedDatabase(handle.prisma, { agents, adminPassword: PASSWORD, log: (line) => console.error(`  ${line}`) });
  const seconds = (performance.now() - started) / 1000;
  const analyzing = performance.now();
  await handle.sql.exec("ANALYZE");
  const analyzeSeconds = (performance.now() - analyzing) / 1000;
  const { key } = await createApiKey(OPERATOR_USER_ID, { name: "bench" });
  console.log(`BENCH_SEEDED ${JSON.stringify({ seconds, analyzeSeconds, key })}`);
} finally {
  await handle.close();
}
