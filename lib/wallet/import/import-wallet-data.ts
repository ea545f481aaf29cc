// The admin import (POST /api/wallets/import, `npm run wallet:import`): every row checked first,
// then everything written in one transaction, so a bad row leaves nothing. Idempotent by natural
// keys: transfers and prices that exist are kept (createMany skipDuplicates); tokens, holdings,
// NFTs, address facts and chains are replaced by key (delete those keys, insert the rows).
import { prisma, type Prisma } from "../../db";
import { AppError } from "../../core/errors";
import type { FieldError } from "../../core/errors";
import { listKnownChains } from "../list-known-chains";
import type { TImportBody, TImportResult } from "./schemas";

type Tx = Prisma.TransactionClient;

/** The advisory lock key imports take (an arbitrary constant of this application). */
const IMPORT_LOCK_KEY = 7_240_191_301;

// PostgreSQL takes at most 65,535 parameters per statement; stay well below.
const MAX_PARAMS = 30_000;

const chunks = <T>(rows: readonly T[], columns: number): T[][] => {
  const size = Math.max(1, Math.floor(MAX_PARAMS / columns));
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) result.push(rows.slice(start, start + size));
  return result;
};

/** Every row's chain must be known (registry, stored, or in this import's chains). */
const checkRowChains = async (body: TImportBody) => {
  const known = new Set([...(await listKnownChains()).map((chain) => chain.slug), ...body.chains.map((chain) => chain.slug)]);
  const errors: FieldError[] = [];
  const parts = ["tokens", "prices", "transfers", "holdings", "nfts", "addressInfo", "approvals"] as const;
  for (const part of parts) {
    (body[part] as { chain: string }[]).forEach((row, index) => {
      if (!known.has(row.chain)) errors.push({ path: `body.${part}.${index}.chain`, message: `unknown chain '${row.chain}'; known chains: ${[...known].join(", ")} (or add it under chains)` });
    });
  }
  if (errors.length > 0) {
    throw new AppError("validation_failed", `${errors.length} row${errors.length === 1 ? " names" : "s name"} an unknown chain; nothing was imported.`, { errors: errors.slice(0, 100) });
  }
};

const replaceByKey = async <K, R>(rows: readonly R[], keyOf: (row: R) => K, remove: (keys: K[]) => Promise<unknown>, insert: (rows: R[]) => Promise<unknown>, columns: number) => {
  for (const part of chunks(rows, columns)) {
    await remove(part.map(keyOf));
    await insert(part);
  }
  return rows.length;
};

const writeAll = async (tx: Tx, body: TImportBody): Promise<TImportResult> => {
  const tokens = await replaceByKey(
    body.tokens,
    (row) => ({ chain: row.chain, address: row.address }),
    (keys) => tx.token.deleteMany({ where: { OR: keys } }),
    (data) => tx.token.createMany({ data }),
    6,
  );

  let pricesStored = 0;
  for (const part of chunks(body.prices, 4)) {
    pricesStored += (await tx.tokenPrice.createMany({ data: part.map((row) => ({ ...row, asOf: new Date(row.asOf) })), skipDuplicates: true })).count;
  }

  let transfersStored = 0;
  for (const part of chunks(body.transfers, 13)) {
    const data = part.map((row) => ({
      chain: row.chain,
      txHash: row.txHash,
      logIndex: row.logIndex,
      blockNumber: BigInt(row.blockNumber),
      timestamp: new Date(row.timestamp),
      fromAddress: row.fromAddress,
      toAddress: row.toAddress,
      kind: row.kind,
      tokenAddress: row.tokenAddress,
      tokenId: row.tokenId ?? null,
      amount: row.amount,
      txFrom: row.txFrom ?? null,
    }));
    transfersStored += (await tx.walletTransfer.createMany({ data, skipDuplicates: true })).count;
  }

  const holdings = await replaceByKey(
    body.holdings,
    (row) => ({ walletAddress: row.walletAddress, chain: row.chain, tokenAddress: row.tokenAddress }),
    (keys) => tx.tokenHolding.deleteMany({ where: { OR: keys } }),
    (data) => tx.tokenHolding.createMany({ data }),
    5,
  );
  const nfts = await replaceByKey(
    body.nfts,
    (row) => ({ walletAddress: row.walletAddress, chain: row.chain, contractAddress: row.contractAddress, tokenId: row.tokenId }),
    (keys) => tx.nftHolding.deleteMany({ where: { OR: keys } }),
    (data) => tx.nftHolding.createMany({ data: data.map((row) => ({ ...row, floorPriceUsd: row.floorPriceUsd ?? null })) }),
    7,
  );
  const addressInfo = await replaceByKey(
    body.addressInfo,
    (row) => ({ chain: row.chain, address: row.address }),
    (keys) => tx.addressInfo.deleteMany({ where: { OR: keys } }),
    (data) => tx.addressInfo.createMany({ data: data.map((row) => ({ ...row, label: row.label ?? null, firstSeenAt: row.firstSeenAt ? new Date(row.firstSeenAt) : null })) }),
    5,
  );
  let approvalsStored = 0;
  for (const part of chunks(body.approvals, 10)) {
    const data = part.map((row) => ({ ...row, blockNumber: BigInt(row.blockNumber), timestamp: new Date(row.timestamp) }));
    approvalsStored += (await tx.tokenApproval.createMany({ data, skipDuplicates: true })).count;
  }
  // Chains last: a chain id that belongs to another chain fails here (409) and undoes the rest.
  const chains = await replaceByKey(
    body.chains,
    (row) => row.slug,
    (slugs) => tx.chain.deleteMany({ where: { slug: { in: slugs } } }),
    (data) => tx.chain.createMany({ data }),
    5,
  );

  return {
    chains,
    tokens,
    prices: { received: body.prices.length, stored: pricesStored },
    transfers: { received: body.transfers.length, stored: transfersStored },
    holdings,
    nfts,
    addressInfo,
    approvals: { received: body.approvals.length, stored: approvalsStored },
  };
};

export const importWalletData = async (body: TImportBody): Promise<TImportResult> => {
  await checkRowChains(body);
  return prisma.$transaction(
    async (tx) => {
      // One import at a time: two that replace the same keys at once would each delete nothing
      // of the other's uncommitted rows and then collide inserting theirs (a 409 for a request
      // that is idempotent). The lock is released when the transaction ends.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`;
      return writeAll(tx, body);
    },
    { timeout: 10 * 60_000, maxWait: 60_000 },
  );
};
