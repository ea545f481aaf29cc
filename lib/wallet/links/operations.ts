// API operations of the linked wallets (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import { ZLinkWalletBody, ZUpdateWalletLinkBody, ZWalletLink } from "./schemas";

export const listWalletLinksOperation = defineOperation({
  method: "GET",
  path: "/api/wallet-links",
  operationId: "listWalletLinks",
  summary: "The caller's linked wallets",
  tags: ["Wallet"],
  access: "credential",
  responses: { 200: { description: "Linked wallets, the default first", schema: z.array(ZWalletLink) } },
});

export const linkWalletOperation = defineOperation({
  method: "POST",
  path: "/api/wallet-links",
  operationId: "linkWallet",
  summary: "Link a wallet address to the caller (the first linked becomes the default)",
  tags: ["Wallet"],
  access: "credential",
  agentRoles: ["Scout"],
  body: ZLinkWalletBody,
  responses: { 201: { description: "The link", schema: ZWalletLink } },
  errors: { 409: "The caller has already linked that address" },
});

export const updateWalletLinkOperation = defineOperation({
  method: "PATCH",
  path: "/api/wallet-links/{address}",
  operationId: "updateWalletLink",
  summary: "Relabel a linked wallet or make it the default",
  tags: ["Wallet"],
  access: "credential",
  agentRoles: ["Scout"],
  params: ZWalletAddressParams,
  body: ZUpdateWalletLinkBody,
  responses: { 200: { description: "The updated link", schema: ZWalletLink } },
  errors: { 404: "The caller has not linked that address" },
});

export const unlinkWalletOperation = defineOperation({
  method: "DELETE",
  path: "/api/wallet-links/{address}",
  operationId: "unlinkWallet",
  summary: "Unlink a wallet (if it was the default, the oldest remaining link becomes the default)",
  tags: ["Wallet"],
  access: "credential",
  agentRoles: ["Scout"],
  params: ZWalletAddressParams,
  responses: { 204: { description: "Unlinked" } },
  errors: { 404: "The caller has not linked that address" },
});
