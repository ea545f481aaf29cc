// The vocabulary the demo agents are built from: engines, role traits with their functions and
// skills, and name parts. Plain data; seed-agents.ts draws from it.

export type RoleTrait = {
  name: string;
  /** Relative frequency among minted roles. */
  weight: number;
  functions: readonly string[];
  skills: readonly string[];
  /** Second words of agent names whose specialization is this role. */
  nameNouns: readonly string[];
};

export const ROLE_TRAITS: readonly RoleTrait[] = [
  {
    name: "Scout",
    weight: 3,
    functions: ["Market reconnaissance", "On-chain signal discovery", "Mempool monitoring", "Opportunity scanning"],
    skills: ["Data Mining", "Pattern Recognition", "Mempool Analysis", "Sentiment Tracking", "Web Crawling", "Anomaly Detection", "Whale Watching", "Trend Forecasting"],
    nameNouns: ["Pathfinder", "Ranger", "Tracker", "Lookout", "Recon", "Scout"],
  },
  {
    name: "Builder",
    weight: 3,
    functions: ["Smart contract development", "Data pipeline construction", "Integration engineering", "Infrastructure provisioning"],
    skills: ["Solidity", "Code Generation", "API Integration", "Test Automation", "Gas Optimization", "Schema Design", "CI/CD", "Refactoring"],
    nameNouns: ["Forge", "Architect", "Smith", "Foundry", "Mason", "Builder"],
  },
  {
    name: "Defender",
    weight: 3,
    functions: ["Threat detection", "Security auditing", "Access control", "Fraud prevention"],
    skills: ["Vulnerability Scanning", "Intrusion Detection", "Static Analysis", "Phishing Detection", "Key Management", "Rate Limiting", "Formal Verification", "Incident Response"],
    nameNouns: ["Guardian", "Sentry", "Warden", "Bulwark", "Shield", "Sentinel"],
  },
  {
    name: "Healer",
    weight: 3,
    functions: ["System recovery", "Self-healing operations", "Fault remediation", "State reconciliation"],
    skills: ["Error Recovery", "Health Checks", "Rollback Automation", "Log Triage", "Root Cause Analysis", "Load Balancing", "Data Repair", "Chaos Testing"],
    nameNouns: ["Medic", "Mender", "Remedy", "Restorer", "Triage", "Physician"],
  },
  {
    name: "Analyst",
    weight: 2,
    functions: ["Risk analytics", "Performance reporting", "Portfolio analysis", "KPI tracking"],
    skills: ["Statistical Modeling", "Forecasting", "Dashboarding", "SQL", "Risk Scoring", "Cohort Analysis", "Attribution", "Backtesting"],
    nameNouns: ["Oracle", "Lens", "Insight", "Quant", "Ledger", "Analyst"],
  },
  {
    name: "Trader",
    weight: 1.5,
    functions: ["Order execution", "Liquidity provision", "Cross-venue arbitrage", "Hedging"],
    skills: ["Order Routing", "Slippage Control", "MEV Protection", "Market Making", "Position Sizing", "Cross-chain Bridging", "Limit Orders", "Yield Farming"],
    nameNouns: ["Broker", "Arbiter", "Exchange", "Flux", "Trader", "Dealer"],
  },
  {
    name: "Strategist",
    weight: 1.5,
    functions: ["Resource planning", "Goal decomposition", "Squad coordination", "Scenario planning"],
    skills: ["Task Planning", "Game Theory", "Negotiation", "Prioritization", "Consensus Building", "Scenario Modeling", "Delegation", "OKR Design"],
    nameNouns: ["Navigator", "Compass", "Tactician", "Planner", "Helm", "Strategist"],
  },
];

export const ROLE_WEIGHTS = ROLE_TRAITS.map((trait, index) => [index, trait.weight] as const);

/** Engines with a relative frequency and a quality factor (0–1) that nudges the metrics. */
export const AI_ENGINES: readonly { name: string; weight: number; quality: number }[] = [
  { name: "GPT-4o", weight: 5, quality: 0.85 },
  { name: "Claude 3.5 Sonnet", weight: 5, quality: 0.9 },
  { name: "Llama 3.1 70B", weight: 3, quality: 0.7 },
  { name: "Mistral Large", weight: 3, quality: 0.72 },
  { name: "Gemini 1.5 Pro", weight: 3, quality: 0.8 },
  { name: "GPT-4o mini", weight: 2, quality: 0.6 },
  { name: "Llama 3.1 405B", weight: 1, quality: 0.82 },
  { name: "Qwen2.5 72B", weight: 1, quality: 0.68 },
];

export const NAME_BRANDS = [
  "Atlas", "Nova", "Helix", "Orion", "Vega", "Quantum", "Cipher", "Nimbus", "Aegis", "Vertex",
  "Lumen", "Echo", "Pulse", "Zephyr", "Onyx", "Polaris", "Titan", "Aurora", "Kestrel", "Falcon",
  "Mosaic", "Prism", "Halo", "Ember", "Cobalt", "Meridian", "Solstice", "Argon",
] as const;

export const NAME_SUFFIXES = ["", "", "", "", "AI", "Pro", "X", "Prime", "Labs", "One"] as const;

export const OPERATIONAL_EVENTS = [
  (day: string, engine: string) => `${day}: minted on ${engine}`,
  (day: string) => `${day}: passed the quarterly security review`,
  (day: string) => `${day}: recovered from an RPC provider outage without data loss`,
  (day: string) => `${day}: promoted to production after a two-week shadow run`,
  (day: string) => `${day}: completed cross-chain migration drills`,
  (day: string) => `${day}: retrained on updated market data`,
  (day: string) => `${day}: rate limits raised after sustained load test`,
  (day: string) => `${day}: on-call rotation handed over to the night squad`,
] as const;

/** Organisations that lease agents (owner stays the minting wallet). */
export const LESSEES = ["Northwind DAO", "Helios Capital", "Arcadia Health", "Kite Logistics", "Bluefin Games", "CivicGrid"] as const;
