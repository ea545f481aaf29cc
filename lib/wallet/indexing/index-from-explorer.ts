// Indexes one wallet on one chain from the chain's Etherscan-compatible account API: normal,
// internal, ERC-20 and ERC-721 transfers from the block after the cursor up to the head minus
// WALLET_CONFIRMATIONS (a reorg deeper than that is not expected), then balances now, NFTs held,
// and prices (current and daily, when PRICE_API_URL is set). Resumable: each action's rows are
// stored as soon as they are read (idempotent by chain, tx hash and log index) and the job's
// progress names the actions done and the block range, so a retried or re-claimed job continues
// with the next action over the same range. The cursor moves only when the whole range is read.
import { prisma } from "../../db";
import { AppError } from "../../core/errors";
import { walletEnv } from "../config";
import { storeChainRows } from "../list-known-chains";
import { storeNfts } from "../ingest";
import { createExplorerClient, type ExplorerAction, type ExplorerRecord, chainSources, sourcePolicy } from "../sources";
import { explorerRows, explorerTokens } from "./rules";
import { pricesConfigured, storePrices } from "./store-prices";

const ACTIONS: ExplorerAction[] = ["txlist", "txlistinternal", "tokentx", "tokennfttx"];

export type IndexProgress = { stage: string; records: number; fromBlock: string | null; toBlock: string | null; done: ExplorerAction[]; /** "rpc" when the JSON-RPC source saved it */ source?: "explorer" | "rpc" };

export type IndexSummary = { chain: string; address: string; fromBlock: string; toBlock: string; transfers: { found: number; stored: number }; holdings: number; nfts: number; prices: number };

type Input = { chain: string; address: string; progress: unknown; signal?: AbortSignal; saveProgress: (value: IndexProgress) => Promise<void> };

const resumed = (value: unknown): IndexProgress | null => {
  const progress = value as Partial<IndexProgress> | null;
  return progress && progress.source !== "rpc" && typeof progress.fromBlock === "string" && typeof progress.toBlock === "string" && Array.isArray(progress.done) ? (progress as IndexProgress) : null;
};

/** Who sent each transaction (its normal-transaction record), for the token and internal rows of it. */
const sendersOf = async (chain: string, hashes: string[]) => {
  if (hashes.length === 0) return new Map<string, string>();
  const rows = await prisma.walletTransfer.findMany({ where: { chain, logIndex: -1, txHash: { in: [...new Set(hashes)] } }, select: { txHash: true, txFrom: true } });
  return new Map(rows.flatMap((row) => (row.txFrom ? [[row.txHash, row.txFrom] as const] : [])));
};

