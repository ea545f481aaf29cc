// Done-when of issue 16: with a stand-in explorer API configured for a chain, an address the
// database has never seen, asked for through POST /api/metrics, is indexed by a background job
// (lib/jobs, kind wallet.index) and then answered with its real balance, positions, transactions
// and coverage; without a source it is answered "not indexed". Also: no second job while one is
// queued, progress through GET /api/wallets/{address}/indexing, and a job that failed half-way
// resumes with the actions it had not finished.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as metrics from "../../app/api/metrics/route";
import * as finance from "../../app/qmetrics/finance/route";
import * as indexing from "../../app/api/wallets/[address]/indexing/route";
import * as transactions from "../../app/api/wallets/[address]/transactions/route";
import { prisma } from "../../lib/db";
import { JobWorker, wakeWorkers, whenJobsIdle, type WorkerOptions } from "../../lib/jobs";
import { resetWalletEnv } from "../../lib/wallet/config";
import { walletIndexJob, ZWalletIndexing, ZWalletMetricsResult } from "../../lib/wallet";
import { openApiDocument } from "../../lib/http/api-document";
import { useApiTest } from "../helpers/api";
import { call } from "../helpers/http";
import { randomAddress, USDC } from "./factory";
import { startExplorer, startPriceApi, type ExplorerData, type StandIn } from "./stand-ins";

const api = useApiTest({ withKeys: true });
const ETHER = 10n ** 18n;
const NOW_S = Math.floor(Date.now() / 1000);
/** Transaction hashes of one wallet's history (unique per wallet: transfers are unique by chain, hash and log index). */
const hashOf = (wallet: string, n: number) => `0x${wallet.slice(2, 26)}${n.toString(16).padStart(40, "0")}`;
const FRIEND = "0x2222222222222222222222222222222222222222";
const SHOP = "0x3333333333333333333333333333333333333333";
const ROUTER = "0x4444444444444444444444444444444444444444";
const NFT = "0x5555555555555555555555555555555555555555";

/** A wallet's history as an explorer serves it: 2 ETH in, 0.5 ETH out, a failed send, 0.1 ETH from a contract, 1000 USDC in, 250 out, one NFT. */
const historyOf = (wallet: string): ExplorerData["records"][string] => {
  const hash = (n: number) => hashOf(wallet, n);
  return {
  txlist: [
    { blockNumber: "100", timeStamp: String(NOW_S - 5 * 86_400), hash: hash(1), from: FRIEND, to: wallet, value: (2n * ETHER).toString(), isError: "0" },
    { blockNumber: "150", timeStamp: String(NOW_S - 4 * 86_400), hash: hash(2), from: wallet, to: SHOP, value: (ETHER / 2n).toString(), isError: "0" },
    { blockNumber: "160", timeStamp: String(NOW_S - 4 * 86_400), hash: hash(3), from: wallet, to: SHOP, value: ETHER.toString(), isError: "1" },
    { blockNumber: "170", timeStamp: String(NOW_S - 3 * 86_400), hash: hash(4), from: wallet, to: USDC, value: "0", isError: "0" },
  ],
  txlistinternal: [{ blockNumber: "180", timeStamp: String(NOW_S - 3 * 86_400), hash: hash(5), from: ROUTER, to: wallet, value: (ETHER / 10n).toString(), isError: "0", traceId: "0_1" }],
  tokentx: [
    { blockNumber: "120", timeStamp: String(NOW_S - 5 * 86_400), hash: hash(6), from: FRIEND, to: wallet, value: "1000000000", contractAddress: USDC, tokenName: "USD Coin", tokenSymbol: "USDC", tokenDecimal: "6", logIndex: "3" },
    { blockNumber: "170", timeStamp: String(NOW_S - 3 * 86_400), hash: hash(4), from: wallet, to: SHOP, value: "250000000", contractAddress: USDC, tokenName: "USD Coin", tokenSymbol: "USDC", tokenDecimal: "6", logIndex: "0" },
  ],
  tokennfttx: [{ blockNumber: "190", timeStamp: String(NOW_S - 2 * 86_400), hash: hash(7), from: SHOP, to: wallet, tokenID: "42", contractAddress: NFT, tokenName: "Test Apes", tokenSymbol: "APE", tokenDecimal: "0", logIndex: "1" }],
  };
};

