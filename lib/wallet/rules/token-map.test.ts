import { describe, expect, it } from "vitest";
import { resolveTokenMap } from "./token-map";
import { facts, SPAM, USDC } from "./test-facts";

const base = facts();
const resolve = (tokenMap: Record<string, string>, chainFilter: string[] | null = null) =>
  resolveTokenMap(tokenMap, { chains: base.chains, tokens: base.tokens, holdings: base.holdings, chainFilter });

describe("resolveTokenMap", () => {
  it("resolves symbols (any case), contract addresses (any case), the native symbol and 'native'", () => {
    expect(resolve({ "eth-mainnet": "usdc" })).toEqual({ resolved: { "eth-mainnet": USDC }, issues: [] });
    expect(resolve({ "eth-mainnet": USDC.toUpperCase().replace("0X", "0x") }).resolved).toEqual({ "eth-mainnet": USDC });
    expect(resolve({ "eth-mainnet": "ETH", "base-mainnet": "native" }).resolved).toEqual({ "eth-mainnet": "native", "base-mainnet": "native" });
    expect(resolve({ "eth-mainnet": "ETHG" }).resolved).toEqual({ "eth-mainnet": SPAM });
  });

  it("reports unknown tokens, unknown chains and chains outside the filter", () => {
    const { issues } = resolve({ "eth-mainnet": "DOGE", "moon-mainnet": "ETH", "base-mainnet": "ETH", "scroll-mainnet": "0x1111111111111111111111111111111111111111" }, ["eth-mainnet", "scroll-mainnet"]);
    expect(issues.map((issue) => issue.chain)).toEqual(["eth-mainnet", "moon-mainnet", "base-mainnet", "scroll-mainnet"]);
    expect(issues[0].message).toContain("known: ETH, USDC");
    expect(issues[1].message).toMatch(/^unknown chain 'moon-mainnet'; known: eth-mainnet/);
    expect(issues[2].message).toContain("not among the requested chains");
  });

  it("prefers the genuine token when a spam token shares its symbol, and refuses a real ambiguity", () => {
    const tokens = [...base.tokens, { chain: "eth-mainnet", address: "0x9999999999999999999999999999999999999999", symbol: "USDC", name: "Fake", decimals: 6, isSpam: true }];
    expect(resolveTokenMap({ "eth-mainnet": "USDC" }, { chains: base.chains, tokens, holdings: [], chainFilter: null }).resolved).toEqual({ "eth-mainnet": USDC });
    const twins = [...base.tokens, { chain: "eth-mainnet", address: "0x9999999999999999999999999999999999999999", symbol: "USDC", name: "Bridged", decimals: 6, isSpam: false }];
    expect(resolveTokenMap({ "eth-mainnet": "USDC" }, { chains: base.chains, tokens: twins, holdings: [], chainFilter: null }).issues[0].message).toContain("give the contract address");
  });
});
