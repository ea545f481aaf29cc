// POST /api/wallets/import and `npm run wallet:import`: all or nothing, idempotent, admin only.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as importRoute from "../../app/api/wallets/import/route";
import { prisma } from "../../lib/db";
import { getWalletMetrics } from "../../lib/wallet";
import { importWalletFile } from "../../lib/wallet/import/import-wallet-file";
import packageJson from "../../package.json" with { type: "json" };
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { randomAddress } from "./factory";

let admin: { key: string; user: { id: string } };
let operator: string;
useApiTest({
  setup: async () => {
    admin = await userWithKey("admin");
    operator = (await userWithKey("operator")).key;
  },
});

const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;
const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";

const document = (wallet: string, friend: string, seed: number) => ({
  tokens: [
    { chain: "eth-mainnet", address: "native", symbol: "ETH", name: "Ether", decimals: 18 },
    { chain: "eth-mainnet", address: USDC.toUpperCase().replace("0X", "0x"), symbol: "USDC", name: "USD Coin", decimals: 6 },
  ],
  prices: [
    { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 2500, asOf: "2026-06-01T00:00:00Z" },
    { chain: "eth-mainnet", tokenAddress: USDC, priceUsd: 1, asOf: "2026-06-01T00:00:00Z" },
  ],
  transfers: [
    { chain: "eth-mainnet", txHash: hash(seed), logIndex: -1, blockNumber: 100, timestamp: "2026-06-02T10:00:00Z", fromAddress: friend, toAddress: wallet, kind: "native", tokenAddress: "native", amount: "2000000000000000000", txFrom: friend },
    { chain: "eth-mainnet", txHash: hash(seed + 1), logIndex: 3, blockNumber: "101", timestamp: "2026-06-02T11:00:00Z", fromAddress: wallet, toAddress: friend, kind: "erc20", tokenAddress: USDC, amount: 5_000_000, txFrom: wallet },
  ],
  holdings: [
    { walletAddress: wallet, chain: "eth-mainnet", tokenAddress: "native", balance: "2000000000000000000" },
    { walletAddress: wallet, chain: "eth-mainnet", tokenAddress: USDC, balance: "10000000" },
  ],
  nfts: [{ walletAddress: wallet, chain: "eth-mainnet", contractAddress: randomAddress(), tokenId: "7", collectionName: "Imported Cats", floorPriceUsd: 12.5 }],
  addressInfo: [{ chain: "eth-mainnet", address: friend, isContract: false, label: "Friend", firstSeenAt: "2026-01-01T00:00:00Z" }],
});

const post = (body: unknown, key: string | null = admin.key, headers: Record<string, string> = {}) =>
  call(importRoute.POST, "POST", "/api/wallets/import", { key: key ?? undefined, body, headers });

const tableCounts = async () => ({
  transfers: await prisma.walletTransfer.count(),
  prices: await prisma.tokenPrice.count(),
  tokens: await prisma.token.count(),
  holdings: await prisma.tokenHolding.count(),
  nfts: await prisma.nftHolding.count(),
  addresses: await prisma.addressInfo.count(),
  chains: await prisma.chain.count(),
});

