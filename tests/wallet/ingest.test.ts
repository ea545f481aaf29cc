// The JSON-RPC source against a real local node (ganache, in process, on 127.0.0.1 and a free port):
// native transfers, an ERC-20 and an ERC-721 deployed, moved and approved, then ingested by logs
// filtered on the wallet's topics; stored once however often it runs, resumed after the cursor,
// held back by the confirmation depth, rolled back and re-read after a reorganisation, read in
// smaller ranges when the node refuses a range as too large; and the wallet's metrics computed from it.
import { parseEther, type Abi, type Hex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { getWalletMetrics } from "../../lib/wallet";
import { ingestWallet, type IngestOptions } from "../../lib/wallet/ingest/ingest-wallet";
import TestCollectible from "./contracts/TestCollectible.json" with { type: "json" };
import TestToken from "./contracts/TestToken.json" with { type: "json" };
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";
import { startLocalChain, type LocalChain } from "./chain";
import { startRangeLimitedProxy, type RpcProxy } from "./rpc-proxy";

let db: TestDatabase;
let node: LocalChain;
let wallet: Hex, friend: Hex, stranger: Hex, deployer: Hex;
let token: Hex, collectible: Hex;
const MAX_UINT = 2n ** 256n - 1n;

const counts = async () => ({
  transfers: await prisma.walletTransfer.count(),
  approvals: await prisma.tokenApproval.count(),
  addresses: await prisma.addressInfo.count(),
  tokens: await prisma.token.count(),
  holdings: await prisma.tokenHolding.count(),
  nfts: await prisma.nftHolding.count(),
});

const ingest = (fromBlock?: bigint, more: Partial<IngestOptions> = {}) =>
  ingestWallet({ chain: "eth-mainnet", address: wallet, rpcUrl: node.url, chunkBlocks: 3, confirmations: 0, nativeBlocks: 1000, fromBlock, ...more });

beforeAll(async () => {
  db = await useTestDatabase();
  node = await startLocalChain();
  [wallet, friend, stranger, deployer] = node.accounts;
  const { send, call, deploy } = node;

  await send(friend, wallet, parseEther("5"));
  await send(wallet, friend, parseEther("1"));
  await send(stranger, wallet, 0n); // an unsolicited zero-value ping
  token = await deploy(deployer, TestToken, ["Test USD", "TUSD", 6, 1_000_000_000_000n]);
  await call(deployer, token, TestToken.abi as Abi, "transfer", [wallet, 250_000_000n]);
  await call(wallet, token, TestToken.abi as Abi, "transfer", [friend, 50_000_000n]);
  await call(stranger, token, TestToken.abi as Abi, "transferFrom", [wallet, stranger, 0n]); // the poisoning trick
  await call(wallet, token, TestToken.abi as Abi, "approve", [stranger, MAX_UINT]); // an unlimited allowance to a plain address
  await call(deployer, token, TestToken.abi as Abi, "approve", [wallet, 5n]); // someone else's approval: not the wallet's
  collectible = await deploy(deployer, TestCollectible, ["Test Cats", "TCAT"]);
  await call(deployer, collectible, TestCollectible.abi as Abi, "mint", [wallet, 1n]);
  await call(deployer, collectible, TestCollectible.abi as Abi, "mint", [wallet, 2n]);
  await call(wallet, collectible, TestCollectible.abi as Abi, "transferFrom", [wallet, friend, 2n]);
  await call(wallet, collectible, TestCollectible.abi as Abi, "setApprovalForAll", [friend, true]);
  await call(wallet, collectible, TestCollectible.abi as Abi, "approve", [stranger, 1n]); // single-token: lapses when it moves, not stored
}, 60_000);

afterAll(async () => {
  await node?.close();
  await db?.dispose();
});

describe("ingestWallet", () => {
  it("stores native, ERC-20 and ERC-721 transfers, approvals, address facts, token metadata, balances and NFTs", async () => {
    const latest = await node.rpc.getBlockNumber();
    const summary = await ingest();
    expect(summary).toMatchObject({
      fromBlock: "0",
      toBlock: latest.toString(),
      transfers: { found: 9, stored: 9 },
      approvals: { found: 2, stored: 2 },
      holdings: 2,
      nfts: { held: 1, added: 1, removed: 0 },
      reorg: null,
    });

    const rows = await prisma.walletTransfer.findMany({ orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }] });
    const view = rows.map((row) => [row.kind, row.fromAddress, row.toAddress, row.tokenAddress, row.tokenId, row.amount.toFixed(0), row.txFrom]);
    const NULL = "0x0000000000000000000000000000000000000000";
    expect(view).toEqual([
      ["native", friend, wallet, "native", null, parseEther("5").toString(), friend],
      ["native", wallet, friend, "native", null, parseEther("1").toString(), wallet],
      ["native", stranger, wallet, "native", null, "0", stranger],
      ["erc20", deployer, wallet, token, null, "250000000", deployer],
      ["erc20", wallet, friend, token, null, "50000000", wallet],
      ["erc20", wallet, stranger, token, null, "0", stranger],
      ["erc721", NULL, wallet, collectible, "1", "1", deployer],
      ["erc721", NULL, wallet, collectible, "2", "1", deployer],
      ["erc721", wallet, friend, collectible, "2", "1", wallet],
    ]);
    expect(rows.every((row) => row.chain === "eth-mainnet" && row.timestamp.getTime() > 0)).toBe(true);
    expect(rows.filter((row) => row.kind === "native").every((row) => row.logIndex === -1)).toBe(true);

    const info = await prisma.addressInfo.findMany({ orderBy: { address: "asc" } });
    const contracts = Object.fromEntries(info.map((row) => [row.address, row.isContract]));
    expect(contracts).toEqual({ [friend]: false, [stranger]: false, [deployer]: false, [token]: true, [collectible]: true });
    expect(info.every((row) => row.firstSeenAt instanceof Date)).toBe(true);

    expect(await prisma.token.findUnique({ where: { chain_address: { chain: "eth-mainnet", address: token } } })).toMatchObject({ symbol: "TUSD", name: "Test USD", decimals: 6, isSpam: false });
    const holdings = await prisma.tokenHolding.findMany({ where: { walletAddress: wallet } });
    const balances = Object.fromEntries(holdings.map((row) => [row.tokenAddress, row.balance.toFixed(0)]));
    expect(balances).toEqual({ native: (await node.rpc.getBalance({ address: wallet })).toString(), [token]: "200000000" });
    expect(await prisma.nftHolding.findMany({ select: { contractAddress: true, tokenId: true, collectionName: true, floorPriceUsd: true } })).toEqual([
      { contractAddress: collectible, tokenId: "1", collectionName: "Test Cats", floorPriceUsd: null },
    ]);
    const cursor = await prisma.ingestCursor.findFirstOrThrow();
    expect(cursor).toMatchObject({ lastBlock: latest, source: "rpc", blockHash: (await node.rpc.getBlock({ blockNumber: latest })).hash });

    // The wallet's own approvals as owner: the unlimited allowance and the collection-wide one (not
    // the deployer's approval to the wallet, not the single-token NFT approval).
    const approvals = await prisma.tokenApproval.findMany({ orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }] });
    expect(approvals.map((row) => [row.kind, row.owner, row.spender, row.tokenAddress, row.amount.toFixed(0)])).toEqual([
      ["erc20", wallet, stranger, token, MAX_UINT.toString()],
      ["all", wallet, friend, collectible, "1"],
    ]);
  });

  it("stores nothing twice: a second run reads nothing new, a re-read from block 0 adds nothing", async () => {
    const before = await counts();
    const again = await ingest();
    expect(again.transfers).toEqual({ found: 0, stored: 0 });
    const reread = await ingest(0n);
    expect(reread.transfers).toEqual({ found: 9, stored: 0 });
    expect(reread.approvals).toEqual({ found: 2, stored: 0 });
    expect(await counts()).toEqual(before);
    expect((await prisma.ingestCursor.findFirstOrThrow()).lastBlock).toBe(await node.rpc.getBlockNumber());
  });

  it("resumes after the cursor and keeps balances and NFT ownership current", async () => {
    const cursor = (await prisma.ingestCursor.findFirstOrThrow()).lastBlock;
    await node.send(friend, wallet, parseEther("2"));
    await node.call(friend, collectible, TestCollectible.abi as Abi, "transferFrom", [friend, wallet, 2n]);
    await node.call(wallet, collectible, TestCollectible.abi as Abi, "transferFrom", [wallet, friend, 1n]);
    const summary = await ingest();
    expect(summary.fromBlock).toBe((cursor + 1n).toString());
    expect(summary.transfers).toEqual({ found: 3, stored: 3 });
    expect(summary.nfts).toEqual({ held: 1, added: 1, removed: 1 });
    expect((await prisma.nftHolding.findMany()).map((row) => row.tokenId)).toEqual(["2"]);
    const native = await prisma.tokenHolding.findFirstOrThrow({ where: { walletAddress: wallet, tokenAddress: "native" } });
    expect(native.balance.toFixed(0)).toBe((await node.rpc.getBalance({ address: wallet })).toString());
  });

  it("refuses an endpoint of another chain and an invalid address", async () => {
    await expect(ingestWallet({ chain: "base-mainnet", address: wallet, rpcUrl: node.url })).rejects.toThrow("serves chain id 1, not base-mainnet (8453)");
    await expect(ingestWallet({ chain: "eth-mainnet", address: "0x1234", rpcUrl: node.url })).rejects.toThrow("not an EVM address");
    await expect(ingestWallet({ chain: "moon-mainnet", address: wallet, rpcUrl: node.url })).rejects.toThrow("Unknown chain 'moon-mainnet'");
  });
});

