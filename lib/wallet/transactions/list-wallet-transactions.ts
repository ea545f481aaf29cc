// GET /api/wallets/{address}/transactions: the wallet's transfers, newest first, one row per
// transfer (a swap's two legs are two rows with the same txHash), filtered, paged by cursor, with
// labels and the uncommon-address reasons of each row's counterparty and token contract. A fixed
// number of queries per page, whatever its size.
import { formatUnits } from "viem";
import { prisma, type Prisma } from "../../db";
import { encodeCursor, type Page } from "../../core/paging";
import { equalsInsensitive } from "../../core/search";
import { ADDRESS_PATTERN } from "../schemas";
import { checkChains, listKnownChains, type KnownChain } from "../list-known-chains";
import { buildMetricsReport } from "../metrics";
import { loadAddressBook } from "../address-book";
import { PriceBook } from "../rules/prices";
import { roundCents } from "../rules/numbers";
import type { TTransactionsQuery, TWalletTransaction } from "./schemas";

const pairKey = (chain: string, address: string) => `${chain}|${address}`;

/** The (chain, token) pairs a token filter names: a contract, "native", or a symbol (any case). */
const tokenPairs = async (token: string, known: readonly KnownChain[], chains: string[] | null): Promise<Prisma.WalletTransferWhereInput> => {
  const value = token.toLowerCase();
  if (ADDRESS_PATTERN.test(token) || value === "native") return { tokenAddress: value };
  const tokens = await prisma.token.findMany({
    where: { symbol: equalsInsensitive(token), ...(chains ? { chain: { in: chains } } : {}) },
    select: { chain: true, address: true },
  });
  const natives = known.filter((chain) => chain.nativeSymbol.toLowerCase() === value).map((chain) => ({ chain: chain.slug, address: "native" }));
  const pairs = [...tokens, ...natives];
  // A symbol nobody uses matches nothing (an empty OR would match everything).
  if (pairs.length === 0) return { id: { in: [] } };
  return { OR: pairs.map((pair) => ({ chain: pair.chain, tokenAddress: pair.address })) };
};

const whereOf = async (wallet: string, query: TTransactionsQuery, known: readonly KnownChain[], chains: string[] | null): Promise<Prisma.WalletTransferWhereInput> => {
  const and: Prisma.WalletTransferWhereInput[] = [{ OR: [{ fromAddress: wallet }, { toAddress: wallet }] }];
  if (chains) and.push({ chain: { in: chains } });
  if (query.direction === "in") and.push({ toAddress: wallet, fromAddress: { not: wallet } });
  if (query.direction === "out") and.push({ fromAddress: wallet, toAddress: { not: wallet } });
  if (query.direction === "self") and.push({ fromAddress: wallet, toAddress: wallet });
  if (query.counterparty) {
    and.push({ OR: [{ fromAddress: wallet, toAddress: query.counterparty }, { fromAddress: query.counterparty, toAddress: wallet }] });
  }
  if (query.token) and.push(await tokenPairs(query.token, known, chains));
  if (query.since) and.push({ timestamp: { gte: query.since } });
  if (query.until) and.push({ timestamp: { lt: query.until } });
  return { AND: and };
};

