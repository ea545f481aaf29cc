// Ordinary activity of a demo wallet: exchange funding, transfers with friends and services at
// high, moderate and low frequency, DEX swaps through routers, NFT mints, buys and sales.
// Activity is planned as intents (a time and an action) and executed in time order across all
// wallets, so every outgoing amount is checked against the balance at that moment.
import { chainBySlug } from "./chain-catalog";
import type { Prng } from "./generator/prng";
import { DAY, HOUR, MINUTE, before, after } from "./generator/support";
import { BASE_PRICES, EXCHANGE_WALLETS, type KnownContract, type NftCollection, type TokenFacts } from "./token-catalog";
import { NULL_ADDRESS, share, toRaw, type Leg, type Ledger } from "./generator/ledger";

export type Intent = { at: Date; seq: number; chain: string; counterparty?: string; run: () => void };

export type WalletProfile = {
  address: string;
  label: string;
  /** The first chain is the wallet's main chain. */
  chains: readonly string[];
  tiers: { high: number; moderate: number; low: number };
  swapsPerChain: readonly [number, number];
  nftActions: number;
  fundingUsd: readonly [number, number];
  /** Other demo wallets it pays now and then (at moderate frequency), on chains of both. */
  peers: readonly { address: string; chains: readonly string[] }[];
};

export type WalletWorld = {
  rng: Prng;
  epoch: Date;
  ledger: Ledger;
  tokens: readonly TokenFacts[];
  contracts: readonly KnownContract[];
  collections: readonly NftCollection[];
  intents: Intent[];
};

export const tokenOn = (world: WalletWorld, chain: string, symbol: string) =>
  world.tokens.find((token) => token.chain === chain && token.symbol === symbol && !token.isSpam);

export const priceOf = (token: TokenFacts) => (token.priceKey ? BASE_PRICES[token.priceKey] : 0);

// Amounts carry digits below the micro-unit too, as real transfers do.
const usdToRaw = (world: WalletWorld, token: TokenFacts, usd: number) => {
  const raw = toRaw(usd / priceOf(token), token.decimals);
  if (token.decimals < 18) return raw;
  return raw + BigInt(world.rng.int(0, 999_999)) * 1_000_000n + BigInt(world.rng.int(0, 999_999));
};

const legOf = (token: TokenFacts, from: string, to: string, amount: bigint): Leg => ({
  from,
  to,
  kind: token.address === "native" ? "native" : "erc20",
  token: token.address,
  amount,
});

export const plan = (world: WalletWorld, at: Date, chain: string, run: () => void, counterparty?: string) =>
  world.intents.push({ at, seq: world.intents.length, chain, counterparty, run });

/** A transfer of about `usd` between the wallet and `other`; an unaffordable payment becomes a receipt. */
const transferWith = (world: WalletWorld, wallet: string, other: string, chainSlug: string, at: Date, usd: number, outgoing: boolean) => {
  const { rng, ledger } = world;
  const chain = chainBySlug(chainSlug);
  const erc20s = world.tokens.filter((token) => token.chain === chainSlug && token.address !== "native" && !token.isSpam);
  const useToken = erc20s.length > 0 && rng.chance(0.45);
  const token = useToken ? rng.weighted(erc20s.map((t) => [t, t.priceKey === "USD" ? 3 : 1] as const)) : world.tokens.find((t) => t.chain === chainSlug && t.address === "native")!;
  const wanted = usdToRaw(world, token, usd);
  const available = share(ledger.balance(wallet, chainSlug, token.address), 60);
  if (outgoing && available > 0n) {
    const amount = wanted <= available ? wanted : share(available, rng.int(20, 90));
    if (amount > 0n) {
      ledger.record(chain, at, wallet, [legOf(token, wallet, other, amount)]);
      return;
    }
  }
  // Another demo wallet only pays what it holds; an outside address is assumed to have funds.
  if (ledger.wallets.has(other) && ledger.balance(other, chainSlug, token.address) < wanted) return;
  ledger.record(chain, at, other, [legOf(token, other, wallet, wanted)]);
};

