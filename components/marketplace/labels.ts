// Labels of marketplace items (server and client alike).
import { formatPrice } from "@/lib/format";
import type { TMarketplaceItem } from "@/lib/marketplace/schemas";


export const commerceSummary = (commerce: TMarketplaceItem["commerce"]) => {
  if (!commerce) return "Price on request";
  if ("price" in commerce) return formatPrice(commerce.price);
  return `Lease ${formatPrice(commerce.leasePrice)}/mo · Buy ${formatPrice(commerce.salePrice)}`;
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
