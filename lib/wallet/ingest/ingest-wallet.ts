// The JSON-RPC source: reads a wallet's history from a chain's node into the wallet tables by
// logs filtered on the wallet's topics (scan-range.ts), in bounded block ranges, up to the head minus a
// confirmation depth. Used by the CLI (scripts/wallet-ingest.ts) and by the wallet.index job for a
// chain with an RPC URL and no explorer.
//   - Bounded ranges: at most `chunkBlocks` blocks per eth_getLogs; a range the node refuses as too
//     large is halved (down to one block) and read again, and the size grows back after a success.
//   - Confirmations: nothing nearer the head than `confirmations` blocks is read; it is read next time.
//   - Resumable: each range's transfers, approvals and the cursor (IngestCursor.lastBlock and the
//     hash of that block) are stored in one transaction, so an interrupted run resumes after it.
//   - Reorgs: a run first checks the block at the cursor; when its hash is no longer the stored one,
//     the chain was reorganised under it: the wallet's transfers and approvals after
//     `cursor − reorgDepth` are deleted and read again.
//   - Idempotent: transfers and approvals are unique by (chain, txHash, logIndex) and stored with
//     skipDuplicates; address facts, tokens, holdings and NFTs are written by key.
import type { PublicClient } from "viem";
import { prisma } from "../../db";
import { AppError } from "../../core/errors";
import { walletEnv } from "../config";
import { listKnownChains, storeChainRows } from "../list-known-chains";
import { ADDRESS_PATTERN } from "../schemas";
import { readBalances, readCollectionNames, readIsContract, readTokenMetadata } from "./read-chain-facts";
import { createRpcClient } from "./create-rpc-client";
import { LogRangeRefused, scanRange, type ApprovalRow, type TransferRow } from "./scan-range";
import { storeNfts } from "./store-nfts";

const NULL_ADDRESS = "0x0000000000000000000000000000000000000000";

export type IngestStep = { fromBlock: bigint; toBlock: bigint; endBlock: bigint; records: number };

export type IngestOptions = {
  chain: string;
  address: string;
  rpcUrl: string;
  /** First block to read (default: the block after the cursor, or 0). */
  fromBlock?: bigint;
  /** Last block to read (default and at most: the latest minus `confirmations`). */
  toBlock?: bigint;
  /** The largest range per eth_getLogs and per stored step (default WALLET_INGEST_CHUNK_BLOCKS). */
  chunkBlocks?: number;
  /** Blocks behind the head left unread (default WALLET_CONFIRMATIONS; 0 on a local dev chain). */
  confirmations?: number;
  /** The newest blocks of the range read whole for native transfers (default WALLET_RPC_NATIVE_BLOCKS). */
  nativeBlocks?: number;
  /** How far back a detected reorg rolls the cursor (default WALLET_REORG_DEPTH). */
  reorgDepth?: number;
  log?: (message: string) => void;
  /** Called after each stored range (the job saves its progress). */
  onStep?: (step: IngestStep) => Promise<void>;
  signal?: AbortSignal;
  /** A client of one's own (tests); else one is made for rpcUrl. */
  client?: PublicClient;
};

export type IngestSummary = {
  chain: string;
  address: string;
  fromBlock: string;
  toBlock: string;
  /** The latest block when the run started; toBlock is at most this minus the confirmations. */
  headBlock: string;
  /** Blocks from here to toBlock were scanned whole for native transfers (null: none). */
  nativeFromBlock: string | null;
  transfers: { found: number; stored: number };
  approvals: { found: number; stored: number };
  /** Ranges the node refused as too large (each was read again in halves). */
  refusedRanges: number;
  /** A reorganisation found at the cursor, and what was rolled back. */
  reorg: { atBlock: string; rolledBackTo: string; transfers: number; approvals: number } | null;
  addresses: number;
  tokens: number;
  holdings: number;
  nfts: { held: number; added: number; removed: number };
};

/** Address facts for every address seen in this run that has none: contract or wallet, and when first seen. */
const storeAddressInfo = async (client: PublicClient, chain: string, firstSeen: Map<string, Date>) => {
  const addresses = [...firstSeen.keys()];
  if (addresses.length === 0) return 0;
  const existing = await prisma.addressInfo.findMany({ where: { chain, address: { in: addresses } }, select: { address: true, firstSeenAt: true } });
  const known = new Map(existing.map((row) => [row.address, row.firstSeenAt]));
  const missing = addresses.filter((address) => !known.has(address));
  const contracts = await readIsContract(client, missing);
  await prisma.addressInfo.createMany({
    data: missing.map((address, index) => ({ chain, address, isContract: contracts[index], firstSeenAt: firstSeen.get(address)! })),
    skipDuplicates: true,
  });
  // Reading earlier blocks can move a first sighting back; only those few rows change.
  const earlier = existing.filter((row) => row.firstSeenAt === null || row.firstSeenAt > firstSeen.get(row.address)!);
  for (const row of earlier) await prisma.addressInfo.update({ where: { chain_address: { chain, address: row.address } }, data: { firstSeenAt: firstSeen.get(row.address)! } });
  return missing.length;
};

