// The metrics of a wallet are read with a fixed number of SQL statements, however long its history.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { buildMetricsReport } from "../../lib/wallet";
import { countStatements, useCountingDatabase, type Counter } from "../squads/counting-database";
import { randomAddress, storeReferenceData } from "./factory";

let counter: Counter;
let dispose: () => Promise<void>;

const storeHistory = async (transfers: number) => {
  const wallet = randomAddress();
  const peers = Array.from({ length: Math.ceil(transfers / 3) }, randomAddress);
  await prisma.walletTransfer.createMany({
    data: Array.from({ length: transfers }, (_, index) => ({
      chain: index % 2 ? "eth-mainnet" : "base-mainnet",
      txHash: `0x${randomBytes(32).toString("hex")}`,
      logIndex: -1,
      blockNumber: BigInt(index + 1),
      timestamp: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000),
      fromAddress: index % 3 ? peers[index % peers.length] : wallet,
      toAddress: index % 3 ? wallet : peers[index % peers.length],
      kind: "native" as const,
      tokenAddress: "native",
      amount: "1000000000000000",
      txFrom: index % 3 ? peers[index % peers.length] : wallet,
    })),
  });
  await prisma.addressInfo.createMany({ data: peers.map((address) => ({ chain: "eth-mainnet", address, isContract: false, firstSeenAt: new Date(Date.UTC(2025, 0, 1)) })) });
  await prisma.tokenHolding.create({ data: { walletAddress: wallet, chain: "eth-mainnet", tokenAddress: "native", balance: "1000000000000000000" } });
  return wallet;
};

beforeAll(async () => {
  ({ counter, dispose } = await useCountingDatabase());
  await storeReferenceData();
});
afterAll(() => dispose());

it("reads a wallet with 600 transfers in as many statements as one with 6", async () => {
  const [few, many] = [await storeHistory(6), await storeHistory(600)];
  const a = await countStatements(counter, () => buildMetricsReport({ wallet: few, part: "body" }));
  const b = await countStatements(counter, () => buildMetricsReport({ wallet: many, part: "body" }));
  expect(a.result.financialMetrics.totalTransactions).toBe(6);
  expect(b.result.financialMetrics.totalTransactions).toBe(600);
  expect(b.statements).toBe(a.statements);
  // chains, transfers, holdings, NFTs, ingester cursors, then tokens, prices, address facts, then the
  // wallet's indexing jobs (coverage says when one is under way).
  expect(b.statements).toBeLessThanOrEqual(9);
});
