// The data-source clients against local stand-ins of the providers' documented APIs: paging
// (page × offset windows, then a new startblock), empty histories, rate limiting (HTTP 429 and
// Etherscan's "Max rate limit reached" body) with back-off, refusals, server errors and timeouts.
import { afterEach, describe, expect, it } from "vitest";
import { AppError } from "../../lib/core/errors";
import { createExplorerClient, type ExplorerRecord } from "../../lib/wallet/sources/create-explorer-client";
import { createPriceClient } from "../../lib/wallet/sources/create-price-client";
import { startExplorer, startPriceApi, type StandIn } from "./stand-ins";

const WALLET = "0x1111111111111111111111111111111111111111";
// A generous timeout (a busy machine answers slowly); the timeout tests use a short one of their own.
const policy = { timeoutMs: 5000, maxTries: 3, backoffMs: 5 };
const impatient = { ...policy, timeoutMs: 300 };
let standIn: StandIn | undefined;
afterEach(async () => {
  await standIn?.close();
  standIn = undefined;
});

// 25 normal transactions: blocks 100, 101, …; blocks 110 and 111 hold two each (a window may end inside one).
const history: ExplorerRecord[] = Array.from({ length: 25 }, (_, i) => ({
  blockNumber: String(100 + Math.min(i, 10) + Math.max(0, Math.floor((i - 10) / 2))),
  timeStamp: String(1_760_000_000 + i * 60),
  hash: `0x${i.toString(16).padStart(64, "0")}`,
  from: WALLET,
  to: "0x2222222222222222222222222222222222222222",
  value: String(1000 + i),
  isError: "0",
}));

const explorer = async (pageSize = 10, window = 20, fetchPolicy = policy) => {
  standIn = await startExplorer({ head: 500n, records: { [WALLET]: { txlist: history } }, balances: { [WALLET]: "123" }, tokenBalances: { [`${WALLET}|0xabc`]: "77" } }, window);
  return createExplorerClient({ url: standIn.url, key: "KEY", chain: "eth-mainnet", pageSize, window, policy: fetchPolicy });
};

const problem = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (thrown: unknown) => thrown);
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

describe("the Etherscan-compatible explorer client", () => {
  it("reads every record across pages and windows, once each, oldest first", async () => {
    const client = await explorer();
    const pages: number[] = [];
    const rows = await client.list("txlist", WALLET, { startBlock: 0n, endBlock: 500n }, (count) => pages.push(count));
    expect(rows.map((row) => row.hash)).toEqual(history.map((row) => row.hash));
    // Window 1: pages 1 and 2 from block 0; then a new window from the last block seen.
    const asked = standIn!.requests.map((url) => [url.searchParams.get("startblock"), url.searchParams.get("page"), url.searchParams.get("offset")]);
    expect(asked[0]).toEqual(["0", "1", "10"]);
    expect(asked[1]).toEqual(["0", "2", "10"]);
    expect(Number(asked[2][0])).toBeGreaterThan(100);
    expect(asked[2][1]).toBe("1");
    expect(standIn!.requests.every((url) => url.searchParams.get("apikey") === "KEY" && url.searchParams.get("sort") === "asc" && url.searchParams.get("endblock") === "500")).toBe(true);
    expect(pages.at(-1)).toBe(25);
  });

  it("answers an empty history ('No transactions found') with no records, and honours the block range", async () => {
    const client = await explorer();
    expect(await client.list("tokentx", WALLET, { startBlock: 0n, endBlock: 500n })).toEqual([]);
    expect((await client.list("txlist", WALLET, { startBlock: 105n, endBlock: 106n })).map((row) => row.blockNumber)).toEqual(["105", "106"]);
  });

  it("reads the balance, a token balance and the head block", async () => {
    const client = await explorer();
    expect(await client.balance(WALLET)).toBe(123n);
    expect(await client.tokenBalance(WALLET, "0xabc")).toBe(77n);
    expect(await client.headBlock()).toBe(500n);
  });

  it("backs off and tries again on HTTP 429 and on a 'Max rate limit reached' answer", async () => {
    const client = await explorer(100, 10_000);
    standIn!.behave(["http-429", "body-rate-limit"]);
    const rows = await client.list("txlist", WALLET, { startBlock: 0n, endBlock: 500n });
    expect(rows).toHaveLength(25);
    expect(standIn!.requests).toHaveLength(3);
  });

  it("gives up with a 503 and Retry-After when rate limiting lasts", async () => {
    const client = await explorer();
    standIn!.behave(["http-429", "http-429", "http-429"]);
    const error = await problem(client.balance(WALLET));
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/rate limiting/);
    expect(error.headers?.["retry-after"]).toBeDefined();
    expect(standIn!.requests).toHaveLength(3);
  });

  it("reports a refusal (status 0, NOTOK) with the provider's reason, a server error, and a timeout", async () => {
    const client = await explorer(10, 20, impatient);
    standIn!.behave(["notok", "http-500", "hang"]);
    expect((await problem(client.balance(WALLET))).message).toMatch(/refused the request: NOTOK — Invalid API Key/);
    expect((await problem(client.balance(WALLET))).message).toMatch(/HTTP 500/);
    // The stand-in never answers: the client's own 300 ms limit cuts the request off.
    const timedOut = await problem(client.balance(WALLET));
    expect(timedOut.status).toBe(503);
    expect(timedOut.message).toMatch(/did not answer within 300 ms/);
  });
});

