// API operations of a wallet's approvals (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import { ZApprovalsQuery, ZWalletApprovals } from "./schemas";

export const listWalletApprovalsOperation = defineOperation({
  method: "GET",
  path: "/api/wallets/{address}/approvals",
  operationId: "listWalletApprovals",
  summary: "The wallet's current token approvals (ERC-20 allowances and ApprovalForAll) with spender labels, value at risk and uncommon spenders",
  tags: ["Wallet"],
  access: "credential",
  params: ZWalletAddressParams,
  query: ZApprovalsQuery,
  responses: { 200: { description: "Current approvals, largest value at risk first", schema: ZWalletApprovals } },
  errors: { 400: "Invalid address or unknown chain" },
});
