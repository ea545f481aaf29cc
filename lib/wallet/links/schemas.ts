// Schemas of the linked wallets (/api/wallet-links). Client-safe: the settings page validates with these.
import { z } from "zod";
import { ZWalletAddress } from "../schemas";

export const ZWalletLink = z.object({
  address: z.string(),
  label: z.string().nullable(),
  isDefault: z.boolean().describe("The wallet POST /api/metrics uses when the body names none"),
  createdAt: z.string(),
});
export type TWalletLink = z.infer<typeof ZWalletLink>;

export const ZLinkWalletBody = z.object({
  address: ZWalletAddress.describe("The wallet address to link"),
  label: z.string().trim().min(1, "must not be empty").max(100).optional().describe("A name for it"),
  isDefault: z.boolean().optional().describe("Make it the default (the first linked wallet always is)"),
});
export type TLinkWalletBody = z.infer<typeof ZLinkWalletBody>;

export const ZUpdateWalletLinkBody = z.object({
  label: z.string().trim().min(1).max(100).nullable().optional().describe("New label (null clears it)"),
  isDefault: z.literal(true).optional().describe("Make it the default"),
});
export type TUpdateWalletLinkBody = z.infer<typeof ZUpdateWalletLinkBody>;
