// Reads one block range from a JSON-RPC node: the Transfer logs from and to the wallet (ERC-20
// and ERC-721), and the transactions from and to it as native transfers: those that carry value,
// and every transaction sent to the wallet (a zero-value one is an unsolicited ping). A
// zero-value call the wallet makes (approve, a token transfer) moves no native coin and is
// left out; its token transfers come from the logs. Failed transactions moved nothing and are
// skipped. Every row is a WalletTransfer with lower-case addresses.
import { numberToHex, pad, type Hex, type PublicClient } from "viem";
import { TRANSFER_TOPIC } from "./abi";

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

type RpcLog = { address: Hex; topics: Hex[]; data: Hex; blockNumber: Hex | null; transactionHash: Hex | null; logIndex: Hex | null; removed?: boolean };

const topicAddress = (topic: Hex) => `0x${topic.slice(-40)}`.toLowerCase();

/** The uint256 at the start of a log's data (0 when the data is empty). */
const dataAmount = (data: Hex) => (data.length >= 66 ? BigInt(data.slice(0, 66)) : data.length > 2 ? BigInt(data) : 0n);

const logsWithTopics = (client: PublicClient, fromBlock: bigint, toBlock: bigint, topics: (Hex | null)[]) =>
  client.request({ method: "eth_getLogs", params: [{ fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock), topics }] }) as Promise<RpcLog[]>;

export const scanRange = async (client: PublicClient, chain: string, wallet: string, fromBlock: bigint, toBlock: bigint): Promise<TransferRow[]> => {
  const walletTopic = pad(wallet as Hex, { size: 32 }).toLowerCase() as Hex;
  const numbers: bigint[] = [];
  for (let block = fromBlock; block <= toBlock; block += 1n) numbers.push(block);
  const [outgoing, incoming, blocks] = await Promise.all([
    logsWithTopics(client, fromBlock, toBlock, [TRANSFER_TOPIC, walletTopic]),
    logsWithTopics(client, fromBlock, toBlock, [TRANSFER_TOPIC, null, walletTopic]),
    Promise.all(numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true }))),
  ]);

  const times = new Map<bigint, Date>();
  const senders = new Map<string, string>();
  const own: { hash: string; from: string; to: string | null; value: bigint; blockNumber: bigint }[] = [];
  for (const block of blocks) {
    const blockNumber = block.number ?? 0n;
    times.set(blockNumber, new Date(Number(block.timestamp) * 1000));
    for (const tx of block.transactions) {
      const from = tx.from.toLowerCase();
      const to = tx.to?.toLowerCase() ?? null;
      senders.set(tx.hash.toLowerCase(), from);
      if ((from === wallet && tx.value > 0n) || to === wallet) own.push({ hash: tx.hash.toLowerCase(), from, to, value: tx.value, blockNumber });
    }
  }

  const receipts = await Promise.all(own.map((tx) => client.getTransactionReceipt({ hash: tx.hash as Hex })));
  const rows: TransferRow[] = [];
  own.forEach((tx, index) => {
    const receipt = receipts[index];
    if (receipt.status !== "success") return;
    rows.push({
      chain,
      txHash: tx.hash,
      logIndex: -1,
      blockNumber: tx.blockNumber,
      timestamp: times.get(tx.blockNumber)!,
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

  const seen = new Set<string>();
  for (const log of [...outgoing, ...incoming]) {
    if (log.removed || !log.transactionHash || log.blockNumber === null || log.logIndex === null) continue;
    if (log.topics.length !== 3 && log.topics.length !== 4) continue;
    const txHash = log.transactionHash.toLowerCase();
    const logIndex = Number(BigInt(log.logIndex));
    const key = `${txHash}|${logIndex}`;
    if (seen.has(key)) continue; // a transfer to itself matches both queries
    seen.add(key);
    const blockNumber = BigInt(log.blockNumber);
    const nft = log.topics.length === 4;
    rows.push({
      chain,
      txHash,
      logIndex,
      blockNumber,
      timestamp: times.get(blockNumber)!,
      fromAddress: topicAddress(log.topics[1]),
      toAddress: topicAddress(log.topics[2]),
      kind: nft ? "erc721" : "erc20",
      tokenAddress: log.address.toLowerCase(),
      tokenId: nft ? BigInt(log.topics[3]).toString() : null,
      amount: nft ? "1" : dataAmount(log.data).toString(),
      txFrom: senders.get(txHash) ?? null,
    });
  }
  return rows.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
};
