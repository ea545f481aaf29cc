// Prices for the tokens an indexing job found held: the current quote and WALLET_PRICE_HISTORY_DAYS
// of daily history from the configured price API (PRICE_API_URL), when there is one. Shared by
// the explorer and the JSON-RPC sources; stored idempotently by (chain, token, asOf).
import { prisma } from "../../db";
import { walletEnv } from "../config";
import { createPriceClient, priceSource, sourcePolicy } from "../sources";

/** Whether a price API is configured (the job shows a "prices" stage only then). */
export const pricesConfigured = () => priceSource() !== null;

/** Stores current and daily prices of `tokens` ("native" or contracts) on `chain`; answers how many were new. */
export const storePrices = async (chain: string, tokens: readonly string[], signal?: AbortSignal) => {
  const api = priceSource();
  if (!api) return 0;
  const client = createPriceClient({ ...api, keyParam: process.env.PRICE_API_KEY_PARAM || undefined, policy: sourcePolicy(signal) });
  const quotes = await client.current(chain, tokens.filter((token) => token !== "native"));
  for (const token of tokens) quotes.push(...(await client.daily(chain, token, walletEnv().WALLET_PRICE_HISTORY_DAYS)));
  return (await prisma.tokenPrice.createMany({ data: quotes.map((quote) => ({ chain, ...quote })), skipDuplicates: true })).count;
};
