// The agent list (GET /api/agents) in one SQL statement: the page with each agent's first role
// (one join, where Prisma took a second statement) and the total (lib/core/list-sql.ts). It goes
// through the process's SQL runner (lib/db `getDb().sql`), not through Prisma's query engine, whose
// per-query work cost more than the statement itself on this hot read. The filters are the ones
// Prisma wrote for the earlier query (`ILIKE` for its case-insensitive contains and equals), the
// order and the cursors those of lib/core/sorting.ts, so the answers are the same to the byte
// (tests/agents/list-sql-parity.test.ts compares them with the Prisma query).
import { listPageSql } from "../core/list-sql";
import { containsSql, equalsInsensitiveSql, sqlParams, type SqlParams } from "../core/sorting-sql";
import type { TAgentListQuery } from "./schemas";

type Filters = Pick<TAgentListQuery, "q" | "specialization" | "role">;

/** The conditions of ?q=, ?specialization= and ?role= on the agent row `a` (none: no condition). */
const filtersSql = (query: Filters, params: SqlParams): string[] => {
  const conditions: string[] = [];
  if (query.q) conditions.push(`(${containsSql("a.name", query.q, params)} OR ${containsSql("a.id", query.q, params)})`);
  if (query.specialization) conditions.push(equalsInsensitiveSql("a.specialization", query.specialization, params));
  if (query.role) {
    conditions.push(`EXISTS (SELECT 1 FROM "AgentRole" fr WHERE fr."agentId" = a.id AND ${equalsInsensitiveSql('fr."roleName"', query.role, params)})`);
  }
  return conditions;
};

/** The fields of a page row, in the order agentPageSql's rows give them (then the sort value). */
export type AgentListFields = [id: string, name: string, currentRole: string, completionRate: number, specialization: string];

/** The statement of one page (after the cursor, in the list's order, each agent with its first role) and the total. */
export const agentPageSql = (query: TAgentListQuery) => {
  const params = sqlParams();
  return listPageSql({
    table: "Agent",
    alias: "a",
    from: `"Agent" a LEFT JOIN "AgentRole" r ON r."agentId" = a.id AND r.position = 0`,
    select: ["a.id", "a.name", `coalesce(r."roleName", a.specialization) AS "currentRole"`, `a."completionRate"`, "a.specialization"],
    selected: ["id", "name", "currentRole", "completionRate", "specialization"],
    fields: ["p.id", "p.name", `p."currentRole"`, `p."completionRate"`, "p.specialization"],
    filters: filtersSql(query, params),
    query,
    params,
  });
};
