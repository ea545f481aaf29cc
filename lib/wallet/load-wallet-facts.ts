// Reads everything stored about one wallet in a fixed number of queries (one per table, in two
// parallel rounds), whatever the size of its history, and turns rows into the engine's facts.
import { prisma } from "../db";
import { FLAG_LIST } from "./load-flag-list";
import type { KnownChain } from "./list-known-chains";
import type { WalletFacts } from "./rules/types";

const toBigInt = (value: { toFixed: (digits: number) => string }) => BigInt(value.toFixed(0));

/**
 * @param wallet lower-case address (every writer stores addresses in lower case)
 * @param chains only these chains, or null for all
 * @param tokenMapChains chains named in a tokenMap: all their tokens and prices are read, so that
 * a mapped token the wallet never touched can still be resolved and priced
 */
export const loadWalletFacts = async (
  wallet: string,
  chains: readonly string[] | null,
  known: readonly KnownChain[],
  options: { now: Date; tokenMapChains?: readonly string[] },
): Promise<WalletFacts> => {
  const chainWhere = chains ? { chain: { in: [...chains] } } : {};
  const [transfers, holdings, nfts, cursors] = await Promise.all([
    prisma.walletTransfer.findMany({
      where: { ...chainWhere, OR: [{ fromAddress: wallet }, { toAddress: wallet }] },
      select: { chain: true, txHash: true, logIndex: true, timestamp: true, fromAddress: true, toAddress: true, kind: true, tokenAddress: true, tokenId: true, amount: true, txFrom: true, blockNumber: true },
    }),
    prisma.tokenHolding.findMany({ where: { walletAddress: wallet, ...chainWhere }, select: { chain: true, tokenAddress: true, balance: true } }),
    prisma.nftHolding.findMany({
      where: { walletAddress: wallet, ...chainWhere },
      select: { chain: true, contractAddress: true, tokenId: true, collectionName: true, floorPriceUsd: true },
    }),
    prisma.ingestCursor.findMany({ where: { address: wallet, ...chainWhere }, select: { chain: true, lastBlock: true, updatedAt: true, source: true } }),
  ]);

  const mapped = [...(options.tokenMapChains ?? [])];
  const activeChains: string[] = chains ? [...chains] : [...new Set([...transfers.map((t) => t.chain), ...holdings.map((h) => h.chain), ...nfts.map((n) => n.chain), ...mapped])];
  const tokenAddresses = [...new Set(["native", ...transfers.map((t) => t.tokenAddress), ...holdings.map((h) => h.tokenAddress)])];
  const counterparties = [...new Set(transfers.flatMap((t) => [t.fromAddress, t.toAddress, ...(t.txFrom ? [t.txFrom] : [])]))];
  const [tokens, prices, addresses] = await Promise.all([
    prisma.token.findMany({ where: { chain: { in: activeChains } }, select: { chain: true, address: true, symbol: true, name: true, decimals: true, isSpam: true } }),
    prisma.tokenPrice.findMany({
      where: { chain: { in: activeChains }, asOf: { lte: options.now }, OR: [{ tokenAddress: { in: tokenAddresses } }, { chain: { in: mapped } }] },
      select: { chain: true, tokenAddress: true, priceUsd: true, asOf: true },
    }),
    counterparties.length === 0
      ? Promise.resolve([])
      : prisma.addressInfo.findMany({
          where: { chain: { in: activeChains }, address: { in: counterparties } },
          select: { chain: true, address: true, isContract: true, label: true, firstSeenAt: true },
        }),
  ]);

  return {
    wallet,
    chains: known.map(({ slug, layer, nativeSymbol }) => ({ slug, layer, nativeSymbol })),
    transfers: transfers.map(({ fromAddress, toAddress, amount, ...transfer }) => ({ ...transfer, from: fromAddress, to: toAddress, amount: toBigInt(amount) })),
    holdings: holdings.map((holding) => ({ ...holding, balance: toBigInt(holding.balance) })),
    tokens,
    prices,
    nfts,
    addresses,
    flagList: FLAG_LIST,
    cursors,
  };
};
