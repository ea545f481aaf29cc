// npm run wallet:ingest -- --chain <slug> --address <0x…> [--rpc <url>] [--from-block N] [--to-block N] [--chunk N]
//                          [--confirmations N] [--native-blocks N]
// Reads a wallet's transfers, approvals, balances and NFTs from the chain's JSON-RPC endpoint (--rpc,
// or RPC_URL_<SLUG_UPPER_SNAKE> such as RPC_URL_ETH_MAINNET) into the process database (DATA_DIR or
// DATABASE_URL), by logs filtered on the wallet's topics, up to the head minus --confirmations
// (WALLET_CONFIRMATIONS, 12). Resumes after the last stored block; running it again stores nothing twice.
// Exit codes: 0 done, 1 failed, 2 bad arguments.
import { parseArgs } from "node:util";
import { closeDatabase, migrateDatabase } from "../lib/db";
import { isAppError } from "../lib/core/errors";
import { ingestWallet } from "../lib/wallet/ingest/ingest-wallet";
import { rpcUrlFor } from "../lib/wallet/ingest/create-rpc-client";
import { registerApp } from "../lib/startup/register";

// An app process: what the areas register with the layers below (docs/events.md, "Registration").
registerApp();

const USAGE =
  "usage: npm run wallet:ingest -- --chain <slug> --address <0x…> [--rpc <url>] [--from-block N] [--to-block N] [--chunk N] [--confirmations N] [--native-blocks N]";

const blockArg = (name: string, value: string | undefined) => {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new RangeError(`--${name} must be a block number, got '${value}'`);
  return BigInt(value);
};

const main = async () => {
  let args;
  try {
    args = parseArgs({
      options: {
        chain: { type: "string" },
        address: { type: "string" },
        rpc: { type: "string" },
        "from-block": { type: "string" },
        "to-block": { type: "string" },
        chunk: { type: "string" },
        confirmations: { type: "string" },
        "native-blocks": { type: "string" },
      },
      strict: true,
    }).values;
    if (!args.chain || !args.address) throw new RangeError("--chain and --address are required");
    if (args.chunk !== undefined && !/^[1-9]\d*$/.test(args.chunk)) throw new RangeError("--chunk must be a positive whole number");
    for (const name of ["confirmations", "native-blocks"] as const) {
      if (args[name] !== undefined && !/^\d+$/.test(args[name]!)) throw new RangeError(`--${name} must be a whole number`);
    }
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  const options = {
    chain: args.chain!,
    address: args.address!,
    rpcUrl: rpcUrlFor(args.chain!, args.rpc),
    fromBlock: blockArg("from-block", args["from-block"]),
    toBlock: blockArg("to-block", args["to-block"]),
    chunkBlocks: args.chunk ? Number(args.chunk) : undefined,
    confirmations: args.confirmations !== undefined ? Number(args.confirmations) : undefined,
    nativeBlocks: args["native-blocks"] !== undefined ? Number(args["native-blocks"]) : undefined,
    log: (message: string) => console.error(message),
  };
  await migrateDatabase();
  const summary = await ingestWallet(options);
  console.log(JSON.stringify(summary));
};

main()
  .catch((error) => {
    console.error(isAppError(error) || error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
