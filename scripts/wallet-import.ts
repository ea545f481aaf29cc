// npm run wallet:import -- <file.json>
// Imports wallet facts (the body of POST /api/wallets/import, see docs/wallet-metrics.md) into the
// process database (DATA_DIR or DATABASE_URL): all or nothing, and running it twice stores nothing twice.
// Exit codes: 0 imported, 1 failed (nothing stored), 2 bad arguments.
import { closeDatabase, migrateDatabase } from "../lib/db";
import { isAppError } from "../lib/core/errors";
import { importWalletFile } from "../lib/wallet/import/import-wallet-file";
import { registerApp } from "../lib/startup/register";

// An app process: what the areas register with the layers below (docs/events.md, "Registration").
registerApp();

const main = async () => {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file.startsWith("-")) {
    console.error("usage: npm run wallet:import -- <file.json>");
    process.exitCode = 2;
    return;
  }
  await migrateDatabase();
  const result = await importWalletFile(file);
  console.log(
    `imported ${file}: ${result.transfers.stored} new transfers (of ${result.transfers.received}), ${result.prices.stored} new prices (of ${result.prices.received}), ` +
      `${result.tokens} tokens, ${result.holdings} holdings, ${result.nfts} NFTs, ${result.addressInfo} address facts, ${result.chains} chains`,
  );
};

main()
  .catch((error) => {
    if (isAppError(error)) {
      console.error(error.message);
      for (const item of (error.errors ?? []).slice(0, 50)) console.error(`  ${item.path.replace(/^body\./, "")}: ${item.message}`);
    } else console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