let explorer: StandIn;
let prices: StandIn;
let worker: JobWorker | undefined;
const data: ExplorerData = { head: 1000n, records: {}, balances: {}, tokenBalances: {} };
const addWallet = (wallet: string) => {
  data.records[wallet] = historyOf(wallet);
  data.balances[wallet] = ((16n * ETHER) / 10n).toString();
  data.tokenBalances[`${wallet}|${USDC}`] = "750000000";
};

beforeAll(async () => {
  explorer = await startExplorer(data);
  prices = await startPriceApi({
    coins: { ethereum: { usd: 3000, last_updated_at: NOW_S - 60 } },
    tokens: { ethereum: { [USDC]: { usd: 1, last_updated_at: NOW_S - 120 } } },
    history: { ethereum: [[(NOW_S - 86_400) * 1000, 2900]], [`ethereum/${USDC}`]: [[(NOW_S - 86_400) * 1000, 1]] },
  });
  process.env.EXPLORER_URL_ETH_MAINNET = explorer.url;
  process.env.EXPLORER_KEY_ETH_MAINNET = "test-key";
  process.env.PRICE_API_URL = prices.url;
  process.env.WALLET_SOURCE_BACKOFF_MS = "5";
  process.env.WALLET_EXPLORER_PAGE_SIZE = "2";
  resetWalletEnv();
});
afterEach(async () => {
  await worker?.stop(0);
  worker = undefined;
});
afterAll(async () => {
  for (const name of ["EXPLORER_URL_ETH_MAINNET", "EXPLORER_KEY_ETH_MAINNET", "PRICE_API_URL", "WALLET_SOURCE_BACKOFF_MS", "WALLET_EXPLORER_PAGE_SIZE"]) delete process.env[name];
  resetWalletEnv();
  await Promise.all([explorer?.close(), prices?.close()]);
});

const startWorker = (options: Partial<WorkerOptions> = {}) =>
  (worker = new JobWorker({ kinds: [walletIndexJob], concurrency: 2, leaseMs: 5000, pollMs: 20, log: () => {}, ...options }).start());
const post = (body: unknown) => call(metrics.POST, "POST", "/api/metrics", { key: api.viewer, body });
const status = (wallet: string) => call(indexing.GET, "GET", `/api/wallets/${wallet}/indexing`, { key: api.viewer, params: { address: wallet }, query: { chains: "eth-mainnet" } });

/** The wallet's indexing status once the worker has nothing left to do: no job of it is active any more. */
const waitIdle = async (wallet: string) => {
  await whenJobsIdle();
  const response = await status(wallet);
  expect(response.status).toBe(200);
  expect(response.json.active).toBe(false);
  return { last: response.json };
};

