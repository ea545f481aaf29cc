// Moved paths (docs/api.md, "Moved paths"): the address book and linked wallets moved out of
// /api/wallets/…; their old paths answer as the new ones until the sunset, saying so in Deprecation,
// Sunset and a successor Link, and answer 410 Gone after it. The document lists only the new paths.
import { describe, expect, it } from "vitest";
import * as oldBook from "../../app/api/wallets/address-book/route";
import * as oldEntry from "../../app/api/wallets/address-book/[address]/route";
import * as oldLinks from "../../app/api/wallets/links/route";
import * as newBook from "../../app/api/address-book/route";
import { API_TABLE, resolveApiPath } from "../../lib/api/table";
import { MOVED_PATHS, MOVED_ON, SUNSET_AT, movedMethods } from "../../lib/api/moved-paths";
import { openApiDocument } from "../../lib/http/api-document";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { randomAddress } from "../wallet/factory";

useApiTest();

const DEPRECATION = `@${MOVED_ON.getTime() / 1000}`;

describe("moved paths", () => {
  it("the old address-book paths answer as the new ones, with Deprecation, Sunset and the successor", async () => {
    const { key } = await userWithKey("operator");
    const address = randomAddress();
    const put = await call(oldEntry.PUT, "PUT", `/api/wallets/address-book/${address}`, { key, params: { address }, body: { label: "Exchange" } });
    expect(put.status).toBe(201);
    expect(put.headers.get("deprecation")).toBe(DEPRECATION);
    expect(put.headers.get("sunset")).toBe(SUNSET_AT.toUTCString());
    expect(put.headers.get("link")).toBe(`</api/address-book/${address}>; rel="successor-version"`);
    // The entry is the new path's: one address book under two paths.
    const listed = await call(newBook.GET, "GET", "/api/address-book", { key });
    expect(listed.json.map((entry: { address: string }) => entry.address)).toEqual([address]);
    expect(listed.headers.get("deprecation")).toBeNull();
    const old = await call(oldBook.GET, "GET", "/api/wallets/address-book", { key, query: { limit: 5 } });
    expect(old.json).toEqual(listed.json);
    expect(old.headers.get("link")).toBe('</api/address-book?limit=5>; rel="successor-version"');
    // Errors are the new path's too, deprecated likewise.
    const anonymous = await call(oldLinks.GET, "GET", "/api/wallets/links");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("sunset")).toBe(SUNSET_AT.toUTCString());
  });

  it("answer 410 Gone after the sunset, naming the new path", async () => {
    const moved = MOVED_PATHS.find((path) => path.from === "/api/wallets/links")!;
    const late = movedMethods(moved, API_TABLE.get(moved.to)!, () => new Date(SUNSET_AT.getTime() + 1));
    const answer = await late.GET(new Request("http://localhost/api/wallets/links?limit=2"), { params: Promise.resolve({}) });
    expect(answer.status).toBe(410);
    const problem = await answer.json();
    expect(problem).toMatchObject({ status: 410, title: "Gone", detail: "This path was moved to /api/wallet-links?limit=2 and stopped answering on 2027-05-31." });
    expect(answer.headers.get("link")).toBe('</api/wallet-links?limit=2>; rel="successor-version"');
  });

  it("route to the old template (a literal segment before an address), and are not in the document", () => {
    expect(resolveApiPath("/api/wallets/address-book/0xabc")?.path).toBe("/api/wallets/address-book/{address}");
    expect(resolveApiPath("/api/wallets/links")?.path).toBe("/api/wallets/links");
    const paths = Object.keys((openApiDocument() as { paths: Record<string, unknown> }).paths);
    for (const { from, to } of MOVED_PATHS) {
      expect(paths).not.toContain(from);
      expect(paths).toContain(to);
    }
  });
});
