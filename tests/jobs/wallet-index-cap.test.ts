// The per-user cap on wallet-indexing jobs (WALLET_INDEX_JOBS_ACTIVE_MAX, docs/jobs.md): a request
// that would start more than the cap is a 429 problem with Retry-After naming the count and the
// limit, starts none, and racing requests of one user cannot pass it together. No worker runs here,
// so every job made stays QUEUED (active) and the explorer named is never asked.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as metrics from "../../app/api/metrics/route";
import { prisma } from "../../lib/db";
import { resetJobsConfig } from "../../lib/jobs";
import { WALLET_INDEX_KIND } from "../../lib/wallet";
import { enqueueIndexingPairs } from "../../lib/wallet/indexing/wallet-index-job";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { randomAddress } from "../wallet/factory";

const SETTINGS = { EXPLORER_URL_ETH_MAINNET: "http://127.0.0.1:9/never-asked", WALLET_INDEX_JOBS_ACTIVE_MAX: "2" };

useApiTest();

beforeAll(() => {
  Object.assign(process.env, SETTINGS);
  resetJobsConfig();
});
afterAll(() => {
  for (const name of Object.keys(SETTINGS)) delete process.env[name];
  resetJobsConfig();
});

const askMetrics = (key: string, wallet: string) => call(metrics.POST, "POST", "/api/metrics", { key, body: { wallet_address: wallet, chains: ["eth-mainnet"] } });

const activeOf = (userId: string) => prisma.job.count({ where: { userId, kind: WALLET_INDEX_KIND, status: { in: ["QUEUED", "RUNNING"] } } });

describe("wallet-indexing cap per user", () => {
  it("starts jobs up to the cap; the next request is a 429 problem naming the count and the limit, and starts none", async () => {
    const { user, key } = await userWithKey("viewer");
    for (const wallet of [randomAddress(), randomAddress()]) {
      const answer = await askMetrics(key, wallet);
      expect(answer.status).toBe(200);
      expect(answer.json.coverage.status).toBe("indexing");
    }
    expect(await activeOf(user.id)).toBe(2);

    const refused = await askMetrics(key, randomAddress());
    expect(refused.status).toBe(429);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.headers.get("retry-after")).toBe("30");
    expect(refused.json).toMatchObject({ status: 429, title: "Too Many Requests" });
    expect(refused.json.detail).toMatch(/You have 2 wallet-indexing jobs queued or running \(at most 2\)/);
    expect(await activeOf(user.id)).toBe(2);

    // A wallet whose indexing is already queued starts nothing new: answered as before.
    const [queued] = await prisma.job.findMany({ where: { userId: user.id, kind: WALLET_INDEX_KIND }, take: 1 });
    expect((await askMetrics(key, (queued.payload as { address: string }).address)).status).toBe(200);

    // A finished job no longer counts.
    await prisma.job.update({ where: { id: queued.id }, data: { status: "DONE", finishedAt: new Date() } });
    expect((await askMetrics(key, randomAddress())).status).toBe(200);
    expect(await activeOf(user.id)).toBe(2);
  });

  it("racing requests of one user cannot pass the cap together", async () => {
    const { user, key } = await userWithKey("viewer");
    const answers = await Promise.all(Array.from({ length: 6 }, () => askMetrics(key, randomAddress())));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 429, 429, 429, 429]);
    expect(await activeOf(user.id)).toBe(2);
  });

  it("a request that would start more jobs than are left is refused whole; jobs of no user (the scheduled refresh) have no cap", async () => {
    const { user } = await userWithKey("viewer");
    const wallet = randomAddress();
    await enqueueIndexingPairs([{ chain: "eth-mainnet", address: randomAddress() }], user.id);
    await expect(
      enqueueIndexingPairs(
        ["eth-mainnet", "base-mainnet"].map((chain) => ({ chain, address: wallet })),
        user.id,
      ),
    ).rejects.toMatchObject({ status: 429 });
    expect(await activeOf(user.id)).toBe(1);
    const system = await enqueueIndexingPairs(Array.from({ length: 4 }, () => ({ chain: "eth-mainnet", address: randomAddress() })), null);
    expect(system).toHaveLength(4);
  });
});