describe("an address the database has never seen", { timeout: 60_000 }, () => {
  it("is indexed by a background job when an explorer is configured, then answered with its real data", async () => {
    const wallet = randomAddress();
    addWallet(wallet);
    const first = await post({ wallet_address: wallet, chains: ["eth-mainnet"] });
    expect(first.status).toBe(200);
    expect(ZWalletMetricsResult.strict().safeParse(first.json).success).toBe(true);
    expect(first.json.financialMetrics.balance).toBe(0);
    expect(first.json.coverage.status).toBe("indexing");
    expect(first.json.coverage.detail).toMatch(/indexing eth-mainnet in the background/);
    expect(first.json.coverage.chains).toEqual([expect.objectContaining({ chain: "eth-mainnet", status: "indexing", source: null })]);
    const [job] = first.json.coverage.indexing;
    expect(job).toMatchObject({ chain: "eth-mainnet", status: "QUEUED" });

    // Asked again (and at once, twice) while queued: the same job, not a second one.
    const again = await Promise.all([post({ wallet_address: wallet, chains: ["eth-mainnet"] }), post({ wallet_address: wallet })]);
    expect(again.map((response) => response.json.coverage.indexing.find((entry: { chain: string }) => entry.chain === "eth-mainnet").jobId)).toEqual([job.jobId, job.jobId]);
    expect(await prisma.job.count({ where: { kind: "wallet.index" } })).toBe(1);

    startWorker();
    const { last } = await waitIdle(wallet);
    expect(ZWalletIndexing.strict().safeParse(last).success).toBe(true);
    expect(last.jobs).toEqual([expect.objectContaining({ jobId: job.jobId, status: "DONE", progress: expect.objectContaining({ stage: "done", records: 8, fromBlock: "0", toBlock: "988" }) })]);
    expect(last.chains).toEqual([expect.objectContaining({ chain: "eth-mainnet", status: "indexed", source: "explorer", lastIndexedBlock: "988", canIndexOnDemand: true })]);

    const answer = await post({ wallet_address: wallet, chains: ["eth-mainnet"] });
    const fm = answer.json.financialMetrics;
    // 1.6 ETH × $3000 + 750 USDC × $1 (the current prices, not the day-old history)
    expect(fm.balance).toBe(5550);
    expect(fm.positions).toEqual({ "ETH (eth-mainnet)": { value: 4800, percentage: 86.49 }, "USDC (eth-mainnet)": { value: 750, percentage: 13.51 } });
    expect(fm.nftSummary).toEqual({ nftCount: 1, nftValueEst: 0 });
    expect(answer.json.coverage).toMatchObject({
      status: "indexed",
      chains: [{ chain: "eth-mainnet", status: "indexed", source: "explorer", lastIndexedBlock: "988", transfers: 6, holdings: 2, nfts: 1 }],
      prices: { oldestAsOf: new Date((NOW_S - 120) * 1000).toISOString(), newestAsOf: new Date((NOW_S - 60) * 1000).toISOString() },
    });
    expect(answer.json.coverage.indexing).toEqual([expect.objectContaining({ jobId: job.jobId, status: "DONE" })]);

    // The transactions: the failed send is not there; the internal transfer and both USDC moves are.
    const list = await call(transactions.GET, "GET", `/api/wallets/${wallet}/transactions`, { key: api.viewer, params: { address: wallet } });
    expect(list.status).toBe(200);
    const hashes = (list.json as { txHash: string }[]).map((row) => row.txHash).sort();
    expect(hashes).toEqual([1, 2, 4, 5, 6, 7].map((n) => hashOf(wallet, n)).sort());
    // The explorer was asked with the key, over paged requests (page size 2), up to the head minus 12 confirmations.
    const own = explorer.requests.filter((url) => url.searchParams.get("address") === wallet && url.searchParams.get("action") === "txlist");
    expect(own.length).toBeGreaterThanOrEqual(3);
    expect(own.every((url) => url.searchParams.get("apikey") === "test-key" && url.searchParams.get("endblock") === "988")).toBe(true);
  });

  it("is answered 'not indexed' without a source: no job, zeros that say so, and no quantum verdict", async () => {
    const wallet = randomAddress();
    const response = await post({ wallet_address: wallet, chains: ["base-mainnet"] });
    expect(response.status).toBe(200);
    expect(response.json.coverage.status).toBe("not-indexed");
    expect(response.json.coverage.detail).toMatch(/No data source is configured for base-mainnet/);
    expect(response.json.coverage.indexing).toEqual([]);
    expect(await prisma.job.count({ where: { kind: "wallet.index", payload: { path: ["address"], equals: wallet } } })).toBe(0);
    const analysis = await call(finance.POST, "POST", "/qmetrics/finance", { key: api.viewer, body: { walletAddress: wallet, chains: ["base-mainnet"], seed: 1 } });
    expect(analysis.status).toBe(200);
    expect(analysis.json.quantum_results.analysis).toMatch(/^Insufficient data/);
  });

  it("through endpoint 19 starts indexing too, and the analysis says insufficient data until it is indexed", async () => {
    const wallet = randomAddress();
    addWallet(wallet);
    const analysis = await call(finance.POST, "POST", "/qmetrics/finance", { key: api.viewer, body: { walletAddress: wallet, chains: ["eth-mainnet"], seed: 1 } });
    expect(analysis.status).toBe(200);
    expect(analysis.json.coverage.status).toBe("indexing");
    expect(analysis.json.quantum_results.analysis).toMatch(/^Insufficient data/);
    startWorker();
    await waitIdle(wallet);
    const after = await call(finance.POST, "POST", "/qmetrics/finance", { key: api.viewer, body: { walletAddress: wallet, chains: ["eth-mainnet"], seed: 1 } });
    expect(after.json.coverage.status).toBe("indexed");
    expect(after.json.quantum_results.analysis).toContain("Financial risk");
  });

  it("resumes after a failure with the actions it had not finished, and rides out rate limiting", async () => {
    const wallet = randomAddress();
    addWallet(wallet);
    data.refused = new Set([`${wallet}|txlistinternal`]);
    const from = explorer.requests.length;
    await post({ wallet_address: wallet, chains: ["eth-mainnet"] });
    explorer.behave(["http-429"]);
    // A back-off longer than the test: the retry waits until the test makes it due.
    startWorker({ backoffMs: () => 3_600_000 });
    // The first attempt reads txlist, then the provider refuses txlistinternal: the job goes back to the queue.
    await whenJobsIdle();
    const job = await prisma.job.findFirst({ where: { kind: "wallet.index", payload: { path: ["address"], equals: wallet } } });
    expect(job).toMatchObject({ status: "QUEUED", attempts: 1, error: expect.objectContaining({ status: 503, detail: expect.stringMatching(/refused the request: NOTOK — Query Timeout/) }) });
    expect((job!.progress as { done: string[] }).done).toEqual(["txlist"]);
    const status1 = await status(wallet);
    expect(status1.json.jobs[0]).toMatchObject({ status: "QUEUED", error: expect.stringMatching(/refused/) });
    data.refused = undefined;
    // Its back-off has passed.
    await prisma.job.update({ where: { id: job!.id }, data: { runAfter: new Date(Date.now() - 1_000) } });
    wakeWorkers();
    await waitIdle(wallet);
    const done = await prisma.job.findUniqueOrThrow({ where: { id: job!.id } });
    expect(done).toMatchObject({ status: "DONE", attempts: 2 });
    const asked = explorer.requests.slice(from).filter((url) => url.searchParams.get("address") === wallet);
    const txlist = asked.filter((url) => url.searchParams.get("action") === "txlist").map((url) => url.searchParams.get("page"));
    // Pages 1–3 (4 records at 2 per page) once: the second attempt does not read txlist again.
    expect(txlist).toEqual(["1", "2", "3"]);
    // The head block: a 429, retried in place; the second attempt keeps the first one's block range.
    expect(explorer.requests.slice(from).filter((url) => url.searchParams.get("module") === "proxy")).toHaveLength(2);
    expect(asked.filter((url) => url.searchParams.get("action") === "txlistinternal").length).toBeGreaterThanOrEqual(2);
    const answer = await post({ wallet_address: wallet, chains: ["eth-mainnet"] });
    expect(answer.json.financialMetrics.balance).toBe(5550);
    expect(answer.json.coverage.chains[0]).toMatchObject({ source: "explorer", transfers: 6 });
  });
});