describe("the CoinGecko-shaped price client", () => {
  const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
  const DAY = 86_400_000;
  const today = Date.UTC(2026, 10, 23);
  const start = () =>
    startPriceApi({
      coins: { ethereum: { usd: 3012.5, last_updated_at: 1_763_900_000 } },
      tokens: { ethereum: { [USDC]: { usd: 0.9998, last_updated_at: 1_763_900_100 } } },
      history: {
        ethereum: [
          [Date.now() - 2 * DAY, 2900],
          [Date.now() - DAY, 2950],
          [today, 3000],
        ],
        [`ethereum/${USDC}`]: [[Date.now() - DAY, 1.0]],
      },
    });

  it("reads current prices of the native coin and of known contracts, with their as-of times", async () => {
    standIn = await start();
    const client = createPriceClient({ url: standIn.url, key: "CG", policy });
    const quotes = await client.current("eth-mainnet", [USDC.toUpperCase().replace("0X", "0x"), "0x000000000000000000000000000000000000dead"]);
    expect(quotes).toEqual([
      { tokenAddress: "native", priceUsd: 3012.5, asOf: new Date(1_763_900_000_000) },
      { tokenAddress: USDC, priceUsd: 0.9998, asOf: new Date(1_763_900_100_000) },
    ]);
    expect(standIn.requests.map((url) => url.pathname)).toEqual(["/api/v3/simple/price", "/api/v3/simple/token_price/ethereum"]);
    expect(standIn.requests.every((url) => url.searchParams.get("x_cg_demo_api_key") === "CG" && url.searchParams.get("vs_currencies") === "usd")).toBe(true);
  });

  it("reads daily history of a coin and of a contract; a token the API does not know has none", async () => {
    standIn = await start();
    const client = createPriceClient({ url: standIn.url, key: null, policy });
    expect((await client.daily("arbitrum-mainnet", "native", 7)).map((quote) => quote.priceUsd)).toEqual([2900, 2950, 3000]);
    expect((await client.daily("eth-mainnet", USDC, 7)).map((quote) => quote.priceUsd)).toEqual([1.0]);
    expect(await client.daily("eth-mainnet", "0x000000000000000000000000000000000000dead", 7)).toEqual([]);
    expect(standIn.requests[1].pathname).toBe(`/api/v3/coins/ethereum/contract/${USDC}/market_chart`);
    expect(standIn.requests[0].searchParams.get("interval")).toBe("daily");
  });

  it("backs off on 429, and reports a server error and a timeout as 503", async () => {
    standIn = await start();
    const client = createPriceClient({ url: standIn.url, key: null, policy });
    standIn.behave(["http-429"]);
    expect(await client.current("eth-mainnet", [])).toHaveLength(1);
    standIn.behave(["http-500"]);
    expect((await problem(client.current("eth-mainnet", []))).status).toBe(503);
    standIn.behave(["hang"]);
    expect((await problem(createPriceClient({ url: standIn.url, key: null, policy: impatient }).daily("eth-mainnet", "native", 3))).message).toMatch(/did not answer within 300 ms/);
  });
});
