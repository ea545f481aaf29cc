// The JSON-RPC source as a source of the wallet.index job (a chain with RPC_URL_<CHAIN> and no
// explorer), against a local node (ganache, started and closed by this file); and the scheduled
// refresh of linked wallets (the recurring kind wallet.refresh): who is due, one active job per
// chain and wallet, a bounded batch, and the sweep run by a worker from its schedule.
import { parseEther, type Abi, type Hex } from "viem";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as approvals from "../../app/api/wallets/[address]/approvals/route";
import * as indexing from "../../app/api/wallets/[address]/indexing/route";
import * as metrics from "../../app/api/metrics/route";
import { prisma } from "../../lib/db";
import { JobWorker, whenJobsIdle, type AnyJobKind } from "../../lib/jobs";
import { resetWalletEnv } from "../../lib/wallet/config";
import { refreshLinkedWallets, walletIndexJob, walletRefreshJob, ZWalletIndexing } from "../../lib/wallet";
import { useApiTest } from "../helpers/api";
import { userWithKey } from "../helpers/factories";
import { call } from "../helpers/http";
import { startLocalChain, type LocalChain } from "./chain";
import TestToken from "./contracts/TestToken.json" with { type: "json" };
import { randomAddress } from "./factory";

const api = useApiTest({ withKeys: true });
const ENV = { RPC_URL_ETH_MAINNET: "", WALLET_CONFIRMATIONS: "1", WALLET_RPC_NATIVE_BLOCKS: "1000", WALLET_REFRESH_MINUTES: "60", WALLET_REFRESH_BATCH: "50" };
let node: LocalChain;
let wallet: Hex, friend: Hex, spender: Hex, deployer: Hex;
let token: Hex;
let worker: JobWorker | undefined;

const setEnv = (values: Record<string, string>) => {
  Object.assign(process.env, values);
  resetWalletEnv();
};

beforeAll(async () => {
  node = await startLocalChain();
  [wallet, friend, spender, deployer] = node.accounts;
  setEnv({ ...ENV, RPC_URL_ETH_MAINNET: node.url });
  await node.send(friend, wallet, parseEther("2"));
  token = await node.deploy(deployer, TestToken, ["Test USD", "TUSD", 6, 1_000_000_000_000n]);
  await node.call(deployer, token, TestToken.abi as Abi, "transfer", [wallet, 300_000_000n]);
  await node.call(wallet, token, TestToken.abi as Abi, "approve", [spender, 2n ** 256n - 1n]);
  await node.mine(1);
}, 60_000);
afterEach(async () => {
  await worker?.stop(0);
  worker = undefined;
});
afterAll(async () => {
  for (const name of Object.keys(ENV)) delete process.env[name];
  resetWalletEnv();
  await node?.close();
});

const startWorker = (kinds: AnyJobKind[] = [walletIndexJob]) => (worker = new JobWorker({ kinds, concurrency: 2, leaseMs: 5000, pollMs: 20, log: () => {} }).start());
const post = (address: string) => call(metrics.POST, "POST", "/api/metrics", { key: api.viewer, body: { wallet_address: address, chains: ["eth-mainnet"] } });
const status = (address: string) => call(indexing.GET, "GET", `/api/wallets/${address}/indexing`, { key: api.viewer, params: { address }, query: { chains: "eth-mainnet" } });

const indexJobs = (address?: string) => prisma.job.findMany({ where: { kind: "wallet.index", ...(address ? { payload: { path: ["address"], equals: address } } : {}) }, orderBy: { createdAt: "asc" } });
/** Once the worker has nothing left to do: no indexing or refresh job is left queued (none waits out a retry's back-off) or running. */
const idle = async () => {
  await whenJobsIdle();
  expect(await prisma.job.findMany({ where: { kind: { in: ["wallet.index", "wallet.refresh"] }, status: { in: ["QUEUED", "RUNNING"] } }, select: { kind: true, status: true, error: true } })).toEqual([]);
};

describe("a chain with a JSON-RPC endpoint and no explorer", { timeout: 60_000 }, () => {
  it("indexes an address it has never seen in the background, by logs, up to the head minus the confirmations", async () => {
    const first = await post(wallet);
    expect(first.status).toBe(200);
    expect(first.json.coverage.status).toBe("indexing");
    const [job] = first.json.coverage.indexing;
    expect(job).toMatchObject({ chain: "eth-mainnet", status: "QUEUED" });

    startWorker();
    await idle();
    const head = await node.rpc.getBlockNumber();
    const after = await status(wallet);
    expect(ZWalletIndexing.strict().safeParse(after.json).success).toBe(true);
    expect(after.json.chains).toEqual([expect.objectContaining({ chain: "eth-mainnet", status: "indexed", source: "ingester", lastIndexedBlock: (head - 1n).toString(), canIndexOnDemand: true, rpcConfigured: true })]);
    expect(after.json.jobs).toEqual([expect.objectContaining({ jobId: job.jobId, status: "DONE", progress: expect.objectContaining({ stage: "done", fromBlock: "0", toBlock: (head - 1n).toString() }) })]);

    const answer = await post(wallet);
    expect(answer.json.coverage.chains).toEqual([expect.objectContaining({ chain: "eth-mainnet", status: "indexed", source: "ingester", transfers: 2, holdings: 2 })]);
    expect(answer.json.financialMetrics.totalTransactions).toBe(2);
    expect(answer.json.financialMetrics.interactingWallets).toBe(2);

    // The approval came from the logs too: an unlimited allowance to a plain address.
    const list = await call(approvals.GET, "GET", `/api/wallets/${wallet}/approvals`, { key: api.viewer, params: { address: wallet } });
    expect(list.status).toBe(200);
    expect(list.json.approvals).toEqual([expect.objectContaining({ spender, unlimited: true, spenderIsContract: false, uncommon: true })]);
  });
});

