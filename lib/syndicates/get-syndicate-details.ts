import { read, readStatement, type SyndicateDetails, type WithDocuments } from "../db";
import { notFound } from "../core/errors";
import type { TSyndicate } from "./schemas";
import { toSyndicateView, type SyndicateDocument, type SyndicateView } from "./shape";

/** A row of the "SyndicateDetails" view: the syndicate's document (shape.ts). */
export type SyndicateDetailsRow = WithDocuments<Pick<SyndicateDetails, "syndicate">, { syndicate: SyndicateDocument }>;

/**
 * GET /api/syndicates/{syndicateId}/details: one syndicate ($1) from its read view, its squads'
 * documents included. Writes read it back through the same statement; the bench's bare peers send it too.
 */
export const SYNDICATE_DETAILS = readStatement<[syndicateId: string], SyndicateDetailsRow>("syndicate-details", `SELECT syndicate FROM "SyndicateDetails" WHERE id = $1`);

/** The syndicate with each squad's full data, or null: one statement whatever its size. */
export const findSyndicateView = async (syndicateId: string): Promise<SyndicateView | null> => {
  const [row] = await read(SYNDICATE_DETAILS, [syndicateId]);
  return row ? toSyndicateView(row.syndicate) : null;
};

/** The contract's Syndicate; 404 when there is none with that id. */
export const getSyndicateDetails = async (syndicateId: string): Promise<TSyndicate> => {
  const view = await findSyndicateView(syndicateId);
  if (!view) throw notFound("Syndicate", syndicateId);
  return view.syndicate;
};
