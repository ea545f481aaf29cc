// An Etherscan-compatible account API client (Etherscan, Blockscout and their clones share it):
// GET <base>?module=account&action=<action>&address=…&startblock=…&endblock=…&page=…&offset=…&sort=asc.
// Answers are { status: "1" | "0", message, result }: "0" with "No transactions found" / "No
// records found" is an empty history, "0" with a "rate limit" text is rate limiting (backed off
// like HTTP 429), any other "0" is the provider refusing (the message and result say why).
// Paging: page × offset reaches only a window of records (10,000 on Etherscan), so when a window
// is full the next request starts again at page 1 from the last block seen; rows of that block
// read twice are dropped by their key.
import { AppError } from "../../core/errors";
import { fetchJson, RateLimited, type FetchPolicy } from "./fetch-json";

export type ExplorerAction = "txlist" | "txlistinternal" | "tokentx" | "tokennfttx";

/** The fields this project reads; providers send more. All values are strings. */
export type ExplorerRecord = {
  blockNumber: string;
  timeStamp: string;
  hash: string;
  from: string;
  to: string;
  value?: string;
  isError?: string;
  contractAddress?: string;
  tokenName?: string;
  tokenSymbol?: string;
  tokenDecimal?: string;
  tokenID?: string;
  logIndex?: string;
  traceId?: string;
};

export type ExplorerClient = {
  /** Every record of `action` for the address in [startBlock, endBlock], oldest first. */
  list: (action: ExplorerAction, address: string, range: { startBlock: bigint; endBlock: bigint }, onPage?: (rows: number) => void) => Promise<ExplorerRecord[]>;
  /** Native balance now (raw integer). */
  balance: (address: string) => Promise<bigint>;
  /** An ERC-20 balance now (action=tokenbalance). */
  tokenBalance: (address: string, contract: string) => Promise<bigint>;
  /** The chain's head block (module=proxy&action=eth_blockNumber). */
  headBlock: () => Promise<bigint>;
};

type Envelope = { status?: unknown; message?: unknown; result?: unknown; jsonrpc?: unknown };

const EMPTY = /^no (transactions|records|token transfers)? ?found/i;

const envelopeOf = (body: unknown, what: string): Envelope => {
  if (typeof body !== "object" || body === null) throw new AppError("unavailable", `The ${what} answered an unexpected shape.`, { headers: { "retry-after": "30" } });
  return body as Envelope;
};

/** The result of an account call: [] for an empty history; RateLimited or a 503 for a refusal. */
const accountResult = (what: string) => (body: unknown) => {
  const envelope = envelopeOf(body, what);
  if (envelope.status === "1") return envelope.result;
  const message = String(envelope.message ?? "");
  const result = typeof envelope.result === "string" ? envelope.result : "";
  if (EMPTY.test(message) || EMPTY.test(result)) return [];
  if (/rate limit/i.test(result) || /rate limit/i.test(message)) throw new RateLimited(result || message);
  throw new AppError("unavailable", `The ${what} refused the request: ${[message, result].filter(Boolean).join(" — ") || "no reason given"}.`, { headers: { "retry-after": "60" } });
};

const recordKey = (row: ExplorerRecord) => `${row.hash}|${row.logIndex ?? ""}|${row.traceId ?? ""}|${row.tokenID ?? ""}|${row.from}|${row.to}|${row.value ?? ""}|${row.contractAddress ?? ""}`;

export const createExplorerClient = (config: { url: string; key: string | null; chain: string; pageSize: number; window: number; policy: FetchPolicy }): ExplorerClient => {
  const what = `${config.chain} explorer API`;
  const urlOf = (params: Record<string, string>) => {
    const url = new URL(config.url);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    if (config.key) url.searchParams.set("apikey", config.key);
    return url.toString();
  };
  const call = (params: Record<string, string>) => fetchJson(urlOf({ module: "account", ...params }), what, config.policy, accountResult(what));
  const integer = (value: unknown, name: string) => {
    if (typeof value !== "string" || !/^(0x[0-9a-f]+|\d+)$/i.test(value)) throw new AppError("unavailable", `The ${what} answered a ${name} that is not a number.`, { headers: { "retry-after": "30" } });
    return BigInt(value);
  };

  const list: ExplorerClient["list"] = async (action, address, range, onPage) => {
    const rows: ExplorerRecord[] = [];
    const seen = new Set<string>();
    let startBlock = range.startBlock;
    const pagesPerWindow = Math.max(1, Math.floor(config.window / config.pageSize));
    for (;;) {
      let full = false;
      let lastBlock = startBlock;
      for (let page = 1; page <= pagesPerWindow; page += 1) {
        const result = await call({ action, address, startblock: startBlock.toString(), endblock: range.endBlock.toString(), page: String(page), offset: String(config.pageSize), sort: "asc" });
        if (!Array.isArray(result)) throw new AppError("unavailable", `The ${what} answered ${action} without a list.`, { headers: { "retry-after": "30" } });
        for (const row of result as ExplorerRecord[]) {
          const key = recordKey(row);
          if (seen.has(key)) continue;
          seen.add(key);
          rows.push(row);
          const block = integer(row.blockNumber, "block number");
          if (block > lastBlock) lastBlock = block;
        }
        onPage?.(rows.length);
        full = result.length === config.pageSize;
        if (!full) break;
      }
      // The window was full: start a new one at the last block seen (its rows may continue there).
      if (!full) break;
      if (lastBlock === startBlock) {
        throw new AppError("unavailable", `The ${what} has more ${action} records in block ${startBlock} than one window of ${config.window} holds.`, { headers: { "retry-after": "60" } });
      }
      startBlock = lastBlock;
    }
    return rows;
  };

  return {
    list,
    balance: async (address) => integer(await call({ action: "balance", address, tag: "latest" }), "balance"),
    tokenBalance: async (address, contract) => integer(await call({ action: "tokenbalance", address, contractaddress: contract, tag: "latest" }), "token balance"),
    headBlock: async () => {
      const result = await fetchJson(urlOf({ module: "proxy", action: "eth_blockNumber" }), what, config.policy, (body) => {
        const envelope = envelopeOf(body, what);
        if (typeof envelope.result === "string" && envelope.result.startsWith("0x")) return envelope.result;
        return accountResult(what)(body);
      });
      return integer(result, "block number");
    },
  };
};