describe("the scheduled refresh of linked wallets", { timeout: 60_000 }, () => {
  const link = async (userId: string, address: string) => prisma.userWallet.create({ data: { userId, address } });
  const age = (address: string, minutes: number) =>
    prisma.$executeRaw`UPDATE "IngestCursor" SET "updatedAt" = (now() AT TIME ZONE 'UTC') - (${minutes}::int * interval '1 minute') WHERE address = ${address}`;
  const finishOld = (address: string, minutes: number) =>
    prisma.$executeRaw`UPDATE "Job" SET "finishedAt" = (now() AT TIME ZONE 'UTC') - (${minutes}::int * interval '1 minute') WHERE payload->>'address' = ${address}`;

  it("queues a refresh for the linked wallets not indexed within the interval, once, oldest first, a bounded batch per run", async () => {
    const { user } = await userWithKey("viewer");
    const other = (await userWithKey("viewer")).user;
    const never = [randomAddress(), randomAddress()].sort();
    await link(user.id, wallet); // indexed by the test above, just now
    await link(other.id, wallet); // linked twice: one job
    await link(user.id, never[0]);
    await link(other.id, never[1]);

    // Just indexed: only the two never indexed are due.
    expect(await refreshLinkedWallets()).toEqual({ chains: ["eth-mainnet"], due: 2, queued: 2 });
    expect((await indexJobs()).filter((job) => job.status === "QUEUED").map((job) => job.payload)).toEqual(never.map((address) => ({ chain: "eth-mainnet", address })));
    // Their jobs are queued: a second sweep queues nothing more.
    expect(await refreshLinkedWallets()).toEqual({ chains: ["eth-mainnet"], due: 0, queued: 0 });
    startWorker();
    await idle();

    // An hour later (WALLET_REFRESH_MINUTES=60) the wallet is due again; with a batch of 1 the oldest goes first.
    await worker!.stop(0);
    worker = undefined;
    await age(wallet, 90);
    await finishOld(wallet, 90);
    await age(never[0], 120);
    await finishOld(never[0], 120);
    await age(never[1], 30);
    await finishOld(never[1], 30);
    setEnv({ WALLET_REFRESH_BATCH: "1" });
    expect(await refreshLinkedWallets()).toEqual({ chains: ["eth-mainnet"], due: 1, queued: 1 });
    expect((await indexJobs(never[0])).at(-1)).toMatchObject({ status: "QUEUED", userId: null, payload: { chain: "eth-mainnet", address: never[0] } });
    setEnv({ WALLET_REFRESH_BATCH: "50" });
    expect(await refreshLinkedWallets()).toEqual({ chains: ["eth-mainnet"], due: 1, queued: 1 });
    expect((await indexJobs(wallet)).at(-1)).toMatchObject({ status: "QUEUED", payload: { chain: "eth-mainnet", address: wallet } });
    expect(await refreshLinkedWallets()).toEqual({ chains: ["eth-mainnet"], due: 0, queued: 0 });
  });

  it("leaves a wallet whose job just failed alone for a while, and chains without a source out", async () => {
    const { user } = await userWithKey("viewer");
    const failing = randomAddress();
    await link(user.id, failing);
    await prisma.job.create({ data: { kind: "wallet.index", payload: { chain: "eth-mainnet", address: failing }, status: "ERROR", finishedAt: new Date() } });
    // (The refreshes queued by the test before are still queued: they are not due twice.)
    expect((await refreshLinkedWallets()).due).toBe(0);

    setEnv({ RPC_URL_ETH_MAINNET: "" });
    await finishOld(failing, 30);
    expect(await refreshLinkedWallets()).toEqual({ chains: [], due: 0, queued: 0 });
    setEnv({ RPC_URL_ETH_MAINNET: node.url });
    expect(await refreshLinkedWallets()).toEqual({ chains: ["eth-mainnet"], due: 1, queued: 1 });
  });

  it("runs from its schedule: a worker runs the slot's sweep, then the refreshes it queued", async () => {
    // The queued refreshes are cancelled: those three wallets are due again, and so is a new link.
    await prisma.job.updateMany({ where: { status: "QUEUED" }, data: { status: "CANCELLED", finishedAt: new Date() } });
    const { user } = await userWithKey("viewer");
    await link(user.id, friend);
    expect(walletRefreshJob.schedule).toEqual({ everyMs: 10 * 60_000 });
    startWorker([walletIndexJob, walletRefreshJob]);
    await idle();
    expect(await prisma.job.count({ where: { kind: "wallet.refresh", status: "DONE" } })).toBe(1);
    const sweep = await prisma.job.findFirstOrThrow({ where: { kind: "wallet.refresh" } });
    expect(sweep.result).toEqual({ chains: ["eth-mainnet"], due: 4, queued: 4 });
    expect(await prisma.ingestCursor.findUnique({ where: { chain_address: { chain: "eth-mainnet", address: friend } } })).toMatchObject({ source: "rpc" });
  });
});
