// The stored facts the metrics engine reads, as plain values (no Prisma types): the engine is a
// set of pure functions over these, so every number can be recomputed by hand from the rows.
import type { ChainLayer } from "../chain-catalog";

export type TransferKind = "native" | "erc20" | "erc721";

export type TransferFact = {
  chain: string;
  txHash: string;
  /** -1 for the transaction's own value, else the log index. */
  logIndex: number;
  timestamp: Date;
  from: string;
  to: string;
  kind: TransferKind;
  /** Token contract, or "native". */
  tokenAddress: string;
  tokenId: string | null;
  /** Raw integer amount in the token's smallest unit. */
  amount: bigint;
  /** The transaction's sender (who paid for it); null when unknown. */
  txFrom: string | null;
  /** The block it is in, when known (coverage reports the highest one stored). */
  blockNumber?: bigint;
};

export type TokenFact = { chain: string; address: string; symbol: string; name: string; decimals: number; isSpam: boolean };

export type PriceFact = { chain: string; tokenAddress: string; priceUsd: number; asOf: Date };

export type HoldingFact = { chain: string; tokenAddress: string; balance: bigint };

export type NftFact = { chain: string; contractAddress: string; tokenId: string; collectionName: string; floorPriceUsd: number | null };

export type AddressFact = { chain: string; address: string; isContract: boolean; label: string | null; firstSeenAt: Date | null };

export type ChainFact = { slug: string; layer: ChainLayer; nativeSymbol: string };

export type FlagListEntry = { address: string; chains?: string[]; reason: string; source: string; listedOn: string };

/** How far the ingester has scanned one chain for the wallet (IngestCursor). */
/** How far an indexer read a wallet on a chain; source "rpc" (JSON-RPC ingester) or "explorer" (account API). */
export type CursorFact = { chain: string; lastBlock: bigint; updatedAt: Date; source?: string };

export type FlagList = { version: string; entries: FlagListEntry[] };

/** Everything stored about one wallet (already narrowed to it; the engine narrows by chain). */
export type WalletFacts = {
  wallet: string;
  /** Every known chain and its layer. */
  chains: ChainFact[];
  transfers: TransferFact[];
  holdings: HoldingFact[];
  tokens: TokenFact[];
  prices: PriceFact[];
  nfts: NftFact[];
  addresses: AddressFact[];
  flagList: FlagList;
  /** The ingester's progress per chain for this wallet (absent: none). */
  cursors?: CursorFact[];
  /** Addresses the asking user trusts (address book): genuine look-alike anchors, never flagged for dust or spam. */
  trusted?: string[];
};

export type UncommonReasonCode =
  | "lookalike"
  | "zero-value"
  | "dust"
  | "spam-token"
  | "spam-token-contract"
  | "burst"
  | "fresh-large"
  | "flag-list";

export type UncommonReason = {
  code: UncommonReasonCode;
  /** One sentence a user can check against the transfers. */
  detail: string;
  /** How many transfers (or transactions) support it. */
  count: number;
  chains: string[];
  /** Up to three transaction hashes as examples. */
  examples: string[];
};

export type BehaviorClass = "Low" | "Moderate" | "High" | "Uncommon";
