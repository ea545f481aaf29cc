// Balance history: the wallet's value at the end of each UTC day, from its current holdings
// walked back through its stored transfers (a transfer in is taken off, a transfer out added
// back) and valued at the latest price quoted by the end of that day. NFTs are not valued here.
import { factKey, type MetricsContext } from "./context";
import { roundCents, toUnits } from "./numbers";

export type HistoryPoint = {
  /** The UTC day, YYYY-MM-DD. */
  date: string;
  /** The end of that day (or now, for today), ISO 8601: the time balances and prices are taken at. */
  at: string;
  valueUsd: number;
  /** Tokens held then that had no price by then (or are spam): left out of valueUsd. */
  unpriced: number;
};

const DAY_MS = 86_400_000;

export const dayStart = (time: Date) => new Date(Math.floor(time.getTime() / DAY_MS) * DAY_MS);

/** Days from `since` to `until` (UTC dates, both included). */
export const computeBalanceHistory = (ctx: MetricsContext, range: { since: Date; until: Date }): HistoryPoint[] => {
  const balances = new Map<string, { chain: string; token: string; balance: bigint }>();
  for (const holding of ctx.holdings) balances.set(factKey(holding.chain, holding.tokenAddress), { chain: holding.chain, token: holding.tokenAddress, balance: holding.balance });
  const fungible = ctx.transfers.filter((transfer) => transfer.kind !== "erc721" && transfer.from !== transfer.to);
  // Newest first: each step back in time undoes the transfers made after that day's end.
  const pending = [...fungible].sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime());
  let next = 0;

  const points: HistoryPoint[] = [];
  const first = dayStart(range.since).getTime();
  for (let day = dayStart(range.until).getTime(); day >= first; day -= DAY_MS) {
    const end = new Date(Math.min(day + DAY_MS - 1, ctx.now.getTime()));
    while (next < pending.length && pending[next].timestamp.getTime() > end.getTime()) {
      const transfer = pending[next++];
      const key = factKey(transfer.chain, transfer.tokenAddress);
      let entry = balances.get(key);
      if (!entry) balances.set(key, (entry = { chain: transfer.chain, token: transfer.tokenAddress, balance: 0n }));
      entry.balance += transfer.to === ctx.wallet ? -transfer.amount : transfer.amount;
    }
    let value = 0;
    let unpriced = 0;
    for (const { chain, token, balance } of balances.values()) {
      // A holding snapshot older than the transfers can walk back below zero: count it as nothing.
      if (balance <= 0n) continue;
      const meta = ctx.tokens.get(factKey(chain, token));
      const decimals = meta?.decimals ?? (token === "native" ? 18 : undefined);
      const price = meta?.isSpam ? undefined : ctx.prices.atOrBefore(chain, token, end);
      if (decimals === undefined || price === undefined) {
        unpriced += 1;
        continue;
      }
      value += toUnits(balance, decimals) * price;
    }
    points.push({ date: new Date(day).toISOString().slice(0, 10), at: end.toISOString(), valueUsd: roundCents(value), unpriced });
  }
  return points.reverse();
};
