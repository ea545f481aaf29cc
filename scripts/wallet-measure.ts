// npm run wallet:measure – seeds a throw-away in-memory database with the demo data and times
// POST /api/metrics's work (load the facts, run the engine) for the three demo wallets, printing
// each wallet's headline numbers and flagged addresses. Nothing is written to DATA_DIR.
import { performance } from "node:perf_hooks";
import { applyMigrations, closeDatabase, openDatabase, useDatabase } from "../lib/db";
import { demoWalletAddresses, seedDatabase } from "../lib/seed";
import { Prng } from "../lib/seed/generator/prng";
import { DEFAULT_SEED } from "../lib/seed";
import { buildMetricsReport } from "../lib/wallet";
import { registerApp } from "../lib/startup/register";

// An app process: what the areas register with the layers below (docs/events.md, "Registration").
registerApp();

const main = async () => {
  const db = openDatabase({ mode: "embedded" });
  await applyMigrations(db.sql);
  useDatabase(db);
  console.log(await seedDatabase(db.prisma, { adminPassword: "measure-only-password" }));
  for (const wallet of demoWalletAddresses(new Prng(DEFAULT_SEED))) {
    await buildMetricsReport({ wallet, part: "body" }); // warm-up
    const runs: number[] = [];
    let report;
    for (let i = 0; i < 5; i += 1) {
      const start = performance.now();
      report = await buildMetricsReport({ wallet, part: "body" });
      runs.push(performance.now() - start);
    }
    const metrics = report!.financialMetrics;
    runs.sort((a, b) => a - b);
    console.log(`\n${wallet}: median ${runs[2].toFixed(1)} ms (min ${runs[0].toFixed(1)}, max ${runs[4].toFixed(1)})`);
    console.log(`  balance $${metrics.balance} in ${Object.keys(metrics.positions).length} positions; ${metrics.totalTransactions} transactions ${JSON.stringify(metrics.transactionsByLayer)}`);
    console.log(`  by chain ${JSON.stringify(metrics.transactionsByChain)}`);
    console.log(`  ${metrics.interactingWallets} counterparties ${JSON.stringify(metrics.behaviorOverview.overview)}; most active ${JSON.stringify(metrics.mostActiveWallet)}`);
    console.log(`  NFTs ${JSON.stringify(metrics.nftSummary)}`);
    for (const flagged of report!.flagged) console.log(`  ${flagged.address}${flagged.counterparty ? "" : " (not a counterparty)"}: ${flagged.reasons.map((r) => r.detail).join(" | ")}`);
  }
  await closeDatabase();
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
