// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { defineOperation } from "../core/operation";
import type { TUseCases } from "./schemas";
import { ZUseCases } from "./schemas";

// The document's examples: two of the eight industries.
const USE_CASES_EXAMPLE: TUseCases = {
  Financial: {
    description: "Autonomous agents monitor markets, rebalance treasuries and screen counterparties in real time.",
    application: "Treasury rebalancing, DeFi risk monitoring and automated compliance checks for on-chain funds.",
    metrics: { ROI: "15%", RiskScore: "Low", DrawdownReduction: "22%" },
  },
  Healthcare: {
    description: "Agents coordinate scheduling, triage and consented record sharing between care providers.",
    application: "Appointment triage, claims pre-validation and audit trails for patient-consented data exchange.",
    metrics: { PatientSatisfaction: "92%", CostSavings: "18%", WaitTimeReduction: "27%" },
  },
};

export const listUseCasesOperation = defineOperation({
  method: "GET",
  path: "/api/usecases",
  operationId: "listUseCases",
  summary: "The industry use cases (read-only)",
  description:
    "Every industry use case in one object keyed by industry (Financial, Healthcare, Logistics, …), in the catalogue's order: what agents do there, where they are applied, and industry-specific `metrics` whose keys differ per industry and whose values are display strings. Reference data: not paged, and there is nothing to create or change.",
  example: { response: USE_CASES_EXAMPLE },
  tags: ["Use cases"],
  access: "read",
  responses: { 200: { description: "Use cases keyed by industry, in the catalogue's order", schema: ZUseCases } },
});
