// The chain registry of the demo (the layer table of REFERENCE-NOTES.md) with the facts the
// seed needs to make believable block numbers: a height at a reference instant and a block time.
import type { ChainLayer } from "../db";

export type ChainFacts = {
  slug: string;
  chainId: number;
  name: string;
  layer: ChainLayer;
  nativeSymbol: string;
  nativeName: string;
  /** Approximate block height at REFERENCE_TIME and seconds per block (close enough for a demo). */
  heightAtReference: number;
  blockSeconds: number;
};

const REFERENCE_TIME = Date.UTC(2026, 10, 1);

export const CHAINS: readonly ChainFacts[] = [
  { slug: "eth-mainnet", chainId: 1, name: "Ethereum", layer: "Layer1", nativeSymbol: "ETH", nativeName: "Ether", heightAtReference: 26_310_000, blockSeconds: 12 },
  { slug: "bsc-mainnet", chainId: 56, name: "BNB Smart Chain", layer: "Layer1", nativeSymbol: "BNB", nativeName: "BNB", heightAtReference: 88_400_000, blockSeconds: 0.75 },
  { slug: "avalanche-mainnet", chainId: 43114, name: "Avalanche C-Chain", layer: "Layer1", nativeSymbol: "AVAX", nativeName: "Avalanche", heightAtReference: 81_200_000, blockSeconds: 2 },
  { slug: "matic-mainnet", chainId: 137, name: "Polygon PoS", layer: "Layer1", nativeSymbol: "POL", nativeName: "Polygon Ecosystem Token", heightAtReference: 94_100_000, blockSeconds: 2 },
  { slug: "gnosis-mainnet", chainId: 100, name: "Gnosis", layer: "Layer1", nativeSymbol: "XDAI", nativeName: "xDAI", heightAtReference: 48_900_000, blockSeconds: 5 },
  { slug: "fantom-mainnet", chainId: 250, name: "Fantom Opera", layer: "Layer1", nativeSymbol: "FTM", nativeName: "Fantom", heightAtReference: 121_500_000, blockSeconds: 1 },
  { slug: "arbitrum-mainnet", chainId: 42161, name: "Arbitrum One", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether", heightAtReference: 521_000_000, blockSeconds: 0.25 },
  { slug: "optimism-mainnet", chainId: 10, name: "OP Mainnet", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether", heightAtReference: 159_300_000, blockSeconds: 2 },
  { slug: "base-mainnet", chainId: 8453, name: "Base", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether", heightAtReference: 53_700_000, blockSeconds: 2 },
  { slug: "zksync-mainnet", chainId: 324, name: "zkSync Era", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether", heightAtReference: 68_900_000, blockSeconds: 1 },
  { slug: "linea-mainnet", chainId: 59144, name: "Linea", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether", heightAtReference: 26_800_000, blockSeconds: 2 },
  { slug: "scroll-mainnet", chainId: 534352, name: "Scroll", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether", heightAtReference: 25_300_000, blockSeconds: 3 },
];

export const chainBySlug = (slug: string): ChainFacts => {
  const chain = CHAINS.find((candidate) => candidate.slug === slug);
  if (!chain) throw new Error(`Unknown chain ${slug}`);
  return chain;
};

/** The block a transaction at `time` lands in: increases with time, never below 1. */
export const blockAt = (chain: ChainFacts, time: Date): bigint =>
  BigInt(Math.max(1, chain.heightAtReference + Math.floor((time.getTime() - REFERENCE_TIME) / 1000 / chain.blockSeconds)));
