// GET /api/wallets/{address}/transactions: newest first, paged, filtered, labelled and flagged;
// the same page as CSV; every error.
import { describe, expect, it } from "vitest";
import * as transactions from "../../app/api/wallets/[address]/transactions/route";
import { prisma } from "../../lib/db";
import { openApiDocument } from "../../lib/http/api-document";
import { ZWalletTransaction } from "../../lib/wallet";
import { useWalletApiTest, type StoredWallet } from "./setup";
import { call, errorPaths } from "../helpers/http";
import { randomAddress, USDC } from "./factory";

let key: string;
let stored: StoredWallet;
useWalletApiTest(
  (fixture) => ({ key, stored } = fixture),
  async () => {
    await prisma.addressInfo.create({ data: { chain: "eth-mainnet", address: stored.friend, isContract: false, label: "Alice" } });
  },
);

const get = (address: string, query: Record<string, string | number> = {}, options: { key?: string | null; headers?: Record<string, string> } = {}) =>
  call(transactions.GET, "GET", `/api/wallets/${address}/transactions`, {
    key: options.key === null ? undefined : (options.key ?? key),
    params: { address },
    query,
    headers: options.headers,
  });

const times = (items: { timestamp: string }[]) => items.map((item) => item.timestamp.slice(11, 16));

