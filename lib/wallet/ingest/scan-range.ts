// Reads one block range of a wallet's history from a JSON-RPC node, by logs filtered on the
// wallet's topics rather than by reading every block:
//   - eth_getLogs for Transfer, Approval and ApprovalForAll with the wallet as topic 1 (the sender
//     of a transfer, the owner of an approval), and for Transfer with the wallet as topic 2 (the
//     recipient). ERC-20 and ERC-721 share the Transfer topic: 3 topics is ERC-20 (amount in data),
//     4 is ERC-721 (token id in topic 3). An ERC-20 Approval (3 topics) is an allowance; ERC-721's
//     single-token Approval (4 topics) lapses when the token moves and is not stored; ApprovalForAll
//     carries its bool in data (1 approved, 0 revoked).
//   - the blocks of those logs (timestamps; their hashes must match the logs', else the chain moved
//     under the read and it is tried again) and each log's transaction (its sender, `txFrom`).
//   - native transfers are not in logs: only the blocks from `nativeFrom` on are read whole, and a
//     transaction sent by the wallet with value, or sent to the wallet (a zero-value one is an
//     unsolicited ping), is a native transfer (log index −1). Failed transactions moved nothing.
// A node that refuses a range as too large (too many results, a range limit) raises
// LogRangeRefused, and the caller reads a smaller range. Every address is lower case.
import { numberToHex, pad, type Hex, type PublicClient } from "viem";
import { APPROVAL_FOR_ALL_TOPIC, APPROVAL_TOPIC, TRANSFER_TOPIC } from "./abi-catalog";

export type TransferRow = {
  chain: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  timestamp: Date;
  fromAddress: string;
  toAddress: string;
  kind: "native" | "erc20" | "erc721";
  tokenAddress: string;
  tokenId: string | null;
  amount: string;
  txFrom: string | null;
};

export type ApprovalRow = {
  chain: string;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  timestamp: Date;
  owner: string;
  spender: string;
  tokenAddress: string;
  kind: "erc20" | "all";
  amount: string;
};

export type ScanResult = { transfers: TransferRow[]; approvals: ApprovalRow[]; endHash: string };

type RpcLog = { address: Hex; topics: Hex[]; data: Hex; blockNumber: Hex | null; blockHash: Hex | null; transactionHash: Hex | null; logIndex: Hex | null; removed?: boolean };

/** The node refused the block range (too many results, or over its range limit): read a smaller one. */
export class LogRangeRefused extends Error {
  constructor(readonly fromBlock: bigint, readonly toBlock: bigint, readonly reason: string) {
    super(`The node refused eth_getLogs for blocks ${fromBlock}–${toBlock}: ${reason}`);
    this.name = "LogRangeRefused";
  }
}

/** The chain changed between reading the logs and their blocks (a reorganisation at the head). */
export class ChainMoved extends Error {
  constructor(block: bigint) {
    super(`Block ${block} changed while it was read (a chain reorganisation); read it again.`);
    this.name = "ChainMoved";
  }
}

// What providers answer for a range they will not serve: Infura "query returned more than 10000
// results" (-32005), Alchemy "Log response size exceeded … block range" (-32602), QuickNode "eth_getLogs
// is limited to a 10,000 range", Cloudflare "range too large", Ankr "block range is too wide", and
// HTTP 413.
const REFUSAL = /range|too (many|large|wide|big)|more than|limit|exceed|response size|max(imum)? .*(blocks|results)/i;
/** A rate limit is not about the range: a smaller one would not help (the transport retries those). */
const RATE_LIMIT = /rate|too many requests|per second/i;

/** Whether an error from eth_getLogs means "ask for fewer blocks". */
export const isRangeRefusal = (error: unknown): string | null => {
  for (let current = error as { code?: unknown; status?: unknown; details?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; current && depth < 6; current = current.cause as typeof current, depth += 1) {
    if (current.status === 413) return "HTTP 413";
    const text = typeof current.details === "string" ? current.details : typeof current.message === "string" ? current.message : "";
    if (typeof current.code === "number" && REFUSAL.test(text) && !RATE_LIMIT.test(text)) return text.split("\n")[0].slice(0, 200);
  }
  return null;
};

const topicAddress = (topic: Hex) => `0x${topic.slice(-40)}`.toLowerCase();

/** The uint256 at the start of a log's data (0 when the data is empty). */
const dataAmount = (data: Hex) => (data.length >= 66 ? BigInt(data.slice(0, 66)) : data.length > 2 ? BigInt(data) : 0n);

const getLogs = async (client: PublicClient, fromBlock: bigint, toBlock: bigint, topics: (Hex | Hex[] | null)[]) => {
  try {
    return (await client.request({ method: "eth_getLogs", params: [{ fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock), topics }] })) as RpcLog[];
  } catch (error) {
    const reason = isRangeRefusal(error);
    if (reason) throw new LogRangeRefused(fromBlock, toBlock, reason);
    throw error;
  }
};

export type ScanInput = { chain: string; wallet: string; fromBlock: bigint; toBlock: bigint; /** Blocks from here on are read whole for native transfers. */ nativeFrom: bigint };

