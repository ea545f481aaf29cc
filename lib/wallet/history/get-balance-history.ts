// GET /api/wallets/{address}/balance-history: the wallet's daily value (lib/wallet/rules/balance-history.ts).
import { AppError } from "../../core/errors";
import { thresholdsOf, walletEnv } from "../config";
import { checkChains, listKnownChains } from "../list-known-chains";
import { loadWalletFacts } from "../load-wallet-facts";
import { computeBalanceHistory, dayStart } from "../rules/balance-history";
import { buildContext } from "../rules/context";
import { computeCoverage } from "../rules/coverage";
import { attachIndexing } from "../indexing";
import { HISTORY_MAX_DAYS, type TBalanceHistory, type TBalanceHistoryQuery } from "./schemas";

const DAY_MS = 86_400_000;

/** `userId`: the caller, who owns (and is capped for) the indexing jobs the answer may start. */
export const getBalanceHistory = async (address: string, query: TBalanceHistoryQuery, userId: string | null = null, now = new Date()): Promise<TBalanceHistory> => {
  const wallet = address.toLowerCase();
  const until = query.until && query.until < now ? query.until : now;
  const since = query.since ?? new Date(dayStart(until).getTime() - 29 * DAY_MS);
  const days = Math.round((dayStart(until).getTime() - dayStart(since).getTime()) / DAY_MS) + 1;
  if (days > HISTORY_MAX_DAYS) {
    throw new AppError("validation_failed", `The range covers ${days} days; at most ${HISTORY_MAX_DAYS} per request.`, {
      errors: [{ path: "query.since", message: `the range from since to until must be at most ${HISTORY_MAX_DAYS} days` }],
    });
  }
  if (since > now) {
    throw new AppError("validation_failed", "since is in the future.", { errors: [{ path: "query.since", message: "must not be in the future" }] });
  }
  const known = await listKnownChains();
  const chains = checkChains(query.chains, known, "query");
  const facts = await loadWalletFacts(wallet, chains, known, { now });
  const ctx = buildContext(facts, { now, thresholds: thresholdsOf(walletEnv()), chains });
  return {
    wallet_address: wallet,
    currency: "USD",
    interval: "day",
    points: computeBalanceHistory(ctx, { since, until }),
    coverage: await attachIndexing({
      wallet,
      coverage: computeCoverage(ctx, { cursors: facts.cursors ?? [], rows: [], excluded: [], staleAfterHours: ctx.thresholds.priceStaleHours }),
      scope: chains ?? known.map((chain) => chain.slug),
      filter: chains,
      userId,
    }),
  };
};
