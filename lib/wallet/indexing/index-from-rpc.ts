// Indexes one wallet on one chain from the chain's JSON-RPC node (RPC_URL_<CHAIN>) when no explorer
// is configured: the JSON-RPC source (lib/wallet/ingest) reads logs by the wallet's topics from the
// block after the cursor up to the head minus WALLET_CONFIRMATIONS, then balances and NFTs; then
// prices as the explorer job does. Resumable through the cursor itself: every range read is stored
// with the cursor in one transaction, so a retried or re-claimed job continues after it.
import { prisma } from "../../db";
import { AppError } from "../../core/errors";
import { ingestWallet } from "../ingest";
import { chainSources } from "../sources";
import type { IndexProgress, IndexSummary } from "./index-from-explorer";
import { pricesConfigured, storePrices } from "./store-prices";

type Input = { chain: string; address: string; signal?: AbortSignal; saveProgress: (value: IndexProgress) => Promise<void> };

export const indexWalletFromRpc = async (input: Input): Promise<IndexSummary> => {
  const rpcUrl = chainSources(input.chain).rpcUrl;
  if (!rpcUrl) throw new AppError("validation_failed", `No JSON-RPC endpoint is configured for ${input.chain} (RPC_URL_…).`);
  let progress: IndexProgress = { stage: "logs", records: 0, fromBlock: null, toBlock: null, done: [], source: "rpc" };
  await input.saveProgress(progress);
  let first: bigint | null = null;
  const summary = await ingestWallet({
    chain: input.chain,
    address: input.address,
    rpcUrl,
    signal: input.signal,
    onStep: async (step) => {
      first ??= step.fromBlock;
      progress = { ...progress, records: step.records, fromBlock: first.toString(), toBlock: step.endBlock.toString() };
      await input.saveProgress(progress);
    },
  });
  let prices = 0;
  if (pricesConfigured()) {
    progress = { ...progress, stage: "prices" };
    await input.saveProgress(progress);
    const held = await prisma.tokenHolding.findMany({ where: { walletAddress: summary.address, chain: input.chain }, select: { tokenAddress: true } });
    prices = await storePrices(input.chain, held.map((row) => row.tokenAddress), input.signal);
  }
  await input.saveProgress({ ...progress, stage: "done", fromBlock: summary.fromBlock, toBlock: summary.toBlock });
  return {
    chain: summary.chain,
    address: summary.address,
    fromBlock: summary.fromBlock,
    toBlock: summary.toBlock,
    transfers: summary.transfers,
    holdings: summary.holdings,
    nfts: summary.nfts.held,
    prices,
  };
};
