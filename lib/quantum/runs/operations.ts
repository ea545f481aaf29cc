// API operations of the stored runs (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import { ZQuantumRun, ZRunsQuery } from "./schemas";

export const listRunsOperation = defineOperation({
  method: "GET",
  path: "/quantum/runs",
  operationId: "listQuantumRuns",
  summary: "Past quantum runs the caller may see, newest first (paged; filter by entity). Wallet and circuit runs only to the user who ran them and to admins",
  tags: ["Quantum"],
  access: "read",
  query: ZRunsQuery,
  paged: true,
  responses: { 200: { description: "One page of runs", schema: z.array(ZQuantumRun) } },
});
