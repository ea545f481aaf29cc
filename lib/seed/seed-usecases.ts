// The eight industry use cases of the contract, in the contract's order (position 0–7).
// Metric values are display strings; their keys differ per industry.
import type { Prisma } from "../db";
import type { SeedContext } from "./generator/support";

export const INDUSTRIES = ["Financial", "Healthcare", "Logistics", "Supply Chain", "Social Media", "Gaming", "Education", "Public Services"] as const;

export type Industry = (typeof INDUSTRIES)[number];

const USE_CASES: Record<Industry, { description: string; application: string; metrics: Record<string, string> }> = {
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
  Logistics: {
    description: "Squads plan routes, track shipments and reroute around delays as conditions change.",
    application: "Multi-stop route planning, proof-of-delivery anchoring and exception handling for carriers.",
    metrics: { OnTimeDelivery: "96.4%", FuelSavings: "11%", RouteEfficiency: "+14%" },
  },
  "Supply Chain": {
    description: "Syndicates trace goods from supplier to shelf and flag provenance gaps before they reach customers.",
    application: "Provenance tracking, supplier risk scoring and automated recall coordination.",
    metrics: { TraceabilityCoverage: "98%", InventoryTurnover: "8.2x", StockoutReduction: "31%" },
  },
  "Social Media": {
    description: "Agents moderate communities, detect coordinated spam and reward genuine contributors.",
    application: "Spam and bot detection, creator reward distribution and community health reporting.",
    metrics: { EngagementRate: "7.8%", SpamReduction: "64%", ModerationLatency: "45 s" },
  },
  Gaming: {
    description: "Squads run in-game economies, detect cheating and balance rewards across seasons.",
    application: "Economy balancing, anti-cheat analytics and on-chain asset issuance for live games.",
    metrics: { PlayerRetention: "41% (D30)", CheatDetectionRate: "97%", EconomyInflation: "1.2%/season" },
  },
  Education: {
    description: "Agents tutor, grade and issue verifiable credentials that employers can check.",
    application: "Adaptive tutoring, assessment grading and verifiable certificate issuance.",
    metrics: { CompletionRate: "78%", GradingTimeSaved: "63%", CredentialVerifications: "12,400/month" },
  },
  "Public Services": {
    description: "Syndicates keep citizen-facing systems running, route requests and publish transparent reports.",
    application: "Service-request routing, infrastructure monitoring and transparent public spending reports.",
    metrics: { SystemUptime: "99.95%", RequestResolutionTime: "-38%", CitizenSatisfaction: "88%" },
  },
};

export const seedUseCases = async (ctx: SeedContext): Promise<number> => {
  const data: Prisma.UseCaseCreateManyInput[] = INDUSTRIES.map((industry, position) => ({ industry, position, ...USE_CASES[industry] }));
  await ctx.db.useCase.createMany({ data });
  return data.length;
};