it("computes the ingested wallet's metrics", async () => {
  const now = new Date();
  await prisma.tokenPrice.createMany({
    data: [
      { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 2000, asOf: new Date(now.getTime() - 3_600_000) },
      { chain: "eth-mainnet", tokenAddress: token, priceUsd: 1, asOf: new Date(now.getTime() - 3_600_000) },
    ],
  });
  const { user } = await userWithKey("viewer");
  const result = await getWalletMetrics(user.id, { wallet_address: wallet.toUpperCase().replace("0X", "0x") }, now);
  const ether = Number((await node.rpc.getBalance({ address: wallet })) / 10n ** 12n) / 1e6;
  expect(result.wallet_address).toBe(wallet);
  expect(result.user_uid).toBe(user.id);
  const metrics = result.financialMetrics;
  expect(metrics.balance).toBeCloseTo(ether * 2000 + 200, 1);
  expect(Object.keys(metrics.positions)).toEqual(["ETH (eth-mainnet)", "TUSD (eth-mainnet)"]);
  expect(metrics.positions["TUSD (eth-mainnet)"].value).toBe(200);
  expect(metrics).toMatchObject({
    totalTransactions: 12,
    transactionsByChain: { "eth-mainnet": 12 },
    transactionsByLayer: { Layer1: 12, Layer2: 0 },
    interactingWallets: 3,
    mostActiveWallet: { address: friend, transactionCount: 7 },
    // The stranger's zero-value ping and transferFrom; the deployer minted NFTs of a collection
    // without a floor price to the wallet unasked (the friend's NFT is a gift: the wallet paid them).
    behaviorOverview: { overview: { Low: 0, Moderate: 1, High: 0, Uncommon: 2 }, markedUncommonWallets: [stranger, deployer].sort(), totalUncommon: 2 },
    nftSummary: { nftCount: 1, nftValueEst: 0 },
    uncommonAddressesInTx: [stranger, deployer, collectible].sort(),
  });
});