describe("GET /api/wallets/{address}/transactions", () => {
  it("lists the wallet's transfers newest first, with direction, amounts, value, labels and flags", async () => {
    const response = await get(stored.wallet);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-total-count")).toBe("5");
    expect(response.headers.get("link")).toBeNull();
    const items = response.json;
    for (const item of items) expect(ZWalletTransaction.strict().safeParse(item).success).toBe(true);
    expect(times(items)).toEqual(["03:20", "03:00", "02:00", "01:00", "00:00"]);
    expect(items[0]).toMatchObject({
      chain: "eth-mainnet", blockNumber: "2000", direction: "in", from: stored.lookalike, to: stored.wallet, counterparty: stored.lookalike, counterpartyLabel: null,
      kind: "erc20", tokenAddress: USDC, symbol: "USDC", amount: "0", units: "0", valueUsd: 0, uncommon: true,
    });
    expect(items[0].flags.map((flag: { code: string; address: string }) => [flag.code, flag.address])).toEqual([["lookalike", stored.lookalike], ["zero-value", stored.lookalike]]);
    expect(items[0].flags[0].detail).toContain(stored.friend);
    expect(items[1]).toMatchObject({ chain: "base-mainnet", direction: "out", counterparty: stored.friend, counterpartyLabel: null, symbol: "ETH", units: "0.5", valueUsd: 1500, uncommon: false, flags: [] });
    expect(items[4]).toMatchObject({ chain: "eth-mainnet", direction: "in", counterparty: stored.friend, counterpartyLabel: "Alice", amount: "3000000000000000000", units: "3", valueUsd: 9000 });
  });

  it("pages with the cursor in the Link header", async () => {
    const seen: string[] = [];
    let path: string | null = `/api/wallets/${stored.wallet}/transactions?limit=2`;
    const sizes: number[] = [];
    while (path) {
      const url = new URL(`http://localhost${path}`);
      const response = await get(stored.wallet, Object.fromEntries(url.searchParams));
      expect(response.status).toBe(200);
      expect(response.headers.get("x-total-count")).toBe("5");
      sizes.push(response.json.length);
      seen.push(...response.json.map((item: { timestamp: string }) => item.timestamp));
      path = response.headers.get("link")?.match(/^<([^>]+)>; rel="next"$/)?.[1] ?? null;
    }
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen.map((time) => time.slice(11, 16))).toEqual(["03:20", "03:00", "02:00", "01:00", "00:00"]);
  });

  it("filters by chain, direction, counterparty, token and time", async () => {
    const count = async (query: Record<string, string>) => {
      const response = await get(stored.wallet, query);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-total-count")).toBe(String(response.json.length));
      return times(response.json);
    };
    expect(await count({ chains: "base-mainnet" })).toEqual(["03:00"]);
    expect(await count({ chains: "base-mainnet,eth-mainnet", direction: "out" })).toEqual(["03:00", "01:00"]);
    expect(await count({ direction: "in" })).toEqual(["03:20", "02:00", "00:00"]);
    expect(await count({ direction: "self" })).toEqual([]);
    expect(await count({ counterparty: stored.friend.toUpperCase().replace("0X", "0x") })).toEqual(["03:00", "02:00", "01:00", "00:00"]);
    expect(await count({ token: "usdc" })).toEqual(["03:20"]);
    expect(await count({ token: USDC })).toEqual(["03:20"]);
    expect(await count({ token: "ETH", chains: "eth-mainnet" })).toEqual(["02:00", "01:00", "00:00"]);
    expect(await count({ token: "native" })).toEqual(["03:00", "02:00", "01:00", "00:00"]);
    expect(await count({ token: "NOPE" })).toEqual([]);
    expect(await count({ since: "2026-06-01T01:00:00Z", until: "2026-06-01T03:00:00Z" })).toEqual(["02:00", "01:00"]);
    expect(await count({ since: "2026-06-02" })).toEqual([]);
  });

  it("tells a transfer to itself from incoming and outgoing ones", async () => {
    const wallet = randomAddress();
    await prisma.walletTransfer.create({
      data: { chain: "eth-mainnet", txHash: `0x${"ab".repeat(32)}`, logIndex: -1, blockNumber: 5n, timestamp: new Date("2026-06-03T00:00:00Z"), fromAddress: wallet, toAddress: wallet, kind: "native", tokenAddress: "native", amount: "1", txFrom: wallet },
    });
    const response = await get(wallet, { direction: "self" });
    expect(response.json).toEqual([expect.objectContaining({ direction: "self", counterparty: null, counterpartyLabel: null })]);
    expect((await get(wallet, { direction: "in" })).json).toEqual([]);
  });

  it("gives the same page as CSV with ?format=csv or Accept: text/csv", async () => {
    const csv = await get(stored.wallet, { format: "csv", limit: 2 });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="${stored.wallet}-transactions.csv"`);
    expect(csv.headers.get("x-total-count")).toBe("5");
    expect(csv.headers.get("link")).toContain("format=csv");
    const lines = csv.text.trimEnd().split("\r\n");
    expect(lines[0].split(",")).toEqual(["timestamp", "chain", "blockNumber", "txHash", "logIndex", "direction", "from", "to", "counterparty", "counterpartyLabel", "kind", "tokenAddress", "symbol", "tokenId", "amount", "units", "valueUsd", "uncommon", "flags"]);
    expect(lines).toHaveLength(3);
    const first = lines[1].split(",");
    expect(first.slice(0, 2)).toEqual(["2026-06-01T03:20:00.000Z", "eth-mainnet"]);
    expect(first.slice(-3)).toEqual(["0", "true", `lookalike:${stored.lookalike} zero-value:${stored.lookalike}`]);

    const accepted = await get(stored.wallet, { counterparty: stored.friend }, { headers: { accept: "text/csv" } });
    expect(accepted.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(accepted.text.trimEnd().split("\r\n")).toHaveLength(5);
    expect(accepted.text).toContain(",Alice,");
    const json = await get(stored.wallet, { format: "json" }, { headers: { accept: "text/csv" } });
    expect(json.headers.get("content-type")).toContain("application/json");
  });

  it("is 401 without a credential", async () => {
    const response = await get(stored.wallet, {}, { key: null });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("is 400 for a bad address, chain, direction, counterparty, token, time, limit or cursor, naming each", async () => {
    const bad = await get("0xnope");
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["params.address"]);
    const chain = await get(stored.wallet, { chains: "eth-mainnet,moon-mainnet" });
    expect(chain.status).toBe(400);
    expect(chain.json.errors).toEqual([{ path: "query.chains.1", message: expect.stringContaining("known chains: eth-mainnet") }]);
    const many = await get(stored.wallet, { direction: "sideways", counterparty: "0x12", since: "yesterday", limit: 0, cursor: "%%%", format: "xml", token: "" });
    expect(many.status).toBe(400);
    expect(many.headers.get("content-type")).toBe("application/problem+json");
    expect(errorPaths(many.json)).toEqual(["query.counterparty", "query.cursor", "query.direction", "query.format", "query.limit", "query.since", "query.token"]);
    expect(errorPaths((await get(stored.wallet, { limit: 1001 })).json)).toEqual(["query.limit"]);
    expect(errorPaths((await get(stored.wallet, { since: "2026-02-30" })).json)).toEqual(["query.since"]);
    expect(errorPaths((await get(stored.wallet, { since: "yesterday", until: "2026-06-01" })).json)).toEqual(["query.since"]);
    const order = await get(stored.wallet, { since: "2026-06-02", until: "2026-06-01" });
    expect(order.status).toBe(400);
    expect(order.json.errors).toEqual([{ path: "query.until", message: "must be later than since" }]);
  });

  it("is 405 for other methods", async () => {
    const response = await call(transactions.POST, "POST", `/api/wallets/${stored.wallet}/transactions`, { key, params: { address: stored.wallet }, body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET");
  });

  it("is in the OpenAPI document with its JSON and CSV answers", () => {
    const operation = (openApiDocument().paths as Record<string, Record<string, any>>)["/api/wallets/{address}/transactions"].get;
    expect(operation.operationId).toBe("listWalletTransactions");
    expect(Object.keys(operation.responses["200"].content)).toEqual(["application/json", "text/csv"]);
    expect(operation.responses["200"].headers).toHaveProperty("Link");
    expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(expect.arrayContaining(["address", "chains", "direction", "counterparty", "token", "since", "until", "format", "limit", "cursor"]));
  });
});
