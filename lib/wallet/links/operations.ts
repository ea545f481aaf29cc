// API operations of the linked wallets (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import { ZWalletAddressParams } from "../schemas";
import type { TLinkWalletBody, TUpdateWalletLinkBody, TWalletLink } from "./schemas";
import { ZLinkWalletBody, ZUpdateWalletLinkBody, ZWalletLink } from "./schemas";

// The document's examples: a user's main wallet, linked first and so the default, and a cold wallet linked later.
const MAIN = "0x8ba1f109551bd432803012645ac136ddd64dba72";
const COLD = "0x558e08baa7196b50ac2f86702824c1c099724caf";
const MAIN_LINK: TWalletLink = { address: MAIN, label: "Main wallet", isDefault: true, createdAt: "2026-09-12T13:58:03.000Z" };
const COLD_LINK: TWalletLink = { address: COLD, label: "Cold storage", isDefault: false, createdAt: "2026-11-01T09:30:00.000Z" };
const LINK_BODY: TLinkWalletBody = { address: COLD, label: "Cold storage" };
const UPDATE_BODY: TUpdateWalletLinkBody = { label: "Cold storage (Ledger)", isDefault: true };

export const listWalletLinksOperation = defineOperation({
  method: "GET",
  path: "/api/wallet-links",
  operationId: "listWalletLinks",
  summary: "The caller's linked wallets",
  description:
    "Your own linked wallets, not paged: the default one first (the wallet `POST /api/metrics` reads when its body names none), then the others oldest first. Linking proves no ownership of an address: the metrics are of public chain data.",
  example: { response: [MAIN_LINK, COLD_LINK] },
  tags: ["Wallet"],
  access: "credential",
  responses: { 200: { description: "Linked wallets, the default first", schema: z.array(ZWalletLink) } },
});

export const linkWalletOperation = defineOperation({
  method: "POST",
  path: "/api/wallet-links",
  operationId: "linkWallet",
  summary: "Link a wallet address to the caller (the first linked becomes the default)",
  description:
    "Links the address (stored in lower case) to your account, with an optional label. Your first linked wallet becomes the default, and `isDefault: true` moves the default to this one; the same address cannot be linked twice. Linking proves no ownership; the wallet's figures come from `POST /api/metrics`.",
  example: { body: LINK_BODY, response: COLD_LINK },
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
  description:
    "Changes what the body names: `label` (null clears it) and `isDefault: true`, which makes this link the default and clears the flag on your other links, so exactly one stays the default. A default cannot be switched off directly: make another link the default instead.",
  example: { params: { address: COLD }, body: UPDATE_BODY, response: { ...COLD_LINK, label: "Cold storage (Ledger)", isDefault: true } },
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
  description:
    "Removes the link from your account only; the wallet's stored chain data stays. If it was your default, your oldest remaining link becomes the default, so `POST /api/metrics` without `wallet_address` keeps working while any link is left.",
  example: { params: { address: COLD } },
  tags: ["Wallet"],
  access: "credential",
  agentRoles: ["Scout"],
  params: ZWalletAddressParams,
  responses: { 204: { description: "Unlinked" } },
  errors: { 404: "The caller has not linked that address" },
});
