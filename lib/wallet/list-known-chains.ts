// The chains a request may name: the registry (lib/wallet/chain-catalog.ts) and any chain stored in the
// Chain table (an import may add one). A stored row wins over the registry entry of its slug.
import { prisma } from "../db";
import { AppError } from "../core/errors";
import { CHAIN_REGISTRY } from "./chain-catalog";
import type { ChainFact } from "./rules/types";

export type KnownChain = ChainFact & { chainId: number; name: string };

export const listKnownChains = async (): Promise<KnownChain[]> => {
  const stored = await prisma.chain.findMany({ select: { slug: true, chainId: true, name: true, layer: true, nativeSymbol: true } });
  const bySlug = new Map<string, KnownChain>(CHAIN_REGISTRY.map(({ slug, chainId, name, layer, nativeSymbol }) => [slug, { slug, chainId, name, layer, nativeSymbol }]));
  for (const chain of stored) bySlug.set(chain.slug, chain);
  return [...bySlug.values()];
};

/**
 * The requested chains, deduplicated in request order, or null for "every chain"; a 400 that
 * lists the known chains when any is unknown (errors at `<part>.chains.<index>`).
 */
export const checkChains = (requested: readonly string[] | undefined, known: readonly KnownChain[], part: "body" | "query"): string[] | null => {
  if (!requested) return null;
  const slugs = new Set(known.map((chain) => chain.slug));
  const list = known.map((chain) => chain.slug).join(", ");
  const errors = requested.flatMap((slug, index) => (slugs.has(slug) ? [] : [{ path: `${part}.chains.${index}`, message: `unknown chain '${slug}'; known chains: ${list}` }]));
  if (errors.length > 0) {
    const unknown = requested.filter((slug) => !slugs.has(slug)).map((slug) => `'${slug}'`);
    throw new AppError("validation_failed", `Unknown chain${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}. Known chains: ${list}.`, { errors });
  }
  return [...new Set(requested)];
};

/** Stores a known chain's Chain row and its native token (idempotent) before an indexer writes its facts; the chain, or a 400 when unknown. */
export const storeChainRows = async (slug: string): Promise<KnownChain> => {
  const known = await listKnownChains();
  const chain = known.find((candidate) => candidate.slug === slug);
  if (!chain) throw new AppError("validation_failed", `Unknown chain '${slug}'; known chains: ${known.map((candidate) => candidate.slug).join(", ")}.`);
  await prisma.chain.createMany({ data: [{ slug, chainId: chain.chainId, name: chain.name, layer: chain.layer, nativeSymbol: chain.nativeSymbol }], skipDuplicates: true });
  const native = CHAIN_REGISTRY.find((entry) => entry.slug === slug);
  await prisma.token.createMany({ data: [{ chain: slug, address: "native", symbol: chain.nativeSymbol, name: native?.nativeName ?? chain.nativeSymbol, decimals: 18 }], skipDuplicates: true });
  return chain;
};
