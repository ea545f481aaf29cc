// Records the demo wallets' transfers transaction by transaction and keeps their balances and
// NFT ownership, so that the seeded holdings equal the sum of the seeded transfers and an
// outgoing transfer never spends more than the wallet holds. (Gas fees are not modelled.)
import type { Prisma } from "../../db";
import { blockAt, type ChainFacts } from "../chain-catalog";
import type { Prng } from "./prng";

export const NULL_ADDRESS = "0x0000000000000000000000000000000000000000";

export type Leg = {
  from: string;
  to: string;
  kind: "native" | "erc20" | "erc721";
  /** "native" or the lower-case token contract. */
  token: string;
  amount: bigint;
  tokenId?: string;
};

export type AddressFacts = { isContract: boolean; label?: string | null; firstSeenAt?: Date | null };

const key = (...parts: string[]) => parts.join("|");

export class Ledger {
  readonly transfers: Prisma.WalletTransferCreateManyInput[] = [];
  private readonly balances = new Map<string, bigint>();
  private readonly nftOwners = new Map<string, { owner: string; chain: string; contract: string; tokenId: string }>();
  /** Facts declared for an address (labels, contracts, deliberate first-seen times). */
  readonly declared = new Map<string, AddressFacts & { chain: string; address: string }>();
  /** The first time each (chain, address) took part in a transfer. */
  readonly firstInteraction = new Map<string, { chain: string; address: string; at: Date }>();

  constructor(
    private readonly rng: Prng,
    readonly wallets: ReadonlySet<string>,
  ) {}

  balance(wallet: string, chain: string, token: string): bigint {
    return this.balances.get(key(wallet, chain, token)) ?? 0n;
  }

  /** Token ids of `contract` that `wallet` holds on `chain`. */
  nftsOf(wallet: string, chain: string, contract?: string) {
    return [...this.nftOwners.values()].filter(
      (nft) => nft.owner === wallet && nft.chain === chain && (contract === undefined || nft.contract === contract),
    );
  }

  declare(chain: string, address: string, facts: AddressFacts) {
    const existing = this.declared.get(key(chain, address));
    this.declared.set(key(chain, address), { ...existing, ...facts, chain, address });
  }

  /**
   * Records one transaction: a native leg is the transaction's own value (log index -1); token
   * legs get consecutive log indexes from a random start, as events of one transaction do.
   */
  record(chain: ChainFacts, at: Date, txFrom: string, legs: Leg[]): string {
    const txHash = this.rng.txHash();
    const blockNumber = blockAt(chain, at);
    let logIndex = this.rng.int(0, 220);
    for (const leg of legs) {
      const index = leg.kind === "native" ? -1 : logIndex++;
      this.transfers.push({
        id: `${chain.slug}:${txHash}:${index}`,
        chain: chain.slug,
        txHash,
        logIndex: index,
        blockNumber,
        timestamp: at,
        fromAddress: leg.from,
        toAddress: leg.to,
        kind: leg.kind,
        tokenAddress: leg.token,
        tokenId: leg.tokenId ?? null,
        amount: leg.amount.toString(),
        txFrom,
      });
      this.apply(chain.slug, leg);
      for (const address of [leg.from, leg.to]) {
        const first = key(chain.slug, address);
        if (!this.firstInteraction.has(first)) this.firstInteraction.set(first, { chain: chain.slug, address, at });
      }
    }
    return txHash;
  }

  private apply(chain: string, leg: Leg) {
    if (leg.kind === "erc721") {
      const nft = key(chain, leg.token, leg.tokenId ?? "");
      if (this.wallets.has(leg.to)) this.nftOwners.set(nft, { owner: leg.to, chain, contract: leg.token, tokenId: leg.tokenId ?? "" });
      else this.nftOwners.delete(nft);
      return;
    }
    if (this.wallets.has(leg.from)) {
      const from = key(leg.from, chain, leg.token);
      const left = (this.balances.get(from) ?? 0n) - leg.amount;
      if (left < 0n) throw new Error(`seed ledger: ${leg.from} would overspend ${leg.token} on ${chain}`);
      this.balances.set(from, left);
    }
    if (this.wallets.has(leg.to)) {
      const to = key(leg.to, chain, leg.token);
      this.balances.set(to, (this.balances.get(to) ?? 0n) + leg.amount);
    }
  }

  /** Every positive balance of a demo wallet. */
  holdings() {
    return [...this.balances.entries()]
      .filter(([, amount]) => amount > 0n)
      .map(([entry, amount]) => {
        const [walletAddress, chain, tokenAddress] = entry.split("|");
        return { walletAddress, chain, tokenAddress, amount };
      });
  }

  nfts() {
    return [...this.nftOwners.values()];
  }
}

/** A raw integer amount of a token from a decimal quantity (micro-unit precision). */
export const toRaw = (units: number, decimals: number): bigint => {
  const micro = BigInt(Math.max(0, Math.round(units * 1e6)));
  return decimals >= 6 ? micro * 10n ** BigInt(decimals - 6) : micro / 10n ** BigInt(6 - decimals);
};

/** `amount` × percent / 100, for spending a share of a balance. */
export const share = (amount: bigint, percent: number) => (amount * BigInt(Math.round(percent))) / 100n;
