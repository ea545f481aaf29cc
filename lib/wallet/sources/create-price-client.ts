// A price API client in CoinGecko's documented shape (the public and Pro APIs share it; so do
// several self-hosted stand-ins):
//   current, native coin:  GET <base>/simple/price?ids=<coin>&vs_currencies=usd&include_last_updated_at=true
//                          → { "<coin>": { "usd": 3012.5, "last_updated_at": 1763900000 } }
//   current, tokens:       GET <base>/simple/token_price/<platform>?contract_addresses=<a,b>&vs_currencies=usd&include_last_updated_at=true
//                          → { "<contract>": { "usd": 1.0, "last_updated_at": … } }   (unknown contracts are absent)
//   daily history:         GET <base>/coins/<coin>/market_chart?vs_currency=usd&days=<n>&interval=daily
//                          GET <base>/coins/<platform>/contract/<contract>/market_chart?…  (same query)
//                          → { "prices": [[<ms>, <usd>], …] }   (404 for an unknown coin or contract)
// A key (PRICE_API_KEY) goes in the query parameter PRICE_API_KEY_PARAM (x_cg_demo_api_key).
import { AppError } from "../../core/errors";
import { fetchJson, type FetchPolicy } from "./fetch-json";

/** CoinGecko's coin id of each chain's native coin and its asset platform id. */
export const PRICE_IDS: Record<string, { coin: string; platform: string }> = {
  "eth-mainnet": { coin: "ethereum", platform: "ethereum" },
  "bsc-mainnet": { coin: "binancecoin", platform: "binance-smart-chain" },
  "avalanche-mainnet": { coin: "avalanche-2", platform: "avalanche" },
  "matic-mainnet": { coin: "polygon-ecosystem-token", platform: "polygon-pos" },
  "gnosis-mainnet": { coin: "xdai", platform: "xdai" },
  "fantom-mainnet": { coin: "fantom", platform: "fantom" },
  "arbitrum-mainnet": { coin: "ethereum", platform: "arbitrum-one" },
  "optimism-mainnet": { coin: "ethereum", platform: "optimistic-ethereum" },
  "base-mainnet": { coin: "ethereum", platform: "base" },
  "zksync-mainnet": { coin: "ethereum", platform: "zksync" },
  "linea-mainnet": { coin: "ethereum", platform: "linea" },
  "scroll-mainnet": { coin: "ethereum", platform: "scroll" },
};

export type PriceQuote = { tokenAddress: string; priceUsd: number; asOf: Date };

export type PriceClient = {
  /** Current USD prices of the chain's native coin ("native") and of the given contracts; unknown ones are left out. */
  current: (chain: string, contracts: readonly string[]) => Promise<PriceQuote[]>;
  /** Daily USD prices of one token ("native" or a contract) over the last `days` days; [] when the API does not know it. */
  daily: (chain: string, tokenAddress: string, days: number) => Promise<PriceQuote[]>;
};

const unexpected = (what: string) => new AppError("unavailable", `The ${what} answered an unexpected shape.`, { headers: { "retry-after": "30" } });

const quoteOf = (entry: unknown): { usd: number; at: number | null } | null => {
  if (typeof entry !== "object" || entry === null) return null;
  const { usd, last_updated_at: at } = entry as { usd?: unknown; last_updated_at?: unknown };
  if (typeof usd !== "number" || !Number.isFinite(usd) || usd < 0) return null;
  return { usd, at: typeof at === "number" ? at : null };
};

export const createPriceClient = (config: { url: string; key: string | null; keyParam?: string; policy: FetchPolicy; now?: () => Date }): PriceClient => {
  const what = "price API";
  const now = config.now ?? (() => new Date());
  const base = config.url.replace(/\/+$/, "");
  const urlOf = (path: string, params: Record<string, string>) => {
    const url = new URL(`${base}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (config.key) url.searchParams.set(config.keyParam ?? "x_cg_demo_api_key", config.key);
    return url.toString();
  };
  const idsOf = (chain: string) => {
    const ids = PRICE_IDS[chain];
    if (!ids) throw new AppError("validation_failed", `No price ids are known for chain '${chain}'.`);
    return ids;
  };
  const object = (body: unknown) => {
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw unexpected(what);
    return body as Record<string, unknown>;
  };
  const quote = (tokenAddress: string, entry: unknown): PriceQuote[] => {
    const parsed = quoteOf(entry);
    return parsed ? [{ tokenAddress, priceUsd: parsed.usd, asOf: parsed.at === null ? now() : new Date(parsed.at * 1000) }] : [];
  };

  return {
    current: async (chain, contracts) => {
      const ids = idsOf(chain);
      const common = { vs_currencies: "usd", include_last_updated_at: "true" };
      const native = object(await fetchJson(urlOf("/simple/price", { ids: ids.coin, ...common }), what, config.policy, (body) => body));
      const quotes = quote("native", native[ids.coin]);
      const wanted = [...new Set(contracts.map((contract) => contract.toLowerCase()))];
      // Providers cap the contracts per call; 50 stays under every documented cap.
      for (let i = 0; i < wanted.length; i += 50) {
        const batch = wanted.slice(i, i + 50);
        const body = object(await fetchJson(urlOf(`/simple/token_price/${ids.platform}`, { contract_addresses: batch.join(","), ...common }), what, config.policy, (value) => value));
        const byLower = new Map(Object.entries(body).map(([key, value]) => [key.toLowerCase(), value]));
        for (const contract of batch) quotes.push(...quote(contract, byLower.get(contract)));
      }
      return quotes;
    },
    daily: async (chain, tokenAddress, days) => {
      const ids = idsOf(chain);
      const path = tokenAddress === "native" ? `/coins/${ids.coin}/market_chart` : `/coins/${ids.platform}/contract/${tokenAddress.toLowerCase()}/market_chart`;
      let body: Record<string, unknown>;
      try {
        body = object(await fetchJson(urlOf(path, { vs_currency: "usd", days: String(days), interval: "daily" }), what, config.policy, (value) => value));
      } catch (error) {
        // An unknown coin or contract is a 404: the token has no history there, which is an answer.
        if (error instanceof AppError && /HTTP 404/.test(error.message)) return [];
        throw error;
      }
      if (!Array.isArray(body.prices)) throw unexpected(what);
      return body.prices.flatMap((point): PriceQuote[] => {
        if (!Array.isArray(point) || typeof point[0] !== "number" || typeof point[1] !== "number" || !Number.isFinite(point[1]) || point[1] < 0) return [];
        return [{ tokenAddress, priceUsd: point[1], asOf: new Date(point[0]) }];
      });
    },
  };
};
