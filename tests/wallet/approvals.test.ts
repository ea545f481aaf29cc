// GET /api/wallets/{address}/approvals: current allowances from stored Approval / ApprovalForAll
// events (imported), with spender labels, value at risk and uncommon spenders; every error.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as approvalsRoute from "../../app/api/wallets/[address]/approvals/route";
import * as importRoute from "../../app/api/wallets/import/route";
import { prisma } from "../../lib/db";
import { openApiDocument } from "../../lib/http/api-document";
import { ZWalletApprovals } from "../../lib/wallet";
import { userWithKey } from "../helpers/factories";
import { useWalletApiTest, type StoredWallet } from "./setup";
import { call, errorPaths } from "../helpers/http";
import { randomAddress, USDC } from "./factory";

const MAX = (2n ** 256n - 1n).toString();
let key: string;
let adminKey: string;
let stored: StoredWallet;
const router = randomAddress();
const eoa = randomAddress();
const operator = randomAddress();
const revoked = randomAddress();
let block = 5000;

const approval = (fields: { spender: string; amount: string; tokenAddress?: string; kind?: "erc20" | "all"; chain?: string; owner?: string }) => {
  block += 1;
  return {
    chain: fields.chain ?? "eth-mainnet",
    txHash: `0x${randomBytes(32).toString("hex")}`,
    logIndex: 0,
    blockNumber: block,
    timestamp: new Date(Date.UTC(2026, 5, 2) + block * 1000).toISOString(),
    owner: fields.owner ?? stored.wallet,
    spender: fields.spender,
    tokenAddress: fields.tokenAddress ?? USDC,
    kind: fields.kind ?? "erc20",
    amount: fields.amount,
  };
};

useWalletApiTest((fixture) => ({ key, stored } = fixture), async () => {
  adminKey = (await userWithKey("admin")).key;
  const nft = await prisma.nftHolding.findFirstOrThrow({ where: { walletAddress: stored.wallet } });
  const response = await call(importRoute.POST, "POST", "/api/wallets/import", {
    key: adminKey,
    body: {
      transfers: [],
      addressInfo: [
        { chain: "eth-mainnet", address: router, isContract: true, label: "DEX router" },
        { chain: "eth-mainnet", address: eoa, isContract: false },
      ],
      approvals: [
        approval({ spender: router, amount: MAX }),
        approval({ spender: eoa, amount: "500000000" }),
        approval({ spender: revoked, amount: "100000000" }),
        approval({ spender: revoked, amount: "0" }),
        approval({ spender: operator, amount: "1", tokenAddress: nft.contractAddress, kind: "all" }),
        approval({ spender: stored.lookalike, amount: "1000000" }),
        approval({ spender: router, amount: "5", owner: randomAddress() }),
      ],
    },
  });
  expect(response.status).toBe(200);
  expect(response.json.approvals).toEqual({ received: 7, stored: 7 });
});

const get = (address: string, query: Record<string, string> = {}, apiKey: string | null = key) =>
  call(approvalsRoute.GET, "GET", `/api/wallets/${address}/approvals`, { key: apiKey ?? undefined, params: { address }, query });

describe("GET /api/wallets/{address}/approvals", () => {
  it("lists the allowances in effect, largest value at risk first, with labels and uncommon spenders", async () => {
    const response = await get(stored.wallet);
    expect(response.status).toBe(200);
    expect(ZWalletApprovals.strict().safeParse(response.json).success).toBe(true);
    const rows = response.json.approvals;
    expect(rows.map((row: { spender: string; valueAtRiskUsd: number }) => [row.spender, row.valueAtRiskUsd])).toEqual([
      [router, 1000],
      [eoa, 500],
      [operator, 99.5],
      [stored.lookalike, 1],
    ]);
    expect(response.json.totalValueAtRiskUsd).toBe(1600.5);
    expect(rows[0]).toMatchObject({ kind: "erc20", symbol: "USDC", spenderLabel: "DEX router", spenderIsContract: true, unlimited: true, balance: "1000000000", uncommon: false, reasons: [] });
    expect(rows[1]).toMatchObject({ allowanceUnits: "500", unlimited: false, uncommon: true, reasons: [{ code: "eoa-spender", detail: expect.stringContaining("not a contract") }] });
    expect(rows[2]).toMatchObject({ kind: "all", symbol: "Test Cats", spenderIsContract: null, uncommon: true, reasons: [{ code: "unknown-spender", detail: expect.any(String) }] });
    expect(rows[3].reasons.map((reason: { code: string }) => reason.code)).toEqual(["lookalike", "zero-value"]);
    expect(rows.some((row: { spender: string }) => row.spender === revoked)).toBe(false);
    expect(response.json.coverage.status).toBe("indexed");
  });

  it("filters by chain and answers an empty list for a wallet without approvals", async () => {
    expect((await get(stored.wallet, { chains: "base-mainnet" })).json).toMatchObject({ approvals: [], totalValueAtRiskUsd: 0 });
    expect((await get(randomAddress())).json).toMatchObject({ approvals: [], totalValueAtRiskUsd: 0, coverage: { status: "not-indexed" } });
  });

  it("is 401 without a credential, 400 for a bad address or chain, 405 for other methods", async () => {
    expect((await get(stored.wallet, {}, null)).status).toBe(401);
    expect(errorPaths((await get("0x1")).json)).toEqual(["params.address"]);
    expect(errorPaths((await get(stored.wallet, { chains: "nope" })).json)).toEqual(["query.chains.0"]);
    const post = await call(approvalsRoute.POST, "POST", `/api/wallets/${stored.wallet}/approvals`, { key, params: { address: stored.wallet }, body: {} });
    expect(post.status).toBe(405);
    expect((openApiDocument().paths as Record<string, Record<string, { operationId: string }>>)["/api/wallets/{address}/approvals"].get.operationId).toBe("listWalletApprovals");
  });

  it("refuses a bad approval row in an import, storing nothing", async () => {
    const before = await prisma.tokenApproval.count();
    const response = await call(importRoute.POST, "POST", "/api/wallets/import", {
      key: adminKey,
      body: { transfers: [], approvals: [approval({ spender: eoa, amount: "1" }), { ...approval({ spender: eoa, amount: "-1" }), kind: "erc721" }] },
    });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.approvals.1.amount", "body.approvals.1.kind"]);
    expect(await prisma.tokenApproval.count()).toBe(before);
  });
});
