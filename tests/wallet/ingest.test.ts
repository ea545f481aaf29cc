// The EVM ingester against a real local node (ganache, in process, on 127.0.0.1 and a free port):
// native transfers, an ERC-20 and an ERC-721 deployed and moved, then ingested, stored once
// however often it runs, resumed after the cursor, and the wallet's metrics computed from it.
import ganache from "ganache";
import { createPublicClient, encodeDeployData, encodeFunctionData, http, numberToHex, parseEther, type Abi, type Hex, type PublicClient } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "../../lib/db";
import { getWalletMetrics } from "../../lib/wallet";
import { ingestWallet } from "../../lib/wallet/ingest/ingest-wallet";
import TestCollectible from "./contracts/TestCollectible.json" with { type: "json" };
import TestToken from "./contracts/TestToken.json" with { type: "json" };
import { useTestDatabase, type TestDatabase } from "../helpers/db";
import { userWithKey } from "../helpers/factories";

let db: TestDatabase;
let server: ReturnType<typeof ganache.server>;
let url: string;
let rpc: PublicClient;
let wallet: Hex, friend: Hex, stranger: Hex, deployer: Hex;
let token: Hex, collectible: Hex;

// The node signs for its own unlocked accounts (plain eth_sendTransaction; ganache mines each at once).
const transact = async (tx: { from: Hex; to?: Hex; value?: bigint; data?: Hex }) => {
  const hash = (await rpc.request({
    method: "eth_sendTransaction" as never,
    params: [{ from: tx.from, ...(tx.to ? { to: tx.to } : {}), value: numberToHex(tx.value ?? 0n), gas: numberToHex(3_000_000), ...(tx.data ? { data: tx.data } : {}) }] as never,
  })) as Hex;
  const receipt = await rpc.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
};

const send = (from: Hex, to: Hex, value: bigint) => transact({ from, to, value });

const call = (from: Hex, address: Hex, abi: Abi, functionName: string, args: unknown[]) =>
  transact({ from, to: address, data: encodeFunctionData({ abi, functionName, args }) });

const deploy = async (artifact: { abi: unknown[]; bytecode: string }, args: unknown[]) =>
  (await transact({ from: deployer, data: encodeDeployData({ abi: artifact.abi as Abi, bytecode: artifact.bytecode as Hex, args }) })).contractAddress!.toLowerCase() as Hex;

const counts = async () => ({
  transfers: await prisma.walletTransfer.count(),
  addresses: await prisma.addressInfo.count(),
  tokens: await prisma.token.count(),
  holdings: await prisma.tokenHolding.count(),
  nfts: await prisma.nftHolding.count(),
});

const ingest = (fromBlock?: bigint) => ingestWallet({ chain: "eth-mainnet", address: wallet, rpcUrl: url, chunkBlocks: 3, fromBlock });

beforeAll(async () => {
  db = await useTestDatabase();
  // ganache 7.9's option types resolve to `undefined` under this TypeScript; the options are its documented ones.
  const options = {
    logging: { quiet: true },
    chain: { chainId: 1, hardfork: "shanghai" },
    wallet: { deterministic: true, totalAccounts: 4, defaultBalance: 100 },
  };
  server = ganache.server(options as never);
  await server.listen(0, "127.0.0.1");
  const { port } = server.address() as { port: number };
  url = `http://127.0.0.1:${port}`;
  rpc = createPublicClient({ transport: http(url), cacheTime: 0, pollingInterval: 50 });
  [wallet, friend, stranger, deployer] = ((await rpc.request({ method: "eth_accounts" as never })) as Hex[]).map((address) => address.toLowerCase() as Hex);

  await send(friend, wallet, parseEther("5"));
  await send(wallet, friend, parseEther("1"));
  await send(stranger, wallet, 0n); // an unsolicited zero-value ping
  token = await deploy(TestToken, ["Test USD", "TUSD", 6, 1_000_000_000_000n]);
  await call(deployer, token, TestToken.abi as Abi, "transfer", [wallet, 250_000_000n]);
  await call(wallet, token, TestToken.abi as Abi, "transfer", [friend, 50_000_000n]);
  await call(stranger, token, TestToken.abi as Abi, "transferFrom", [wallet, stranger, 0n]); // the poisoning trick
  collectible = await deploy(TestCollectible, ["Test Cats", "TCAT"]);
  await call(deployer, collectible, TestCollectible.abi as Abi, "mint", [wallet, 1n]);
  await call(deployer, collectible, TestCollectible.abi as Abi, "mint", [wallet, 2n]);
  await call(wallet, collectible, TestCollectible.abi as Abi, "transferFrom", [wallet, friend, 2n]);
}, 60_000);

