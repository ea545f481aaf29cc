// Wallet data of the demo: the chain registry, tokens with 31 days of USD prices, and three demo
// wallets whose year of activity (transfers, token and NFT holdings, counterparties) spans all
// twelve chains. The wallet data does not grow with --agents.
import type { Prisma } from "../db";
import { CHAINS } from "./chain-catalog";
import type { Prng } from "./generator/prng";
import { DAY, before, bulkInsert, type SeedContext } from "./generator/support";
import { BASE_PRICES, ERC20_TOKENS, knownContracts, nativeToken, nftCollections, spamCollection, spamTokens, type PriceKey, type TokenFacts } from "./token-catalog";
import { executeIntents, planActivity, type WalletProfile, type WalletWorld } from "./plan-wallet-activity";
import { planBurst, planDust, planFreshLargePayment, planLookalike, planSpamAirdrop, planSpamNft } from "./plan-wallet-anomalies";
import { Ledger, NULL_ADDRESS } from "./generator/ledger";

export const PRICE_DAYS = 31;

/** The demo wallets' addresses (admin's, operator's, viewer's), drawn from the seed. */
export const demoWalletAddresses = (rng: Prng): [string, string, string] => {
  const stream = rng.fork("wallets/addresses");
  return [stream.address(), stream.address(), stream.address()];
};

export const WALLET_LABELS = ["Demo treasury", "Collector wallet", "Trading desk"] as const;

export type SeededWallets = { wallets: number; chains: number; tokens: number; transfers: number; holdings: number; nfts: number; addresses: number };

const gaussian = (rng: Prng) => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

// Daily prices going back from the epoch: a random walk; stablecoins stay within a few bp of $1.
const priceSeries = (rng: Prng): Record<PriceKey, number[]> => {
  const series = {} as Record<PriceKey, number[]>;
  for (const key of Object.keys(BASE_PRICES) as PriceKey[]) {
    const stable = key === "USD";
    const values: number[] = [BASE_PRICES[key]];
    for (let day = 1; day < PRICE_DAYS; day += 1) {
      const next = stable ? 1 + gaussian(rng) * 0.0006 : values[day - 1] * Math.exp(gaussian(rng) * 0.028);
      values.push(Number(next.toPrecision(6)));
    }
    series[key] = values;
  }
  return series;
};

const profilesFor = ([treasury, collector, desk]: readonly string[]): WalletProfile[] => [
  {
    address: treasury,
    label: WALLET_LABELS[0],
    chains: ["eth-mainnet", "arbitrum-mainnet", "optimism-mainnet", "base-mainnet", "matic-mainnet"],
    tiers: { high: 3, moderate: 8, low: 22 },
    swapsPerChain: [6, 14],
    nftActions: 4,
    fundingUsd: [30_000, 60_000],
    peers: [{ address: collector, chains: ["eth-mainnet", "base-mainnet", "matic-mainnet"] }],
  },
  {
    address: collector,
    label: WALLET_LABELS[1],
    chains: ["eth-mainnet", "base-mainnet", "matic-mainnet", "zksync-mainnet", "linea-mainnet"],
    tiers: { high: 2, moderate: 7, low: 20 },
    swapsPerChain: [3, 8],
    nftActions: 26,
    fundingUsd: [15_000, 40_000],
    peers: [{ address: treasury, chains: ["eth-mainnet", "base-mainnet"] }],
  },
  {
    address: desk,
    label: WALLET_LABELS[2],
    chains: ["arbitrum-mainnet", "bsc-mainnet", "avalanche-mainnet", "optimism-mainnet", "gnosis-mainnet", "fantom-mainnet", "scroll-mainnet"],
    tiers: { high: 3, moderate: 9, low: 25 },
    swapsPerChain: [8, 20],
    nftActions: 0,
    fundingUsd: [8_000, 25_000],
    peers: [],
  },
];