const swap = (world: WalletWorld, wallet: string, router: KnownContract, at: Date) => {
  const { rng, ledger } = world;
  const chain = chainBySlug(router.chain);
  const native = world.tokens.find((t) => t.chain === router.chain && t.address === "native")!;
  const erc20s = world.tokens.filter((t) => t.chain === router.chain && t.address !== "native" && !t.isSpam);
  if (erc20s.length === 0) return;
  const usd = 10 ** rng.float(1.7, 3.7);
  // Sell a token the wallet holds for a stablecoin (or WETH), else buy a token with native coin.
  const held = erc20s.filter((t) => ledger.balance(wallet, router.chain, t.address) > 0n);
  if (held.length > 0 && rng.chance(0.4)) {
    const sell = rng.pick(held);
    const buy = erc20s.find((t) => t !== sell && (sell.priceKey === "USD" ? t.priceKey === "ETH" : t.priceKey === "USD")) ?? erc20s.find((t) => t !== sell);
    if (buy) {
      const amount = share(ledger.balance(wallet, router.chain, sell.address), rng.int(15, 70));
      const value = (Number(amount) / 10 ** sell.decimals) * priceOf(sell) * rng.float(0.985, 0.998);
      if (amount > 0n) {
        ledger.record(chain, at, wallet, [legOf(sell, wallet, router.address, amount), legOf(buy, router.address, wallet, usdToRaw(world, buy, value))]);
        return;
      }
    }
  }
  const available = share(ledger.balance(wallet, router.chain, "native"), 50);
  const wanted = usdToRaw(world, native, usd);
  const spend = wanted <= available ? wanted : share(available, rng.int(20, 80));
  if (spend <= 0n) return;
  const buy = rng.pick(erc20s);
  const value = (Number(spend) / 1e18) * priceOf(native) * rng.float(0.985, 0.998);
  ledger.record(chain, at, wallet, [legOf(native, wallet, router.address, spend), legOf(buy, router.address, wallet, usdToRaw(world, buy, value))]);
};

const nftTokenId = (rng: Prng, collection: NftCollection) =>
  collection.name.startsWith("ENS") ? BigInt(`0x${rng.hex(64)}`).toString() : String(rng.int(1, 9999));

const nftAction = (world: WalletWorld, wallet: string, collection: NftCollection, at: Date, affordable: boolean) => {
  const { rng, ledger } = world;
  const chain = chainBySlug(collection.chain);
  const native = world.tokens.find((t) => t.chain === collection.chain && t.address === "native")!;
  const owned = ledger.nftsOf(wallet, collection.chain, collection.address);
  const weth = tokenOn(world, collection.chain, "WETH");
  if (owned.length > 0 && weth && rng.chance(0.3)) {
    const nft = rng.pick(owned);
    const buyer = rng.address();
    const price = usdToRaw(world, weth, (collection.floorPriceUsd ?? 1) * rng.float(0.95, 1.15));
    ledger.record(chain, at, buyer, [
      legOf(weth, buyer, wallet, price),
      { from: wallet, to: buyer, kind: "erc721", token: collection.address, tokenId: nft.tokenId, amount: 1n },
    ]);
    return;
  }
  const balance = ledger.balance(wallet, collection.chain, "native");
  if (collection.mintPriceUsd > 0 && rng.chance(0.5)) {
    // Mint prices are round numbers of the native coin (e.g. 0.0025 ETH).
    const cost = toRaw(Number((collection.mintPriceUsd / priceOf(native)).toPrecision(2)), native.decimals);
    if (cost > share(balance, 50)) return;
    world.ledger.declare(collection.chain, collection.address, { isContract: true, label: collection.name });
    ledger.record(chain, at, wallet, [
      legOf(native, wallet, collection.address, cost),
      { from: NULL_ADDRESS, to: wallet, kind: "erc721", token: collection.address, tokenId: nftTokenId(rng, collection), amount: 1n },
    ]);
    return;
  }
  const seaport = world.contracts.find((c) => c.chain === collection.chain && c.kind === "marketplace");
  const cost = usdToRaw(world, native, (collection.floorPriceUsd ?? 1) * rng.float(0.98, 1.25));
  if (!seaport || !affordable || cost > share(balance, 60)) return;
  ledger.record(chain, at, wallet, [
    legOf(native, wallet, seaport.address, cost),
    { from: rng.address(), to: wallet, kind: "erc721", token: collection.address, tokenId: nftTokenId(rng, collection), amount: 1n },
  ]);
};