/** Metadata for ERC-20 contracts the wallet has transfers of and that have none yet. */
const storeTokens = async (client: PublicClient, chain: string, tokenAddresses: string[]) => {
  const existing = new Set((await prisma.token.findMany({ where: { chain, address: { in: tokenAddresses } }, select: { address: true } })).map((row) => row.address));
  const missing = tokenAddresses.filter((address) => !existing.has(address));
  const metadata = (await readTokenMetadata(client, missing)).filter((token) => token !== undefined);
  await prisma.token.createMany({ data: metadata.map((token) => ({ chain, ...token })), skipDuplicates: true });
  return metadata.length;
};

/** Balances now (at `block`) of the native coin and of every ERC-20 the wallet ever moved. */
const storeHoldings = async (client: PublicClient, chain: string, wallet: string, tokenAddresses: string[], block: bigint) => {
  const tokens = ["native", ...tokenAddresses];
  const balances = await readBalances(client, wallet, tokens, block);
  const read = tokens.filter((_, index) => balances[index] !== null);
  const held = tokens.flatMap((tokenAddress, index) => (balances[index] !== null && balances[index]! > 0n ? [{ walletAddress: wallet, chain, tokenAddress, balance: balances[index]!.toString() }] : []));
  await prisma.$transaction(async (tx) => {
    await tx.tokenHolding.deleteMany({ where: { walletAddress: wallet, chain, tokenAddress: { in: read } } });
    await tx.tokenHolding.createMany({ data: held });
  });
  return held.length;
};

const noteFirstSeen = (firstSeen: Map<string, Date>, transfers: TransferRow[], approvals: ApprovalRow[], wallet: string) => {
  const sightings = [
    ...transfers.map((row) => ({ at: row.timestamp, addresses: [row.fromAddress, row.toAddress, row.txFrom, row.tokenAddress] })),
    ...approvals.map((row) => ({ at: row.timestamp, addresses: [row.spender, row.tokenAddress] })),
  ];
  for (const { at, addresses } of sightings) {
    for (const address of addresses) {
      if (!address || address === "native" || address === NULL_ADDRESS || address === wallet) continue;
      const seen = firstSeen.get(address);
      if (!seen || seen > at) firstSeen.set(address, at);
    }
  }
};

/** The wallet's rows after `safe` on the chain are deleted and the cursor moved back to it, in one transaction. */
const rollBack = async (chain: string, wallet: string, safe: bigint) =>
  prisma.$transaction(async (tx) => {
    const transfers = await tx.walletTransfer.deleteMany({ where: { chain, blockNumber: { gt: safe }, OR: [{ fromAddress: wallet }, { toAddress: wallet }] } });
    const approvals = await tx.tokenApproval.deleteMany({ where: { chain, owner: wallet, blockNumber: { gt: safe } } });
    if (safe < 0n) await tx.ingestCursor.delete({ where: { chain_address: { chain, address: wallet } } });
    else await tx.ingestCursor.update({ where: { chain_address: { chain, address: wallet } }, data: { lastBlock: safe, blockHash: null, source: "rpc" } });
    return { transfers: transfers.count, approvals: approvals.count };
  });

