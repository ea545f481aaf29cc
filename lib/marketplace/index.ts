// The marketplace: dApps, agents, squads, syndicates, datasets, models and plugins on offer.
export * from "./schemas";
export * from "./operations";
export { addMarketplaceItem } from "./add-marketplace-item";
export { getMarketplaceItem, findMarketplaceItem } from "./get-marketplace-item";
export { updateMarketplaceItem } from "./update-marketplace-item";
export { deleteMarketplaceItem } from "./delete-marketplace-item";
export { listMarketplaceItems, listMarketplaceCategories } from "./list-marketplace-items";
