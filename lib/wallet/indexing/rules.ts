// Turns an Etherscan-compatible account API's records into WalletTransfer rows (lower-case
// addresses, raw integer amounts), with the same rules as the JSON-RPC ingester: a failed
// transaction moved nothing; a transaction's own value is log index −1 and counts when the
// wallet sent value or received the transaction; internal transfers (txlistinternal: value moved
// by contracts) get log indexes −2, −3, … within their transaction; token transfers keep the
// provider's logIndex (Blockscout sends it; without it, 100000 + their order in the transaction).
import type { ExplorerAction, ExplorerRecord } from "../sources";
import type { TransferRow } from "../ingest";

const lower = (value: string | undefined) => (value ?? "").toLowerCase();

export const explorerRows = (action: ExplorerAction, chain: string, wallet: string, records: readonly ExplorerRecord[], senders: ReadonlyMap<string, string>): TransferRow[] => {
  const ordinal = new Map<string, number>();
  const next = (hash: string) => {
    const n = ordinal.get(hash) ?? 0;
    ordinal.set(hash, n + 1);
    return n;
  };
  return records.flatMap((record): TransferRow[] => {
    if (record.isError === "1") return [];
    const hash = lower(record.hash);
    const base = { chain, txHash: hash, blockNumber: BigInt(record.blockNumber), timestamp: new Date(Number(record.timeStamp) * 1000), fromAddress: lower(record.from) };
    const to = lower(record.to) || lower(record.contractAddress);
    const value = BigInt(record.value || "0");
    if (action === "txlist") {
      const counts = (base.fromAddress === wallet && value > 0n) || to === wallet;
      return counts ? [{ ...base, logIndex: -1, toAddress: to, kind: "native", tokenAddress: "native", tokenId: null, amount: value.toString(), txFrom: base.fromAddress }] : [];
    }
    if (action === "txlistinternal") {
      const n = next(hash);
      if (value === 0n || (base.fromAddress !== wallet && to !== wallet)) return [];
      return [{ ...base, logIndex: -2 - n, toAddress: to, kind: "native", tokenAddress: "native", tokenId: null, amount: value.toString(), txFrom: senders.get(hash) ?? null }];
    }
    const n = next(hash);
    const logIndex = record.logIndex !== undefined && record.logIndex !== "" ? Number(record.logIndex) : 100_000 + n;
    const token = lower(record.contractAddress);
    if (action === "tokentx") return [{ ...base, logIndex, toAddress: to, kind: "erc20", tokenAddress: token, tokenId: null, amount: value.toString(), txFrom: senders.get(hash) ?? null }];
    return [{ ...base, logIndex, toAddress: lower(record.to), kind: "erc721", tokenAddress: token, tokenId: record.tokenID ?? "0", amount: "1", txFrom: senders.get(hash) ?? null }];
  });
};

/** Token metadata the ERC-20 records carry (symbol, name, decimals), once per contract. */
export const explorerTokens = (chain: string, records: readonly ExplorerRecord[]) => {
  const tokens = new Map<string, { chain: string; address: string; symbol: string; name: string; decimals: number }>();
  for (const record of records) {
    const address = lower(record.contractAddress);
    const decimals = Number(record.tokenDecimal);
    if (!address || tokens.has(address) || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) continue;
    tokens.set(address, { chain, address, symbol: (record.tokenSymbol || "?").slice(0, 50), name: (record.tokenName || record.tokenSymbol || address).slice(0, 200), decimals });
  }
  return [...tokens.values()];
};