export const indexWalletFromExplorer = async (input: Input): Promise<IndexSummary> => {
  const env = walletEnv();
  const wallet = input.address.toLowerCase();
  const source = chainSources(input.chain).explorer;
  if (!source) throw new AppError("validation_failed", `No explorer API is configured for ${input.chain} (EXPLORER_URL_…).`);
  const policy = sourcePolicy(input.signal);
  const client = createExplorerClient({ ...source, chain: input.chain, pageSize: env.WALLET_EXPLORER_PAGE_SIZE, window: env.WALLET_EXPLORER_WINDOW, policy });
  await storeChainRows(input.chain);

  let progress = resumed(input.progress);
  if (!progress) {
    const head = await client.headBlock();
    const cursor = await prisma.ingestCursor.findUnique({ where: { chain_address: { chain: input.chain, address: wallet } } });
    const end = head - BigInt(env.WALLET_CONFIRMATIONS);
    const start = cursor ? cursor.lastBlock + 1n : 0n;
    progress = { stage: "txlist", records: 0, fromBlock: start.toString(), toBlock: (end < 0n ? -1n : end).toString(), done: [] };
    await input.saveProgress(progress);
  }
  const range = { startBlock: BigInt(progress.fromBlock!), endBlock: BigInt(progress.toBlock!) };

  let found = 0;
  let stored = 0;
  if (range.startBlock <= range.endBlock) {
    for (const action of ACTIONS.filter((candidate) => !progress!.done.includes(candidate))) {
      const before: number = progress.records;
      progress = { ...progress, stage: action };
      await input.saveProgress(progress);
      const records: ExplorerRecord[] = await client.list(action, wallet, range);
      const senders = action === "txlist" ? new Map<string, string>() : await sendersOf(input.chain, records.map((record) => record.hash.toLowerCase()));
      const rows = explorerRows(action, input.chain, wallet, records, senders);
      const tokens = action === "tokentx" ? explorerTokens(input.chain, records) : [];
      const count = await prisma.$transaction(async (tx) => {
        if (tokens.length > 0) await tx.token.createMany({ data: tokens, skipDuplicates: true });
        if (action === "tokentx" || action === "tokennfttx") {
          // Token and collection contracts are contracts; their name is a fair label.
          const labels = new Map(records.map((record) => [record.contractAddress?.toLowerCase() ?? "", record.tokenName?.slice(0, 200) || null]));
          const contracts = [...new Set(rows.map((row) => row.tokenAddress))];
          await tx.addressInfo.createMany({ data: contracts.map((address) => ({ chain: input.chain, address, isContract: true, label: labels.get(address) ?? null })), skipDuplicates: true });
        }
        return (await tx.walletTransfer.createMany({ data: rows, skipDuplicates: true })).count;
      });
      found += rows.length;
      stored += count;
      progress = { ...progress, records: before + records.length, done: [...progress.done, action] };
      await input.saveProgress(progress);
    }
  }

  // Balances now: the native coin and every ERC-20 the wallet ever moved on the chain.
  progress = { ...progress, stage: "holdings" };
  await input.saveProgress(progress);
  const erc20s = (
    await prisma.walletTransfer.findMany({ where: { chain: input.chain, kind: "erc20", OR: [{ fromAddress: wallet }, { toAddress: wallet }] }, distinct: ["tokenAddress"], select: { tokenAddress: true } })
  ).map((row) => row.tokenAddress);
  const balances: { tokenAddress: string; balance: bigint }[] = [{ tokenAddress: "native", balance: await client.balance(wallet) }];
  for (const token of erc20s) balances.push({ tokenAddress: token, balance: await client.tokenBalance(wallet, token) });
  const held = balances.filter((entry) => entry.balance > 0n);

  let prices = 0;
  if (pricesConfigured()) {
    progress = { ...progress, stage: "prices" };
    await input.saveProgress(progress);
    prices = await storePrices(input.chain, held.map((entry) => entry.tokenAddress), input.signal);
  }

  await prisma.$transaction(async (tx) => {
    await tx.tokenHolding.deleteMany({ where: { walletAddress: wallet, chain: input.chain, tokenAddress: { in: balances.map((entry) => entry.tokenAddress) } } });
    await tx.tokenHolding.createMany({ data: held.map((entry) => ({ walletAddress: wallet, chain: input.chain, tokenAddress: entry.tokenAddress, balance: entry.balance.toString() })) });
    const lastBlock = range.endBlock >= range.startBlock ? range.endBlock : range.startBlock - 1n;
    if (lastBlock >= 0n) {
      await tx.ingestCursor.upsert({
        where: { chain_address: { chain: input.chain, address: wallet } },
        create: { chain: input.chain, address: wallet, lastBlock, source: "explorer" },
        update: { lastBlock, source: "explorer" },
      });
    }
  });
  // Collection names are the contracts' labels stored above (storeNfts falls back to them).
  const nfts = await storeNfts(input.chain, wallet, async (contracts) => contracts.map(() => null));
  await input.saveProgress({ ...progress, stage: "done" });
  return { chain: input.chain, address: wallet, fromBlock: range.startBlock.toString(), toBlock: range.endBlock.toString(), transfers: { found, stored }, holdings: held.length, nfts: nfts.held, prices };
};