afterAll(async () => {
  await server?.close();
  await db?.dispose();
});

describe("ingestWallet", () => {
  it("stores native, ERC-20 and ERC-721 transfers, address facts, token metadata, balances and NFTs", async () => {
    const latest = await rpc.getBlockNumber();
    const summary = await ingest();
    expect(summary).toMatchObject({ fromBlock: "0", toBlock: latest.toString(), transfers: { found: 9, stored: 9 }, holdings: 2, nfts: { held: 1, added: 1, removed: 0 } });

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
    expect(balances).toEqual({ native: (await rpc.getBalance({ address: wallet })).toString(), [token]: "200000000" });
    expect(await prisma.nftHolding.findMany({ select: { contractAddress: true, tokenId: true, collectionName: true, floorPriceUsd: true } })).toEqual([
      { contractAddress: collectible, tokenId: "1", collectionName: "Test Cats", floorPriceUsd: null },
    ]);
    expect((await prisma.ingestCursor.findFirstOrThrow()).lastBlock).toBe(latest);
  });

  it("stores nothing twice: a second run reads nothing new, a re-read from block 0 adds nothing", async () => {
    const before = await counts();
    const again = await ingest();
    expect(again.transfers).toEqual({ found: 0, stored: 0 });
    const reread = await ingest(0n);
    expect(reread.transfers).toEqual({ found: 9, stored: 0 });
    expect(await counts()).toEqual(before);
    expect((await prisma.ingestCursor.findFirstOrThrow()).lastBlock).toBe(await rpc.getBlockNumber());
  });

  it("resumes after the cursor and keeps balances and NFT ownership current", async () => {
    const cursor = (await prisma.ingestCursor.findFirstOrThrow()).lastBlock;
    await send(friend, wallet, parseEther("2"));
    await call(friend, collectible, TestCollectible.abi as Abi, "transferFrom", [friend, wallet, 2n]);
    await call(wallet, collectible, TestCollectible.abi as Abi, "transferFrom", [wallet, friend, 1n]);
    const summary = await ingest();
    expect(summary.fromBlock).toBe((cursor + 1n).toString());
    expect(summary.transfers).toEqual({ found: 3, stored: 3 });
    expect(summary.nfts).toEqual({ held: 1, added: 1, removed: 1 });
    expect((await prisma.nftHolding.findMany()).map((row) => row.tokenId)).toEqual(["2"]);
    const native = await prisma.tokenHolding.findFirstOrThrow({ where: { walletAddress: wallet, tokenAddress: "native" } });
    expect(native.balance.toFixed(0)).toBe((await rpc.getBalance({ address: wallet })).toString());
  });

  it("refuses an endpoint of another chain and an invalid address", async () => {
    await expect(ingestWallet({ chain: "base-mainnet", address: wallet, rpcUrl: url })).rejects.toThrow("serves chain id 1, not base-mainnet (8453)");
    await expect(ingestWallet({ chain: "eth-mainnet", address: "0x1234", rpcUrl: url })).rejects.toThrow("not an EVM address");
    await expect(ingestWallet({ chain: "moon-mainnet", address: wallet, rpcUrl: url })).rejects.toThrow("Unknown chain 'moon-mainnet'");
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
  const ether = Number((await rpc.getBalance({ address: wallet })) / 10n ** 12n) / 1e6;
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
