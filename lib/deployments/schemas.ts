// dApp deployment schemas: request bodies, queries and response shapes; shared with the forms.
import { z } from "zod";
import { ZPageQuery } from "../core/paging";
import { DEPLOYMENT_STATUSES } from "./status-machine";

export const ZDeploymentStatus = z
  .enum(DEPLOYMENT_STATUSES, { error: `must be one of ${DEPLOYMENT_STATUSES.join(", ")}` })
  .describe("Deployment status");

export const ZDeploymentId = z
  .string({ error: "must be a string" })
  .regex(/^[A-Za-z0-9._-]{1,128}$/, "must be 1–128 letters, digits, '-', '_' or '.'")
  .describe("Client-chosen id: 1–128 letters, digits, '-', '_' or '.'");

const text = (max: number) => z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(max, `must be at most ${max} characters`);

const measure = (description: string) =>
  z.number({ error: "must be a number" }).min(0, "must be 0 or more").max(1e15, "is too large").optional().describe(description);

export const ZDeployBody = z.object({
  id: ZDeploymentId,
  name: text(200).describe("The dApp's name"),
  version: text(50).describe("The dApp version being deployed"),
  industry: text(100).describe("Target industry"),
  useCase: text(200).describe("What the deployment is for"),
  deployedBy: text(100).describe("Who or what started it"),
  deploymentStatus: ZDeploymentStatus.describe("Stored as given and recorded as the first history entry"),
  deploymentDate: z.iso
    .datetime({ offset: true, error: "must be an ISO 8601 date-time with a time zone, e.g. 2026-11-01T09:00:00Z" })
    .optional()
    .describe("When the deployment started (ISO 8601 with offset)"),
  configuration: z
    .object({
      network: text(100).optional().describe("Chain, e.g. eth-mainnet"),
      networkLayer: text(50).optional().describe("Layer1 or Layer2"),
      contractAddress: text(100).optional().describe("Address of the deployed contract"),
    })
    .optional(),
  deploymentMetrics: z
    .object({
      deploymentTime: measure("Seconds from start to deployed or failed"),
      gasUsed: measure("Gas units"),
      securityScore: z.number({ error: "must be a number" }).min(0, "must be from 0 to 100").max(100, "must be from 0 to 100").optional().describe("Audit score 0–100"),
    })
    .optional(),
  metadata: z.object({ notes: z.string({ error: "must be a string" }).trim().max(2000, "must be at most 2000 characters").optional() }).optional(),
});
export type TDeployBody = z.infer<typeof ZDeployBody>;

export const ZDeploymentParams = z.object({ deploymentId: ZDeploymentId });

export const ZDeploymentStatusBody = z.object({ status: ZDeploymentStatus.describe("The status to move to") });

export const ZDeploymentListQuery = ZPageQuery.extend({
  status: ZDeploymentStatus.optional(),
  q: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional().describe("Words in the name, use case or industry"),
});
export type TDeploymentListQuery = z.output<typeof ZDeploymentListQuery>;

export const ZDeployment = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  industry: z.string(),
  useCase: z.string(),
  deployedBy: z.string(),
  deploymentStatus: ZDeploymentStatus,
  deploymentDate: z.string().optional().describe("ISO 8601"),
  configuration: z.object({ network: z.string().optional(), networkLayer: z.string().optional(), contractAddress: z.string().optional() }),
  deploymentMetrics: z.object({ deploymentTime: z.number().optional(), gasUsed: z.number().optional(), securityScore: z.number().optional() }),
  metadata: z.object({ notes: z.string().optional() }),
});
export type TDeployment = z.infer<typeof ZDeployment>;

export const ZDeploymentStatusChange = z.object({
  from: ZDeploymentStatus.nullable().describe("null for the status the deployment was created with"),
  to: ZDeploymentStatus,
  at: z.string().describe("ISO 8601"),
});

export const ZDeploymentWithHistory = ZDeployment.extend({
  statusHistory: z.array(ZDeploymentStatusChange).describe("Every move, oldest first (an addition to the contract's shape)"),
});
export type TDeploymentWithHistory = z.infer<typeof ZDeploymentWithHistory>;
