// The registry is the layer table of docs/wallet-metrics.md ("The chain registry"); the demo seed builds on it.
import { expect, it } from "vitest";
import { CHAINS } from "../seed/chain-catalog";
import { CHAIN_REGISTRY, slugToEnvSuffix } from "./chain-catalog";

it("holds the layer table's chains in their layers", () => {
  const ids = (layer: string) => CHAIN_REGISTRY.filter((chain) => chain.layer === layer).map((chain) => chain.chainId);
  expect(ids("Layer1")).toEqual([1, 56, 43114, 137, 100, 250]);
  expect(ids("Layer2")).toEqual([42161, 10, 8453, 324, 59144, 534352]);
  expect(new Set(CHAIN_REGISTRY.map((chain) => chain.slug)).size).toBe(CHAIN_REGISTRY.length);
  expect(slugToEnvSuffix("eth-mainnet")).toBe("ETH_MAINNET");
});

it("gives the seed block facts for every chain of the registry", () => {
  expect(CHAINS.map((chain) => chain.slug)).toEqual(CHAIN_REGISTRY.map((chain) => chain.slug));
  for (const chain of CHAINS) expect(chain.blockSeconds).toBeGreaterThan(0);
});
