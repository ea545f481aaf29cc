// Uncommon counterparties planted on purpose, so that the wallet page has something to flag
// (docs/wallet-metrics.md, "Uncommon addresses"): an address-poisoning look-alike, dust
// from strangers, a spam-token and a spam-NFT airdrop, a burst of transfers within minutes, and
// a large one-off payment to an address first seen minutes earlier.
import { chainBySlug } from "./chain-catalog";
import { DAY, MINUTE, after, before } from "./generator/support";
import type { NftCollection, TokenFacts } from "./token-catalog";
import { plan, priceOf, tokenOn, type WalletWorld } from "./plan-wallet-activity";
import { share, toRaw } from "./generator/ledger";

/**
 * A look-alike of `target` (same first four and last four hex characters after 0x) sends the
 * wallet zero-value USDC minutes after real transfers with `target`, and once "moves" zero USDC
 * out of the wallet (the transferFrom trick), hoping the victim copies the wrong address.
 */
export const planLookalike = (world: WalletWorld, wallet: string, target: string, chainSlug: string): string => {
  const { rng, ledger } = world;
  const chain = chainBySlug(chainSlug);
  const usdc = tokenOn(world, chainSlug, "USDC")!;
  const lookalike = `0x${target.slice(2, 6)}${rng.hex(32)}${target.slice(-4)}`;
  const real = world.intents
    .filter((intent) => intent.counterparty === target && intent.chain === chainSlug)
    .map((intent) => intent.at)
    .sort((a, b) => a.getTime() - b.getTime());
  const chosen = rng.sample(real.slice(Math.floor(real.length / 3)), 3).sort((a, b) => a.getTime() - b.getTime());
  const times = chosen.map((at) => after(at, rng.int(2, 15) * MINUTE));
  ledger.declare(chainSlug, lookalike, { isContract: false, firstSeenAt: before(times[0], rng.int(20, 50) * MINUTE) });
  for (const at of times) {
    plan(world, at, chainSlug, () => ledger.record(chain, at, lookalike, [{ from: lookalike, to: wallet, kind: "erc20", token: usdc.address, amount: 0n }]), lookalike);
  }
  const spoof = after(times[times.length - 1], rng.int(1, 6) * MINUTE);
  plan(world, spoof, chainSlug, () => ledger.record(chain, spoof, lookalike, [{ from: wallet, to: lookalike, kind: "erc20", token: usdc.address, amount: 0n }]), lookalike);
  return lookalike;
};

/** Tiny native amounts from strangers that the wallet never asked for. */
export const planDust = (world: WalletWorld, wallet: string, chainSlug: string, count: number) => {
  const { rng, ledger, epoch } = world;
  const chain = chainBySlug(chainSlug);
  for (let i = 0; i < count; i += 1) {
    const sender = rng.address();
    const at = before(epoch, rng.int(1, 120) * DAY + rng.int(0, 1439) * MINUTE);
    const amount = BigInt(rng.int(1, 99)) * 10n ** BigInt(rng.int(9, 12));
    ledger.declare(chainSlug, sender, { isContract: false, firstSeenAt: before(at, rng.int(10, 240) * MINUTE) });
    plan(world, at, chainSlug, () => ledger.record(chain, at, sender, [{ from: sender, to: wallet, kind: "native", token: "native", amount }]), sender);
  }
};

/** A spam token dropped on the wallet by a distributor address. */
export const planSpamAirdrop = (world: WalletWorld, wallet: string, token: TokenFacts) => {
  const { rng, ledger, epoch } = world;
  const distributor = rng.address();
  const at = before(epoch, rng.int(3, 60) * DAY + rng.int(0, 1439) * MINUTE);
  const amount = toRaw(rng.int(1_000, 50_000), token.decimals);
  ledger.declare(token.chain, distributor, { isContract: false, firstSeenAt: before(at, rng.int(1, 48) * 60 * MINUTE) });
  plan(world, at, token.chain, () => ledger.record(chainBySlug(token.chain), at, distributor, [{ from: distributor, to: wallet, kind: "erc20", token: token.address, amount }]), distributor);
};

/** A spam NFT minted straight into the wallet. */
export const planSpamNft = (world: WalletWorld, wallet: string, collection: NftCollection) => {
  const { rng, ledger, epoch } = world;
  const distributor = rng.address();
  const at = before(epoch, rng.int(3, 60) * DAY + rng.int(0, 1439) * MINUTE);
  const tokenId = String(rng.int(100_000, 999_999));
  ledger.declare(collection.chain, distributor, { isContract: false, firstSeenAt: before(at, rng.int(1, 48) * 60 * MINUTE) });
  plan(world, at, collection.chain, () =>
    ledger.record(chainBySlug(collection.chain), at, distributor, [{ from: distributor, to: wallet, kind: "erc721", token: collection.address, tokenId, amount: 1n }]),
  distributor);
};

/** A bot sends `count` small transfers within about three minutes. */
export const planBurst = (world: WalletWorld, wallet: string, chainSlug: string, count: number) => {
  const { rng, ledger, epoch } = world;
  const chain = chainBySlug(chainSlug);
  const bot = rng.address();
  const usdc = tokenOn(world, chainSlug, "USDC")!;
  let at = before(epoch, rng.int(5, 40) * DAY + rng.int(0, 1439) * MINUTE);
  ledger.declare(chainSlug, bot, { isContract: false, firstSeenAt: before(at, rng.int(3, 15) * MINUTE) });
  for (let i = 0; i < count; i += 1) {
    const when = at;
    const amount = toRaw(rng.float(0.5, 25) / priceOf(usdc), usdc.decimals);
    plan(world, when, chainSlug, () => ledger.record(chain, when, bot, [{ from: bot, to: wallet, kind: "erc20", token: usdc.address, amount }]), bot);
    at = after(at, rng.int(3, 12) * 1000);
  }
};

/** A large payment (about a third of the native balance) to an address first seen minutes before. */
export const planFreshLargePayment = (world: WalletWorld, wallet: string, chainSlug: string) => {
  const { rng, ledger, epoch } = world;
  const fresh = rng.address();
  const at = before(epoch, rng.int(2, 9) * DAY + rng.int(0, 1439) * MINUTE);
  ledger.declare(chainSlug, fresh, { isContract: false, firstSeenAt: before(at, rng.int(3, 12) * MINUTE) });
  plan(world, at, chainSlug, () => {
    const amount = share(ledger.balance(wallet, chainSlug, "native"), 35);
    if (amount > 0n) ledger.record(chainBySlug(chainSlug), at, wallet, [{ from: wallet, to: fresh, kind: "native", token: "native", amount }]);
  }, fresh);
};
