// A local EVM node for the JSON-RPC source's tests: ganache, in this process, on 127.0.0.1 and a
// free port, with four unlocked deterministic accounts (chain id 1, so it serves "eth-mainnet").
// The test starts it in beforeAll and closes it in afterAll (nothing outlives the test file).
import ganache from "ganache";
import { createPublicClient, encodeDeployData, encodeFunctionData, http, numberToHex, type Abi, type Hex, type PublicClient } from "viem";
import { expect } from "vitest";

export type LocalChain = Awaited<ReturnType<typeof startLocalChain>>;

export const startLocalChain = async () => {
  // ganache 7.9's option types resolve to `undefined` under this TypeScript; the options are its documented ones.
  const options = {
    logging: { quiet: true },
    chain: { chainId: 1, hardfork: "shanghai" },
    wallet: { deterministic: true, totalAccounts: 4, defaultBalance: 100 },
  };
  const server = ganache.server(options as never);
  await server.listen(0, "127.0.0.1");
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const rpc: PublicClient = createPublicClient({ transport: http(url), cacheTime: 0, pollingInterval: 50 });
  const accounts = ((await rpc.request({ method: "eth_accounts" as never })) as Hex[]).map((address) => address.toLowerCase() as Hex);
  const raw = (method: string, params: unknown[] = []) => rpc.request({ method: method as never, params: params as never }) as Promise<unknown>;

  // The node signs for its own unlocked accounts (plain eth_sendTransaction; ganache mines each at once).
  const transact = async (tx: { from: Hex; to?: Hex; value?: bigint; data?: Hex }) => {
    const hash = (await raw("eth_sendTransaction", [
      { from: tx.from, ...(tx.to ? { to: tx.to } : {}), value: numberToHex(tx.value ?? 0n), gas: numberToHex(3_000_000), ...(tx.data ? { data: tx.data } : {}) },
    ])) as Hex;
    const receipt = await rpc.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe("success");
    return receipt;
  };
  return {
    url,
    rpc,
    accounts,
    transact,
    send: (from: Hex, to: Hex, value: bigint) => transact({ from, to, value }),
    call: (from: Hex, address: Hex, abi: Abi, functionName: string, args: unknown[]) => transact({ from, to: address, data: encodeFunctionData({ abi, functionName, args }) }),
    deploy: async (from: Hex, artifact: { abi: unknown[]; bytecode: string }, args: unknown[]) =>
      (await transact({ from, data: encodeDeployData({ abi: artifact.abi as Abi, bytecode: artifact.bytecode as Hex, args }) })).contractAddress!.toLowerCase() as Hex,
    /** Mines `count` empty blocks. */
    mine: async (count = 1) => {
      for (let i = 0; i < count; i += 1) await raw("evm_mine");
    },
    /** A snapshot of the chain; revert(id) throws away every block after it (a reorganisation, as the node sees it). */
    snapshot: async () => (await raw("evm_snapshot")) as Hex,
    revert: async (id: Hex) => expect(await raw("evm_revert", [id])).toBe(true),
    close: () => server.close(),
  };
};
