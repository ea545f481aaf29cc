// Local stand-ins (node:http on 127.0.0.1) for the providers a chain's data comes from, following
// their documented APIs: an Etherscan-compatible account API and CoinGecko's price API. Each
// records the requests it got, and can be told to rate limit, fail or hang.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ExplorerRecord } from "../../lib/wallet/sources/create-explorer-client";

type Handler = (url: URL, response: ServerResponse) => void;

export type StandIn = { url: string; requests: URL[]; close: () => Promise<void>; behave: (next: Behaviour[]) => void };

/** What the next requests get instead of a normal answer, one entry per request. */
export type Behaviour = "http-429" | "body-rate-limit" | "notok" | "http-500" | "hang";

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
};

const serve = async (path: string, handler: Handler): Promise<StandIn> => {
  const requests: URL[] = [];
  let queue: Behaviour[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    requests.push(url);
    const behaviour = queue.shift();
    if (behaviour === "http-429") return json(response, 429, { status: "0", message: "NOTOK", result: "Max rate limit reached" }, { "retry-after": "0" });
    if (behaviour === "body-rate-limit") return json(response, 200, { status: "0", message: "NOTOK", result: "Max rate limit reached, please use API Key for higher rate limit" });
    if (behaviour === "notok") return json(response, 200, { status: "0", message: "NOTOK", result: "Invalid API Key" });
    if (behaviour === "http-500") return json(response, 500, { error: "internal" });
    if (behaviour === "hang") return void hanging.add(response);
    if (!url.pathname.startsWith(path)) return json(response, 404, { error: "not found" });
    handler(url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    requests,
    behave: (next) => void (queue = [...next]),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type ExplorerData = {
  head: bigint;
  /** address (lower case) → action → records (any order; served sorted by block). */
  records: Record<string, Partial<Record<"txlist" | "txlistinternal" | "tokentx" | "tokennfttx", ExplorerRecord[]>>>;
  balances: Record<string, string>;
  /** `${address}|${contract}` → raw balance */
  tokenBalances: Record<string, string>;
  /** `${address}|${action}` pairs the stand-in refuses (status "0", NOTOK), as a provider with a fault would. */
  refused?: Set<string>;
};

/** Etherscan's account module: startblock/endblock inclusive, page × offset at most `window` records, sort asc. */
export const startExplorer = (data: ExplorerData, window = 10_000) =>
  serve("/api", (url, response) => {
    const q = (name: string) => url.searchParams.get(name) ?? "";
    if (q("module") === "proxy" && q("action") === "eth_blockNumber") return json(response, 200, { jsonrpc: "2.0", id: 83, result: `0x${data.head.toString(16)}` });
    if (q("module") !== "account") return json(response, 200, { status: "0", message: "NOTOK", result: "Error! Missing Or invalid Module name" });
    const address = q("address").toLowerCase();
    const action = q("action");
    if (action === "balance") return json(response, 200, { status: "1", message: "OK", result: data.balances[address] ?? "0" });
    if (action === "tokenbalance") return json(response, 200, { status: "1", message: "OK", result: data.tokenBalances[`${address}|${q("contractaddress").toLowerCase()}`] ?? "0" });
    if (data.refused?.has(`${address}|${action}`)) return json(response, 200, { status: "0", message: "NOTOK", result: "Query Timeout occured. Please select a smaller result dataset" });
    const rows = data.records[address]?.[action as "txlist"];
    if (!["txlist", "txlistinternal", "tokentx", "tokennfttx"].includes(action)) return json(response, 200, { status: "0", message: "NOTOK", result: "Error! Invalid action" });
    const start = BigInt(q("startblock") || "0");
    const end = BigInt(q("endblock") || "99999999");
    const page = Number(q("page") || "1");
    const offset = Number(q("offset") || "10000");
    if (page * offset > window) return json(response, 200, { status: "0", message: "NOTOK", result: "Result window is too large, PageNo x Offset size must be less than or equal to 10000" });
    const inRange = (rows ?? [])
      .filter((row) => BigInt(row.blockNumber) >= start && BigInt(row.blockNumber) <= end)
      .sort((a, b) => Number(BigInt(a.blockNumber) - BigInt(b.blockNumber)));
    const slice = inRange.slice((page - 1) * offset, page * offset);
    if (slice.length === 0) return json(response, 200, { status: "0", message: "No transactions found", result: [] });
    json(response, 200, { status: "1", message: "OK", result: slice });
  });

export type PriceData = {
  /** coin id → { usd, last_updated_at } */
  coins: Record<string, { usd: number; last_updated_at: number }>;
  /** platform → contract (lower case) → { usd, last_updated_at } */
  tokens: Record<string, Record<string, { usd: number; last_updated_at: number }>>;
  /** coin id or `${platform}/${contract}` → [[ms, usd], …] */
  history: Record<string, [number, number][]>;
};

/** CoinGecko's v3 API paths as documented. */
export const startPriceApi = (data: PriceData) =>
  serve("/api/v3", (url, response) => {
    const path = url.pathname.replace(/^\/api\/v3/, "");
    if (path === "/simple/price") {
      const ids = (url.searchParams.get("ids") ?? "").split(",");
      return json(response, 200, Object.fromEntries(ids.filter((id) => data.coins[id]).map((id) => [id, data.coins[id]])));
    }
    const token = /^\/simple\/token_price\/([^/]+)$/.exec(path);
    if (token) {
      const known = data.tokens[token[1]] ?? {};
      const contracts = (url.searchParams.get("contract_addresses") ?? "").split(",").map((c) => c.toLowerCase());
      return json(response, 200, Object.fromEntries(contracts.filter((c) => known[c]).map((c) => [c, known[c]])));
    }
    const chart = /^\/coins\/(.+?)\/market_chart$/.exec(path);
    if (chart) {
      const id = chart[1].replace("/contract/", "/");
      const points = data.history[id];
      if (!points) return json(response, 404, { error: "coin not found" });
      const days = Number(url.searchParams.get("days") ?? "1");
      const since = Date.now() - days * 86_400_000;
      return json(response, 200, { prices: points.filter(([ms]) => ms >= since), market_caps: [], total_volumes: [] });
    }
    json(response, 404, { error: "Not found" });
  });
