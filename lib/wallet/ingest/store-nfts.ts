// The NFTs a wallet owns now, from its stored ERC-721 transfers: it holds a token when the latest
// transfer of it went to the wallet. Shared by the JSON-RPC ingester and the explorer indexer;
// each names new collections its own way.
import { prisma } from "../../db";

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** NFTs the wallet owns now: those whose latest ERC-721 transfer went to it. */
export const storeNfts = async (chain: string, wallet: string, readNames: (contracts: string[]) => Promise<readonly (string | null | undefined)[]>) => {
  const transfers = await prisma.walletTransfer.findMany({
    where: { chain, kind: "erc721", OR: [{ fromAddress: wallet }, { toAddress: wallet }] },
    select: { tokenAddress: true, tokenId: true, toAddress: true },
    orderBy: [{ blockNumber: "asc" }, { logIndex: "asc" }],
  });
  const owner = new Map<string, { contractAddress: string; tokenId: string; held: boolean }>();
  for (const transfer of transfers) {
    const tokenId = transfer.tokenId ?? "";
    owner.set(`${transfer.tokenAddress}|${tokenId}`, { contractAddress: transfer.tokenAddress, tokenId, held: transfer.toAddress === wallet });
  }
  const existing = await prisma.nftHolding.findMany({ where: { walletAddress: wallet, chain }, select: { contractAddress: true, tokenId: true } });
  const stored = new Set(existing.map((row) => `${row.contractAddress}|${row.tokenId}`));
  const gone = [...owner.entries()].filter(([key, nft]) => !nft.held && stored.has(key)).map(([, nft]) => nft);
  const added = [...owner.entries()].filter(([key, nft]) => nft.held && !stored.has(key)).map(([, nft]) => nft);
  const contracts = [...new Set(added.map((nft) => nft.contractAddress))];
  const [names, labels] = await Promise.all([
    readNames(contracts),
    prisma.addressInfo.findMany({ where: { chain, address: { in: contracts } }, select: { address: true, label: true } }),
  ]);
  const nameOf = new Map(contracts.map((contract, index) => [contract, names[index] ?? labels.find((row) => row.address === contract)?.label ?? short(contract)]));
  await prisma.$transaction(async (tx) => {
    if (gone.length > 0) await tx.nftHolding.deleteMany({ where: { walletAddress: wallet, chain, OR: gone.map(({ contractAddress, tokenId }) => ({ contractAddress, tokenId })) } });
    await tx.nftHolding.createMany({
      data: added.map((nft) => ({ walletAddress: wallet, chain, contractAddress: nft.contractAddress, tokenId: nft.tokenId, collectionName: nameOf.get(nft.contractAddress)!.slice(0, 200) })),
      skipDuplicates: true,
    });
  });
  return { held: [...owner.values()].filter((nft) => nft.held).length, added: added.length, removed: gone.length };
};

