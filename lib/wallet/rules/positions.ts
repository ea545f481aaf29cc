// Balance and positions: every holding valued at the latest USD price at or before now;
// rounded values add up to the rounded balance and percentages to 100 (largest remainder).
import { factKey, type MetricsContext } from "./context";
import { apportion, roundCents, toUnits } from "./numbers";

export type PositionRow = {
  /** The key in `positions`: "ETH (eth-mainnet)". */
  name: string;
  chain: string;
  tokenAddress: string;
  symbol: string;
  /** Balance in whole tokens. */
  units: number;
  /** Latest price at or before now; null when unpriced. */
  priceUsd: number | null;
  /** units × price, unrounded. */
  exactUsd: number;
  /** Rounded to cents; the rows' values sum to the balance. */
  value: number;
  /** value / balance in percent, 2 decimals; the rows sum to 100 (0 each when the balance is 0). */
  percentage: number;
};

export type ExcludedHolding = { chain: string; tokenAddress: string; symbol: string; reason: "spam" | "unpriced" };

export type PositionsResult = { balance: number; rows: PositionRow[]; excluded: ExcludedHolding[] };

const shortAddress = (address: string) => (address.startsWith("0x") ? `${address.slice(0, 6)}…${address.slice(-4)}` : address);

/**
 * The token's symbol; for a contract without token metadata, an NFT collection's name or the
 * address's label; else the short address.
 */
export const symbolOf = (ctx: MetricsContext, chain: string, tokenAddress: string) =>
  ctx.tokens.get(factKey(chain, tokenAddress))?.symbol ??
  (tokenAddress === "native"
    ? (ctx.chains.get(chain)?.nativeSymbol ?? "native")
    : (ctx.collections.get(factKey(chain, tokenAddress)) ??
      ctx.addresses.get(factKey(chain, tokenAddress))?.label ??
      shortAddress(tokenAddress)));

const decimalsOf = (ctx: MetricsContext, chain: string, tokenAddress: string) =>
  ctx.tokens.get(factKey(chain, tokenAddress))?.decimals ?? (tokenAddress === "native" ? 18 : undefined);

/**
 * @param tokenMap chain → token address: for a chain in it, only that token's position is
 * reported (with value 0 when the wallet does not hold it).
 */
export const computePositions = (ctx: MetricsContext, tokenMap: Record<string, string> = {}): PositionsResult => {
  type Candidate = Omit<PositionRow, "name" | "value" | "percentage">;
  const candidates: Candidate[] = [];
  const excluded: ExcludedHolding[] = [];
  const held = new Set<string>();

  for (const holding of ctx.holdings) {
    const mapped = tokenMap[holding.chain];
    if (mapped !== undefined && mapped !== holding.tokenAddress) continue;
    if (holding.balance <= 0n && mapped === undefined) continue;
    held.add(factKey(holding.chain, holding.tokenAddress));
    const token = ctx.tokens.get(factKey(holding.chain, holding.tokenAddress));
    const symbol = symbolOf(ctx, holding.chain, holding.tokenAddress);
    const decimals = decimalsOf(ctx, holding.chain, holding.tokenAddress);
    const price = ctx.prices.latest(holding.chain, holding.tokenAddress);
    const spam = token?.isSpam ?? false;
    const priced = price !== undefined && decimals !== undefined && !spam;
    if (!priced && mapped === undefined) {
      excluded.push({ chain: holding.chain, tokenAddress: holding.tokenAddress, symbol, reason: spam ? "spam" : "unpriced" });
      continue;
    }
    const units = decimals === undefined ? 0 : toUnits(holding.balance, decimals);
    candidates.push({ chain: holding.chain, tokenAddress: holding.tokenAddress, symbol, units, priceUsd: priced ? price : null, exactUsd: priced ? units * price : 0 });
  }
  // A mapped token the wallet does not hold is still reported, at 0.
  for (const [chain, tokenAddress] of Object.entries(tokenMap)) {
    if (held.has(factKey(chain, tokenAddress))) continue;
    candidates.push({ chain, tokenAddress, symbol: symbolOf(ctx, chain, tokenAddress), units: 0, priceUsd: ctx.prices.latest(chain, tokenAddress) ?? null, exactUsd: 0 });
  }

  candidates.sort((a, b) => b.exactUsd - a.exactUsd || a.chain.localeCompare(b.chain) || a.symbol.localeCompare(b.symbol) || a.tokenAddress.localeCompare(b.tokenAddress));
  const exactTotal = candidates.reduce((sum, row) => sum + row.exactUsd, 0);
  const balanceCents = Math.round(roundCents(exactTotal) * 100);
  const cents = apportion(candidates.map((row) => row.exactUsd), balanceCents);
  // Percentages are shares of the rounded values, so a position shown as $0.00 is 0 % and the
  // percentages sum to 100 exactly when the balance is above 0.
  const hundredths = apportion(cents, 10_000);

  const nameCount = new Map<string, number>();
  for (const row of candidates) {
    const base = `${row.symbol} (${row.chain})`;
    nameCount.set(base, (nameCount.get(base) ?? 0) + 1);
  }
  const rows = candidates.map((row, index): PositionRow => {
    const base = `${row.symbol} (${row.chain})`;
    return {
      ...row,
      name: (nameCount.get(base) ?? 0) > 1 ? `${row.symbol} (${row.chain}, ${shortAddress(row.tokenAddress)})` : base,
      value: cents[index] / 100,
      percentage: hundredths[index] / 100,
    };
  });
  return { balance: balanceCents / 100, rows, excluded };
};
