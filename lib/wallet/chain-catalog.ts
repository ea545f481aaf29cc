// The chain registry: the twelve EVM chains the wallet metrics know (docs/wallet-metrics.md,
// "The chain registry"). Polygon PoS and Gnosis are sidechains and count as Layer1.
// The Chain table holds the same rows (seeded, imported or written by the ingester); a chain
// added by an import is known too (see listKnownChains in list-known-chains.ts).
// Client-safe: nothing here imports the database.
export type ChainLayer = "Layer1" | "Layer2";

export type ChainInfo = {
  slug: string;
  chainId: number;
  name: string;
  layer: ChainLayer;
  nativeSymbol: string;
  nativeName: string;
};

export const CHAIN_REGISTRY: readonly ChainInfo[] = [
  { slug: "eth-mainnet", chainId: 1, name: "Ethereum", layer: "Layer1", nativeSymbol: "ETH", nativeName: "Ether" },
  { slug: "bsc-mainnet", chainId: 56, name: "BNB Smart Chain", layer: "Layer1", nativeSymbol: "BNB", nativeName: "BNB" },
  { slug: "avalanche-mainnet", chainId: 43114, name: "Avalanche C-Chain", layer: "Layer1", nativeSymbol: "AVAX", nativeName: "Avalanche" },
  { slug: "matic-mainnet", chainId: 137, name: "Polygon PoS", layer: "Layer1", nativeSymbol: "POL", nativeName: "Polygon Ecosystem Token" },
  { slug: "gnosis-mainnet", chainId: 100, name: "Gnosis", layer: "Layer1", nativeSymbol: "XDAI", nativeName: "xDAI" },
  { slug: "fantom-mainnet", chainId: 250, name: "Fantom Opera", layer: "Layer1", nativeSymbol: "FTM", nativeName: "Fantom" },
  { slug: "arbitrum-mainnet", chainId: 42161, name: "Arbitrum One", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether" },
  { slug: "optimism-mainnet", chainId: 10, name: "OP Mainnet", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether" },
  { slug: "base-mainnet", chainId: 8453, name: "Base", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether" },
  { slug: "zksync-mainnet", chainId: 324, name: "zkSync Era", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether" },
  { slug: "linea-mainnet", chainId: 59144, name: "Linea", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether" },
  { slug: "scroll-mainnet", chainId: 534352, name: "Scroll", layer: "Layer2", nativeSymbol: "ETH", nativeName: "Ether" },
];


export const LAYERS = ["Layer1", "Layer2"] as const satisfies readonly ChainLayer[];

/** The registry entry of a slug, or undefined. */
export const registryChain = (slug: string): ChainInfo | undefined => CHAIN_REGISTRY.find((chain) => chain.slug === slug);

/** A chain slug as an environment variable suffix: eth-mainnet → ETH_MAINNET. */
export const slugToEnvSuffix = (slug: string) => slug.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