export const seedWallets = async (ctx: SeedContext, addresses: readonly string[]): Promise<SeededWallets> => {
  const rng = ctx.rng.fork("wallets");
  const spam = spamTokens(rng);
  const tokens: TokenFacts[] = [...CHAINS.map((chain) => nativeToken(chain.slug, chain.nativeSymbol, chain.nativeName)), ...ERC20_TOKENS, ...spam];
  const series = priceSeries(rng.fork("prices"));
  const prices: Prisma.TokenPriceCreateManyInput[] = tokens.flatMap((token) =>
    token.priceKey
      ? series[token.priceKey].map((priceUsd, day) => ({ chain: token.chain, tokenAddress: token.address, priceUsd, asOf: before(ctx.epoch, day * DAY) }))
      : [],
  );

  const profiles = profilesFor(addresses);
  const ledger = new Ledger(rng.fork("ledger"), new Set(addresses));
  const spamNfts = spamCollection(rng);
  const world: WalletWorld = {
    rng: rng.fork("activity"),
    epoch: ctx.epoch,
    ledger,
    tokens,
    contracts: knownContracts(rng),
    collections: nftCollections(rng),
    intents: [],
  };
  const friends = profiles.map((profile) => planActivity(world, profile).highFriends);
  const [treasury, collector, desk] = addresses;
  planLookalike(world, treasury, friends[0][0], "eth-mainnet");
  planLookalike(world, desk, friends[2][0], "arbitrum-mainnet");
  planDust(world, treasury, "base-mainnet", 3);
  planDust(world, collector, "matic-mainnet", 5);
  planDust(world, desk, "bsc-mainnet", 4);
  planSpamAirdrop(world, treasury, spam[0]);
  planSpamAirdrop(world, collector, spam[1]);
  planSpamNft(world, collector, spamNfts);
  planBurst(world, desk, "arbitrum-mainnet", 24);
  planFreshLargePayment(world, treasury, "eth-mainnet");
  executeIntents(world);

  for (const collection of [...world.collections, spamNfts]) ledger.declare(collection.chain, collection.address, { isContract: true, label: collection.name });
  const addressRng = rng.fork("address-info");
  const infos = new Map<string, Prisma.AddressInfoCreateManyInput>();
  for (const { chain, address, at } of ledger.firstInteraction.values()) {
    const declared =
      address === NULL_ADDRESS ? { isContract: false, label: "Null address (mint/burn)", firstSeenAt: null } : ledger.declared.get(`${chain}|${address}`);
    const wallet = profiles.find((profile) => profile.address === address);
    const isContract = declared?.isContract ?? false;
    // Unless declared, an address existed before its first transfer with a demo wallet:
    // contracts for years, wallets for days to months; a demo wallet appears with its funding.
    const firstSeenAt =
      declared?.firstSeenAt !== undefined ? declared.firstSeenAt : wallet ? at : before(at, (isContract ? addressRng.int(200, 1500) : addressRng.int(1, 700)) * DAY);
    infos.set(`${chain}|${address}`, { chain, address, isContract, label: declared?.label ?? wallet?.label ?? null, firstSeenAt });
  }

  const holdings: Prisma.TokenHoldingCreateManyInput[] = ledger.holdings().map((holding) => ({
    walletAddress: holding.walletAddress,
    chain: holding.chain,
    tokenAddress: holding.tokenAddress,
    balance: holding.amount.toString(),
    updatedAt: ctx.epoch,
  }));
  const collections = new Map([...world.collections, spamNfts].map((collection) => [`${collection.chain}|${collection.address}`, collection]));
  const nfts: Prisma.NftHoldingCreateManyInput[] = ledger.nfts().map((nft) => {
    const collection = collections.get(`${nft.chain}|${nft.contract}`)!;
    return {
      walletAddress: nft.owner,
      chain: nft.chain,
      contractAddress: nft.contract,
      tokenId: nft.tokenId,
      collectionName: collection.name,
      floorPriceUsd: collection.floorPriceUsd,
      updatedAt: ctx.epoch,
    };
  });

  const { db } = ctx;
  await db.chain.createMany({ data: CHAINS.map(({ slug, chainId, name, layer, nativeSymbol }) => ({ slug, chainId, name, layer, nativeSymbol })) });
  await db.token.createMany({
    data: tokens.map(({ chain, address, symbol, name, decimals, isSpam }) => ({ chain, address, symbol, name, decimals, isSpam: isSpam ?? false })),
  });
  await bulkInsert(db, "TokenPrice", prices);
  await bulkInsert(db, "WalletTransfer", ledger.transfers);
  await bulkInsert(db, "TokenHolding", holdings);
  await bulkInsert(db, "NftHolding", nfts);
  await bulkInsert(db, "AddressInfo", [...infos.values()]);
  return {
    wallets: profiles.length,
    chains: CHAINS.length,
    tokens: tokens.length,
    transfers: ledger.transfers.length,
    holdings: holdings.length,
    nfts: nfts.length,
    addresses: infos.size,
  };
};
