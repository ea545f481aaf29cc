// Wallets a user links to their account (settings): POST /api/metrics without wallet_address
// uses the default one. Exactly one link of a user with links is the default.
import { prisma, type Prisma } from "../../db";
import { AppError, notFound } from "../../core/errors";
import type { TLinkWalletBody, TUpdateWalletLinkBody, TWalletLink } from "./schemas";
import { lockUserRow } from "../lock-user-row";

type LinkRow = { address: string; label: string | null; isDefault: boolean; createdAt: Date };

const SELECT = { address: true, label: true, isDefault: true, createdAt: true } as const;

const toLink = (row: LinkRow): TWalletLink => ({ ...row, createdAt: row.createdAt.toISOString() });

export const listWalletLinks = async (userId: string): Promise<TWalletLink[]> =>
  (await prisma.userWallet.findMany({ where: { userId }, select: SELECT, orderBy: [{ isDefault: "desc" }, { createdAt: "asc" }, { address: "asc" }] })).map(toLink);

// Every write below locks the user's row first, so that concurrent link, default and unlink
// requests of one user run one after the other and leave exactly one default.
export const linkWallet = async (userId: string, body: TLinkWalletBody): Promise<TWalletLink> =>
  prisma.$transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const existing = await tx.userWallet.findMany({ where: { userId }, select: { address: true } });
    if (existing.some((link) => link.address === body.address)) throw new AppError("conflict", `You have already linked ${body.address}.`);
    const isDefault = existing.length === 0 || body.isDefault === true;
    if (isDefault) await tx.userWallet.updateMany({ where: { userId, isDefault: true }, data: { isDefault: false } });
    return toLink(await tx.userWallet.create({ data: { userId, address: body.address, label: body.label ?? null, isDefault }, select: SELECT }));
  });

export const updateWalletLink = async (userId: string, address: string, body: TUpdateWalletLinkBody): Promise<TWalletLink> =>
  prisma.$transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const link = await tx.userWallet.findUnique({ where: { userId_address: { userId, address } }, select: { address: true } });
    if (!link) throw notFound("Linked wallet", address);
    if (body.isDefault) await tx.userWallet.updateMany({ where: { userId, isDefault: true, NOT: { address } }, data: { isDefault: false } });
    const data: Prisma.UserWalletUpdateInput = {};
    if (body.isDefault) data.isDefault = true;
    if (body.label !== undefined) data.label = body.label;
    return toLink(await tx.userWallet.update({ where: { userId_address: { userId, address } }, data, select: SELECT }));
  });

export const unlinkWallet = async (userId: string, address: string): Promise<void> => {
  await prisma.$transaction(async (tx) => {
    await lockUserRow(tx, userId);
    const link = await tx.userWallet.findUnique({ where: { userId_address: { userId, address } }, select: { isDefault: true } });
    if (!link) throw notFound("Linked wallet", address);
    await tx.userWallet.delete({ where: { userId_address: { userId, address } } });
    if (!link.isDefault) return;
    const next = await tx.userWallet.findFirst({ where: { userId }, orderBy: [{ createdAt: "asc" }, { address: "asc" }], select: { address: true } });
    if (next) await tx.userWallet.update({ where: { userId_address: { userId, address: next.address } }, data: { isDefault: true } });
  });
};