export const ingestWallet = async (options: IngestOptions): Promise<IngestSummary> => {
  const log = options.log ?? (() => {});
  const env = walletEnv();
  if (!ADDRESS_PATTERN.test(options.address)) throw new AppError("validation_failed", `'${options.address}' is not an EVM address (0x followed by 40 hex digits).`);
  const wallet = options.address.toLowerCase();
  const known = (await listKnownChains()).find((candidate) => candidate.slug === options.chain);
  if (!known) throw new AppError("validation_failed", `Unknown chain '${options.chain}'; known chains: ${(await listKnownChains()).map((c) => c.slug).join(", ")}.`);
  const client = options.client ?? createRpcClient(options.rpcUrl);
  const rpcChainId = await client.getChainId();
  if (rpcChainId !== known.chainId) throw new AppError("validation_failed", `The endpoint serves chain id ${rpcChainId}, not ${known.slug} (${known.chainId}).`);
  const chain = (await storeChainRows(known.slug)).slug;

  const latest = await client.getBlockNumber();
  const confirmed = latest - BigInt(options.confirmations ?? env.WALLET_CONFIRMATIONS);
  let cursor = await prisma.ingestCursor.findUnique({ where: { chain_address: { chain, address: wallet } } });

  let reorg: IngestSummary["reorg"] = null;
  if (cursor?.blockHash) {
    const block = await client.getBlock({ blockNumber: cursor.lastBlock }).catch(() => null);
    if (block?.hash?.toLowerCase() !== cursor.blockHash) {
      const depth = BigInt(options.reorgDepth ?? env.WALLET_REORG_DEPTH);
      const safe = cursor.lastBlock - depth < 0n ? -1n : cursor.lastBlock - depth;
      const removed = await rollBack(chain, wallet, safe);
      reorg = { atBlock: cursor.lastBlock.toString(), rolledBackTo: safe.toString(), ...removed };
      log(`${chain}: block ${cursor.lastBlock} is no longer the one read (a reorg); rolled back to ${safe}, ${removed.transfers} transfers and ${removed.approvals} approvals to read again`);
      cursor = safe < 0n ? null : { ...cursor, lastBlock: safe, blockHash: null };
    }
  }

  const start = options.fromBlock ?? (cursor ? cursor.lastBlock + 1n : 0n);
  const end = options.toBlock !== undefined && options.toBlock < confirmed ? options.toBlock : confirmed;
  const maxStep = BigInt(options.chunkBlocks ?? env.WALLET_INGEST_CHUNK_BLOCKS);
  const nativeBlocks = BigInt(options.nativeBlocks ?? env.WALLET_RPC_NATIVE_BLOCKS);
  const nativeFrom = end - nativeBlocks + 1n;

  const firstSeen = new Map<string, Date>();
  const totals = { transfers: { found: 0, stored: 0 }, approvals: { found: 0, stored: 0 } };
  let refusedRanges = 0;
  let lastBlock = cursor?.lastBlock ?? -1n;
  let step = maxStep;
  for (let from = start; from <= end; ) {
    options.signal?.throwIfAborted();
    const to = from + step - 1n < end ? from + step - 1n : end;
    let scan;
    try {
      scan = await scanRange(client, { chain, wallet, fromBlock: from, toBlock: to, nativeFrom });
    } catch (error) {
      if (!(error instanceof LogRangeRefused) || to === from) throw error;
      refusedRanges += 1;
      step = (to - from + 1n) / 2n;
      log(`${chain} blocks ${from}–${to}: ${error.reason}; reading ${step} blocks at a time`);
      continue;
    }
    const { transfers, approvals, endHash } = scan;
    // A re-read of earlier blocks never moves the cursor back.
    const moves = to > lastBlock;
    lastBlock = moves ? to : lastBlock;
    const stored = await prisma.$transaction(async (tx) => {
      const transferCount = (await tx.walletTransfer.createMany({ data: transfers, skipDuplicates: true })).count;
      const approvalCount = (await tx.tokenApproval.createMany({ data: approvals, skipDuplicates: true })).count;
      const position = moves ? { lastBlock, blockHash: endHash, source: "rpc" } : {};
      await tx.ingestCursor.upsert({ where: { chain_address: { chain, address: wallet } }, create: { chain, address: wallet, lastBlock, blockHash: endHash, source: "rpc" }, update: position });
      return { transfers: transferCount, approvals: approvalCount };
    });
    totals.transfers.found += transfers.length;
    totals.transfers.stored += stored.transfers;
    totals.approvals.found += approvals.length;
    totals.approvals.stored += stored.approvals;
    noteFirstSeen(firstSeen, transfers, approvals, wallet);
    log(`${chain} blocks ${from}–${to}: ${transfers.length} transfers (${stored.transfers} new), ${approvals.length} approvals (${stored.approvals} new)`);
    await options.onStep?.({ fromBlock: from, toBlock: to, endBlock: end, records: totals.transfers.found + totals.approvals.found });
    from = to + 1n;
    step = step * 2n < maxStep ? step * 2n : maxStep;
  }

  const erc20s = (
    await prisma.walletTransfer.findMany({
      where: { chain, kind: "erc20", OR: [{ fromAddress: wallet }, { toAddress: wallet }] },
      distinct: ["tokenAddress"],
      select: { tokenAddress: true },
    })
  ).map((row) => row.tokenAddress);
  const addresses = await storeAddressInfo(client, chain, firstSeen);
  const tokens = await storeTokens(client, chain, erc20s);
  const holdings = await storeHoldings(client, chain, wallet, erc20s, end < 0n ? 0n : end);
  const nfts = await storeNfts(chain, wallet, (contracts) => readCollectionNames(client, contracts));
  const summary: IngestSummary = {
    chain,
    address: wallet,
    fromBlock: start.toString(),
    toBlock: end.toString(),
    headBlock: latest.toString(),
    nativeFromBlock: nativeBlocks > 0n && end >= start ? (nativeFrom > start ? nativeFrom : start).toString() : null,
    ...totals,
    refusedRanges,
    reorg,
    addresses,
    tokens,
    holdings,
    nfts,
  };
  log(`${chain} ${wallet}: ${totals.transfers.stored} new transfers (${totals.transfers.found} read), ${totals.approvals.stored} new approvals, ${addresses} new addresses, ${tokens} new tokens, ${holdings} holdings, ${nfts.held} NFTs held`);
  return summary;
};
