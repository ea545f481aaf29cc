// The address book (/api/address-book): a user's own labels and trusted addresses, and
// what they change in the wallet answers (labels shown, look-alikes anchored, flags silenced).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import * as book from "../../app/api/address-book/route";
import * as entry from "../../app/api/address-book/[address]/route";
import * as metrics from "../../app/api/metrics/route";
import * as uncommon from "../../app/api/wallets/[address]/uncommon/route";
import * as transactions from "../../app/api/wallets/[address]/transactions/route";
import * as checkRoute from "../../app/api/wallets/[address]/check-recipient/route";
import { prisma } from "../../lib/db";
import { ZAddressBookEntry } from "../../lib/wallet";
import { userWithKey } from "../helpers/factories";
import { useWalletApiTest, type StoredWallet } from "./setup";
import { call, errorPaths } from "../helpers/http";
import { randomAddress } from "./factory";

let stored: StoredWallet;
useWalletApiTest((fixture) => ({ stored } = fixture));

const put = (key: string | undefined, address: string, body: unknown) => call(entry.PUT, "PUT", `/api/address-book/${address}`, { key, params: { address }, body });
const remove = (key: string | undefined, address: string) => call(entry.DELETE, "DELETE", `/api/address-book/${address}`, { key, params: { address } });
const list = (key: string | undefined, query: Record<string, string | number> = {}) => call(book.GET, "GET", "/api/address-book", { key, query });

describe("the address book API", () => {
  it("creates (201), replaces (200), lists and deletes (204) a user's own entries", async () => {
    const { key } = await userWithKey("viewer");
    const address = randomAddress();
    const created = await put(key, address.toUpperCase().replace("0X", "0x"), { label: "  Savings  ", trusted: true });
    expect(created.status).toBe(201);
    expect(ZAddressBookEntry.strict().safeParse(created.json).success).toBe(true);
    expect(created.json).toMatchObject({ address, label: "Savings", trusted: true });
    const replaced = await put(key, address, { label: "Cold store" });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ address, label: "Cold store", trusted: false });
    await put(key, randomAddress(), { trusted: true });
    const all = await list(key);
    expect(all.status).toBe(200);
    expect(all.headers.get("x-total-count")).toBe("2");
    expect((await list(key, { trusted: "true" })).json).toHaveLength(1);
    expect((await list(key, { trusted: "false" })).json.map((row: { address: string }) => row.address)).toEqual([address]);
    const paged = await list(key, { limit: 1 });
    expect(paged.json).toHaveLength(1);
    expect(paged.headers.get("link")).toMatch(/rel="next"/);
    expect((await remove(key, address)).status).toBe(204);
    expect((await list(key)).headers.get("x-total-count")).toBe("1");
  });

  it("keeps each user's book their own", async () => {
    const alice = await userWithKey("viewer");
    const bob = await userWithKey("viewer");
    const address = randomAddress();
    await put(alice.key, address, { label: "Alice's" });
    expect((await list(bob.key)).json).toEqual([]);
    expect((await remove(bob.key, address)).status).toBe(404);
    expect((await put(bob.key, address, { label: "Bob's" })).status).toBe(201);
    expect((await list(alice.key)).json[0].label).toBe("Alice's");
  });

  it("is 401 without a credential, 400 for bad input, 404 for an unknown entry, 405 otherwise", async () => {
    const { key } = await userWithKey("viewer");
    expect((await list(undefined)).status).toBe(401);
    expect((await put(undefined, randomAddress(), { label: "x" })).status).toBe(401);
    const bad = await put(key, "0x12", { label: "", trusted: "yes" });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.label", "body.trusted", "params.address"]);
    expect(errorPaths((await put(key, randomAddress(), { label: "x".repeat(101) })).json)).toEqual(["body.label"]);
    const empty = await put(key, randomAddress(), { trusted: false });
    expect(empty.status).toBe(400);
    expect(empty.json.errors).toEqual([{ path: "body.label", message: "an entry needs a label or trusted: true" }]);
    expect(errorPaths((await list(key, { trusted: "maybe", limit: 0 })).json)).toEqual(["query.limit", "query.trusted"]);
    expect((await remove(key, randomAddress())).status).toBe(404);
    expect((await call(book.POST, "POST", "/api/address-book", { key, body: {} })).status).toBe(405);
    expect(await prisma.addressBookEntry.count({ where: { label: "x".repeat(101) } })).toBe(0);
  });
});

