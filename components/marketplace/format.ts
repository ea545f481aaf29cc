// Display helpers for marketplace items (server and client alike: no locale or clock differences).
import type { TMarketplaceItem } from "@/lib/marketplace/schemas";

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });
export const formatUsd = (value: number) => (value === 0 ? "Free" : usd.format(value));

export const commerceSummary = (commerce: TMarketplaceItem["commerce"]) => {
  if (!commerce) return "Price on request";
  if ("price" in commerce) return formatUsd(commerce.price);
  return `Lease ${formatUsd(commerce.leasePrice)}/mo · Buy ${formatUsd(commerce.salePrice)}`;
};

export const ITEM_TYPE_LABELS: Record<TMarketplaceItem["itemType"], string> = {
  dApp: "dApp",
  agent: "Agent",
  squad: "Squad",
  syndicate: "Syndicate",
  dataset: "Dataset",
  model: "Model",
  plugin: "Plugin",
};

/** A readable id from a name: "LedgerLens Tracker" → "ledgerlens-tracker". */
export const slugify = (value: string) =>
  value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 64);
