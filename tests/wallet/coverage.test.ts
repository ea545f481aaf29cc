// Coverage in every wallet answer: POST /api/metrics, GET /api/wallets/{address}/uncommon and
// POST /qmetrics/finance say what they cover, and a wallet with nothing stored is "not indexed".
import { describe, expect, it } from "vitest";
import * as metrics from "../../app/api/metrics/route";
import * as uncommon from "../../app/api/wallets/[address]/uncommon/route";
import * as finance from "../../app/qmetrics/finance/route";
import { prisma } from "../../lib/db";
import { ZWalletMetricsResult } from "../../lib/wallet";
import { useWalletApiTest, type StoredWallet } from "./setup";
import { call } from "../helpers/http";
import { randomAddress, USDC } from "./factory";

let key: string;
let stored: StoredWallet;
useWalletApiTest((fixture) => ({ key, stored } = fixture));

const post = (body: unknown) => call(metrics.POST, "POST", "/api/metrics", { key, body });

describe("coverage of POST /api/metrics", () => {
  it("gives per chain the last stored block and its time, and the as-of time of each price used", async () => {
    const response = await post({ wallet_address: stored.wallet });
    expect(response.status).toBe(200);
    expect(ZWalletMetricsResult.strict().safeParse(response.json).success).toBe(true);
    const { coverage } = response.json;
    expect(coverage.status).toBe("indexed");
    expect(coverage.chains).toEqual([
      { chain: "base-mainnet", status: "indexed", source: "stored", lastIndexedBlock: "1180", lastIndexedAt: "2026-06-01T03:00:00.000Z", transfers: 1, holdings: 1, nfts: 0 },
      { chain: "eth-mainnet", status: "indexed", source: "stored", lastIndexedBlock: "2000", lastIndexedAt: "2026-06-01T03:20:00.000Z", transfers: 4, holdings: 2, nfts: 1 },
    ]);
    const prices = await prisma.tokenPrice.findMany({ orderBy: { asOf: "desc" } });
    const asOfOf = (chain: string, token: string) => prices.find((price) => price.chain === chain && price.tokenAddress === token)!.asOf.toISOString();
    expect(coverage.prices.used.map((price: { chain: string; symbol: string; asOf: string }) => [price.chain, price.symbol, price.asOf])).toEqual([
      ["eth-mainnet", "ETH", asOfOf("eth-mainnet", "native")],
      ["base-mainnet", "ETH", asOfOf("base-mainnet", "native")],
      ["eth-mainnet", "USDC", asOfOf("eth-mainnet", USDC)],
    ]);
    expect(coverage.prices.oldestAsOf).toBe([asOfOf("eth-mainnet", "native"), asOfOf("base-mainnet", "native"), asOfOf("eth-mainnet", USDC)].sort()[0]);
    expect(coverage.excluded).toEqual([]);
  });

  it("reports the ingester's progress, and an indexed wallet without activity is indexed, not unknown", async () => {
    const wallet = randomAddress();
    const updatedAt = new Date();
    await prisma.ingestCursor.create({ data: { chain: "eth-mainnet", address: wallet, lastBlock: 123456n, updatedAt } });
    const response = await post({ wallet_address: wallet });
    expect(response.json.financialMetrics.balance).toBe(0);
    expect(response.json.coverage).toMatchObject({
      status: "indexed",
      chains: [{ chain: "eth-mainnet", status: "indexed", source: "ingester", lastIndexedBlock: "123456", transfers: 0 }],
    });
    // When the ingester reached that block: the cursor's time, as stored.
    expect(response.json.coverage.chains[0].lastIndexedAt).toBe(updatedAt.toISOString());
  });

  it("lists a spam holding as excluded with its reason", async () => {
    const wallet = randomAddress();
    const spam = randomAddress();
    await prisma.token.create({ data: { chain: "eth-mainnet", address: spam, symbol: "FREE", name: "Free claim", decimals: 18, isSpam: true } });
    await prisma.tokenHolding.create({ data: { walletAddress: wallet, chain: "eth-mainnet", tokenAddress: spam, balance: "1000" } });
    const response = await post({ wallet_address: wallet });
    expect(response.json.financialMetrics.positions).toEqual({});
    expect(response.json.coverage.status).toBe("indexed");
    expect(response.json.coverage.excluded).toEqual([{ chain: "eth-mainnet", tokenAddress: spam, symbol: "FREE", reason: "spam", detail: expect.stringContaining("spam") }]);
  });

  it("says not indexed, never silent zeros, for an unknown address", async () => {
    const response = await post({ wallet_address: randomAddress() });
    expect(response.json.financialMetrics.balance).toBe(0);
    expect(response.json.coverage).toMatchObject({ status: "not-indexed", chains: [], detail: expect.stringContaining("not indexed") });
  });
});

describe("coverage of the other wallet answers", () => {
  it("GET /api/wallets/{address}/uncommon carries the same coverage", async () => {
    const response = await call(uncommon.GET, "GET", `/api/wallets/${stored.wallet}/uncommon`, { key, params: { address: stored.wallet }, query: { chains: "base-mainnet" } });
    expect(response.status).toBe(200);
    expect(response.json.coverage.chains).toEqual([expect.objectContaining({ chain: "base-mainnet", status: "indexed", lastIndexedBlock: "1180" })]);
  });

  it("POST /qmetrics/finance answers insufficient data instead of a verdict for a wallet not indexed", async () => {
    const unknown = randomAddress();
    const response = await call(finance.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: unknown, seed: 1 } });
    expect(response.status).toBe(200);
    expect(response.json.coverage.status).toBe("not-indexed");
    expect(response.json.quantum_results.analysis).toMatch(/^Insufficient data/);
    expect(response.json.quantum_results.analysis).not.toMatch(/Financial risk|\((low|medium|high)\)/i);
    const run = await prisma.quantumRun.findFirst({ where: { entityType: "wallet", entityId: unknown } });
    expect(run).not.toBeNull();
    expect((run!.result as { riskScore: number | null }).riskScore).toBeNull();

    const known = await call(finance.POST, "POST", "/qmetrics/finance", { key, body: { walletAddress: stored.wallet, seed: 1 } });
    expect(known.json.coverage.status).toBe("indexed");
    expect(known.json.quantum_results.analysis).toContain("Financial risk");
  });
});
