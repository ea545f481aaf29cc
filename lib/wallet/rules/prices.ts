// USD prices by token and time. "Now" valuations use the latest price at or before now; a
// transfer is valued at the price in effect when it happened (the latest at or before its
// time, or the oldest known price when it predates the price history).
import type { PriceFact } from "./types";

type Series = { times: number[]; prices: number[] };

const keyOf = (chain: string, token: string) => `${chain}|${token}`;

export class PriceBook {
  private readonly series = new Map<string, Series>();

  /** Prices dated after `now` are ignored altogether. */
  constructor(prices: readonly PriceFact[], now: Date) {
    const cutoff = now.getTime();
    const sorted = prices.filter((price) => price.asOf.getTime() <= cutoff).sort((a, b) => a.asOf.getTime() - b.asOf.getTime());
    for (const price of sorted) {
      const key = keyOf(price.chain, price.tokenAddress.toLowerCase());
      let entry = this.series.get(key);
      if (!entry) this.series.set(key, (entry = { times: [], prices: [] }));
      entry.times.push(price.asOf.getTime());
      entry.prices.push(price.priceUsd);
    }
  }

  has(chain: string, token: string): boolean {
    return this.series.has(keyOf(chain, token));
  }

  /** The latest price (at or before now), or undefined when the token has none. */
  latest(chain: string, token: string): number | undefined {
    const entry = this.series.get(keyOf(chain, token));
    return entry ? entry.prices[entry.prices.length - 1] : undefined;
  }

  /** When the latest price (at or before now) was quoted, or undefined when the token has none. */
  latestAsOf(chain: string, token: string): Date | undefined {
    const entry = this.series.get(keyOf(chain, token));
    return entry ? new Date(entry.times[entry.times.length - 1]) : undefined;
  }

  /** The latest price at or before `time`, or undefined when none was quoted by then. */
  atOrBefore(chain: string, token: string, time: Date): number | undefined {
    const entry = this.series.get(keyOf(chain, token));
    if (!entry || entry.times[0] > time.getTime()) return undefined;
    return this.at(chain, token, time);
  }

  /** The price in effect at `time`: latest at or before it, else the oldest known. */
  at(chain: string, token: string, time: Date): number | undefined {
    const entry = this.series.get(keyOf(chain, token));
    if (!entry) return undefined;
    const target = time.getTime();
    let low = 0;
    let high = entry.times.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (entry.times[middle] <= target) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return entry.prices[found === -1 ? 0 : found];
  }
}
