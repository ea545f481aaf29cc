// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { defineOperation } from "../core/operation";
import { ZUseCases } from "./schemas";

export const listUseCasesOperation = defineOperation({
  method: "GET",
  path: "/api/usecases",
  operationId: "listUseCases",
  summary: "The industry use cases (read-only)",
  tags: ["Use cases"],
  access: "read",
  responses: { 200: { description: "Use cases keyed by industry, in the catalogue's order", schema: ZUseCases } },
});
