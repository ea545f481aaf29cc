// GET /api/wallets/{address}/balance-history: the value at the end of each day, from holdings
// walked back through transfers and the prices quoted by then; every error.
import { describe, expect, it } from "vitest";
import * as history from "../../app/api/wallets/[address]/balance-history/route";
import { prisma } from "../../lib/db";
import { openApiDocument } from "../../lib/http/api-document";
import { ZBalanceHistory } from "../../lib/wallet";
import { userWithKey } from "../helpers/factories";
import { useApiTest } from "../helpers/api";
import { call, errorPaths } from "../helpers/http";
import { randomAddress, storeReferenceData } from "./factory";

const ETHER = 10n ** 18n;
let key: string;
const wallet = randomAddress();
const peer = randomAddress();

useApiTest({
  setup: async () => {
    key = (await userWithKey("viewer")).key;
    await storeReferenceData();
    await prisma.tokenPrice.createMany({
      data: [
        { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 2000, asOf: new Date("2026-05-01T00:00:00Z") },
        { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 2500, asOf: new Date("2026-06-02T12:00:00Z") },
      ],
    });
    const native = (from: string, to: string, amount: bigint, at: string, block: number) => ({
      chain: "eth-mainnet", txHash: `0x${block.toString(16).padStart(64, "0")}`, logIndex: -1, blockNumber: BigInt(block), timestamp: new Date(at), fromAddress: from, toAddress: to, kind: "native" as const, tokenAddress: "native", amount: amount.toString(), txFrom: from,
    });
    await prisma.walletTransfer.createMany({ data: [native(peer, wallet, 3n * ETHER, "2026-06-01T10:00:00Z", 1), native(wallet, peer, ETHER, "2026-06-03T10:00:00Z", 2)] });
    await prisma.tokenHolding.createMany({
      data: [
        { walletAddress: wallet, chain: "eth-mainnet", tokenAddress: "native", balance: (2n * ETHER).toString() },
        { walletAddress: wallet, chain: "eth-mainnet", tokenAddress: randomAddress(), balance: "1000" },
      ],
    });
  },
});

const get = (address: string, query: Record<string, string> = {}, apiKey: string | null = key) =>
  call(history.GET, "GET", `/api/wallets/${address}/balance-history`, { key: apiKey ?? undefined, params: { address }, query });

describe("GET /api/wallets/{address}/balance-history", () => {
  it("values each day's balance at the prices quoted by its end", async () => {
    const response = await get(wallet, { since: "2026-05-31", until: "2026-06-04" });
    expect(response.status).toBe(200);
    expect(ZBalanceHistory.strict().safeParse(response.json).success).toBe(true);
    expect(response.json).toMatchObject({ wallet_address: wallet, currency: "USD", interval: "day", coverage: { status: "indexed" } });
    expect(response.json.points.map((point: { date: string; valueUsd: number; unpriced: number }) => [point.date, point.valueUsd, point.unpriced])).toEqual([
      ["2026-05-31", 0, 1],
      ["2026-06-01", 6000, 1],
      ["2026-06-02", 7500, 1],
      ["2026-06-03", 5000, 1],
      ["2026-06-04", 5000, 1],
    ]);
    expect(response.json.points[0].at).toBe("2026-05-31T23:59:59.999Z");
  });

  it("defaults to the last 30 days up to now and filters by chain", async () => {
    const response = await get(wallet);
    expect(response.json.points).toHaveLength(30);
    const last = response.json.points[29];
    expect(last.date).toBe(new Date().toISOString().slice(0, 10));
    // Today: 2 ETH at the latest price (3000, from the reference data).
    expect(last.valueUsd).toBe(6000);
    const base = await get(wallet, { chains: "base-mainnet", since: "2026-06-01", until: "2026-06-02" });
    expect(base.json.points.map((point: { valueUsd: number }) => point.valueUsd)).toEqual([0, 0]);
  });

  it("says not indexed for a wallet with nothing stored", async () => {
    const response = await get(randomAddress(), { since: "2026-06-01", until: "2026-06-01" });
    expect(response.json.coverage.status).toBe("not-indexed");
    expect(response.json.points).toEqual([expect.objectContaining({ date: "2026-06-01", valueUsd: 0, unpriced: 0 })]);
  });

  it("is 401 without a credential", async () => {
    expect((await get(wallet, {}, null)).status).toBe(401);
  });

  it("is 400 for a bad address, chain or date, a reversed, future or too long range", async () => {
    expect(errorPaths((await get("0x1")).json)).toEqual(["params.address"]);
    expect(errorPaths((await get(wallet, { chains: "moon-mainnet" })).json)).toEqual(["query.chains.0"]);
    expect(errorPaths((await get(wallet, { since: "June" })).json)).toEqual(["query.since"]);
    // A bad since next to a good until is that one error, not a failure of the range check.
    expect(errorPaths((await get(wallet, { since: "June", until: "2026-06-01" })).json)).toEqual(["query.since"]);
    const reversed = await get(wallet, { since: "2026-06-02", until: "2026-06-01" });
    expect(reversed.json.errors).toEqual([{ path: "query.until", message: "must not be before since" }]);
    const long = await get(wallet, { since: "2024-01-01", until: "2026-01-01" });
    expect(long.status).toBe(400);
    expect(long.json.errors).toEqual([{ path: "query.since", message: expect.stringContaining("366 days") }]);
    const future = await get(wallet, { since: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10) });
    expect(future.status).toBe(400);
    expect(errorPaths(future.json)).toEqual(["query.since"]);
  });

  it("is 405 for other methods and is in the OpenAPI document", async () => {
    const response = await call(history.POST, "POST", `/api/wallets/${wallet}/balance-history`, { key, params: { address: wallet }, body: {} });
    expect(response.status).toBe(405);
    expect((openApiDocument().paths as Record<string, Record<string, { operationId: string }>>)["/api/wallets/{address}/balance-history"].get.operationId).toBe("getWalletBalanceHistory");
  });
});