describe("ingestWallet near the head", () => {
  const rowsOf = (address: string) => prisma.walletTransfer.findMany({ where: { OR: [{ fromAddress: address }, { toAddress: address }] }, orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }] });

  it("leaves the last `confirmations` blocks unread until they are that deep", async () => {
    await node.mine(3);
    const receipt = await node.send(friend, wallet, parseEther("0.25"));
    const held = await ingest(undefined, { confirmations: 2 });
    expect(held.toBlock).toBe((receipt.blockNumber - 2n).toString());
    expect(held.headBlock).toBe(receipt.blockNumber.toString());
    expect((await rowsOf(wallet)).some((row) => row.txHash === receipt.transactionHash)).toBe(false);
    expect((await prisma.ingestCursor.findFirstOrThrow()).lastBlock).toBe(receipt.blockNumber - 2n);

    await node.mine(2);
    const read = await ingest(undefined, { confirmations: 2 });
    expect(read).toMatchObject({ fromBlock: (receipt.blockNumber - 1n).toString(), toBlock: receipt.blockNumber.toString(), transfers: { found: 1, stored: 1 } });
    expect((await rowsOf(wallet)).some((row) => row.txHash === receipt.transactionHash)).toBe(true);
  });

  it("rolls back to a safe point and reads again when the block at the cursor was reorganised away", async () => {
    await ingest();
    const fork = await node.snapshot();
    const base = await node.rpc.getBlockNumber();
    const orphan = await node.send(friend, wallet, parseEther("3"));
    await node.call(wallet, token, TestToken.abi as Abi, "approve", [friend, 7n]);
    await node.mine(1);
    await ingest();
    const before = await prisma.ingestCursor.findFirstOrThrow();
    expect(before.lastBlock).toBe(base + 3n);
    expect((await rowsOf(wallet)).some((row) => row.txHash === orphan.transactionHash)).toBe(true);
    const earlier = (await rowsOf(wallet)).filter((row) => row.blockNumber <= base).length;

    // The node drops the three blocks and mines others at the same heights.
    await node.revert(fork);
    const replacement = await node.send(stranger, wallet, parseEther("4"));
    await node.mine(2);
    expect(await node.rpc.getBlockNumber()).toBe(base + 3n);

    const summary = await ingest(undefined, { reorgDepth: 3 });
    expect(summary.reorg).toEqual({ atBlock: (base + 3n).toString(), rolledBackTo: base.toString(), transfers: 1, approvals: 1 });
    expect(summary).toMatchObject({ fromBlock: (base + 1n).toString(), toBlock: (base + 3n).toString(), transfers: { found: 1, stored: 1 }, approvals: { found: 0, stored: 0 } });
    const rows = await rowsOf(wallet);
    expect(rows.some((row) => row.txHash === orphan.transactionHash)).toBe(false);
    expect(rows.filter((row) => row.txHash === replacement.transactionHash).map((row) => [row.fromAddress, row.amount.toFixed(0)])).toEqual([[stranger, parseEther("4").toString()]]);
    expect(rows.filter((row) => row.blockNumber <= base)).toHaveLength(earlier);
    expect(await prisma.tokenApproval.count({ where: { spender: friend, kind: "erc20" } })).toBe(0);
    const after = await prisma.ingestCursor.findFirstOrThrow();
    expect(after.blockHash).toBe((await node.rpc.getBlock({ blockNumber: base + 3n })).hash);
    expect(after.blockHash).not.toBe(before.blockHash);

    // The native balance is the new chain's.
    const native = await prisma.tokenHolding.findFirstOrThrow({ where: { walletAddress: wallet, tokenAddress: "native" } });
    expect(native.balance.toFixed(0)).toBe((await node.rpc.getBalance({ address: wallet })).toString());
  });

  it("reads smaller ranges when the node refuses a range as too large, and finds the same rows", async () => {
    const proxy: RpcProxy = await startRangeLimitedProxy(node.url, 2);
    try {
      const stored = await prisma.walletTransfer.count({ where: { OR: [{ fromAddress: wallet }, { toAddress: wallet }] } });
      const before = await counts();
      const summary = await ingest(0n, { rpcUrl: proxy.url, chunkBlocks: 16 });
      expect(summary.refusedRanges).toBeGreaterThan(0);
      expect(summary.refusedRanges).toBe(proxy.refused / 2); // each refused range is two eth_getLogs (from/owner and to)
      expect(summary.transfers).toEqual({ found: stored, stored: 0 });
      expect(proxy.served.length).toBeGreaterThan(0);
      expect(proxy.served.every(({ from, to }) => to - from + 1n <= 2n)).toBe(true);
      expect(await counts()).toEqual(before);
    } finally {
      await proxy.close();
    }
  });

  it("scans whole blocks for native transfers only in the newest `nativeBlocks` of the range", async () => {
    const head = await node.rpc.getBlockNumber();
    const none = await ingestWallet({ chain: "eth-mainnet", address: friend, rpcUrl: node.url, confirmations: 0, nativeBlocks: 0 });
    expect(none.nativeFromBlock).toBeNull();
    const tokenRows = (await rowsOf(friend)).filter((row) => row.kind !== "native");
    expect(none.transfers.found).toBe(tokenRows.length);

    await prisma.ingestCursor.deleteMany({ where: { address: friend } });
    const recent = await ingestWallet({ chain: "eth-mainnet", address: friend, rpcUrl: node.url, confirmations: 0, nativeBlocks: 4 });
    expect(recent.nativeFromBlock).toBe((head - 3n).toString());
    const nativeRecent = (await rowsOf(friend)).filter((row) => row.kind === "native" && row.blockNumber > head - 4n);
    expect(recent.transfers.found).toBe(tokenRows.length + nativeRecent.length);
  });
});
