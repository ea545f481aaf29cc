// tokenMap (chain slug → token symbol or contract address) resolved to token addresses, with a
// message per entry that names no known token of its chain.
import type { ChainFact, HoldingFact, TokenFact } from "./types";

export type TokenMapIssue = { chain: string; message: string };

const ADDRESS = /^0x[0-9a-f]{40}$/;

export const resolveTokenMap = (
  tokenMap: Record<string, string>,
  facts: { chains: readonly ChainFact[]; tokens: readonly TokenFact[]; holdings: readonly HoldingFact[]; chainFilter: readonly string[] | null },
): { resolved: Record<string, string>; issues: TokenMapIssue[] } => {
  const resolved: Record<string, string> = {};
  const issues: TokenMapIssue[] = [];
  for (const [chain, wanted] of Object.entries(tokenMap)) {
    const chainFact = facts.chains.find((candidate) => candidate.slug === chain);
    if (!chainFact) {
      issues.push({ chain, message: `unknown chain '${chain}'; known: ${facts.chains.map((c) => c.slug).join(", ")}` });
      continue;
    }
    if (facts.chainFilter && !facts.chainFilter.includes(chain)) {
      issues.push({ chain, message: `chain '${chain}' is not among the requested chains` });
      continue;
    }
    const value = wanted.trim().toLowerCase();
    const onChain = facts.tokens.filter((token) => token.chain === chain);
    if (value === "native" || value === chainFact.nativeSymbol.toLowerCase()) {
      resolved[chain] = "native";
      continue;
    }
    if (ADDRESS.test(value)) {
      const known = onChain.some((token) => token.address.toLowerCase() === value) || facts.holdings.some((holding) => holding.chain === chain && holding.tokenAddress.toLowerCase() === value);
      if (known) resolved[chain] = value;
      else issues.push({ chain, message: `no token ${value} is known on ${chain}` });
      continue;
    }
    const matches = onChain.filter((token) => token.symbol.toLowerCase() === value);
    const genuine = matches.filter((token) => !token.isSpam);
    const pick = genuine.length > 0 ? genuine : matches;
    if (pick.length === 1) resolved[chain] = pick[0].address.toLowerCase();
    else if (pick.length === 0) {
      const symbols = [...new Set([chainFact.nativeSymbol, ...onChain.filter((t) => !t.isSpam && t.address !== "native").map((t) => t.symbol)])];
      issues.push({ chain, message: `no token '${wanted}' is known on ${chain}; known: ${symbols.join(", ")} (or a contract address)` });
    } else issues.push({ chain, message: `'${wanted}' names ${pick.length} tokens on ${chain}; give the contract address instead` });
  }
  return { resolved, issues };
};