export const listWalletTransactions = async (userId: string | undefined, address: string, query: TTransactionsQuery, now = new Date()): Promise<Page<TWalletTransaction>> => {
  const wallet = address.toLowerCase();
  const [known, book] = await Promise.all([listKnownChains(), loadAddressBook(userId)]);
  const chains = checkChains(query.chains, known, "query");
  const where = await whereOf(wallet, query, known, chains);
  const [rows, total, report] = await Promise.all([
    prisma.walletTransfer.findMany({
      where,
      take: query.limit + 1,
      ...(query.cursor ? { cursor: { id: query.cursor.id }, skip: 1 } : {}),
      orderBy: [{ timestamp: "desc" }, { id: "desc" }],
    }),
    prisma.walletTransfer.count({ where }),
    buildMetricsReport({ wallet, chains: chains ?? undefined, part: "query", now, book, userId }),
  ]);
  const page = rows.slice(0, query.limit);

  const tokenKeys = [...new Map(page.map((row) => [pairKey(row.chain, row.tokenAddress), { chain: row.chain, address: row.tokenAddress }])).values()];
  const others = [...new Set(page.flatMap((row) => [row.fromAddress, row.toAddress]).filter((other) => other !== wallet))];
  const [tokens, prices, infos] = await Promise.all([
    tokenKeys.length === 0 ? [] : prisma.token.findMany({ where: { OR: tokenKeys }, select: { chain: true, address: true, symbol: true, decimals: true, isSpam: true } }),
    tokenKeys.length === 0
      ? []
      : prisma.tokenPrice.findMany({ where: { OR: tokenKeys.map((key) => ({ chain: key.chain, tokenAddress: key.address })), asOf: { lte: now } }, select: { chain: true, tokenAddress: true, priceUsd: true, asOf: true } }),
    others.length === 0 ? [] : prisma.addressInfo.findMany({ where: { address: { in: others } }, select: { chain: true, address: true, label: true } }),
  ]);
  const tokenBy = new Map(tokens.map((token) => [pairKey(token.chain, token.address), token]));
  const labelBy = new Map(infos.filter((info) => info.label).map((info) => [pairKey(info.chain, info.address), info.label!]));
  const nativeBy = new Map(known.map((chain) => [chain.slug, chain.nativeSymbol]));
  const priceBook = new PriceBook(prices, now);
  const flaggedBy = new Map(report.flagged.map((flagged) => [flagged.address, flagged.reasons]));
  const flagsOf = (address: string | null) => (address ? (flaggedBy.get(address) ?? []).map((reason) => ({ address, code: reason.code, detail: reason.detail })) : []);

  const items = page.map((row): TWalletTransaction => {
    const direction = row.fromAddress === wallet ? (row.toAddress === wallet ? "self" : "out") : "in";
    const counterparty = direction === "self" ? null : direction === "out" ? row.toAddress : row.fromAddress;
    const token = tokenBy.get(pairKey(row.chain, row.tokenAddress));
    const decimals = token?.decimals ?? (row.tokenAddress === "native" ? 18 : row.kind === "erc721" ? 0 : null);
    const amount = BigInt(row.amount.toFixed(0));
    const units = decimals === null ? null : formatUnits(amount, decimals);
    const price = token?.isSpam ? undefined : priceBook.at(row.chain, row.tokenAddress, row.timestamp);
    const flags = [...flagsOf(counterparty), ...flagsOf(row.tokenAddress === "native" ? null : row.tokenAddress)];
    return {
      id: row.id,
      chain: row.chain,
      txHash: row.txHash,
      logIndex: row.logIndex,
      blockNumber: row.blockNumber.toString(),
      timestamp: row.timestamp.toISOString(),
      direction,
      from: row.fromAddress,
      to: row.toAddress,
      counterparty,
      counterpartyLabel: counterparty ? (book.labels.get(counterparty) ?? labelBy.get(pairKey(row.chain, counterparty)) ?? null) : null,
      kind: row.kind,
      tokenAddress: row.tokenAddress,
      symbol: token?.symbol ?? (row.tokenAddress === "native" ? (nativeBy.get(row.chain) ?? "native") : `${row.tokenAddress.slice(0, 6)}…${row.tokenAddress.slice(-4)}`),
      tokenId: row.tokenId,
      amount: amount.toString(),
      units,
      valueUsd: price === undefined || units === null || row.kind === "erc721" ? null : roundCents(Number(units) * price),
      uncommon: flags.length > 0,
      flags,
    };
  });
  return { items, total, nextCursor: rows.length > query.limit ? encodeCursor({ id: page[page.length - 1].id }) : undefined };
};