export const scanRange = async (client: PublicClient, input: ScanInput): Promise<ScanResult> => {
  const { chain, wallet, fromBlock, toBlock } = input;
  const walletTopic = pad(wallet as Hex, { size: 32 }).toLowerCase() as Hex;
  const [byOwner, incoming] = await Promise.all([
    getLogs(client, fromBlock, toBlock, [[TRANSFER_TOPIC, APPROVAL_TOPIC, APPROVAL_FOR_ALL_TOPIC], walletTopic]),
    getLogs(client, fromBlock, toBlock, [TRANSFER_TOPIC, null, walletTopic]),
  ]);
  const logs = [...byOwner, ...incoming].filter((log) => !log.removed && log.transactionHash && log.blockNumber !== null && log.logIndex !== null);

  // Whole blocks for the native window; headers for the other blocks that have logs, and the range's last block (the cursor's hash).
  const nativeStart = input.nativeFrom > fromBlock ? input.nativeFrom : fromBlock;
  const whole: bigint[] = [];
  for (let block = nativeStart; block <= toBlock; block += 1n) whole.push(block);
  const headers = [...new Set([...logs.map((log) => BigInt(log.blockNumber!)), toBlock])].filter((block) => block < nativeStart);
  const [full, bare] = await Promise.all([
    Promise.all(whole.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true }))),
    Promise.all(headers.map((blockNumber) => client.getBlock({ blockNumber }))),
  ]);
  const blocks = new Map<bigint, { hash: string; time: Date }>();
  for (const block of [...full, ...bare]) blocks.set(block.number!, { hash: block.hash!.toLowerCase(), time: new Date(Number(block.timestamp) * 1000) });
  for (const log of logs) {
    if (blocks.get(BigInt(log.blockNumber!))?.hash !== log.blockHash?.toLowerCase()) throw new ChainMoved(BigInt(log.blockNumber!));
  }

  const senders = new Map<string, string>();
  const own: { hash: string; from: string; to: string | null; value: bigint; blockNumber: bigint }[] = [];
  for (const block of full) {
    for (const tx of block.transactions) {
      const from = tx.from.toLowerCase();
      const to = tx.to?.toLowerCase() ?? null;
      senders.set(tx.hash.toLowerCase(), from);
      if ((from === wallet && tx.value > 0n) || to === wallet) own.push({ hash: tx.hash.toLowerCase(), from, to, value: tx.value, blockNumber: block.number! });
    }
  }
  const unknownSenders = [...new Set(logs.map((log) => log.transactionHash!.toLowerCase()))].filter((hash) => !senders.has(hash));
  const [receipts, transactions] = await Promise.all([
    Promise.all(own.map((tx) => client.getTransactionReceipt({ hash: tx.hash as Hex }))),
    Promise.all(unknownSenders.map((hash) => client.getTransaction({ hash: hash as Hex }))),
  ]);
  transactions.forEach((tx, index) => senders.set(unknownSenders[index], tx.from.toLowerCase()));

  const transfers: TransferRow[] = [];
  own.forEach((tx, index) => {
    const receipt = receipts[index];
    if (receipt.status !== "success") return;
    transfers.push({
      chain,
      txHash: tx.hash,
      logIndex: -1,
      blockNumber: tx.blockNumber,
      timestamp: blocks.get(tx.blockNumber)!.time,
      fromAddress: tx.from,
      // A contract creation has no recipient; the new contract is the counterparty.
      toAddress: tx.to ?? receipt.contractAddress?.toLowerCase() ?? "0x0000000000000000000000000000000000000000",
      kind: "native",
      tokenAddress: "native",
      tokenId: null,
      amount: tx.value.toString(),
      txFrom: tx.from,
    });
  });

  const approvals: ApprovalRow[] = [];
  const seen = new Set<string>();
  for (const log of logs) {
    const txHash = log.transactionHash!.toLowerCase();
    const logIndex = Number(BigInt(log.logIndex!));
    const key = `${txHash}|${logIndex}`;
    if (seen.has(key)) continue; // a transfer to itself matches both queries
    seen.add(key);
    const blockNumber = BigInt(log.blockNumber!);
    const base = { chain, txHash, logIndex, blockNumber, timestamp: blocks.get(blockNumber)!.time, tokenAddress: log.address.toLowerCase() };
    const topic = log.topics[0]?.toLowerCase();
    if (topic === TRANSFER_TOPIC && (log.topics.length === 3 || log.topics.length === 4)) {
      const nft = log.topics.length === 4;
      transfers.push({
        ...base,
        fromAddress: topicAddress(log.topics[1]),
        toAddress: topicAddress(log.topics[2]),
        kind: nft ? "erc721" : "erc20",
        tokenId: nft ? BigInt(log.topics[3]).toString() : null,
        amount: nft ? "1" : dataAmount(log.data).toString(),
        txFrom: senders.get(txHash) ?? null,
      });
    } else if ((topic === APPROVAL_TOPIC || topic === APPROVAL_FOR_ALL_TOPIC) && log.topics.length === 3) {
      const all = topic === APPROVAL_FOR_ALL_TOPIC;
      const value = dataAmount(log.data);
      approvals.push({ ...base, owner: topicAddress(log.topics[1]), spender: topicAddress(log.topics[2]), kind: all ? "all" : "erc20", amount: (all ? (value === 0n ? 0n : 1n) : value).toString() });
    }
  }
  const order = <T extends { blockNumber: bigint; logIndex: number }>(a: T, b: T) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1);
  return { transfers: transfers.sort(order), approvals: approvals.sort(order), endHash: blocks.get(toBlock)!.hash };
};
