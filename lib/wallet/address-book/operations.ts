// API operations of the address book (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import { ZAddressBookBody, ZAddressBookEntry, ZAddressBookParams, ZAddressBookQuery } from "./schemas";

export const listAddressBookOperation = defineOperation({
  method: "GET",
  path: "/api/address-book",
  operationId: "listAddressBook",
  summary: "The caller's address book: labels and trusted addresses (paged, oldest first)",
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
  tags: ["Wallet"],
  access: "credential",
  agentRoles: ["Defender"],
  params: ZAddressBookParams,
  responses: { 204: { description: "Removed" } },
  errors: { 404: "The address is not in the caller's address book" },
});
