// Agents (and open tasks) for the agents, squads and syndicates tests, written through the domain.
import { createAgent, type TAgentBodyInput, ZAgentBody } from "../../lib/agents";
import { prisma, type EntityType, type TaskStatus } from "../../lib/db";
import { unique } from "../helpers/factories";

export const role = (roleName: string, skills: string[] = [`${roleName} skill`]) => ({
  roleName,
  primaryFunction: `${roleName} duty`,
  skills,
});

/** A complete agent body with unique id; override any field. */
export const agentBody = (overrides: Partial<TAgentBodyInput> = {}): TAgentBodyInput => ({
  id: unique("agent"),
  name: "Test Agent",
  aiEngine: "GPT-4o",
  operationalHistory: ["2026-01-01: minted"],
  experiencePoints: 1200,
  ownershipMetadata: { owner: "0xabc", leased: false },
  roles: [role("Scout"), role("Builder"), role("Scout"), role("Healer"), role("Defender")],
  dynamicMetadata: { currentVersion: "1.0.0", skillUpgrades: ["Data Mining II"] },
  performanceMetrics: { uptime: 99.5, completionRate: 90, averageResponseTime: 250, errorRate: 1.5 },
  historicalData: [
    { timestamp: "2026-02-01T00:00:00.000Z", tasksCompleted: 20, experiencePoints: 1200 },
    { timestamp: "2026-01-01T00:00:00.000Z", tasksCompleted: 10, experiencePoints: 600 },
  ],
  ...overrides,
});

/** Creates an agent with the given metrics (and defaults for the rest). */
export const makeAgent = (overrides: Partial<TAgentBodyInput> = {}) => createAgent(ZAgentBody.parse(agentBody(overrides)));

/** Agent with just the three metrics aggregation reads. */
export const makeMetricAgent = (experiencePoints: number, uptime: number, completionRate: number, name = "Metric Agent") =>
  makeAgent({ name, experiencePoints, performanceMetrics: { uptime, completionRate, averageResponseTime: 100, errorRate: 1 } });

/** A task in the given status assigned to an entity (the tasks area's API is not needed for this). */
export const assignTask = (entityType: EntityType, entityId: string, status: TaskStatus = "pending") =>
  prisma.task.create({ data: { id: unique("task"), description: "Test task", status, entityType, entityId } });
