// Which JSON-RPC endpoint serves a chain (RPC_URL_<SLUG_UPPER_SNAKE>, or --rpc), and the viem
// client the ingester reads through: batched JSON-RPC, no block-number cache.
import { createPublicClient, http, type PublicClient } from "viem";
import { slugToEnvSuffix } from "../chain-catalog";

export const rpcEnvName = (slug: string) => `RPC_URL_${slugToEnvSuffix(slug)}`;

export const rpcUrlFor = (slug: string, override?: string, source: Record<string, string | undefined> = process.env): string => {
  const url = override ?? source[rpcEnvName(slug)];
  if (!url) throw new Error(`No JSON-RPC endpoint for ${slug}: set ${rpcEnvName(slug)} or pass --rpc <url>.`);
  if (!/^https?:\/\//.test(url)) throw new Error(`The JSON-RPC endpoint for ${slug} must be an http(s) URL, got '${url}'.`);
  return url;
};

export const createRpcClient = (url: string): PublicClient =>
  createPublicClient({ transport: http(url, { batch: { batchSize: 100 }, retryCount: 2, timeout: 30_000 }), cacheTime: 0 });