describe("POST /api/wallets/import", () => {
  it("stores the facts, which the metrics then report", async () => {
    const [wallet, friend] = [randomAddress(), randomAddress()];
    const response = await post(document(wallet, friend, 1));
    expect(response.status).toBe(200);
    expect(response.json).toEqual({ chains: 0, tokens: 2, prices: { received: 2, stored: 2 }, transfers: { received: 2, stored: 2 }, holdings: 2, nfts: 1, addressInfo: 1, approvals: { received: 0, stored: 0 } });
    const stored = await prisma.walletTransfer.findFirstOrThrow({ where: { logIndex: 3 } });
    expect([stored.tokenAddress, stored.amount.toFixed(0), stored.blockNumber]).toEqual([USDC, "5000000", 101n]);
    const metrics = (await getWalletMetrics(admin.user.id, { wallet_address: wallet })).financialMetrics;
    expect(metrics).toMatchObject({
      balance: 5010,
      positions: { "ETH (eth-mainnet)": { value: 5000, percentage: 99.8 }, "USDC (eth-mainnet)": { value: 10, percentage: 0.2 } },
      totalTransactions: 2,
      interactingWallets: 1,
      mostActiveWallet: { address: friend, transactionCount: 2 },
      nftSummary: { nftCount: 1, nftValueEst: 12.5 },
    });
  });

  it("is idempotent: importing the same document again stores nothing twice", async () => {
    const body = document(randomAddress(), randomAddress(), 100);
    await post(body);
    const before = await tableCounts();
    const again = await post(body);
    expect(again.status).toBe(200);
    expect(again.json.transfers).toEqual({ received: 2, stored: 0 });
    expect(again.json.prices).toEqual({ received: 2, stored: 0 });
    expect(await tableCounts()).toEqual(before);
  });

  it("replaces holdings by key: a later balance wins", async () => {
    const wallet = randomAddress();
    await post({ transfers: [], holdings: [{ walletAddress: wallet, chain: "base-mainnet", tokenAddress: "native", balance: "5" }] });
    await post({ transfers: [], holdings: [{ walletAddress: wallet, chain: "base-mainnet", tokenAddress: "native", balance: "7" }] });
    const rows = await prisma.tokenHolding.findMany({ where: { walletAddress: wallet } });
    expect(rows.map((row) => row.balance.toFixed(0))).toEqual(["7"]);
  });

  it("stores nothing when a row breaks the schema, and lists every bad row", async () => {
    const body = document(randomAddress(), randomAddress(), 200);
    (body.transfers[1] as Record<string, unknown>).amount = "-5";
    (body.holdings[0] as Record<string, unknown>).walletAddress = "0x12";
    const before = await tableCounts();
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.holdings.0.walletAddress", "body.transfers.1.amount"]);
    expect(await tableCounts()).toEqual(before);
  });

  it("refuses a row of an unknown chain, a native transfer with a log index, and duplicate rows", async () => {
    const body = document(randomAddress(), randomAddress(), 300);
    const unknown = await post({ ...body, transfers: [{ ...body.transfers[0], chain: "moon-mainnet" }] });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors).toEqual([{ path: "body.transfers.0.chain", message: expect.stringContaining("unknown chain 'moon-mainnet'") }]);
    const native = await post({ transfers: [{ ...body.transfers[0], logIndex: 2 }] });
    expect(errorPaths(native.json)).toEqual(["body.transfers.0.logIndex"]);
    const twice = await post({ transfers: [body.transfers[0], { ...body.transfers[0], amount: "1" }] });
    expect(twice.json.errors).toEqual([{ path: "body.transfers.1", message: "duplicates transfers.0 (same natural key)" }]);
  });

  it("is all or nothing: a conflict found while writing undoes every row before it", async () => {
    await prisma.chain.createMany({ data: [{ slug: "eth-mainnet", chainId: 1, name: "Ethereum", layer: "Layer1", nativeSymbol: "ETH" }], skipDuplicates: true });
    const body = document(randomAddress(), randomAddress(), 400);
    const before = await tableCounts();
    // The chains are written last; this one takes eth-mainnet's chain id.
    const response = await post({ ...body, chains: [{ slug: "eth-classic", chainId: 1, name: "Ethereum Classic?", layer: "Layer1", nativeSymbol: "ETC" }] });
    expect(response.status).toBe(409);
    expect(await tableCounts()).toEqual(before);
    expect(await prisma.walletTransfer.count({ where: { txHash: hash(400) } })).toBe(0);
  });

  it("adds chains, whose rows the metrics then know", async () => {
    const wallet = randomAddress();
    const response = await post({
      chains: [{ slug: "testnet-l2", chainId: 999_001, name: "Test L2", layer: "Layer2", nativeSymbol: "TETH" }],
      transfers: [{ chain: "testnet-l2", txHash: hash(500), logIndex: -1, blockNumber: 1, timestamp: "2026-06-01T00:00:00Z", fromAddress: randomAddress(), toAddress: wallet, kind: "native", tokenAddress: "native", amount: "1" }],
    });
    expect(response.status).toBe(200);
    const metrics = (await getWalletMetrics(admin.user.id, { wallet_address: wallet, chains: ["testnet-l2"] })).financialMetrics;
    expect(metrics).toMatchObject({ totalTransactions: 1, transactionsByChain: { "testnet-l2": 1 }, transactionsByLayer: { Layer1: 0, Layer2: 1 } });
  });

  it("accepts bodies above the API's 1 MiB default and refuses those above 10 MiB with 413", async () => {
    const large = await post({ transfers: [], note: "x".repeat(2 * 1024 * 1024) });
    expect(large.status).toBe(200);
    const tooLarge = await post(JSON.stringify({ transfers: [], note: "x".repeat(10 * 1024 * 1024) }));
    expect(tooLarge.status).toBe(413);
  });

  it("needs an admin: 401 without a key, 403 for an operator; 415 for a body that is not JSON", async () => {
    const body = { transfers: [] };
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, operator)).status).toBe(403);
    expect((await post("transfers", admin.key, { "content-type": "text/plain" })).status).toBe(415);
  });
});

describe("npm run wallet:import", () => {
  it("imports a file with the same rules", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "wallet-import-"));
    const good = path.join(dir, "good.json");
    const bad = path.join(dir, "bad.json");
    writeFileSync(good, JSON.stringify(document(randomAddress(), randomAddress(), 600)));
    writeFileSync(bad, JSON.stringify({ transfers: [{ chain: "eth-mainnet" }] }));
    expect((await importWalletFile(good)).transfers).toEqual({ received: 2, stored: 2 });
    expect((await importWalletFile(good)).transfers).toEqual({ received: 2, stored: 0 });
    await expect(importWalletFile(bad)).rejects.toMatchObject({ code: "validation_failed", errors: expect.arrayContaining([{ path: "body.transfers.0.txHash", message: expect.any(String) }]) });
    await expect(importWalletFile(path.join(dir, "missing.json"))).rejects.toMatchObject({ code: "malformed_json" });
    expect(packageJson.scripts["wallet:import"]).toBe("tsx scripts/wallet-import.ts");
  });
});
