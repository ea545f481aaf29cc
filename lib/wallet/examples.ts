// The document's example wallet (docs/api.md, "OpenAPI"): one address with ETH on eth-mainnet and
// base-mainnet and a little USDC, indexed from an explorer and an import. The wallet operations and
// the quantum finance analysis show answers about it, so their coverage is this one object.
import type { TCoverage } from "./schemas";

export const EXAMPLE_WALLET = "0x8ba1f109551bd432803012645ac136ddd64dba72";

const CHAINS: TCoverage["chains"] = [
  { chain: "base-mainnet", status: "indexed", source: "stored", lastIndexedBlock: "52364118", lastIndexedAt: "2026-10-30T17:42:11.000Z", transfers: 64, holdings: 1, nfts: 0 },
  { chain: "eth-mainnet", status: "indexed", source: "explorer", lastIndexedBlock: "26141870", lastIndexedAt: "2026-11-01T09:12:40.000Z", transfers: 318, holdings: 2, nfts: 1 },
];

/** The wallet's coverage in an answer that values it (three prices used). */
export const EXAMPLE_COVERAGE: TCoverage = {
  status: "indexed",
  detail: "Indexed on base-mainnet, eth-mainnet. 3 prices used.",
  chains: CHAINS,
  prices: {
    oldestAsOf: "2026-11-01T09:00:00.000Z",
    newestAsOf: "2026-11-01T09:05:00.000Z",
    staleAfterHours: 24,
    used: [
      { chain: "eth-mainnet", tokenAddress: "native", symbol: "ETH", priceUsd: 3000, asOf: "2026-11-01T09:05:00.000Z", stale: false },
      { chain: "base-mainnet", tokenAddress: "native", symbol: "ETH", priceUsd: 3000, asOf: "2026-11-01T09:05:00.000Z", stale: false },
      { chain: "eth-mainnet", tokenAddress: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", symbol: "USDC", priceUsd: 1, asOf: "2026-11-01T09:00:00.000Z", stale: false },
    ],
  },
  excluded: [],
  indexing: [
    { chain: "eth-mainnet", jobId: "cmhfz8w1k0002l708c3n5t6yb", status: "DONE", progress: { stage: "done", records: 412, fromBlock: "0", toBlock: "26141870" }, error: null, updatedAt: "2026-11-01T09:12:40.000Z" },
  ],
};

/** The same coverage in an answer that lists no prices (the balance history's). */
export const EXAMPLE_COVERAGE_UNPRICED: TCoverage = {
  ...EXAMPLE_COVERAGE,
  detail: "Indexed on base-mainnet, eth-mainnet. 0 prices used.",
  prices: { oldestAsOf: null, newestAsOf: null, staleAfterHours: 24, used: [] },
};
