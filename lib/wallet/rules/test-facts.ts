// Small hand-made wallet histories for the engine's unit tests.
import { DEFAULT_THRESHOLDS } from "../config";
import { CHAIN_REGISTRY } from "../chain-catalog";
import { buildContext, type MetricsContext } from "./context";
import type { TransferFact, WalletFacts } from "./types";

export const WALLET = "0xaaaa00000000000000000000000000000000aaaa";
export const FRIEND = "0xbbbb00000000000000000000000000000000bbbb";
export const OTHER = "0xcccc00000000000000000000000000000000cccc";
export const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
export const SPAM = "0x5555000000000000000000000000000000005555";
export const NOW = new Date("2026-11-01T00:00:00.000Z");
export const T0 = new Date("2026-10-01T12:00:00.000Z");

export const ETHER = 10n ** 18n;
export const minutes = (count: number) => new Date(T0.getTime() + count * 60_000);
export const address = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
export const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

let serial = 0;

/** A transfer of 1 ETH on eth-mainnet at T0 in its own transaction, unless told otherwise. */
export const transfer = (fields: Partial<TransferFact> & Pick<TransferFact, "from" | "to">): TransferFact => {
  serial += 1;
  return {
    chain: "eth-mainnet",
    txHash: hash(serial),
    logIndex: -1,
    timestamp: T0,
    kind: "native",
    tokenAddress: "native",
    tokenId: null,
    amount: ETHER,
    txFrom: fields.from,
    ...fields,
  };
};

export const erc20 = (fields: Partial<TransferFact> & Pick<TransferFact, "from" | "to">) =>
  transfer({ kind: "erc20", tokenAddress: USDC, logIndex: 0, amount: 1_000_000n, ...fields });

export const facts = (fields: Partial<WalletFacts> = {}): WalletFacts => ({
  wallet: WALLET,
  chains: CHAIN_REGISTRY.map(({ slug, layer, nativeSymbol }) => ({ slug, layer, nativeSymbol })),
  transfers: [],
  holdings: [],
  tokens: [
    { chain: "eth-mainnet", address: "native", symbol: "ETH", name: "Ether", decimals: 18, isSpam: false },
    { chain: "eth-mainnet", address: USDC, symbol: "USDC", name: "USD Coin", decimals: 6, isSpam: false },
    { chain: "eth-mainnet", address: SPAM, symbol: "ETHG", name: "Ethereum Gold", decimals: 18, isSpam: true },
    { chain: "base-mainnet", address: "native", symbol: "ETH", name: "Ether", decimals: 18, isSpam: false },
  ],
  prices: [
    { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 3000, asOf: new Date("2026-09-01T00:00:00Z") },
    { chain: "eth-mainnet", tokenAddress: USDC, priceUsd: 1, asOf: new Date("2026-09-01T00:00:00Z") },
    { chain: "base-mainnet", tokenAddress: "native", priceUsd: 3000, asOf: new Date("2026-09-01T00:00:00Z") },
  ],
  nfts: [],
  addresses: [],
  flagList: { version: "2026-11-01", entries: [] },
  ...fields,
});

export const contextOf = (fields: Partial<WalletFacts> = {}, options: { chains?: string[] } = {}): MetricsContext =>
  buildContext(facts(fields), { now: NOW, thresholds: DEFAULT_THRESHOLDS, chains: options.chains });
