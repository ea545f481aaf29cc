import { prisma } from "../db";
import { notFound } from "../http/errors";
import type { TSyndicate } from "./schemas";
import { SYNDICATE_INCLUDE, toSyndicateView, type SyndicateView } from "./syndicate-shape";

/** The syndicate with each squad's full data, or null; a fixed number of queries whatever its size. */
export const findSyndicateView = async (syndicateId: string): Promise<SyndicateView | null> => {
  const row = await prisma.syndicate.findUnique({ where: { id: syndicateId }, include: SYNDICATE_INCLUDE });
  return row ? toSyndicateView(row) : null;
};

/** The contract's Syndicate; 404 when there is none with that id. */
export const getSyndicateDetails = async (syndicateId: string): Promise<TSyndicate> => {
  const view = await findSyndicateView(syndicateId);
  if (!view) throw notFound("Syndicate", syndicateId);
  return view.syndicate;
};
