// POST /api/metrics: the contract's shape, the caller's user_uid, and every error.
import { describe, expect, it } from "vitest";
import * as metrics from "../../app/api/metrics/route";
import * as links from "../../app/api/wallet-links/route";
import * as uncommon from "../../app/api/wallets/[address]/uncommon/route";
import { ZWalletMetricsResult } from "../../lib/wallet";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { randomAddress, storeWallet, USDC } from "./factory";

let key: string;
let userId: string;
let stored: Awaited<ReturnType<typeof storeWallet>>;
useApiTest({
  setup: async () => {
    const viewer = await userWithKey("viewer");
    key = viewer.key;
    userId = viewer.user.id;
    stored = await storeWallet();
  },
});

const post = (body: unknown, apiKey: string | null = key) => call(metrics.POST, "POST", "/api/metrics", { key: apiKey ?? undefined, body });

describe("POST /api/metrics", () => {
  it("answers 200 with exactly the contract's shape and the key owner's user_uid", async () => {
    const response = await post({ wallet_address: stored.wallet });
    expect(response.status).toBe(200);
    expect(ZWalletMetricsResult.strict().safeParse(response.json).success).toBe(true);
    expect(Object.keys(response.json)).toEqual(["wallet_address", "user_uid", "financialMetrics", "coverage", "labels"]);
    expect(Object.keys(response.json.financialMetrics)).toEqual([
      "balance", "positions", "totalTransactions", "transactionsByChain", "transactionsByLayer", "interactingWallets",
      "mostActiveWallet", "behaviorOverview", "nftSummary", "uncommonAddressesInTx",
    ]);
    expect(response.json.coverage.status).toBe("indexed");
    expect(response.json).toEqual({
      wallet_address: stored.wallet,
      user_uid: userId,
      coverage: expect.any(Object),
      labels: {},
      financialMetrics: {
        balance: 8500,
        positions: {
          "ETH (eth-mainnet)": { value: 6000, percentage: 70.59 },
          "ETH (base-mainnet)": { value: 1500, percentage: 17.65 },
          "USDC (eth-mainnet)": { value: 1000, percentage: 11.76 },
        },
        totalTransactions: 5,
        transactionsByChain: { "eth-mainnet": 4, "base-mainnet": 1 },
        transactionsByLayer: { Layer1: 4, Layer2: 1 },
        interactingWallets: 2,
        mostActiveWallet: { address: stored.friend, transactionCount: 4 },
        behaviorOverview: { overview: { Low: 0, Moderate: 1, High: 0, Uncommon: 1 }, markedUncommonWallets: [stored.lookalike], totalUncommon: 1 },
        nftSummary: { nftCount: 1, nftValueEst: 99.5 },
        uncommonAddressesInTx: [stored.lookalike],
      },
    });
  });

  it("compares addresses case-insensitively and answers the address in lower case", async () => {
    const shouting = `0x${stored.wallet.slice(2).toUpperCase()}`;
    const response = await post({ wallet_address: shouting });
    expect(response.json.wallet_address).toBe(stored.wallet);
    expect(response.json.financialMetrics.totalTransactions).toBe(5);
  });

  it("filters by chains and reports the tokenMap's token", async () => {
    const base = await post({ wallet_address: stored.wallet, chains: ["base-mainnet"] });
    expect(base.json.financialMetrics).toMatchObject({ balance: 1500, totalTransactions: 1, transactionsByChain: { "base-mainnet": 1 }, transactionsByLayer: { Layer1: 0, Layer2: 1 }, nftSummary: { nftCount: 0, nftValueEst: 0 } });
    const mapped = await post({ wallet_address: stored.wallet, tokenMap: { "eth-mainnet": "usdc" } });
    expect(mapped.json.financialMetrics.positions).toEqual({ "ETH (base-mainnet)": { value: 1500, percentage: 60 }, "USDC (eth-mainnet)": { value: 1000, percentage: 40 } });
    const byAddress = await post({ wallet_address: stored.wallet, chains: ["eth-mainnet"], tokenMap: { "eth-mainnet": USDC.toUpperCase().replace("0X", "0x") } });
    expect(byAddress.json.financialMetrics).toMatchObject({ balance: 1000, positions: { "USDC (eth-mainnet)": { value: 1000, percentage: 100 } } });
  });

  it("answers zeros and empty lists for a wallet without data, and says it is not indexed", async () => {
    const response = await post({ wallet_address: randomAddress(), chains: ["eth-mainnet", "scroll-mainnet"] });
    expect(response.status).toBe(200);
    expect(response.json.coverage).toMatchObject({ status: "not-indexed", chains: [{ chain: "eth-mainnet", status: "not-indexed" }, { chain: "scroll-mainnet", status: "not-indexed" }] });
    expect(response.json.financialMetrics).toEqual({
      balance: 0,
      positions: {},
      totalTransactions: 0,
      transactionsByChain: { "eth-mainnet": 0, "scroll-mainnet": 0 },
      transactionsByLayer: { Layer1: 0, Layer2: 0 },
      interactingWallets: 0,
      mostActiveWallet: { address: "", transactionCount: 0 },
      behaviorOverview: { overview: { Low: 0, Moderate: 0, High: 0, Uncommon: 0 }, markedUncommonWallets: [], totalUncommon: 0 },
      nftSummary: { nftCount: 0, nftValueEst: 0 },
      uncommonAddressesInTx: [],
    });
  });

  it("uses the caller's default linked wallet when the body names none", async () => {
    const owner = await userWithKey("viewer");
    const none = await post({}, owner.key);
    expect(none.status).toBe(400);
    expect(errorPaths(none.json)).toEqual(["body.wallet_address"]);
    expect(none.json.detail).toContain("no linked wallet");
    expect((await call(links.POST, "POST", "/api/wallet-links", { key: owner.key, body: { address: stored.wallet } })).status).toBe(201);
    // A JSON body is still required: {} will do.
    expect((await post(undefined, owner.key)).status).toBe(415);
    const response = await post({}, owner.key);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ wallet_address: stored.wallet, user_uid: owner.user.id, financialMetrics: { totalTransactions: 5 } });
  });

  it("is 401 with a challenge without a key or with a bad one", async () => {
    for (const apiKey of [null, "sk_syn_not-a-real-key"]) {
      const response = await post({ wallet_address: stored.wallet }, apiKey);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
    }
  });

  it("is 400 for an invalid address, listing the problem by path", async () => {
    for (const wallet_address of ["0x123", "not an address", `0x${"g".repeat(40)}`, 42]) {
      const response = await post({ wallet_address });
      expect(response.status).toBe(400);
      expect(errorPaths(response.json)).toEqual(["body.wallet_address"]);
    }
  });

  it("is 400 for an unknown chain, listing the known ones", async () => {
    const response = await post({ wallet_address: stored.wallet, chains: ["eth-mainnet", "moon-mainnet"] });
    expect(response.status).toBe(400);
    expect(response.json.errors).toEqual([{ path: "body.chains.1", message: expect.stringContaining("unknown chain 'moon-mainnet'; known chains: eth-mainnet, bsc-mainnet") }]);
    expect(response.json.detail).toContain("scroll-mainnet");
    expect((await post({ wallet_address: stored.wallet, chains: [] })).status).toBe(400);
  });

  it("is 400 for a tokenMap token unknown on its chain", async () => {
    const response = await post({ wallet_address: stored.wallet, tokenMap: { "eth-mainnet": "DOGE", "base-mainnet": "ETH" } });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.tokenMap.eth-mainnet"]);
    expect(response.json.errors[0].message).toContain("known: ETH, USDC");
  });

  it("is 400 at body.tokenMap, in a short answer, for a tokenMap with more entries than there can be chains", async () => {
    const tokenMap = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`chain-${i}`, "USDC"]));
    const response = await post({ wallet_address: stored.wallet, tokenMap });
    expect(response.status).toBe(400);
    expect(errorPaths(response.json)).toEqual(["body.tokenMap"]);
    expect(response.text.length).toBeLessThan(2_000);
  });

  it("is 405 for other methods", async () => {
    const response = await call(metrics.GET, "GET", "/api/metrics", { key });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("GET /api/wallets/{address}/uncommon", () => {
  const get = (address: string, query: Record<string, string | string[]> = {}, apiKey: string | null = key) =>
    call(uncommon.GET, "GET", `/api/wallets/${address}/uncommon`, { key: apiKey ?? undefined, params: { address }, query });

  it("gives each uncommon address its reasons", async () => {
    const response = await get(stored.wallet);
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ wallet_address: stored.wallet, flagListVersion: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(response.json.addresses).toEqual([
      {
        address: stored.lookalike,
        label: null,
        counterparty: true,
        transactionCount: 1,
        reasons: [
          expect.objectContaining({ code: "lookalike", detail: expect.stringContaining(stored.friend), count: 1, chains: ["eth-mainnet"] }),
          expect.objectContaining({ code: "zero-value", count: 1 }),
        ],
      },
    ]);
  });

  it("filters by chains (repeated or comma-separated) and refuses unknown ones", async () => {
    expect((await get(stored.wallet, { chains: "base-mainnet" })).json.addresses).toEqual([]);
    expect((await get(stored.wallet, { chains: "base-mainnet,eth-mainnet" })).json.addresses).toHaveLength(1);
    const bad = await get(stored.wallet, { chains: ["eth-mainnet", "nope"] });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["query.chains.1"]);
  });

  it("needs a credential and a valid address", async () => {
    expect((await get(stored.wallet, {}, null)).status).toBe(401);
    const bad = await get("0xnope");
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["params.address"]);
  });
});
