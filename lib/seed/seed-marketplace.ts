// Demo marketplace: a hand-written catalogue over every item type and both commerce shapes
// (a plain `price`, or `leasePrice` + `salePrice` + `supportedIndustries`). Prices are USD;
// leasePrice is per month. Larger seeds add numbered editions of the catalogue.
import type { Prisma } from "../db";
import { DAY, HOUR, after, before, bulkInsert, serialId, type SeedContext } from "./generator/support";

type Commerce = { price: number } | { lease: number; sale: number; industries: string[] };

type CatalogItem = {
  name: string;
  type: Prisma.MarketplaceItemCreateManyInput["itemType"];
  category: string;
  url: string;
  description: string;
  commerce: Commerce;
};

const CATALOG: readonly CatalogItem[] = [
  { name: "LedgerLens Portfolio Tracker", type: "dApp", category: "DeFi Analytics", url: "https://app.ledgerlens.io", description: "Multi-chain portfolio dashboard with position tracking, PnL and gas analytics.", commerce: { price: 49 } },
  { name: "YieldPilot Vaults", type: "dApp", category: "DeFi", url: "https://yieldpilot.finance", description: "Auto-compounding vaults that rebalance between lending markets on Ethereum and Arbitrum.", commerce: { lease: 120, sale: 4800, industries: ["Financial"] } },
  { name: "MediChain Records", type: "dApp", category: "Healthcare", url: "https://medichain-records.health", description: "Patient-consented record sharing between clinics with an on-chain audit trail.", commerce: { lease: 300, sale: 12000, industries: ["Healthcare", "Public Services"] } },
  { name: "FreightTrace", type: "dApp", category: "Logistics", url: "https://freighttrace.io", description: "Shipment provenance and customs milestones anchored on Base.", commerce: { lease: 220, sale: 9000, industries: ["Logistics", "Supply Chain"] } },
  { name: "Quest Engine", type: "dApp", category: "Gaming", url: "https://questengine.gg", description: "On-chain quests and reward distribution for games and learning platforms.", commerce: { lease: 150, sale: 5200, industries: ["Gaming", "Education", "Social Media"] } },
  { name: "Sentinel Audit Agent", type: "agent", category: "Security", url: "https://hub.syndicate.ai/agents/sentinel-audit", description: "Continuously audits deployed contracts for reentrancy, access-control and oracle risks.", commerce: { price: 299 } },
  { name: "Mempool Scout Agent", type: "agent", category: "Trading", url: "https://hub.syndicate.ai/agents/mempool-scout", description: "Watches pending transactions for large swaps and liquidation opportunities.", commerce: { lease: 80, sale: 2500, industries: ["Financial"] } },
  { name: "Triage Healer Agent", type: "agent", category: "Operations", url: "https://hub.syndicate.ai/agents/triage-healer", description: "Detects failing jobs, rolls back bad releases and files an incident summary.", commerce: { price: 149 } },
  { name: "Red Team Audit Squad", type: "squad", category: "Security", url: "https://hub.syndicate.ai/squads/red-team-audit", description: "Five agents that attack a staging deployment and report exploitable paths.", commerce: { lease: 900, sale: 32000, industries: ["Financial", "Public Services"] } },
  { name: "Market Making Squad", type: "squad", category: "Trading", url: "https://hub.syndicate.ai/squads/market-making", description: "Quotes both sides on three DEXs with inventory and volatility controls.", commerce: { price: 1800 } },
  { name: "Cross-Chain Liquidity Syndicate", type: "syndicate", category: "DeFi", url: "https://hub.syndicate.ai/syndicates/cross-chain-liquidity", description: "Two squads that route liquidity across L2s and hedge bridge exposure.", commerce: { lease: 2500, sale: 95000, industries: ["Financial", "Gaming"] } },
  { name: "Civic Infrastructure Syndicate", type: "syndicate", category: "Public Sector", url: "https://hub.syndicate.ai/syndicates/civic-infrastructure", description: "Monitors public-service systems, schedules maintenance and publishes uptime reports.", commerce: { lease: 1800, sale: 60000, industries: ["Public Services", "Education"] } },
  { name: "EVM Transfer Graph 2026", type: "dataset", category: "On-chain Data", url: "https://data.syndicate.ai/datasets/evm-transfer-graph-2026", description: "Labelled transfer graph of 12 EVM chains with contract and exchange tags.", commerce: { price: 750 } },
  { name: "Phishing Address Corpus", type: "dataset", category: "Security", url: "https://data.syndicate.ai/datasets/phishing-addresses", description: "Known address-poisoning and drainer addresses, refreshed weekly, with first-seen dates.", commerce: { price: 0 } },
  { name: "Clinical Outcomes (de-identified)", type: "dataset", category: "Healthcare", url: "https://data.syndicate.ai/datasets/clinical-outcomes", description: "De-identified treatment outcomes for training triage and scheduling models.", commerce: { lease: 400, sale: 15000, industries: ["Healthcare"] } },
  { name: "RiskScore-7B", type: "model", category: "Risk Models", url: "https://huggingface.co/syndicate-labs/riskscore-7b", description: "A 7B model fine-tuned to grade counterparty and protocol risk from on-chain history.", commerce: { price: 199 } },
  { name: "FraudGuard GNN", type: "model", category: "Security", url: "https://huggingface.co/syndicate-labs/fraudguard-gnn", description: "Graph neural network that flags mule accounts and wash-trading rings.", commerce: { lease: 350, sale: 14000, industries: ["Financial", "Social Media"] } },
  { name: "RouteOpt Adapter", type: "model", category: "Logistics", url: "https://huggingface.co/syndicate-labs/routeopt-lora", description: "LoRA adapter that plans multi-stop delivery routes under time windows.", commerce: { price: 89 } },
  { name: "Slack Alerts Connector", type: "plugin", category: "Integrations", url: "https://github.com/syndicate-labs/slack-alerts", description: "Posts task, deployment and wallet alerts to Slack channels.", commerce: { price: 0 } },
  { name: "Chainlink Price Feed Adapter", type: "plugin", category: "Oracles", url: "https://github.com/syndicate-labs/chainlink-feeds", description: "Gives agents read access to Chainlink price feeds on every supported chain.", commerce: { price: 25 } },
  { name: "Grafana Metrics Exporter", type: "plugin", category: "Observability", url: "https://github.com/syndicate-labs/grafana-exporter", description: "Exports agent uptime, latency and error rates as Prometheus metrics.", commerce: { price: 15 } },
];

