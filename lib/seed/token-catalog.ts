// Tokens, well-known contracts and NFT collections of the demo wallets. Contract addresses are the
// public mainnet ones where they are well known; a few invented ones (spam tokens, small
// collections, some routers) are drawn from the PRNG so that they stay deterministic.
import type { Prng } from "./generator/prng";

/** USD reference prices at the epoch, by price key. */
export const BASE_PRICES = {
  ETH: 3420,
  BNB: 612,
  AVAX: 34.2,
  POL: 0.42,
  FTM: 0.68,
  USD: 1,
  LINK: 17.6,
  UNI: 9.8,
  ARB: 0.78,
  OP: 1.86,
  CAKE: 2.4,
} as const;

export type PriceKey = keyof typeof BASE_PRICES;

export type TokenFacts = {
  chain: string;
  address: string;
  symbol: string;
  name: string;
  decimals: number;
  /** Unpriced when absent (spam). */
  priceKey?: PriceKey;
  isSpam?: boolean;
};

const erc20 = (chain: string, address: string, symbol: string, name: string, decimals: number, priceKey: PriceKey): TokenFacts => ({
  chain,
  address,
  symbol,
  name,
  decimals,
  priceKey,
});

const NATIVE_PRICE: Record<string, PriceKey> = { ETH: "ETH", BNB: "BNB", AVAX: "AVAX", POL: "POL", XDAI: "USD", FTM: "FTM" };

export const nativeToken = (chain: string, symbol: string, name: string): TokenFacts => ({
  chain,
  address: "native",
  symbol,
  name,
  decimals: 18,
  priceKey: NATIVE_PRICE[symbol],
});

