// Facts the ingester reads after the transfers: contract-or-wallet for new counterparties
// (eth_getCode), token metadata (best effort: a token that does not answer decimals is left
// without metadata, so it stays unpriced), balances, and NFT collection names.
import { hexToString, type Hex, type PublicClient } from "viem";
import { BYTES32_METADATA_ABI, TOKEN_ABI } from "./abi-catalog";

/** EIP-7702: an account whose code is a delegation designator is still a wallet. */
const DELEGATION_PREFIX = "0xef0100";

export const isContractCode = (code: Hex | undefined) => !!code && code !== "0x" && !code.toLowerCase().startsWith(DELEGATION_PREFIX);

export const readIsContract = async (client: PublicClient, addresses: readonly string[]) =>
  Promise.all(addresses.map(async (address) => isContractCode(await client.getCode({ address: address as Hex }))));

const readText = async (client: PublicClient, address: string, functionName: "name" | "symbol"): Promise<string | undefined> => {
  try {
    const value = await client.readContract({ address: address as Hex, abi: TOKEN_ABI, functionName });
    if (value) return value;
  } catch {
    // maybe bytes32
  }
  try {
    const value = await client.readContract({ address: address as Hex, abi: BYTES32_METADATA_ABI, functionName });
    const text = hexToString(value, { size: 32 }).replace(/\0+$/, "");
    return text || undefined;
  } catch {
    return undefined;
  }
};

export type TokenMetadata = { address: string; symbol: string; name: string; decimals: number };

/** Symbol, name and decimals of ERC-20 contracts; undefined for one without decimals(). */
export const readTokenMetadata = (client: PublicClient, addresses: readonly string[]) =>
  Promise.all(
    addresses.map(async (address): Promise<TokenMetadata | undefined> => {
      let decimals: number;
      try {
        decimals = await client.readContract({ address: address as Hex, abi: TOKEN_ABI, functionName: "decimals" });
      } catch {
        return undefined;
      }
      const [symbol, name] = await Promise.all([readText(client, address, "symbol"), readText(client, address, "name")]);
      const fallback = `${address.slice(0, 6)}…${address.slice(-4)}`;
      return { address, decimals, symbol: (symbol ?? fallback).slice(0, 64), name: (name ?? symbol ?? fallback).slice(0, 200) };
    }),
  );

export const readCollectionNames = (client: PublicClient, addresses: readonly string[]) => Promise.all(addresses.map((address) => readText(client, address, "name")));

/** Raw balances at `blockNumber`: "native" through eth_getBalance, tokens through balanceOf (null when it fails). */
export const readBalances = (client: PublicClient, wallet: string, tokens: readonly string[], blockNumber: bigint) =>
  Promise.all(
    tokens.map(async (token): Promise<bigint | null> => {
      try {
        if (token === "native") return await client.getBalance({ address: wallet as Hex, blockNumber });
        return await client.readContract({ address: token as Hex, abi: TOKEN_ABI, functionName: "balanceOf", args: [wallet as Hex], blockNumber });
      } catch {
        return null;
      }
    }),
  );
