// The data providers a chain may have (docs/wallet-metrics.md, "Configuring a chain"): an
// Etherscan-compatible account API and a CoinGecko-shaped price API, and which a chain has.
export { chainSources, canIndexOnDemand, priceSource, sourcePolicy, type ChainSources } from "./config";
export { createExplorerClient, type ExplorerAction, type ExplorerRecord, type ExplorerClient } from "./create-explorer-client";
export { createPriceClient, PRICE_IDS, type PriceClient, type PriceQuote } from "./create-price-client";
export { fetchJson, RateLimited, type FetchPolicy } from "./fetch-json";
