// A squad with its members (and their roles) and its stacked roles in one SQL statement, for the
// hot read GET /api/squads/{squadId}/details: one round trip where Prisma's include takes five.
// The JSON has SQUAD_INCLUDE's shape, so toSquadView reads it as it reads Prisma's row. The
// syndicate read nests the same fragment; the benchmark's bare server runs this same SQL.
import { parsedJson, roleJson, rolesOfAgent } from "../agents";
import type { SquadRow } from "./squad-shape";

/** The stacked roles of the owner (`column` "squadId" or "syndicateId" equal to the SQL expression `owner`), by position. */
export const stackedRolesOf = (column: "squadId" | "syndicateId", owner: string) =>
  `coalesce((SELECT json_agg(${roleJson("sr")} ORDER BY sr.position) FROM "StackedRole" sr WHERE sr."${column}" = ${owner}), '[]')`;

const membersOf = (squadId: string) => `coalesce((SELECT json_agg(json_build_object('agent', json_build_object(
    'id', a.id, 'name', a.name, 'aiEngine', a."aiEngine", 'experiencePoints', a."experiencePoints", 'uptime', a.uptime,
    'completionRate', a."completionRate", 'roles', ${rolesOfAgent("a.id")})) ORDER BY m.position)
  FROM "SquadMember" m JOIN "Agent" a ON a.id = m."agentId" WHERE m."squadId" = ${squadId}), '[]')`;

/** The squad row `alias` as a JSON object of SQUAD_INCLUDE's shape (id, name, members, stackedRoles). */
export const squadJson = (alias: string) =>
  `json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'members', ${membersOf(`${alias}.id`)}, 'stackedRoles', ${stackedRolesOf("squadId", `${alias}.id`)})`;

/** One squad ($1) as JSON, in the column "squad". */
export const SQUAD_DETAILS_SQL = `SELECT ${squadJson("s")} AS squad FROM "Squad" s WHERE s.id = $1`;

/** The squad JSON of SQUAD_DETAILS_SQL as the row toSquadView reads (the fields it reads). */
export const squadRowOf = (value: unknown): SquadRow => parsedJson(value as SquadRow);
