// The common first step of every metric: addresses lower-cased (comparisons are
// case-insensitive), everything narrowed to the requested chains and to transfers the wallet
// is part of, and lookup tables built once.
import type { MetricsThresholds } from "../config";
import { PriceBook } from "./prices";
import type { AddressFact, ChainFact, FlagList, HoldingFact, NftFact, TokenFact, TransferFact, WalletFacts } from "./types";

/** Mints and burns go to and come from here; it is nobody's counterparty. */
export const NULL_ADDRESS = "0x0000000000000000000000000000000000000000";

export type MetricsContext = {
  wallet: string;
  now: Date;
  thresholds: MetricsThresholds;
  /** The requested chains in request order, or null for every chain. */
  chainFilter: string[] | null;
  chains: Map<string, ChainFact>;
  /** The wallet's transfers on the requested chains, oldest first. */
  transfers: TransferFact[];
  holdings: HoldingFact[];
  nfts: NftFact[];
  tokens: Map<string, TokenFact>;
  /** NFT collection names by chain|contract, from the held NFTs. */
  collections: Map<string, string>;
  prices: PriceBook;
  addresses: Map<string, AddressFact>;
  flagList: FlagList;
  /** Addresses the asking user trusts (lower case). */
  trusted: Set<string>;
};

export const factKey = (chain: string, address: string) => `${chain}|${address}`;

const lower = (value: string) => value.toLowerCase();
const lowerOrNull = (value: string | null) => (value === null ? null : value.toLowerCase());

export const buildContext = (
  facts: WalletFacts,
  options: { now: Date; thresholds: MetricsThresholds; chains?: readonly string[] | null },
): MetricsContext => {
  const wallet = lower(facts.wallet);
  const chainFilter = options.chains && options.chains.length > 0 ? [...new Set(options.chains)] : null;
  const inScope = (chain: string) => chainFilter === null || chainFilter.includes(chain);

  const transfers = facts.transfers
    .map((transfer) => ({
      ...transfer,
      txHash: lower(transfer.txHash),
      from: lower(transfer.from),
      to: lower(transfer.to),
      tokenAddress: lower(transfer.tokenAddress),
      txFrom: lowerOrNull(transfer.txFrom),
    }))
    .filter((transfer) => inScope(transfer.chain) && (transfer.from === wallet || transfer.to === wallet))
    .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime() || a.chain.localeCompare(b.chain) || a.txHash.localeCompare(b.txHash) || a.logIndex - b.logIndex);

  const tokens = new Map<string, TokenFact>();
  for (const token of facts.tokens) tokens.set(factKey(token.chain, lower(token.address)), { ...token, address: lower(token.address) });
  const addresses = new Map<string, AddressFact>();
  for (const info of facts.addresses) if (inScope(info.chain)) addresses.set(factKey(info.chain, lower(info.address)), { ...info, address: lower(info.address) });

  const nfts = facts.nfts.filter((nft) => inScope(nft.chain)).map((nft) => ({ ...nft, contractAddress: lower(nft.contractAddress) }));
  return {
    wallet,
    now: options.now,
    thresholds: options.thresholds,
    chainFilter,
    chains: new Map(facts.chains.map((chain) => [chain.slug, chain])),
    transfers,
    holdings: facts.holdings.filter((holding) => inScope(holding.chain)).map((holding) => ({ ...holding, tokenAddress: lower(holding.tokenAddress) })),
    nfts,
    tokens,
    collections: new Map(nfts.map((nft) => [factKey(nft.chain, nft.contractAddress), nft.collectionName])),
    prices: new PriceBook(facts.prices, options.now),
    addresses,
    flagList: { version: facts.flagList.version, entries: facts.flagList.entries.map((entry) => ({ ...entry, address: lower(entry.address) })) },
    trusted: new Set((facts.trusted ?? []).map(lower)),
  };
};

/** The other side of a transfer from the wallet's point of view (null for a self-transfer). */
export const counterpartyOf = (wallet: string, transfer: TransferFact): string | null => {
  const other = transfer.from === wallet ? transfer.to : transfer.from;
  return other === wallet ? null : other;
};

/** Who started the transaction: its sender when known, else the transfer's sender. */
export const initiatorOf = (transfer: TransferFact) => transfer.txFrom ?? transfer.from;

export const txKeyOf = (transfer: TransferFact) => `${transfer.chain}|${transfer.txHash}`;
