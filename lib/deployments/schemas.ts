// dApp deployment schemas: request bodies, queries and response shapes; shared with the forms.
import { z } from "zod";
import { ZSortablePageQuery } from "../core/paging";
import { clientChosenId } from "../core/primitives";
import { CURSOR_OF_ANOTHER_SORT, ZSort, cursorMatchesSort, type SortFields, type Sortable } from "../core/sorting";
import { DEPLOYMENT_STATUSES } from "./status-machine";

export const ZDeploymentStatus = z
  .enum(DEPLOYMENT_STATUSES, { error: `must be one of ${DEPLOYMENT_STATUSES.join(", ")}` })
  .describe("Deployment status");

export const ZDeploymentId = clientChosenId();

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

/** The columns the deployment list sorts by (status in its lifecycle order). */
export const DEPLOYMENT_SORT = {
  id: { column: "id", kind: "string" },
  name: { column: "name", kind: "string" },
  status: { column: "status", kind: "enum", values: DEPLOYMENT_STATUSES },
  industry: { column: "industry", kind: "string" },
  createdAt: { column: "createdAt", kind: "date" },
  updatedAt: { column: "updatedAt", kind: "date" },
} satisfies SortFields;

export const ZDeploymentListQuery = ZSortablePageQuery.extend({
  status: ZDeploymentStatus.optional(),
  q: z.string().trim().min(1, "must not be empty").max(200, "must be at most 200 characters").optional().describe("A part of the name, use case or industry (the whole text, case-insensitive)"),
  sort: ZSort(DEPLOYMENT_SORT),
  stale: z
    .enum(["true", "false"], { error: "must be true or false" })
    .transform((value) => value === "true")
    .optional()
    .describe("true: only stale deployments (in_progress longer than the limit); false: only the others"),
}).refine(cursorMatchesSort, CURSOR_OF_ANOTHER_SORT);
export type TDeploymentListQuery = Sortable<z.output<typeof ZDeploymentListQuery>>;

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
  stale: z.boolean().describe("In progress for longer than DEPLOYMENT_STALE_AFTER_MINUTES (an addition to the contract's shape)"),
  staleSince: z.string().optional().describe("When it became stale (its move to in_progress plus the limit; ISO 8601); only on a stale deployment"),
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

/** A field the edit refuses: it is the status machine's or the pipeline's, not the editor's. */
const notEditable = (message: string) => z.never({ error: message }).optional().describe(`Refused: ${message}`);
const PIPELINE_RECORD = "cannot be edited: it records what the pipeline did";
const clearable = (max: number, description: string) => text(max).nullable().optional().describe(`${description}; null clears it`);

/** What PATCH /api/deployments/{deploymentId} may change; every key is optional, keys left out stay as they are. */
export const EDITABLE_DEPLOYMENT_FIELDS = ["name", "version", "industry", "useCase", "configuration", "metadata"] as const;

export const ZUpdateDeploymentBody = z
  .object({
    id: ZDeploymentId.optional().describe("When sent, must be the path's id (the id cannot change)"),
    name: text(200).optional().describe("The dApp's name"),
    version: text(50).optional().describe("The dApp version being deployed"),
    industry: text(100).optional().describe("Target industry"),
    useCase: text(200).optional().describe("What the deployment is for"),
    configuration: z
      .object({
        network: clearable(100, "Chain, e.g. eth-mainnet"),
        networkLayer: clearable(50, "Layer1 or Layer2"),
        contractAddress: clearable(100, "Address of the deployed contract"),
      })
      .optional()
      .describe("Keys sent replace the stored ones (null clears one); keys left out stay"),
    metadata: z
      .object({
        notes: z.string({ error: "must be a string" }).trim().max(2000, "must be at most 2000 characters").nullable().optional().describe("Free notes; null or empty clears them"),
      })
      .optional()
      .describe("Keys sent replace the stored ones"),
    deploymentStatus: notEditable("the status moves only through PATCH /api/deployments/dapp/{deploymentId}/status"),
    deployedBy: notEditable(PIPELINE_RECORD),
    deploymentDate: notEditable(PIPELINE_RECORD),
    deploymentMetrics: notEditable(PIPELINE_RECORD),
  })
  .refine((body) => EDITABLE_DEPLOYMENT_FIELDS.some((field) => body[field] !== undefined), {
    error: `must change at least one of ${EDITABLE_DEPLOYMENT_FIELDS.join(", ")}`,
  })
  // The document says it too: an empty body is refused.
  .meta({ minProperties: 1 });
export type TUpdateDeploymentBody = z.infer<typeof ZUpdateDeploymentBody>;
