// The EVM ingester: reads a wallet's history from a chain's JSON-RPC endpoint into the wallet
// tables. Resumable: blocks are read in steps, and each step's transfers and the cursor
// (IngestCursor.lastBlock) are stored in one transaction, so an interrupted run resumes after
// the last stored step. Idempotent: transfers are unique by (chain, txHash, logIndex) and
// stored with skipDuplicates; address facts, tokens, holdings and NFTs are written by key.
import type { PublicClient } from "viem";
import { prisma } from "../../db";
import { AppError } from "../../core/errors";
import { registryChain } from "../chains";
import { walletEnv } from "../config";
import { listKnownChains, type KnownChain } from "../known-chains";
import { ADDRESS_PATTERN } from "../schemas";
import { readBalances, readCollectionNames, readIsContract, readTokenMetadata } from "./enrich";
import { createRpcClient } from "./rpc";
import { scanRange, type TransferRow } from "./scan";

const NULL_ADDRESS = "0x0000000000000000000000000000000000000000";

export type IngestOptions = {
  chain: string;
  address: string;
  rpcUrl: string;
  /** First block to read (default: the block after the cursor, or 0). */
  fromBlock?: bigint;
  /** Last block to read (default: the latest). */
  toBlock?: bigint;
  /** Blocks per step (default WALLET_INGEST_CHUNK_BLOCKS, 500). */
  chunkBlocks?: number;
  log?: (message: string) => void;
  /** A client of one's own (tests); else one is made for rpcUrl. */
  client?: PublicClient;
};

export type IngestSummary = {
  chain: string;
  address: string;
  fromBlock: string;
  toBlock: string;
  transfers: { found: number; stored: number };
  addresses: number;
  tokens: number;
  holdings: number;
  nfts: { held: number; added: number; removed: number };
};

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

const ensureChain = async (chain: KnownChain) => {
  const native = registryChain(chain.slug);
  await prisma.chain.createMany({ data: [{ slug: chain.slug, chainId: chain.chainId, name: chain.name, layer: chain.layer, nativeSymbol: chain.nativeSymbol }], skipDuplicates: true });
  await prisma.token.createMany({
    data: [{ chain: chain.slug, address: "native", symbol: chain.nativeSymbol, name: native?.nativeName ?? chain.nativeSymbol, decimals: 18 }],
    skipDuplicates: true,
  });
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

/** NFTs the wallet owns now: those whose latest ERC-721 transfer went to it. */
const storeNfts = async (client: PublicClient, chain: string, wallet: string) => {
  const transfers = await prisma.walletTransfer.findMany({
    where: { chain, kind: "erc721", OR: [{ fromAddress: wallet }, { toAddress: wallet }] },
    select: { tokenAddress: true, tokenId: true, toAddress: true },
    orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }],
  });
  const owner = new Map<string, { contractAddress: string; tokenId: string; held: boolean }>();
  for (const transfer of transfers) {
    const tokenId = transfer.tokenId ?? "";
    owner.set(`${transfer.tokenAddress}|${tokenId}`, { contractAddress: transfer.tokenAddress, tokenId, held: transfer.toAddress === wallet });
  }
  const existing = await prisma.nftHolding.findMany({ where: { walletAddress: wallet, chain }, select: { contractAddress: true, tokenId: true } });
  const stored = new Set(existing.map((row) => `${row.contractAddress}|${row.tokenId}`));
  const gone = [...owner.entries()].filter(([key, nft]) => !nft.held && stored.has(key)).map(([, nft]) => nft);
  const added = [...owner.entries()].filter(([key, nft]) => nft.held && !stored.has(key)).map(([, nft]) => nft);
  const contracts = [...new Set(added.map((nft) => nft.contractAddress))];
  const [names, labels] = await Promise.all([
    readCollectionNames(client, contracts),
    prisma.addressInfo.findMany({ where: { chain, address: { in: contracts } }, select: { address: true, label: true } }),
  ]);
  const nameOf = new Map(contracts.map((contract, index) => [contract, names[index] ?? labels.find((row) => row.address === contract)?.label ?? short(contract)]));
  await prisma.$transaction(async (tx) => {
    if (gone.length > 0) await tx.nftHolding.deleteMany({ where: { walletAddress: wallet, chain, OR: gone.map(({ contractAddress, tokenId }) => ({ contractAddress, tokenId })) } });
    await tx.nftHolding.createMany({
      data: added.map((nft) => ({ walletAddress: wallet, chain, contractAddress: nft.contractAddress, tokenId: nft.tokenId, collectionName: nameOf.get(nft.contractAddress)!.slice(0, 200) })),
      skipDuplicates: true,
    });
  });
  return { held: [...owner.values()].filter((nft) => nft.held).length, added: added.length, removed: gone.length };
};

