// A JSON-RPC proxy (node:http on 127.0.0.1) in front of the local node that behaves like a hosted
// provider with a range limit: eth_getLogs over more than `maxRange` blocks is refused the way
// Alchemy refuses it (-32602 "Log response size exceeded …"); everything else is passed through.
// Batched requests (viem batches) are answered item by item. It records the ranges it served.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

type RpcRequest = { jsonrpc: "2.0"; id: number | string; method: string; params?: unknown[] };

export type RpcProxy = { url: string; served: { from: bigint; to: bigint }[]; refused: number; close: () => Promise<void> };

export const startRangeLimitedProxy = async (upstream: string, maxRange: number): Promise<RpcProxy> => {
  const proxy: Omit<RpcProxy, "url" | "close"> = { served: [], refused: 0 };
  const forward = async (item: RpcRequest) => {
    if (item.method === "eth_getLogs") {
      const filter = (item.params?.[0] ?? {}) as { fromBlock?: string; toBlock?: string };
      const from = BigInt(filter.fromBlock ?? "0x0");
      const to = BigInt(filter.toBlock ?? "0x0");
      if (to - from + 1n > BigInt(maxRange)) {
        proxy.refused += 1;
        return { jsonrpc: "2.0", id: item.id, error: { code: -32602, message: `Log response size exceeded. You can make eth_getLogs requests with up to a ${maxRange} block range.` } };
      }
      proxy.served.push({ from, to });
    }
    const response = await fetch(upstream, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(item) });
    return response.json();
  };
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RpcRequest | RpcRequest[];
    const answer = Array.isArray(body) ? await Promise.all(body.map(forward)) : await forward(body);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
};
