// NFT summary: the NFTs the wallet holds now on the requested chains, valued at their
// collections' floor prices (an unknown floor counts 0).
import type { MetricsContext } from "./context";
import { roundCents } from "./numbers";

export const summarizeNfts = (ctx: MetricsContext) => ({
  nftCount: ctx.nfts.length,
  nftValueEst: roundCents(ctx.nfts.reduce((sum, nft) => sum + (nft.floorPriceUsd ?? 0), 0)),
});