describe("GET /api/wallets/{address}/indexing", () => {
  it("answers per chain whether a source is configured, for a wallet without data", async () => {
    const wallet = randomAddress();
    const response = await call(indexing.GET, "GET", `/api/wallets/${wallet}/indexing`, { key: api.viewer, params: { address: wallet }, query: { chains: "eth-mainnet,base-mainnet" } });
    expect(response.status).toBe(200);
    expect(ZWalletIndexing.strict().safeParse(response.json).success).toBe(true);
    expect(response.json).toMatchObject({ status: "not-indexed", active: false, jobs: [] });
    expect(response.json.chains.map((chain: { chain: string; canIndexOnDemand: boolean; status: string }) => [chain.chain, chain.canIndexOnDemand, chain.status])).toEqual([
      ["eth-mainnet", true, "not-indexed"],
      ["base-mainnet", false, "not-indexed"],
    ]);
    // Reading the status never starts a job.
    expect(await prisma.job.count({ where: { kind: "wallet.index", payload: { path: ["address"], equals: wallet } } })).toBe(0);
  });

  it("refuses a bad address (400), an unknown chain (400), no credential (401), other methods (405); it is in the OpenAPI document", async () => {
    const bad = await call(indexing.GET, "GET", "/api/wallets/0x12/indexing", { key: api.viewer, params: { address: "0x12" } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0].path).toBe("params.address");
    const wallet = randomAddress();
    const chain = await call(indexing.GET, "GET", `/api/wallets/${wallet}/indexing`, { key: api.viewer, params: { address: wallet }, query: { chains: "moon-mainnet" } });
    expect(chain.status).toBe(400);
    expect(chain.json.errors[0].path).toMatch(/^query\.chains/);
    expect((await call(indexing.GET, "GET", `/api/wallets/${wallet}/indexing`, { params: { address: wallet } })).status).toBe(401);
    expect((await call(indexing.POST, "POST", `/api/wallets/${wallet}/indexing`, { key: api.viewer, params: { address: wallet }, body: {} })).status).toBe(405);
    const document = openApiDocument().paths as Record<string, Record<string, { operationId: string }>>;
    expect(document["/api/wallets/{address}/indexing"].get.operationId).toBe("getWalletIndexing");
  });
});
