// Schemas of GET /api/wallets/{address}/approvals. Client-safe.
import { z } from "zod";
import { ZChainList, ZCoverage } from "../schemas";

export const ZApprovalsQuery = z.object({
  chains: ZChainList.optional().describe("Only these chains: repeat the parameter or separate with commas"),
});

export const ZWalletApproval = z.object({
  chain: z.string(),
  kind: z.enum(["erc20", "all"]).describe("erc20: an ERC-20 allowance; all: ApprovalForAll over a whole collection"),
  tokenAddress: z.string(),
  symbol: z.string(),
  spender: z.string(),
  spenderLabel: z.string().nullable().describe("Your label (address book), else a stored one"),
  spenderIsContract: z.boolean().nullable().describe("null: not known"),
  allowance: z.string().describe("Raw allowance (erc20), or 1 (all)"),
  allowanceUnits: z.string().nullable().describe("Allowance in whole tokens (erc20 with known decimals)"),
  unlimited: z.boolean().describe("An allowance of at least 2^255: effectively unlimited"),
  balance: z.string().nullable().describe("The wallet's raw balance of the token now (erc20)"),
  valueAtRiskUsd: z.number().nullable().describe("erc20: min(allowance, balance) × latest price; all: Σ floor price of the collection's NFTs held; null when unpriced"),
  approvedAt: z.string().describe("Time of the approval event in effect"),
  txHash: z.string(),
  uncommon: z.boolean().describe("The spender is uncommon (see reasons)"),
  reasons: z.array(z.object({ code: z.string(), detail: z.string() })),
});
export type TWalletApproval = z.infer<typeof ZWalletApproval>;

export const ZWalletApprovals = z.object({
  wallet_address: z.string(),
  approvals: z.array(ZWalletApproval).describe("Current allowances (the latest event per chain, token, spender and kind, when not revoked), largest value at risk first"),
  totalValueAtRiskUsd: z.number().describe("Σ valueAtRiskUsd (a token approved to several spenders counts once per spender)"),
  coverage: ZCoverage,
});
export type TWalletApprovals = z.infer<typeof ZWalletApprovals>;
