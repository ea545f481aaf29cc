// Linked wallets: GET/POST /api/wallet-links, PATCH/DELETE /api/wallet-links/{address}.
import { describe, expect, it } from "vitest";
import * as collection from "../../app/api/wallet-links/route";
import * as item from "../../app/api/wallet-links/[address]/route";
import { prisma } from "../../lib/db";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call, errorPaths } from "../helpers/http";
import { randomAddress } from "./factory";

useApiTest();

const list = async (key: string) => (await call(collection.GET, "GET", "/api/wallet-links", { key })).json as { address: string; isDefault: boolean; label: string | null }[];
type Owner = { key: string; user: { id: string } };
let made = 0;
// Links are listed by creation time. Each link made here is given a time of its own, a second after
// the one made before it, instead of the millisecond its request ran in (two requests may share one).
const link = async (owner: Owner, body: unknown) => {
  const response = await call(collection.POST, "POST", "/api/wallet-links", { key: owner.key, body });
  if (response.status === 201) {
    made += 1;
    await prisma.userWallet.update({ where: { userId_address: { userId: owner.user.id, address: response.json.address } }, data: { createdAt: new Date(Date.UTC(2025, 0, 1) + made * 1000) } });
  }
  return response;
};
const patch = (key: string, address: string, body: unknown) => call(item.PATCH, "PATCH", `/api/wallet-links/${address}`, { key, params: { address }, body });
const unlink = (key: string, address: string) => call(item.DELETE, "DELETE", `/api/wallet-links/${address}`, { key, params: { address } });

describe("linked wallets", () => {
  it("makes the first linked wallet the default, lists the default first, and keeps links per user", async () => {
    const owner = await userWithKey("viewer");
    const { key } = owner;
    const other = await userWithKey("viewer");
    const [a, b] = [randomAddress(), randomAddress()];
    expect(await list(key)).toEqual([]);
    const first = await link(owner, { address: a.toUpperCase().replace("0X", "0x"), label: "Main" });
    expect(first.status).toBe(201);
    expect(first.json).toEqual({ address: a, label: "Main", isDefault: true, createdAt: expect.any(String) });
    expect((await link(owner, { address: b })).json.isDefault).toBe(false);
    expect((await list(key)).map((entry) => [entry.address, entry.isDefault])).toEqual([[a, true], [b, false]]);
    expect(await list(other.key)).toEqual([]);
    expect((await link(other, { address: a })).status).toBe(201);
  });

  it("moves the default with isDefault or PATCH, and relabels", async () => {
    const owner = await userWithKey("viewer");
    const { key } = owner;
    const [a, b, c] = [randomAddress(), randomAddress(), randomAddress()];
    await link(owner, { address: a });
    await link(owner, { address: b, isDefault: true });
    expect((await list(key)).filter((entry) => entry.isDefault).map((entry) => entry.address)).toEqual([b]);
    await link(owner, { address: c });
    const changed = await patch(key, c, { isDefault: true, label: "Cold storage" });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ address: c, isDefault: true, label: "Cold storage" });
    expect((await list(key)).map((entry) => [entry.address, entry.isDefault])).toEqual([[c, true], [a, false], [b, false]]);
    expect((await patch(key, c, { label: null })).json.label).toBeNull();
  });

  it("passes the default to the oldest remaining link when the default is unlinked", async () => {
    const owner = await userWithKey("viewer");
    const { key } = owner;
    const [a, b, c] = [randomAddress(), randomAddress(), randomAddress()];
    for (const address of [a, b, c]) await link(owner, { address });
    const removed = await unlink(key, a);
    expect(removed.status).toBe(204);
    expect(removed.text).toBe("");
    expect((await list(key)).map((entry) => [entry.address, entry.isDefault])).toEqual([[b, true], [c, false]]);
    await unlink(key, c);
    expect((await list(key)).map((entry) => [entry.address, entry.isDefault])).toEqual([[b, true]]);
  });

  it("answers 409 for a second link of one address, 404 for an address not linked, 400 for a bad one", async () => {
    const owner = await userWithKey("viewer");
    const { key } = owner;
    const other = await userWithKey("viewer");
    const address = randomAddress();
    await link(owner, { address });
    expect((await link(owner, { address })).status).toBe(409);
    expect((await unlink(other.key, address)).status).toBe(404);
    expect((await patch(other.key, address, { isDefault: true })).status).toBe(404);
    const bad = await link(owner, { address: "0x12", label: "" });
    expect(bad.status).toBe(400);
    expect(errorPaths(bad.json)).toEqual(["body.address", "body.label"]);
    expect(errorPaths((await unlink(key, "nope")).json)).toEqual(["params.address"]);
  });

  it("needs a credential", async () => {
    const response = await call(collection.GET, "GET", "/api/wallet-links");
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});
