// Agent schemas: request bodies, path and query parameters, response shapes. Shared by the API
// routes, the OpenAPI document and the dashboard forms, so nothing server-only is imported here.
import { z } from "zod";
import { ZSortablePageQuery } from "../core/paging";
import { CURSOR_OF_ANOTHER_SORT, ZSort, cursorMatchesSort, type SortFields, type Sortable } from "../core/sorting";
import { ZEntityId, int32, isoDateTime } from "../core/primitives";

export const ROLES_PER_AGENT = 5;

export { ZEntityId };

const ZText = (max: number) => z.string().trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

const ZPercent = z.number().min(0, "must be at least 0").max(100, "must be at most 100");

export const ZRole = z.object({
  roleName: ZText(64).describe("The role trait, e.g. Scout, Builder, Defender, Healer"),
  primaryFunction: ZText(200).describe("What the role does"),
  skills: z.array(ZText(100)).max(50, "at most 50 skills").default([]).describe("Skills of this role, in order"),
});
export type TRole = z.infer<typeof ZRole>;

export const ZOwnershipMetadata = z.object({
  owner: z.string().trim().max(200).nullable().default(null).describe("Owner (e.g. the minting wallet address)"),
  leased: z.boolean().default(false).describe("Whether the agent is leased out"),
});

export const ZDynamicMetadata = z.object({
  currentVersion: z.string().trim().max(64).nullable().default(null).describe("Current version of the agent"),
  skillUpgrades: z.array(ZText(200)).max(100).default([]).describe("Skill upgrades applied"),
});

export const ZPerformanceMetrics = z.object({
  uptime: ZPercent.default(0).describe("Uptime in percent (0–100)"),
  completionRate: ZPercent.default(0).describe("Share of tasks completed, in percent (0–100)"),
  averageResponseTime: z.number().min(0, "must be at least 0").default(0).describe("Average response time in milliseconds"),
  errorRate: ZPercent.default(0).describe("Share of failed calls, in percent (0–100)"),
});

export const ZHistoryPoint = z.object({
  timestamp: isoDateTime().describe("When the totals were recorded"),
  tasksCompleted: int32().min(0, "must be at least 0").describe("Tasks completed up to then"),
  experiencePoints: int32().min(0, "must be at least 0").describe("Experience points up to then"),
  taskId: ZEntityId.optional().describe("The task whose completion or failure added this point (kept when the agent is replaced)"),
});

/** The body of POST /api/agents and PUT /api/agents/{agentId}: a whole agent. */
export const ZAgentBody = z.object({
  id: ZEntityId.describe("Client-chosen id"),
  name: ZText(200).describe("Display name"),
  aiEngine: ZText(100).describe("The AI engine the agent runs on"),
  operationalHistory: z.array(ZText(500)).max(1000).default([]).describe("Notable events, oldest first"),
  experiencePoints: int32().min(0, "must be at least 0").default(0).describe("Experience points"),
  specialization: ZText(64)
    .optional()
    .describe("Dominant role trait; when absent, the roleName that occurs most among the roles (ties: the earlier one)"),
  ownershipMetadata: ZOwnershipMetadata.default({ owner: null, leased: false }),
  roles: z
    .array(ZRole)
    .length(ROLES_PER_AGENT, `must hold exactly ${ROLES_PER_AGENT} roles`)
    .optional()
    .describe("Exactly five roles; when absent, five are minted deterministically from id and aiEngine"),
  dynamicMetadata: ZDynamicMetadata.default({ currentVersion: null, skillUpgrades: [] }),
  performanceMetrics: ZPerformanceMetrics.default({ uptime: 0, completionRate: 0, averageResponseTime: 0, errorRate: 0 }),
  historicalData: z.array(ZHistoryPoint).max(10_000).default([]).describe("Performance history; stored ordered by time"),
});
export type TAgentBody = z.output<typeof ZAgentBody>;
/** What a form fills in (defaults not yet applied). */
export type TAgentBodyInput = z.input<typeof ZAgentBody>;

export const ZCreateAgentBody = ZAgentBody;
export type TCreateAgentBody = TAgentBody;
export const ZUpdateAgentBody = ZAgentBody;
export type TUpdateAgentBody = TAgentBody;

export const ZAgentParams = z.object({ agentId: ZEntityId.describe("Agent id") });

/** The columns the agent list sorts by. */
export const AGENT_SORT = {
  id: { column: "id", kind: "string" },
  name: { column: "name", kind: "string" },
  specialization: { column: "specialization", kind: "string" },
  completionRate: { column: "completionRate", kind: "number" },
  createdAt: { column: "createdAt", kind: "date" },
  updatedAt: { column: "updatedAt", kind: "date" },
} satisfies SortFields;

export const ZAgentListQuery = ZSortablePageQuery.extend({
  q: z.string().trim().max(200).optional().describe("Name or id contains this (case-insensitive)"),
  specialization: z.string().trim().max(64).optional().describe("Only agents with this specialization"),
  role: z.string().trim().max(64).optional().describe("Only agents having a role with this roleName"),
  sort: ZSort(AGENT_SORT),
}).refine(cursorMatchesSort, CURSOR_OF_ANOTHER_SORT);
export type TAgentListQuery = Sortable<z.output<typeof ZAgentListQuery>>;

export const ZAgent = z.object({
  id: z.string(),
  name: z.string(),
  aiEngine: z.string(),
  operationalHistory: z.array(z.string()),
  experiencePoints: z.number().int(),
  specialization: z.string(),
  ownershipMetadata: z.object({ owner: z.string().nullable(), leased: z.boolean() }),
  roles: z.array(z.object({ roleName: z.string(), primaryFunction: z.string(), skills: z.array(z.string()) })),
  dynamicMetadata: z.object({ currentVersion: z.string().nullable(), skillUpgrades: z.array(z.string()) }),
  performanceMetrics: z.object({
    uptime: z.number(),
    completionRate: z.number(),
    averageResponseTime: z.number(),
    errorRate: z.number(),
  }),
  metricsSource: z
    .enum(["reported", "measured"])
    .describe("Where performanceMetrics come from: sent by clients (reported), or measured from the agent's runs once it has connected (measured; clients cannot overwrite them)"),
  historicalData: z.array(
    z.object({
      timestamp: z.string(),
      tasksCompleted: z.number().int(),
      experiencePoints: z.number().int(),
      taskId: z.string().optional().describe("The task whose outcome added this point; absent for points sent by clients"),
    }),
  ),
});
export type TAgent = z.infer<typeof ZAgent>;

export const ZAgentSummary = z.object({
  id: z.string(),
  name: z.string(),
  currentRole: z.string().describe("The first role's roleName"),
  completionRate: z.number().describe("performanceMetrics.completionRate (percent)"),
  specialization: z.string(),
});
export type TAgentSummary = z.infer<typeof ZAgentSummary>;
