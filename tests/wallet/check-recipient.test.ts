// POST /api/wallets/{address}/check-recipient: a verdict on a recipient from the wallet's history.
import { describe, expect, it } from "vitest";
import * as checkRoute from "../../app/api/wallets/[address]/check-recipient/route";
import { openApiDocument } from "../../lib/http/api-document";
import { ZRecipientCheckResult } from "../../lib/wallet";
import { useWalletApiTest, type StoredWallet } from "./setup";
import { call, errorPaths } from "../helpers/http";
import { randomAddress } from "./factory";

let key: string;
let stored: StoredWallet;
useWalletApiTest((fixture) => ({ key, stored } = fixture));

const check = (body: unknown, options: { wallet?: string; key?: string | null } = {}) => {
  const wallet = options.wallet ?? stored.wallet;
  return call(checkRoute.POST, "POST", `/api/wallets/${wallet}/check-recipient`, { key: options.key === null ? undefined : (options.key ?? key), params: { address: wallet }, body });
};

describe("POST /api/wallets/{address}/check-recipient", () => {
  it("calls the friend the wallet has paid a known counterparty", async () => {
    const response = await check({ to: stored.friend.toUpperCase().replace("0X", "0x") });
    expect(response.status).toBe(200);
    expect(ZRecipientCheckResult.strict().safeParse(response.json).success).toBe(true);
    expect(response.json).toMatchObject({
      wallet_address: stored.wallet, to: stored.friend, verdict: "known", severity: "ok", lookalikeOf: [],
      counterparty: { transactionCount: 4, chains: ["base-mainnet", "eth-mainnet"], paidByWallet: true },
    });
    expect(response.json.reasons).toEqual([{ code: "known", detail: expect.stringContaining("the wallet has paid it before") }]);
  });

  it("calls the address-poisoning sender a look-alike, marking the characters that differ", async () => {
    const response = await check({ to: stored.lookalike });
    expect(response.json).toMatchObject({ verdict: "lookalike", severity: "danger" });
    const [match] = response.json.lookalikeOf;
    expect(match).toMatchObject({ address: stored.friend, anchor: "counterparty", transactionCount: 4 });
    expect(match.marked.startsWith(`${stored.lookalike.slice(0, 6)}`)).toBe(true);
    expect(match.marked.endsWith(stored.lookalike.slice(-4))).toBe(true);
    expect(match.marked.replace(/[[\]]/g, "")).toBe(stored.lookalike);
    for (const difference of match.differences) {
      expect(stored.lookalike[difference.index]).toBe(difference.actual);
      expect(stored.friend[difference.index]).toBe(difference.expected);
      expect(difference.actual).not.toBe(difference.expected);
    }
    expect(response.json.reasons.map((reason: { code: string }) => reason.code)).toEqual(["lookalike", "zero-value"]);
  });

  it("calls an address never seen fresh, and a new look-alike of the friend a look-alike", async () => {
    const fresh = await check({ to: randomAddress() });
    expect(fresh.json).toMatchObject({ verdict: "fresh", severity: "caution", counterparty: null, reasons: [{ code: "fresh" }] });
    const forged = `${stored.friend.slice(0, 6)}${"0".repeat(32)}${stored.friend.slice(-4)}`;
    expect((await check({ to: forged })).json).toMatchObject({ verdict: "lookalike", lookalikeOf: [{ address: stored.friend }] });
  });

  it("judges by the chosen chains only", async () => {
    const response = await check({ to: stored.lookalike, chains: ["base-mainnet"] });
    // On base-mainnet the look-alike never appears, but it still imitates the friend paid there.
    expect(response.json).toMatchObject({ verdict: "lookalike", counterparty: null });
    expect(response.json.coverage.chains).toEqual([expect.objectContaining({ chain: "base-mainnet", status: "indexed" })]);
  });

  it("says the history is empty for a wallet that is not indexed", async () => {
    const response = await check({ to: stored.friend }, { wallet: randomAddress() });
    expect(response.json).toMatchObject({ verdict: "fresh", coverage: { status: "not-indexed" } });
  });

  it("is 401 without a credential", async () => {
    const response = await check({ to: stored.friend }, { key: null });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("is 400 for a bad wallet, a bad or missing recipient, an unknown chain; 415 without JSON", async () => {
    const bad = await call(checkRoute.POST, "POST", "/api/wallets/0x12/check-recipient", { key, params: { address: "0x12" }, body: { to: "nope" } });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.to", "params.address"]);
    expect(errorPaths((await check({})).json)).toEqual(["body.to"]);
    const chain = await check({ to: stored.friend, chains: ["moon-mainnet"] });
    expect(chain.status).toBe(400);
    expect(chain.json.errors).toEqual([{ path: "body.chains.0", message: expect.stringContaining("known chains") }]);
    expect((await check("{not json")).status).toBe(400);
    const text = await call(checkRoute.POST, "POST", `/api/wallets/${stored.wallet}/check-recipient`, { key, params: { address: stored.wallet }, body: "to=x", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
  });

  it("is 405 for other methods and is in the OpenAPI document", async () => {
    const response = await call(checkRoute.GET, "GET", `/api/wallets/${stored.wallet}/check-recipient`, { key, params: { address: stored.wallet } });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    const operation = (openApiDocument().paths as Record<string, Record<string, any>>)["/api/wallets/{address}/check-recipient"].post;
    expect(operation.operationId).toBe("checkWalletRecipient");
    expect(operation.requestBody.content["application/json"].schema.required).toEqual(["to"]);
  });
});