export const itemId = (index: number) => serialId("item", index);

/** How many items a seed of `agents` agents holds. */
export const itemCountFor = (agents: number) => Math.max(CATALOG.length, Math.round(agents / 10));

export const seedMarketplace = async (ctx: SeedContext, count: number): Promise<number> => {
  const rng = ctx.rng.fork("marketplace");
  const rows: Prisma.MarketplaceItemCreateManyInput[] = [];
  for (let index = 0; index < count; index += 1) {
    const item = CATALOG[index % CATALOG.length];
    const edition = Math.floor(index / CATALOG.length);
    const major = rng.int(1, 4);
    const usageCount = Math.round(10 ** rng.float(1.7, 4.6));
    const createdAt = before(ctx.epoch, rng.int(150, 700) * DAY + rng.int(0, 23) * HOUR);
    const commerce = item.commerce;
    // Later editions differ a little in price, so the list is not the catalogue repeated.
    const factor = edition === 0 ? 1 : rng.float(0.8, 1.3);
    const money = (value: number) => Math.round(value * factor * 100) / 100;
    rows.push({
      id: itemId(index),
      name: edition === 0 ? item.name : `${item.name} (edition ${edition + 1})`,
      description: item.description,
      itemType: item.type,
      url: edition === 0 ? item.url : `${item.url}?edition=${edition + 1}`,
      category: item.category,
      version: `${major}.${rng.int(0, 12)}.${rng.int(0, 20)}`,
      usageCount,
      averageRating: rng.float(3.2, 4.95, 1),
      reviewCount: Math.round(usageCount * rng.float(0.01, 0.08)),
      ...("price" in commerce
        ? { commerceKind: "price" as const, price: money(commerce.price) }
        : {
            commerceKind: "lease_sale" as const,
            leasePrice: money(commerce.lease),
            salePrice: money(commerce.sale),
            supportedIndustries: commerce.industries,
          }),
      createdAt,
      updatedAt: after(createdAt, rng.next() * (ctx.epoch.getTime() - createdAt.getTime())),
    });
  }
  await bulkInsert(ctx.db, "MarketplaceItem", rows);
  return rows.length;
};
