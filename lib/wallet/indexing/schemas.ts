// Schemas of GET /api/wallets/{address}/indexing: how far a wallet is indexed per chain. Client-safe.
import { z } from "zod";
import { ZIndexingJob } from "../schemas";

export const ZWalletIndexing = z.object({
  wallet_address: z.string(),
  status: z.enum(["indexed", "not-indexed", "indexing"]),
  active: z.boolean().describe("A job is queued or running: ask again for progress"),
  chains: z
    .array(
      z.object({
        chain: z.string(),
        status: z.enum(["indexed", "not-indexed", "indexing"]),
        source: z.enum(["ingester", "explorer", "stored"]).nullable(),
        lastIndexedBlock: z.string().nullable(),
        lastIndexedAt: z.string().nullable(),
        canIndexOnDemand: z.boolean().describe("An explorer API (EXPLORER_URL_<CHAIN>) or a JSON-RPC endpoint (RPC_URL_<CHAIN>) is configured for the chain, so a job can index it"),
        rpcConfigured: z.boolean().describe("A JSON-RPC endpoint is configured (RPC_URL_<CHAIN>) for the ingester"),
      }),
    )
    .describe("The requested chains; without chains, those with data or with a source"),
  jobs: z.array(ZIndexingJob),
});
export type TWalletIndexing = z.infer<typeof ZWalletIndexing>;
