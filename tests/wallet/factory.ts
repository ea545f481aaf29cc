// A small wallet history stored straight in the tables, for the API tests.
import { randomBytes } from "node:crypto";
import { prisma } from "../../lib/db";

export const randomAddress = () => `0x${randomBytes(20).toString("hex")}`;
const txHash = () => `0x${randomBytes(32).toString("hex")}`;

export const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
const ETHER = 10n ** 18n;

/** Chains and tokens as the seed stores them (idempotent). */
export const storeReferenceData = async () => {
  await prisma.chain.createMany({
    data: [
      { slug: "eth-mainnet", chainId: 1, name: "Ethereum", layer: "Layer1", nativeSymbol: "ETH" },
      { slug: "base-mainnet", chainId: 8453, name: "Base", layer: "Layer2", nativeSymbol: "ETH" },
    ],
    skipDuplicates: true,
  });
  await prisma.token.createMany({
    data: [
      { chain: "eth-mainnet", address: "native", symbol: "ETH", name: "Ether", decimals: 18 },
      { chain: "eth-mainnet", address: USDC, symbol: "USDC", name: "USD Coin", decimals: 6 },
      { chain: "base-mainnet", address: "native", symbol: "ETH", name: "Ether", decimals: 18 },
    ],
    skipDuplicates: true,
  });
  const asOf = new Date(Date.now() - 86_400_000);
  await prisma.tokenPrice.createMany({
    data: [
      { chain: "eth-mainnet", tokenAddress: "native", priceUsd: 3000, asOf },
      { chain: "eth-mainnet", tokenAddress: USDC, priceUsd: 1, asOf },
      { chain: "base-mainnet", tokenAddress: "native", priceUsd: 3000, asOf },
    ],
    skipDuplicates: true,
  });
};

/**
 * A wallet with 2 ETH and 1,000 USDC on eth-mainnet and 0.5 ETH on base-mainnet; a friend it
 * trades with 4 times, a look-alike of the friend that sends zero USDC, and an NFT.
 */
export const storeWallet = async () => {
  await storeReferenceData();
  const wallet = randomAddress();
  const friend = randomAddress();
  const lookalike = `0x${friend.slice(2, 6)}${randomBytes(16).toString("hex")}${friend.slice(-4)}`;
  const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1) + minutes * 60_000);
  const native = (from: string, to: string, amount: bigint, minutes: number, chain = "eth-mainnet") => ({
    chain, txHash: txHash(), logIndex: -1, blockNumber: BigInt(1000 + minutes), timestamp: at(minutes), fromAddress: from, toAddress: to, kind: "native" as const, tokenAddress: "native", amount: amount.toString(), txFrom: from,
  });
  await prisma.walletTransfer.createMany({
    data: [
      native(friend, wallet, 3n * ETHER, 0),
      native(wallet, friend, ETHER, 60),
      native(friend, wallet, ETHER, 120),
      native(wallet, friend, ETHER / 2n, 180, "base-mainnet"),
      { chain: "eth-mainnet", txHash: txHash(), logIndex: 7, blockNumber: 2000n, timestamp: at(200), fromAddress: lookalike, toAddress: wallet, kind: "erc20", tokenAddress: USDC, amount: "0", txFrom: lookalike },
    ],
  });
  await prisma.tokenHolding.createMany({
    data: [
      { walletAddress: wallet, chain: "eth-mainnet", tokenAddress: "native", balance: (2n * ETHER).toString() },
      { walletAddress: wallet, chain: "eth-mainnet", tokenAddress: USDC, balance: "1000000000" },
      { walletAddress: wallet, chain: "base-mainnet", tokenAddress: "native", balance: (ETHER / 2n).toString() },
    ],
  });
  await prisma.nftHolding.create({ data: { walletAddress: wallet, chain: "eth-mainnet", contractAddress: randomAddress(), tokenId: "42", collectionName: "Test Cats", floorPriceUsd: 99.5 } });
  return { wallet, friend, lookalike };
};