const noteFirstSeen = (firstSeen: Map<string, Date>, rows: TransferRow[], wallet: string) => {
  for (const row of rows) {
    for (const address of [row.fromAddress, row.toAddress, row.txFrom, row.tokenAddress]) {
      if (!address || address === "native" || address === NULL_ADDRESS || address === wallet) continue;
      const seen = firstSeen.get(address);
      if (!seen || seen > row.timestamp) firstSeen.set(address, row.timestamp);
    }
  }
};

export const ingestWallet = async (options: IngestOptions): Promise<IngestSummary> => {
  const log = options.log ?? (() => {});
  if (!ADDRESS_PATTERN.test(options.address)) throw new AppError("validation_failed", `'${options.address}' is not an EVM address (0x followed by 40 hex digits).`);
  const wallet = options.address.toLowerCase();
  const chain = (await listKnownChains()).find((candidate) => candidate.slug === options.chain);
  if (!chain) throw new AppError("validation_failed", `Unknown chain '${options.chain}'; known chains: ${(await listKnownChains()).map((c) => c.slug).join(", ")}.`);
  const client = options.client ?? createRpcClient(options.rpcUrl);
  const rpcChainId = await client.getChainId();
  if (rpcChainId !== chain.chainId) throw new AppError("validation_failed", `The endpoint serves chain id ${rpcChainId}, not ${chain.slug} (${chain.chainId}).`);

  const latest = await client.getBlockNumber();
  const cursor = await prisma.ingestCursor.findUnique({ where: { chain_address: { chain: chain.slug, address: wallet } } });
  const start = options.fromBlock ?? (cursor ? cursor.lastBlock + 1n : 0n);
  const end = options.toBlock !== undefined && options.toBlock < latest ? options.toBlock : latest;
  const step = BigInt(options.chunkBlocks ?? walletEnv().WALLET_INGEST_CHUNK_BLOCKS);
  await ensureChain(chain);

  const firstSeen = new Map<string, Date>();
  let found = 0;
  let stored = 0;
  let lastBlock = cursor?.lastBlock ?? -1n;
  for (let from = start; from <= end; from += step) {
    const to = from + step - 1n < end ? from + step - 1n : end;
    const rows = await scanRange(client, chain.slug, wallet, from, to);
    // A re-read of earlier blocks never moves the cursor back.
    lastBlock = to > lastBlock ? to : lastBlock;
    const count = await prisma.$transaction(async (tx) => {
      const result = await tx.walletTransfer.createMany({ data: rows, skipDuplicates: true });
      await tx.ingestCursor.upsert({
        where: { chain_address: { chain: chain.slug, address: wallet } },
        create: { chain: chain.slug, address: wallet, lastBlock },
        update: { lastBlock },
      });
      return result.count;
    });
    found += rows.length;
    stored += count;
    noteFirstSeen(firstSeen, rows, wallet);
    log(`${chain.slug} blocks ${from}–${to}: ${rows.length} transfers, ${count} new`);
  }

  const erc20s = (
    await prisma.walletTransfer.findMany({
      where: { chain: chain.slug, kind: "erc20", OR: [{ fromAddress: wallet }, { toAddress: wallet }] },
      distinct: ["tokenAddress"],
      select: { tokenAddress: true },
    })
  ).map((row) => row.tokenAddress);
  const addresses = await storeAddressInfo(client, chain.slug, firstSeen);
  const tokens = await storeTokens(client, chain.slug, erc20s);
  const holdings = await storeHoldings(client, chain.slug, wallet, erc20s, end);
  const nfts = await storeNfts(client, chain.slug, wallet);
  const summary: IngestSummary = {
    chain: chain.slug,
    address: wallet,
    fromBlock: start.toString(),
    toBlock: end.toString(),
    transfers: { found, stored },
    addresses,
    tokens,
    holdings,
    nfts,
  };
  log(`${chain.slug} ${wallet}: ${stored} new transfers (${found} read), ${addresses} new addresses, ${tokens} new tokens, ${holdings} holdings, ${nfts.held} NFTs held`);
  return summary;
};
