// The full agent in one SQL statement (roles and history aggregated as JSON), for the hot read
// GET /api/agents/{agentId}/details: one round trip where Prisma's include takes three. The
// fragments are shared with the squad and syndicate reads (lib/squads/squad-sql.ts). The
// benchmark's bare server (scripts/bench-bare.ts) runs this same SQL.
import type { TAgent, TRole } from "./schemas";

/** An ISO 8601 UTC string of a timestamp column, as Date#toISOString writes it. */
export const isoOf = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A role (AgentRole or StackedRole row `alias`) as the contract's Role object. */
export const roleJson = (alias: string) =>
  `json_build_object('roleName', ${alias}."roleName", 'primaryFunction', ${alias}."primaryFunction", 'skills', ${alias}.skills)`;

/** The roles of the agent whose id is the SQL expression `agentId`, by position, as a JSON array. */
export const rolesOfAgent = (agentId: string) =>
  `coalesce((SELECT json_agg(${roleJson("r")} ORDER BY r.position) FROM "AgentRole" r WHERE r."agentId" = ${agentId}), '[]')`;

/**
 * One agent ($1) with its roles and its history (by time, then id), as one JSON object in the
 * column "agent": one field for the driver to parse (JSON.parse), where sixteen columns, two of
 * them arrays, cost more to parse than the statement took to run.
 */
export const AGENT_DETAILS_SQL = `SELECT json_build_object('id', a.id, 'name', a.name, 'aiEngine', a."aiEngine",
    'operationalHistory', a."operationalHistory", 'experiencePoints', a."experiencePoints", 'specialization', a.specialization,
    'owner', a.owner, 'leased', a.leased, 'roles', ${rolesOfAgent("a.id")}, 'currentVersion', a."currentVersion",
    'skillUpgrades', a."skillUpgrades", 'uptime', a.uptime, 'completionRate', a."completionRate",
    'averageResponseTime', a."averageResponseTime", 'errorRate', a."errorRate",
    'history', coalesce((SELECT json_agg(json_strip_nulls(json_build_object('timestamp', ${isoOf("h.timestamp")}, 'tasksCompleted', h."tasksCompleted", 'experiencePoints', h."experiencePoints", 'taskId', h."taskId"))
      ORDER BY h.timestamp, h.id) FROM "AgentHistoryPoint" h WHERE h."agentId" = a.id), '[]')) AS agent
  FROM "Agent" a WHERE a.id = $1`;

type Json<T> = T | string;

/** A JSON column as the driver gives it: parsed already (pg), or as text. */
export const parsedJson = <T>(value: Json<T>): T => (typeof value === "string" ? (JSON.parse(value) as T) : value);

/** The agent object of AGENT_DETAILS_SQL. */
export type AgentDetailsJson = {
  id: string;
  name: string;
  aiEngine: string;
  operationalHistory: string[];
  experiencePoints: number;
  specialization: string;
  owner: string | null;
  leased: boolean;
  roles: TRole[];
  currentVersion: string | null;
  skillUpgrades: string[];
  uptime: number;
  completionRate: number;
  averageResponseTime: number;
  errorRate: number;
  history: TAgent["historicalData"];
};

/** A row of AGENT_DETAILS_SQL. */
export type AgentDetailsRow = { agent: Json<AgentDetailsJson> };

/** The contract's Agent from a row of AGENT_DETAILS_SQL (the same object toAgent makes of Prisma's). */
export const agentOfRow = (row: AgentDetailsRow): TAgent => {
  const agent = parsedJson(row.agent);
  return {
    id: agent.id,
    name: agent.name,
    aiEngine: agent.aiEngine,
    operationalHistory: agent.operationalHistory,
    experiencePoints: Number(agent.experiencePoints),
    specialization: agent.specialization,
    ownershipMetadata: { owner: agent.owner, leased: agent.leased },
    roles: agent.roles,
    dynamicMetadata: { currentVersion: agent.currentVersion, skillUpgrades: agent.skillUpgrades },
    performanceMetrics: {
      uptime: agent.uptime,
      completionRate: agent.completionRate,
      averageResponseTime: Number(agent.averageResponseTime),
      errorRate: agent.errorRate,
    },
    historicalData: agent.history,
  };
};
