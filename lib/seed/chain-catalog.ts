// The seed's block facts for each chain of the registry (lib/wallet/chain-catalog.ts, the one source of
// slugs, ids and layers): a height at a reference instant and a block time, so that demo
// transactions land in believable blocks.
import { CHAIN_REGISTRY, type ChainInfo } from "../wallet";

export type ChainFacts = ChainInfo & {
  /** Approximate block height at REFERENCE_TIME and seconds per block (close enough for a demo). */
  heightAtReference: number;
  blockSeconds: number;
};

const REFERENCE_TIME = Date.UTC(2026, 10, 1);

const BLOCKS: Record<string, Pick<ChainFacts, "heightAtReference" | "blockSeconds">> = {
  "eth-mainnet": { heightAtReference: 26_310_000, blockSeconds: 12 },
  "bsc-mainnet": { heightAtReference: 88_400_000, blockSeconds: 0.75 },
  "avalanche-mainnet": { heightAtReference: 81_200_000, blockSeconds: 2 },
  "matic-mainnet": { heightAtReference: 94_100_000, blockSeconds: 2 },
  "gnosis-mainnet": { heightAtReference: 48_900_000, blockSeconds: 5 },
  "fantom-mainnet": { heightAtReference: 121_500_000, blockSeconds: 1 },
  "arbitrum-mainnet": { heightAtReference: 521_000_000, blockSeconds: 0.25 },
  "optimism-mainnet": { heightAtReference: 159_300_000, blockSeconds: 2 },
  "base-mainnet": { heightAtReference: 53_700_000, blockSeconds: 2 },
  "zksync-mainnet": { heightAtReference: 68_900_000, blockSeconds: 1 },
  "linea-mainnet": { heightAtReference: 26_800_000, blockSeconds: 2 },
  "scroll-mainnet": { heightAtReference: 25_300_000, blockSeconds: 3 },
};

export const CHAINS: readonly ChainFacts[] = CHAIN_REGISTRY.map((chain) => {
  const blocks = BLOCKS[chain.slug];
  if (!blocks) throw new Error(`The seed has no block facts for chain ${chain.slug}`);
  return { ...chain, ...blocks };
});

export const chainBySlug = (slug: string): ChainFacts => {
  const chain = CHAINS.find((candidate) => candidate.slug === slug);
  if (!chain) throw new Error(`Unknown chain ${slug}`);
  return chain;
};

/** The block a transaction at `time` lands in: increases with time, never below 1. */
export const blockAt = (chain: ChainFacts, time: Date): bigint =>
  BigInt(Math.max(1, chain.heightAtReference + Math.floor((time.getTime() - REFERENCE_TIME) / 1000 / chain.blockSeconds)));
