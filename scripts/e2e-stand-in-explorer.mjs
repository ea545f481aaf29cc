// A stand-in Etherscan-compatible account API for the browser tests (scripts/e2e-server.mjs
// starts it and points EXPLORER_URL_E2E_DEVNET at it): the chain "e2e-devnet" is only known once a
// test imports it, so no other test starts indexing against it. One address has a history (two
// payments in, answered slowly enough that a person — and a test — sees the indexing panel);
// every other address has none and is answered at once.
import { createServer } from "node:http";

export const E2E_INDEXED_ADDRESS = "0x00000000000000000000000000000000000e2e01";
const PAYER = "0x00000000000000000000000000000000000e2e02";
const HEAD = 1000;
const ETHER = 10n ** 18n;
const now = Math.floor(Date.now() / 1000);
const hash = (n) => `0x${"e2e".padEnd(63, "0")}${n}`;
const HISTORY = {
  txlist: [
    { blockNumber: "100", timeStamp: String(now - 3 * 86_400), hash: hash(1), from: PAYER, to: E2E_INDEXED_ADDRESS, value: (2n * ETHER).toString(), isError: "0" },
    { blockNumber: "200", timeStamp: String(now - 2 * 86_400), hash: hash(2), from: PAYER, to: E2E_INDEXED_ADDRESS, value: (ETHER / 2n).toString(), isError: "0" },
  ],
};

export const startStandInExplorer = async () => {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const q = (name) => url.searchParams.get(name) ?? "";
    const address = q("address").toLowerCase();
    const answer = (body) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const reply = (body) => (address === E2E_INDEXED_ADDRESS ? setTimeout(() => answer(body), 600) : answer(body));
    if (q("module") === "proxy") return reply({ jsonrpc: "2.0", id: 1, result: `0x${HEAD.toString(16)}` });
    if (q("action") === "balance") return reply({ status: "1", message: "OK", result: address === E2E_INDEXED_ADDRESS ? (25n * ETHER / 10n).toString() : "0" });
    const rows = address === E2E_INDEXED_ADDRESS ? (HISTORY[q("action")] ?? []) : [];
    const page = Number(q("page") || "1");
    if (rows.length === 0 || page > 1) return reply({ status: "0", message: "No transactions found", result: [] });
    reply({ status: "1", message: "OK", result: rows });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/api`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
