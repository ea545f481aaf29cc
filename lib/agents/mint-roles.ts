// Minting: the five roles an agent created without roles gets, and the specialization rule.
// Minting is a pure function of (id, aiEngine): the same agent minted twice, on any machine,
// gets the same roles. No Math.random(), no clock.
import { fnv1a } from "../core/mix";
import { ROLES_PER_AGENT, type TRole } from "./schemas";

type Trait = { roleName: string; functions: readonly string[]; skills: readonly string[] };

/** The traits minting draws from (the four of the contract's samples and three more). */
export const MINT_TRAITS: readonly Trait[] = [
  {
    roleName: "Scout",
    functions: ["Market reconnaissance", "On-chain signal discovery", "Mempool monitoring", "Opportunity scanning"],
    skills: ["Data Mining", "Pattern Recognition", "Mempool Analysis", "Sentiment Tracking", "Web Crawling", "Anomaly Detection"],
  },
  {
    roleName: "Builder",
    functions: ["Smart contract development", "Data pipeline construction", "Integration engineering", "Infrastructure provisioning"],
    skills: ["Solidity", "Code Generation", "API Integration", "Test Automation", "Gas Optimization", "Schema Design"],
  },
  {
    roleName: "Defender",
    functions: ["Threat detection", "Security auditing", "Access control", "Fraud prevention"],
    skills: ["Vulnerability Scanning", "Intrusion Detection", "Static Analysis", "Phishing Detection", "Key Management", "Incident Response"],
  },
  {
    roleName: "Healer",
    functions: ["System recovery", "Self-healing operations", "Fault remediation", "State reconciliation"],
    skills: ["Error Recovery", "Health Checks", "Rollback Automation", "Log Triage", "Root Cause Analysis", "Data Repair"],
  },
  {
    roleName: "Analyst",
    functions: ["Risk analytics", "Performance reporting", "Portfolio analysis", "KPI tracking"],
    skills: ["Statistical Modeling", "Forecasting", "Dashboarding", "SQL", "Risk Scoring", "Backtesting"],
  },
  {
    roleName: "Strategist",
    functions: ["Resource planning", "Goal decomposition", "Squad coordination", "Scenario planning"],
    skills: ["Task Planning", "Game Theory", "Negotiation", "Prioritization", "Consensus Building", "Delegation"],
  },
  {
    roleName: "Trader",
    functions: ["Order execution", "Liquidity provision", "Cross-venue arbitrage", "Hedging"],
    skills: ["Order Routing", "Slippage Control", "MEV Protection", "Market Making", "Position Sizing", "Limit Orders"],
  },
];

/** mulberry32: a tiny seeded generator of uint32 values. */
const mulberry32 = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
};

/**
 * Five roles from (id, aiEngine): a focus trait fills two slots (so that the agent has a clear
 * specialization), three more slots are drawn from all traits, and the slots are shuffled. Each
 * role gets one of its trait's functions and three distinct skills.
 */
export const mintRoles = (id: string, aiEngine: string): TRole[] => {
  const next = mulberry32(fnv1a(`${id}\u0000${aiEngine}`));
  const below = (n: number) => next() % n;
  const focus = below(MINT_TRAITS.length);
  const slots = [focus, focus];
  while (slots.length < ROLES_PER_AGENT) slots.push(below(MINT_TRAITS.length));
  for (let i = slots.length - 1; i > 0; i -= 1) {
    const j = below(i + 1);
    [slots[i], slots[j]] = [slots[j], slots[i]];
  }
  return slots.map((index) => {
    const trait = MINT_TRAITS[index];
    const pool = [...trait.skills];
    const skills: string[] = [];
    while (skills.length < 3) skills.push(pool.splice(below(pool.length), 1)[0]);
    return { roleName: trait.roleName, primaryFunction: trait.functions[below(trait.functions.length)], skills };
  });
};

/** The roleName that occurs most; on a tie, the one that occurs first. */
export const dominantRole = (roleNames: readonly string[]): string => {
  const counts = new Map<string, number>();
  for (const name of roleNames) counts.set(name, (counts.get(name) ?? 0) + 1);
  let best = roleNames[0] ?? "";
  for (const name of roleNames) if ((counts.get(name) ?? 0) > (counts.get(best) ?? 0)) best = name;
  return best;
};
