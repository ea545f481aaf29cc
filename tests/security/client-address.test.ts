// The anonymous rate limit's bucket: X-Forwarded-For decides nothing unless TRUST_PROXY says how
// many proxy hops append to it; then the address is read from the right.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as agentsRoute from "../../app/api/agents/route";
import { resetEnv } from "../../lib/config/env";
import { clientAddress, PEER_FLAG, PEER_HEADER } from "../../lib/http/client-address";
import { memoryRateLimiter, useRateLimiter } from "../../lib/http/rate-limit";
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { call } from "../helpers/http";

let db: TestDatabase;
beforeAll(async () => {
  db = await useTestDatabase();
});
afterAll(() => db.dispose());
beforeEach(() => {
  useRateLimiter(memoryRateLimiter());
  process.env.RATE_LIMIT_PER_ADDRESS = "2";
  resetEnv();
});
afterEach(() => {
  delete process.env.RATE_LIMIT_PER_ADDRESS;
  delete process.env.TRUST_PROXY;
  resetEnv();
});

const read = (forwardedFor: string) => call(agentsRoute.GET, "GET", "/api/agents", { headers: { "x-forwarded-for": forwardedFor } });

describe("client address", () => {
  it("ignores a rotating X-Forwarded-For without TRUST_PROXY: the limit still bites", async () => {
    expect((await read("198.51.100.1")).status).toBe(200);
    expect((await read("198.51.100.2")).status).toBe(200);
    const third = await read("198.51.100.3");
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("with TRUST_PROXY=1 reads the rightmost entry, so a spoofed left part changes nothing", async () => {
    process.env.TRUST_PROXY = "1";
    resetEnv();
    expect((await read("10.0.0.9, 192.0.2.10")).status).toBe(200);
    expect((await read("10.0.0.8, 192.0.2.10")).status).toBe(200);
    expect((await read("10.0.0.7, 192.0.2.10")).status).toBe(429);
    // Another client behind the same proxy has a bucket of its own.
    expect((await read("192.0.2.11")).status).toBe(200);
  });

  it("without TRUST_PROXY, reads the peer address only in a process the production server started", () => {
    const request = new Request("http://localhost/", { headers: { [PEER_HEADER]: "192.0.2.44", "x-forwarded-for": "6.6.6.6" } });
    expect(clientAddress(request, 0)).toBeUndefined();
    process.env[PEER_FLAG] = "1";
    try {
      expect(clientAddress(request, 0)).toBe("192.0.2.44");
      expect(clientAddress(new Request("http://localhost/", { headers: { [PEER_HEADER]: "not an address" } }), 0)).toBeUndefined();
      // A trusted proxy's X-Forwarded-For wins over the peer (the peer is then the proxy).
      expect(clientAddress(request, 1)).toBe("6.6.6.6");
    } finally {
      delete process.env[PEER_FLAG];
    }
  });

  it("picks the entry as many hops from the right as are trusted", () => {
    const request = new Request("http://localhost/", { headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.2" } });
    expect(clientAddress(request, 0)).toBeUndefined();
    expect(clientAddress(request, 1)).toBe("10.0.0.2");
    expect(clientAddress(request, 2)).toBe("203.0.113.5");
    expect(clientAddress(request, 5)).toBe("6.6.6.6");
    expect(clientAddress(new Request("http://localhost/", { headers: { "x-forwarded-for": "<script>" } }), 1)).toBeUndefined();
  });
});
