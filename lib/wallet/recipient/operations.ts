// API operations of the recipient check (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import { ZCheckRecipientBody, ZRecipientCheckResult } from "./schemas";

export const checkRecipientOperation = defineOperation({
  method: "POST",
  path: "/api/wallets/{address}/check-recipient",
  operationId: "checkWalletRecipient",
  summary: "Before sending: is this recipient known to the wallet, a look-alike of a known address, fresh, or flagged — and why",
  tags: ["Wallet"],
  access: "credential",
  agentRoles: ["Defender"],
  params: ZWalletAddressParams,
  body: ZCheckRecipientBody,
  responses: { 200: { description: "The verdict and its reasons, from the wallet's own stored history", schema: ZRecipientCheckResult } },
  errors: { 400: "Invalid wallet or recipient address, or an unknown chain (the known ones are listed)" },
});
