// GET /api/wallets/{address}/approvals: current token allowances from the stored Approval and
// ApprovalForAll events (the latest per chain, token, spender and kind; zero means revoked),
// with spender labels, the value at risk, and why a spender is uncommon. A fixed number of queries.
import { formatUnits } from "viem";
import { prisma } from "../../db";
import { loadAddressBook } from "../address-book";
import { buildMetricsReport } from "../metrics";
import { checkChains, listKnownChains } from "../list-known-chains";
import { FLAG_LIST } from "../load-flag-list";
import { roundCents, toUnits } from "../rules/numbers";
import type { TWalletApproval, TWalletApprovals } from "./schemas";

const UNLIMITED = 2n ** 255n;
const key = (...parts: string[]) => parts.join("|");
const toBigInt = (value: { toFixed: (digits: number) => string }) => BigInt(value.toFixed(0));

export const listWalletApprovals = async (userId: string | undefined, address: string, query: { chains?: string[] }, now = new Date()): Promise<TWalletApprovals> => {
  const wallet = address.toLowerCase();
  const [known, book] = await Promise.all([listKnownChains(), loadAddressBook(userId)]);
  const chains = checkChains(query.chains, known, "query");
  const chainWhere = chains ? { chain: { in: chains } } : {};
  const [events, report] = await Promise.all([
    prisma.tokenApproval.findMany({ where: { owner: wallet, ...chainWhere }, orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }] }),
    buildMetricsReport({ wallet, chains: chains ?? undefined, part: "query", now, book, userId }),
  ]);
  const latest = new Map<string, (typeof events)[number]>();
  for (const event of events) latest.set(key(event.chain, event.tokenAddress, event.spender, event.kind), event);
  const current = [...latest.values()].filter((event) => toBigInt(event.amount) > 0n);

  const tokenKeys = [...new Map(current.map((event) => [key(event.chain, event.tokenAddress), { chain: event.chain, address: event.tokenAddress }])).values()];
  const spenders = [...new Set(current.map((event) => event.spender))];
  const none = current.length === 0;
  const [tokens, holdings, prices, nfts, infos] = await Promise.all([
    none ? [] : prisma.token.findMany({ where: { OR: tokenKeys }, select: { chain: true, address: true, symbol: true, decimals: true, isSpam: true } }),
    none ? [] : prisma.tokenHolding.findMany({ where: { walletAddress: wallet, OR: tokenKeys.map((token) => ({ chain: token.chain, tokenAddress: token.address })) }, select: { chain: true, tokenAddress: true, balance: true } }),
    none
      ? []
      : prisma.tokenPrice.findMany({
          where: { OR: tokenKeys.map((token) => ({ chain: token.chain, tokenAddress: token.address })), asOf: { lte: now } },
          orderBy: { asOf: "desc" },
          distinct: ["chain", "tokenAddress"],
          select: { chain: true, tokenAddress: true, priceUsd: true },
        }),
    none ? [] : prisma.nftHolding.findMany({ where: { walletAddress: wallet, OR: tokenKeys.map((token) => ({ chain: token.chain, contractAddress: token.address })) }, select: { chain: true, contractAddress: true, collectionName: true, floorPriceUsd: true } }),
    none ? [] : prisma.addressInfo.findMany({ where: { address: { in: spenders }, ...chainWhere }, select: { chain: true, address: true, isContract: true, label: true } }),
  ]);
  const tokenBy = new Map(tokens.map((token) => [key(token.chain, token.address), token]));
  const balanceBy = new Map(holdings.map((holding) => [key(holding.chain, holding.tokenAddress), toBigInt(holding.balance)]));
  const priceBy = new Map(prices.map((price) => [key(price.chain, price.tokenAddress), price.priceUsd]));
  const infoBy = new Map(infos.map((info) => [key(info.chain, info.address), info]));
  const flaggedBy = new Map(report.flagged.map((flagged) => [flagged.address, flagged.reasons]));

  const approvals = current.map((event): TWalletApproval => {
    const token = tokenBy.get(key(event.chain, event.tokenAddress));
    const info = infoBy.get(key(event.chain, event.spender));
    const allowance = toBigInt(event.amount);
    const held = nfts.filter((nft) => nft.chain === event.chain && nft.contractAddress === event.tokenAddress);
    const symbol = token?.symbol ?? held[0]?.collectionName ?? `${event.tokenAddress.slice(0, 6)}…${event.tokenAddress.slice(-4)}`;
    let valueAtRiskUsd: number | null = null;
    let balance: bigint | null = null;
    if (event.kind === "erc20") {
      balance = balanceBy.get(key(event.chain, event.tokenAddress)) ?? 0n;
      const price = token?.isSpam ? undefined : priceBy.get(key(event.chain, event.tokenAddress));
      const exposed = allowance < balance ? allowance : balance;
      if (token && price !== undefined) valueAtRiskUsd = roundCents(toUnits(exposed, token.decimals) * price);
    } else {
      valueAtRiskUsd = roundCents(held.reduce((sum, nft) => sum + (nft.floorPriceUsd ?? 0), 0));
    }
    const trusted = book.trusted.has(event.spender);
    const reasons: TWalletApproval["reasons"] = [];
    for (const entry of FLAG_LIST.entries) {
      if (entry.address.toLowerCase() === event.spender && (!entry.chains || entry.chains.includes(event.chain))) reasons.push({ code: "flag-list", detail: `On the flag list (${entry.source}, listed ${entry.listedOn}): ${entry.reason}.` });
    }
    for (const reason of flaggedBy.get(event.spender) ?? []) if (reason.code !== "flag-list") reasons.push({ code: reason.code, detail: reason.detail });
    if (!trusted && info?.isContract === false) {
      reasons.push({ code: "eoa-spender", detail: `The spender ${event.spender} is not a contract: allowances normally go to contracts (routers, marketplaces); one for a plain address is a common phishing pattern.` });
    }
    if (!trusted && !info && !report.counterparties.has(event.spender)) {
      reasons.push({ code: "unknown-spender", detail: `Nothing is known about the spender ${event.spender}: not a stored contract, not a counterparty of the wallet, not in your address book.` });
    }
    return {
      chain: event.chain,
      kind: event.kind,
      tokenAddress: event.tokenAddress,
      symbol,
      spender: event.spender,
      spenderLabel: book.labels.get(event.spender) ?? info?.label ?? null,
      spenderIsContract: info ? info.isContract : null,
      allowance: allowance.toString(),
      allowanceUnits: event.kind === "erc20" && token ? formatUnits(allowance, token.decimals) : null,
      unlimited: allowance >= UNLIMITED,
      balance: balance === null ? null : balance.toString(),
      valueAtRiskUsd,
      approvedAt: event.timestamp.toISOString(),
      txHash: event.txHash,
      uncommon: reasons.length > 0,
      reasons,
    };
  });
  approvals.sort((a, b) => (b.valueAtRiskUsd ?? -1) - (a.valueAtRiskUsd ?? -1) || a.chain.localeCompare(b.chain) || a.tokenAddress.localeCompare(b.tokenAddress) || a.spender.localeCompare(b.spender));
  const total = roundCents(approvals.reduce((sum, approval) => sum + (approval.valueAtRiskUsd ?? 0), 0));
  return { wallet_address: wallet, approvals, totalValueAtRiskUsd: total, coverage: report.coverage };
};

