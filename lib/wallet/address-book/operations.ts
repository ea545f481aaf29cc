// API operations of the address book (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import type { TAddressBookBody, TAddressBookEntry } from "./schemas";
import { ZAddressBookBody, ZAddressBookEntry, ZAddressBookParams, ZAddressBookQuery } from "./schemas";

// The document's examples: a user's exchange deposit address and cold wallet, both trusted.
const EXCHANGE = "0xcda4b7e2d1f0a9c8b7e6d5c4b3a2918273e6bf50";
const EXCHANGE_BODY: TAddressBookBody = { label: "Kraken deposit", trusted: true };
const EXCHANGE_ENTRY: TAddressBookEntry = { address: EXCHANGE, label: "Kraken deposit", trusted: true, createdAt: "2026-09-12T14:05:22.000Z", updatedAt: "2026-11-01T09:30:00.000Z" };
const COLD_ENTRY: TAddressBookEntry = {
  address: "0x558e08baa7196b50ac2f86702824c1c099724caf",
  label: "Cold storage",
  trusted: true,
  createdAt: "2026-10-02T08:41:10.000Z",
  updatedAt: "2026-10-02T08:41:10.000Z",
};

export const listAddressBookOperation = defineOperation({
  method: "GET",
  path: "/api/address-book",
  operationId: "listAddressBook",
  summary: "The caller's address book: labels and trusted addresses (paged, oldest first)",
  description:
    "Your own entries only, nobody else's, in the order they were created; `trusted` keeps only trusted (`true`) or untrusted (`false`) ones. The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { trusted: "true", limit: "20" }, response: [EXCHANGE_ENTRY, COLD_ENTRY] },
  tags: ["Wallet"],
  access: "credential",
  query: ZAddressBookQuery,
  paged: true,
  responses: { 200: { description: "One page of the caller's entries", schema: z.array(ZAddressBookEntry) } },
});

export const putAddressBookEntryOperation = defineOperation({
  method: "PUT",
  path: "/api/address-book/{address}",
  operationId: "putAddressBookEntry",
  summary: "Label an address and/or trust it (creates or replaces the caller's entry)",
  description:
    "Creates the entry (201) or replaces it (200) as a whole: an absent `label` is none and an absent `trusted` is false, and an entry needs a label or `trusted: true`. An entry holds for the address on every chain and changes your answers only: your label shows wherever the wallet answers show the address, ahead of a stored one, and a trusted address anchors look-alike detection (other addresses with its first and last 4 hex characters become look-alikes) and is not flagged for the dust, zero-value or spam transfers it sends.",
  example: { params: { address: EXCHANGE }, body: EXCHANGE_BODY, response: EXCHANGE_ENTRY },
  tags: ["Wallet"],
  access: "credential",
  agentRoles: ["Defender"],
  params: ZAddressBookParams,
  body: ZAddressBookBody,
  responses: { 200: { description: "The replaced entry", schema: ZAddressBookEntry }, 201: { description: "The new entry", schema: ZAddressBookEntry } },
  errors: { 400: "Invalid address, a label that is empty or over 100 characters, or neither a label nor trusted: true" },
});

export const deleteAddressBookEntryOperation = defineOperation({
  method: "DELETE",
  path: "/api/address-book/{address}",
  operationId: "deleteAddressBookEntry",
  summary: "Remove an address from the caller's address book",
  description:
    "Forgets your label and trust for the address on every chain: from the next call on, the wallet answers show its stored label, if any, and it no longer anchors look-alike detection or silences flags of its transfers.",
  example: { params: { address: EXCHANGE } },
  tags: ["Wallet"],
  access: "credential",
  agentRoles: ["Defender"],
  params: ZAddressBookParams,
  responses: { 204: { description: "Removed" } },
  errors: { 404: "The address is not in the caller's address book" },
});
