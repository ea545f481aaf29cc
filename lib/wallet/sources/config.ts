// Which data sources a chain has, from the environment (docs/wallet-metrics.md, "Configuring a
// chain"): EXPLORER_URL_<SLUG> (+ EXPLORER_KEY_<SLUG>) for an Etherscan-compatible account API,
// RPC_URL_<SLUG> for a JSON-RPC node, and PRICE_API_URL (+ PRICE_API_KEY) for prices. Read at
// every use, so a test or an operator can change them without a restart.
import { slugToEnvSuffix } from "../chain-catalog";
import { walletEnv } from "../config";
import type { FetchPolicy } from "./fetch-json";

export type ChainSources = { explorer: { url: string; key: string | null } | null; rpcUrl: string | null };

const value = (name: string) => {
  const raw = process.env[name]?.trim();
  return raw ? raw : null;
};

export const chainSources = (slug: string): ChainSources => {
  const suffix = slugToEnvSuffix(slug);
  const url = value(`EXPLORER_URL_${suffix}`);
  return { explorer: url ? { url, key: value(`EXPLORER_KEY_${suffix}`) } : null, rpcUrl: value(`RPC_URL_${suffix}`) };
};

/** A chain can be indexed on demand when it has an explorer API or, failing that, a JSON-RPC endpoint (read by logs). */
export const canIndexOnDemand = (slug: string) => {
  const sources = chainSources(slug);
  return sources.explorer !== null || sources.rpcUrl !== null;
};

export const priceSource = () => {
  const url = value("PRICE_API_URL");
  return url ? { url, key: value("PRICE_API_KEY") } : null;
};

export const sourcePolicy = (signal?: AbortSignal): FetchPolicy => {
  const env = walletEnv();
  return { timeoutMs: env.WALLET_SOURCE_TIMEOUT_MS, maxTries: env.WALLET_SOURCE_TRIES, backoffMs: env.WALLET_SOURCE_BACKOFF_MS, signal };
};