/** Plans a wallet's ordinary activity; returns its high-frequency friends (for look-alikes). */
export const planActivity = (world: WalletWorld, profile: WalletProfile): { highFriends: string[] } => {
  const { rng, epoch } = world;
  const wallet = profile.address;
  const chainStart = new Map<string, Date>();
  const timeOn = (chain: string) => {
    const start = chainStart.get(chain)!.getTime() + HOUR;
    return new Date(start + rng.next() * (epoch.getTime() - HOUR - start));
  };

  profile.chains.forEach((chain, index) => {
    const start = before(epoch, (350 - index * 30 - rng.int(0, 20)) * DAY + rng.int(0, 23) * HOUR);
    chainStart.set(chain, start);
    const exchange = rng.pick(EXCHANGE_WALLETS);
    world.ledger.declare(chain, exchange.address, { isContract: false, label: exchange.label });
    const fund = () => rng.float(profile.fundingUsd[0], profile.fundingUsd[1]) * (index === 0 ? 1 : 0.35);
    const native = world.tokens.find((t) => t.chain === chain && t.address === "native")!;
    const usdc = tokenOn(world, chain, "USDC");
    const chainFacts = chainBySlug(chain);
    plan(world, start, chain, () => world.ledger.record(chainFacts, start, exchange.address, [legOf(native, exchange.address, wallet, usdToRaw(world, native, fund()))]), exchange.address);
    const topUps = index === 0 ? rng.int(2, 4) : rng.int(0, 1);
    for (let i = 0; i < topUps + 1; i += 1) {
      const at = i === 0 ? after(start, rng.int(5, 90) * MINUTE) : timeOn(chain);
      const token = usdc && i === 0 ? usdc : native;
      plan(world, at, chain, () => world.ledger.record(chainFacts, at, exchange.address, [legOf(token, exchange.address, wallet, usdToRaw(world, token, fund() * 0.5))]), exchange.address);
    }
    const [minSwaps, maxSwaps] = profile.swapsPerChain;
    const routers = world.contracts.filter((c) => c.chain === chain && c.kind === "router");
    for (const router of routers) world.ledger.declare(chain, router.address, { isContract: true, label: router.label });
    const swaps = Math.round(rng.int(minSwaps, maxSwaps) * (index === 0 ? 1.6 : 1) / Math.max(1, routers.length));
    for (const router of routers) {
      for (let i = 0; i < swaps; i += 1) {
        const at = timeOn(chain);
        plan(world, at, chain, () => swap(world, wallet, router, at), router.address);
      }
    }
  });

  const tiers = [
    { count: profile.tiers.high, interactions: [18, 40], usd: [40, 3000], chains: 2 },
    { count: profile.tiers.moderate, interactions: [5, 12], usd: [20, 1500], chains: 2 },
    { count: profile.tiers.low, interactions: [1, 3], usd: [5, 800], chains: 1 },
  ] as const;
  const highFriends: string[] = [];
  tiers.forEach((tier, tierIndex) => {
    for (let i = 0; i < tier.count; i += 1) {
      const friend = rng.address();
      if (tierIndex === 0) highFriends.push(friend);
      // High-frequency friends always include the main chain (the look-alike targets them there).
      const chains = tierIndex === 0 ? [profile.chains[0], ...rng.sample(profile.chains.slice(1), tier.chains - 1)] : rng.sample(profile.chains, rng.int(1, tier.chains));
      const interactions = rng.int(tier.interactions[0], tier.interactions[1]);
      for (let n = 0; n < interactions; n += 1) {
        const chain = n === 0 ? chains[0] : rng.pick(chains);
        const at = timeOn(chain);
        const usd = 10 ** rng.float(Math.log10(tier.usd[0]), Math.log10(tier.usd[1]));
        const outgoing = rng.chance(0.5);
        plan(world, at, chain, () => transferWith(world, wallet, friend, chain, at, usd, outgoing), friend);
      }
    }
  });

  for (const peer of profile.peers) {
    for (let n = rng.int(5, 9); n > 0; n -= 1) {
      const chain = rng.pick(peer.chains);
      const at = timeOn(chain);
      const usd = 10 ** rng.float(1.5, 3);
      const outgoing = rng.chance(0.6);
      plan(world, at, chain, () => transferWith(world, wallet, peer.address, chain, at, usd, outgoing), peer.address);
    }
  }

  const collections = world.collections.filter((c) => profile.chains.includes(c.chain) && c.floorPriceUsd !== null);
  for (let n = 0; n < profile.nftActions && collections.length > 0; n += 1) {
    const collection = rng.pick(collections);
    const at = timeOn(collection.chain);
    const affordable = (collection.floorPriceUsd ?? 0) < profile.fundingUsd[1] * 0.3;
    plan(world, at, collection.chain, () => nftAction(world, wallet, collection, at, affordable));
  }
  return { highFriends };
};

/** Runs every planned intent in time order (ties in planning order). */
export const executeIntents = (world: WalletWorld) => {
  world.intents.sort((a, b) => a.at.getTime() - b.at.getTime() || a.seq - b.seq);
  for (const intent of world.intents) intent.run();
};
