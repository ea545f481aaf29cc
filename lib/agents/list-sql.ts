// The agent list (GET /api/agents) in two SQL statements run side by side: the page with each
// agent's first role (one join, where Prisma took a second statement), and the count. They go
// through the process's SQL runner (lib/db `getDb().sql`), not through Prisma's query engine, whose
// per-query work cost more than the statements themselves on this hot read. The filters are the
// ones Prisma wrote for the earlier query (`ILIKE` for its case-insensitive contains and equals),
// the order and the cursors those of lib/core/sorting.ts, so the answers are the same to the byte
// (tests/agents/list-sql-parity.test.ts compares them with the Prisma query).
import { afterCursorSql, containsSql, equalsInsensitiveSql, orderBySql, sortValueSql, sqlParams, type SqlParams } from "../core/sorting-sql";
import type { TAgentListQuery } from "./schemas";

type Filters = Pick<TAgentListQuery, "q" | "specialization" | "role">;

/** The conditions of ?q=, ?specialization= and ?role= on the agent row `a` (none: true). */
const filtersSql = (query: Filters, params: SqlParams): string[] => {
  const conditions: string[] = [];
  if (query.q) conditions.push(`(${containsSql("a.name", query.q, params)} OR ${containsSql("a.id", query.q, params)})`);
  if (query.specialization) conditions.push(equalsInsensitiveSql("a.specialization", query.specialization, params));
  if (query.role) {
    conditions.push(`EXISTS (SELECT 1 FROM "AgentRole" fr WHERE fr."agentId" = a.id AND ${equalsInsensitiveSql('fr."roleName"', query.role, params)})`);
  }
  return conditions;
};

const whereOf = (conditions: string[]) => (conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "");

/** A row of the page statement; `sortValue` is the sort column's value (dates as ISO text). */
export type AgentListRow = {
  id: string;
  name: string;
  currentRole: string;
  completionRate: number;
  specialization: string;
  sortValue?: string | number;
};

/** The page statement: `limit + 1` rows after the cursor in the list's order, each with its first role. */
export const agentPageSql = (query: TAgentListQuery) => {
  const params = sqlParams();
  const conditions = filtersSql(query, params);
  if (query.cursor) conditions.push(afterCursorSql("a", query.cursor, query.sort, params));
  const sortValue = sortValueSql("a", query.sort);
  const text = `SELECT a.id, a.name, coalesce(r."roleName", a.specialization) AS "currentRole", a."completionRate", a.specialization${
    sortValue ? `, ${sortValue} AS "sortValue"` : ""
  }
  FROM "Agent" a LEFT JOIN "AgentRole" r ON r."agentId" = a.id AND r.position = 0
  ${whereOf(conditions)}
  ORDER BY ${orderBySql("a", query.sort)}
  LIMIT ${params.add(query.limit + 1)}`;
  return { text, values: params.values };
};

/** The count statement: the agents the filters keep (the cursor aside). */
export const agentCountSql = (query: Filters) => {
  const params = sqlParams();
  const text = `SELECT count(*)::int AS total FROM "Agent" a ${whereOf(filtersSql(query, params))}`;
  return { text, values: params.values };
};