export const ERC20_TOKENS: readonly TokenFacts[] = [
  erc20("eth-mainnet", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", "USDC", "USD Coin", 6, "USD"),
  erc20("eth-mainnet", "0xdac17f958d2ee523a2206206994597c13d831ec7", "USDT", "Tether USD", 6, "USD"),
  erc20("eth-mainnet", "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2", "WETH", "Wrapped Ether", 18, "ETH"),
  erc20("eth-mainnet", "0x6b175474e89094c44da98b954eedeac495271d0f", "DAI", "Dai Stablecoin", 18, "USD"),
  erc20("eth-mainnet", "0x514910771af9ca656af840dff83e8264ecf986ca", "LINK", "ChainLink Token", 18, "LINK"),
  erc20("eth-mainnet", "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984", "UNI", "Uniswap", 18, "UNI"),
  erc20("arbitrum-mainnet", "0xaf88d065e77c8cc2239327c5edb3a432268e5831", "USDC", "USD Coin", 6, "USD"),
  erc20("arbitrum-mainnet", "0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9", "USDT", "Tether USD", 6, "USD"),
  erc20("arbitrum-mainnet", "0x82af49447d8a07e3bd95bd0d56f35241523fbab1", "WETH", "Wrapped Ether", 18, "ETH"),
  erc20("arbitrum-mainnet", "0x912ce59144191c1204e64559fe8253a0e49e6548", "ARB", "Arbitrum", 18, "ARB"),
  erc20("arbitrum-mainnet", "0xf97f4df75117a78c1a5a0dbb814af92458539fb4", "LINK", "ChainLink Token", 18, "LINK"),
  erc20("optimism-mainnet", "0x0b2c639c533813f4aa9d7837caf62653d097ff85", "USDC", "USD Coin", 6, "USD"),
  erc20("optimism-mainnet", "0x4200000000000000000000000000000000000006", "WETH", "Wrapped Ether", 18, "ETH"),
  erc20("optimism-mainnet", "0x4200000000000000000000000000000000000042", "OP", "Optimism", 18, "OP"),
  erc20("optimism-mainnet", "0xda10009cbd5d07dd0cecc66161fc93d7c9000da1", "DAI", "Dai Stablecoin", 18, "USD"),
  erc20("base-mainnet", "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913", "USDC", "USD Coin", 6, "USD"),
  erc20("base-mainnet", "0x4200000000000000000000000000000000000006", "WETH", "Wrapped Ether", 18, "ETH"),
  erc20("base-mainnet", "0x50c5725949a6f0c72e6c4a641f24049a917db0cb", "DAI", "Dai Stablecoin", 18, "USD"),
  erc20("matic-mainnet", "0x3c499c542cef5e3811e1192ce70d8cc03d5c3359", "USDC", "USD Coin", 6, "USD"),
  erc20("matic-mainnet", "0xc2132d05d31c914a87c6611c10748aeb04b58e8f", "USDT", "Tether USD", 6, "USD"),
  erc20("matic-mainnet", "0x7ceb23fd6bc0add59e62ac25578270cff1b9f619", "WETH", "Wrapped Ether", 18, "ETH"),
  erc20("matic-mainnet", "0x53e0bca35ec356bd5dddfebbd1fc0fd03fabad39", "LINK", "ChainLink Token", 18, "LINK"),
  erc20("bsc-mainnet", "0x55d398326f99059ff775485246999027b3197955", "USDT", "Tether USD", 18, "USD"),
  erc20("bsc-mainnet", "0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d", "USDC", "USD Coin", 18, "USD"),
  erc20("bsc-mainnet", "0x2170ed0880ac9a755fd29b2688956bd959f933f8", "ETH", "Binance-Peg Ethereum Token", 18, "ETH"),
  erc20("bsc-mainnet", "0x0e09fabb73bd3ade0a17ecc321fd13a19e81ce82", "CAKE", "PancakeSwap Token", 18, "CAKE"),
  erc20("avalanche-mainnet", "0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e", "USDC", "USD Coin", 6, "USD"),
  erc20("avalanche-mainnet", "0xb31f66aa3c1e785363f0875a1b74e27b85fd66c7", "WAVAX", "Wrapped AVAX", 18, "AVAX"),
  erc20("gnosis-mainnet", "0xddafbb505ad214d7b80b1f830fccc89b60fb7a83", "USDC", "USD Coin on xDai", 6, "USD"),
  erc20("gnosis-mainnet", "0x6a023ccd1ff6f2045c3309768ead9e68f978f6e1", "WETH", "Wrapped Ether on xDai", 18, "ETH"),
  erc20("fantom-mainnet", "0x04068da6c83afcfa0e13ba15a6696662335d5b75", "USDC", "USD Coin", 6, "USD"),
  erc20("fantom-mainnet", "0x21be370d5312f44cb42ce377bc9b8a0cef1a4c83", "WFTM", "Wrapped Fantom", 18, "FTM"),
  erc20("zksync-mainnet", "0x1d17cbcf0d6d143135ae902365d2e5e2a16538d4", "USDC", "USD Coin", 6, "USD"),
  erc20("zksync-mainnet", "0x5aea5775959fbc2557cc8789bc1bf90a239d9a91", "WETH", "Wrapped Ether", 18, "ETH"),
  erc20("linea-mainnet", "0x176211869ca2b568f2a7d4ee941e073a821ee1ff", "USDC", "USD Coin", 6, "USD"),
  erc20("linea-mainnet", "0xe5d7c2a44ffddf6b295a15c148167daaaf5cf34f", "WETH", "Wrapped Ether", 18, "ETH"),
  erc20("scroll-mainnet", "0x06efdbff2a14a7c8e15944d1f4a48f9f95f663a4", "USDC", "USD Coin", 6, "USD"),
  erc20("scroll-mainnet", "0x5300000000000000000000000000000000000004", "WETH", "Wrapped Ether", 18, "ETH"),
];

export type KnownContract = { chain: string; address: string; label: string; kind: "router" | "marketplace" };

const ONEINCH_V5 = "0x1111111254eeb25477b68fb85ed929f73a960582";
const UNISWAP_SWAPROUTER02 = "0x68b3465833fb72a70ecdf485e0e4c7bd8665fc45";
const SEAPORT_1_5 = "0x00000000000000adc04c56bf30ac9d3c0aaf14dc";

/** The DEX router each chain's swaps go through, and the NFT marketplace. */
export const knownContracts = (rng: Prng): KnownContract[] => {
  const router = (chain: string, address: string, label: string): KnownContract => ({ chain, address, label, kind: "router" });
  return [
    router("eth-mainnet", UNISWAP_SWAPROUTER02, "Uniswap V3: SwapRouter02"),
    router("eth-mainnet", ONEINCH_V5, "1inch: Aggregation Router V5"),
    router("arbitrum-mainnet", UNISWAP_SWAPROUTER02, "Uniswap V3: SwapRouter02"),
    router("optimism-mainnet", UNISWAP_SWAPROUTER02, "Uniswap V3: SwapRouter02"),
    router("matic-mainnet", ONEINCH_V5, "1inch: Aggregation Router V5"),
    router("base-mainnet", "0x2626664c2603336e57b271c5c0b26f421741e481", "Uniswap V3: SwapRouter02"),
    router("bsc-mainnet", "0x10ed43c718714eb63d5aa57b78b54704e256024e", "PancakeSwap: Router v2"),
    router("avalanche-mainnet", ONEINCH_V5, "1inch: Aggregation Router V5"),
    router("gnosis-mainnet", ONEINCH_V5, "1inch: Aggregation Router V5"),
    router("fantom-mainnet", ONEINCH_V5, "1inch: Aggregation Router V5"),
    router("zksync-mainnet", "0x2da10a1e27bf85cedd8ffb1abbe97e53391c0295", "SyncSwap: Router"),
    router("linea-mainnet", rng.address(), "Lynex: Router"),
    router("scroll-mainnet", rng.address(), "Ambient: Swap Dex"),
    ...["eth-mainnet", "base-mainnet", "matic-mainnet", "zksync-mainnet", "linea-mainnet"].map(
      (chain): KnownContract => ({ chain, address: SEAPORT_1_5, label: "OpenSea: Seaport 1.5", kind: "marketplace" }),
    ),
  ];
};

/** Exchange hot wallets that fund the demo wallets (labelled externally owned accounts). */
export const EXCHANGE_WALLETS = [
  { address: "0x28c6c06298d514db089934071355e5743bf21d60", label: "Binance 14" },
  { address: "0xa9d1e08c7793af67e9d92fe308d5697fb81d3e43", label: "Coinbase 10" },
] as const;

export type NftCollection = { chain: string; address: string; name: string; floorPriceUsd: number | null; mintPriceUsd: number };

export const nftCollections = (rng: Prng): NftCollection[] => [
  { chain: "eth-mainnet", address: "0xbd3531da5cf5857e7cfaa92426877b022e612cf8", name: "Pudgy Penguins", floorPriceUsd: 32_400, mintPriceUsd: 0 },
  { chain: "eth-mainnet", address: "0x8a90cab2b38dba80c64b7734e58ee1db38b8992e", name: "Doodles", floorPriceUsd: 5_450, mintPriceUsd: 0 },
  { chain: "eth-mainnet", address: "0x57f1887a8bf19b14fc0df6fd9b2acc9af147ea85", name: "ENS: Ethereum Name Service", floorPriceUsd: 14, mintPriceUsd: 18 },
  { chain: "base-mainnet", address: rng.address(), name: "Basepaint Days", floorPriceUsd: 9.5, mintPriceUsd: 8 },
  { chain: "base-mainnet", address: rng.address(), name: "Onchain Summer Pass", floorPriceUsd: 21, mintPriceUsd: 12 },
  { chain: "matic-mainnet", address: rng.address(), name: "Lens Handles", floorPriceUsd: 25, mintPriceUsd: 10 },
  { chain: "zksync-mainnet", address: rng.address(), name: "Era Explorers", floorPriceUsd: 6.2, mintPriceUsd: 3 },
  { chain: "linea-mainnet", address: rng.address(), name: "Linea Voyage Badges", floorPriceUsd: 4.1, mintPriceUsd: 2 },
];

/** Spam tokens airdropped to the demo wallets: flagged, never priced. */
export const spamTokens = (rng: Prng): TokenFacts[] => [
  { chain: "matic-mainnet", address: rng.address(), symbol: "claimUSDC.io", name: "Visit claimusdc.io to claim your reward", decimals: 18, isSpam: true },
  { chain: "base-mainnet", address: rng.address(), symbol: "ETHG", name: "Ethereum Gold (eth-gold.site)", decimals: 18, isSpam: true },
];

/** A spam NFT airdrop (no floor price). */
export const spamCollection = (rng: Prng): NftCollection => ({
  chain: "matic-mainnet",
  address: rng.address(),
  name: "Mystery Reward Box",
  floorPriceUsd: null,
  mintPriceUsd: 0,
});