describe("what the address book changes in the wallet answers", () => {
  it("shows the user's labels wherever the address is shown, and only to that user", async () => {
    const me = await userWithKey("viewer");
    const other = await userWithKey("viewer");
    await put(me.key, stored.friend, { label: "Alice" });
    await put(me.key, stored.lookalike, { label: "Not Alice" });
    const answer = await call(metrics.POST, "POST", "/api/metrics", { key: me.key, body: { wallet_address: stored.wallet } });
    expect(answer.json.labels).toEqual(Object.fromEntries([[stored.friend, "Alice"], [stored.lookalike, "Not Alice"]].sort()));
    expect((await call(metrics.POST, "POST", "/api/metrics", { key: other.key, body: { wallet_address: stored.wallet } })).json.labels).toEqual({});
    const flagged = await call(uncommon.GET, "GET", `/api/wallets/${stored.wallet}/uncommon`, { key: me.key, params: { address: stored.wallet } });
    expect(flagged.json.addresses[0]).toMatchObject({ address: stored.lookalike, label: "Not Alice" });
    const rows = await call(transactions.GET, "GET", `/api/wallets/${stored.wallet}/transactions`, { key: me.key, params: { address: stored.wallet }, query: { counterparty: stored.friend } });
    expect(new Set(rows.json.map((row: { counterpartyLabel: string }) => row.counterpartyLabel))).toEqual(new Set(["Alice"]));
    const check = await call(checkRoute.POST, "POST", `/api/wallets/${stored.wallet}/check-recipient`, { key: me.key, params: { address: stored.wallet }, body: { to: stored.lookalike } });
    expect(check.json).toMatchObject({ verdict: "lookalike", toLabel: "Not Alice", lookalikeOf: [{ address: stored.friend, label: "Alice" }] });
  });

  it("silences the flags of a trusted sender, for that user only (and its twin becomes the look-alike)", async () => {
    const me = await userWithKey("viewer");
    const other = await userWithKey("viewer");
    await put(me.key, stored.lookalike, { trusted: true });
    const mine = await call(metrics.POST, "POST", "/api/metrics", { key: me.key, body: { wallet_address: stored.wallet } });
    // The user vouches for the sender of the zero-value transfer: it is no longer flagged, and the
    // other address with the same first and last characters is now the one that imitates it.
    expect(mine.json.financialMetrics.uncommonAddressesInTx).toEqual([stored.friend]);
    const reasons = await call(uncommon.GET, "GET", `/api/wallets/${stored.wallet}/uncommon`, { key: me.key, params: { address: stored.wallet } });
    expect(reasons.json.addresses).toEqual([expect.objectContaining({ address: stored.friend, reasons: [expect.objectContaining({ code: "lookalike", detail: expect.stringContaining("an address you trust") })] })]);
    const check = await call(checkRoute.POST, "POST", `/api/wallets/${stored.wallet}/check-recipient`, { key: me.key, params: { address: stored.wallet }, body: { to: stored.lookalike } });
    expect(check.json).toMatchObject({ verdict: "known", reasons: expect.arrayContaining([expect.objectContaining({ code: "trusted" })]) });
    const theirs = await call(metrics.POST, "POST", "/api/metrics", { key: other.key, body: { wallet_address: stored.wallet } });
    expect(theirs.json.financialMetrics.uncommonAddressesInTx).toEqual([stored.lookalike]);
  });

  it("makes a trusted address the anchor for look-alikes, even one the wallet never dealt with", async () => {
    const me = await userWithKey("viewer");
    const exchange = `0x${stored.friend.slice(2, 6)}${randomBytes(16).toString("hex")}${stored.friend.slice(-4)}`;
    await put(me.key, exchange, { label: "My exchange", trusted: true });
    const flagged = await call(uncommon.GET, "GET", `/api/wallets/${stored.wallet}/uncommon`, { key: me.key, params: { address: stored.wallet } });
    const byAddress = new Map(flagged.json.addresses.map((item: { address: string; reasons: { code: string; detail: string }[] }) => [item.address, item.reasons]));
    // The friend and the look-alike both share the trusted address's first and last 4 characters.
    expect(byAddress.get(stored.friend)).toEqual([expect.objectContaining({ code: "lookalike", detail: expect.stringContaining(exchange) })]);
    const forged = `${exchange.slice(0, 6)}${"1".repeat(32)}${exchange.slice(-4)}`;
    const check = await call(checkRoute.POST, "POST", `/api/wallets/${stored.wallet}/check-recipient`, { key: me.key, params: { address: stored.wallet }, body: { to: forged } });
    expect(check.json.verdict).toBe("lookalike");
    expect(check.json.lookalikeOf).toEqual([expect.objectContaining({ address: exchange, label: "My exchange", anchor: "trusted" })]);
  });
});
