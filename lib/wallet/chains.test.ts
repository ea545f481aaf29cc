// The registry and the demo seed's chain catalog describe the same twelve chains.
import { expect, it } from "vitest";
import { CHAINS } from "../seed/chain-catalog";
import { CHAIN_REGISTRY, slugToEnvSuffix } from "./chains";

it("matches the seed's chain catalog and the layer table", () => {
  expect(CHAINS.map(({ slug, chainId, name, layer, nativeSymbol, nativeName }) => ({ slug, chainId, name, layer, nativeSymbol, nativeName }))).toEqual(CHAIN_REGISTRY);
  expect(CHAIN_REGISTRY.filter((chain) => chain.layer === "Layer2").map((chain) => chain.chainId)).toEqual([42161, 10, 8453, 324, 59144, 534352]);
  expect(slugToEnvSuffix("eth-mainnet")).toBe("ETH_MAINNET");
});
