// A syndicate with its squads (each as lib/squads/squad-sql.ts builds it) and its stacked roles in
// one SQL statement, for the hot read GET /api/syndicates/{syndicateId}/details: one round trip
// where Prisma's nested include takes seven. The JSON has SYNDICATE_INCLUDE's shape, so
// toSyndicateView reads it unchanged; the benchmark's bare server runs this same SQL.
import { parsedJson } from "../agents";
import { squadJson, stackedRolesOf } from "../squads";
import type { SyndicateRow } from "./syndicate-shape";

/** One syndicate ($1) as JSON, in the column "syndicate". */
export const SYNDICATE_DETAILS_SQL = `SELECT json_build_object('id', y.id, 'name', y.name,
    'squads', coalesce((SELECT json_agg(json_build_object('squad', ${squadJson("s")}) ORDER BY l.position)
      FROM "SyndicateSquad" l JOIN "Squad" s ON s.id = l."squadId" WHERE l."syndicateId" = y.id), '[]'),
    'stackedRoles', ${stackedRolesOf("syndicateId", "y.id")}) AS syndicate
  FROM "Syndicate" y WHERE y.id = $1`;

/** The syndicate JSON of SYNDICATE_DETAILS_SQL as the row toSyndicateView reads. */
export const syndicateRowOf = (value: unknown): SyndicateRow => parsedJson(value as SyndicateRow);
