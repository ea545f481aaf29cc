// API operations of the admin import (each export is one Operation; lib/wallet/operations.ts gathers
// them for the OpenAPI document).
import { defineOperation } from "../../core/operation";
import { IMPORT_MAX_BYTES, ZImportBody, ZImportResult } from "./schemas";

export const importWalletDataOperation = defineOperation({
  method: "POST",
  path: "/api/wallets/import",
  operationId: "importWalletData",
  summary: "Import wallet facts (chains, tokens, prices, transfers, holdings, NFTs, address facts): all or nothing, idempotent",
  tags: ["Wallet"],
  access: "admin",
  body: ZImportBody,
  maxBodyBytes: IMPORT_MAX_BYTES,
  responses: { 200: { description: "What was written", schema: ZImportResult } },
  errors: { 400: "A row breaks the schema or names an unknown chain (nothing is stored)", 409: "A row conflicts with stored data, e.g. a chain id another chain has (nothing is stored)", 413: "Body over 10 MiB" },
});
