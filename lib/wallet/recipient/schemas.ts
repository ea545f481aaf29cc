// Schemas of POST /api/wallets/{address}/check-recipient. Client-safe (the wallet page's form).
import { z } from "zod";
import { ZChainSlug, ZCoverage, ZWalletAddress } from "../schemas";

export const ZCheckRecipientBody = z.object({
  to: ZWalletAddress.describe("The address the wallet is about to send to"),
  chains: z.array(ZChainSlug).min(1, "must name at least one chain (leave it out for every chain)").max(64).optional().describe("Judge by the history on these chains only (default: every chain)"),
});
export type TCheckRecipientBody = z.infer<typeof ZCheckRecipientBody>;

export const RECIPIENT_VERDICTS = ["known", "lookalike", "fresh", "flagged"] as const;

export const ZRecipientCheckResult = z.object({
  wallet_address: z.string(),
  to: z.string().describe("The checked address, lower case"),
  toLabel: z.string().nullable().describe("Its label, if any"),
  verdict: z.enum(RECIPIENT_VERDICTS).describe("flagged: on the flag list or flagged by the heuristics; lookalike: imitates an address the wallet deals with; known: a counterparty in good standing (or trusted); fresh: never seen"),
  severity: z.enum(["ok", "caution", "danger"]),
  reasons: z.array(z.object({ code: z.string(), detail: z.string() })).describe("Every finding, most serious first"),
  counterparty: z
    .object({ transactionCount: z.number().int(), chains: z.array(z.string()), firstAt: z.string(), lastAt: z.string(), paidByWallet: z.boolean() })
    .nullable()
    .describe("The wallet's history with the address (null: none)"),
  lookalikeOf: z.array(
    z.object({
      address: z.string().describe("The genuine address it imitates"),
      label: z.string().nullable(),
      anchor: z.enum(["counterparty", "trusted"]),
      transactionCount: z.number().int(),
      differences: z.array(z.object({ index: z.number().int(), expected: z.string(), actual: z.string() })).describe("Positions (0-based, 0x included) where the checked address differs"),
      marked: z.string().describe("The checked address with each run of differing characters in [brackets]"),
    }),
  ),
  coverage: ZCoverage,
});
export type TRecipientCheckResult = z.infer<typeof ZRecipientCheckResult>;
