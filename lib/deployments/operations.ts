// API operations of this area, gathered into the OpenAPI document by the HTTP layer (each export is one Operation).
import { z } from "zod";
import { defineOperation } from "../core/operation";
import {
  ZDeployBody,
  ZDeployment,
  ZDeploymentListQuery,
  ZDeploymentParams,
  ZDeploymentStatusBody,
  ZDeploymentWithHistory,
  ZUpdateDeploymentBody,
} from "./schemas";
import type { TDeployBody, TDeployment, TDeploymentWithHistory } from "./schemas";

// The document's examples: one deployment, queued, started, deployed and then given its contract address.
const DEPLOY_EXAMPLE = {
  id: "yieldpilot-vaults-2-4-0",
  name: "YieldPilot Vaults",
  version: "2.4.0",
  industry: "Financial",
  useCase: "Treasury rebalancing",
  deployedBy: "release-pipeline",
  deploymentStatus: "queued",
  configuration: { network: "arbitrum-mainnet", networkLayer: "Layer2" },
  deploymentMetrics: { gasUsed: 3412880, securityScore: 94 },
  metadata: { notes: "Awaiting multisig sign-off." },
} satisfies TDeployBody;
const QUEUED_EXAMPLE: TDeployment = { ...DEPLOY_EXAMPLE, stale: false };
const DEPLOYED_EXAMPLE: TDeployment = {
  ...QUEUED_EXAMPLE,
  deploymentStatus: "deployed",
  deploymentDate: "2026-11-01T09:42:00.000Z",
  deploymentMetrics: { deploymentTime: 450, gasUsed: 3412880, securityScore: 94 },
};
const CONTRACT_ADDRESS = "0x7a3b9c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b";
const EDIT_EXAMPLE = { configuration: { contractAddress: CONTRACT_ADDRESS }, metadata: { notes: "Verified on the block explorer; ownership moved to the multisig." } };
const EDITED_EXAMPLE: TDeployment = {
  ...DEPLOYED_EXAMPLE,
  configuration: { ...DEPLOYED_EXAMPLE.configuration, contractAddress: CONTRACT_ADDRESS },
  metadata: EDIT_EXAMPLE.metadata,
};
const WITH_HISTORY_EXAMPLE: TDeploymentWithHistory = {
  ...EDITED_EXAMPLE,
  statusHistory: [
    { from: null, to: "queued", at: "2026-11-01T09:30:00.000Z" },
    { from: "queued", to: "in_progress", at: "2026-11-01T09:42:00.000Z" },
    { from: "in_progress", to: "deployed", at: "2026-11-01T09:49:30.000Z" },
  ],
};
const STALE_EXAMPLE: TDeployment = {
  ...QUEUED_EXAMPLE,
  id: "yieldpilot-vaults-2-5-0",
  version: "2.5.0",
  deploymentStatus: "in_progress",
  deploymentDate: "2026-11-02T14:00:00.000Z",
  deploymentMetrics: { gasUsed: 3520114, securityScore: 91 },
  metadata: { notes: "Broadcasting deployment transactions." },
  stale: true,
  staleSince: "2026-11-02T15:00:00.000Z",
};

export const deployDappOperation = defineOperation({
  method: "POST",
  path: "/api/deployments/dapp/deploy",
  operationId: "deployDapp",
  summary: "Start a dApp deployment",
  description:
    "Records a deployment under the client-chosen `id` with the `deploymentStatus` the body carries, which is also the first entry of its status history, and records `deployment.created`. A `deploymentDate` left out is set now for a deployment created past `queued`, and at its move to `in_progress` for a queued one. Move it on with `PATCH /api/deployments/dapp/{deploymentId}/status`.",
  example: { body: DEPLOY_EXAMPLE, response: QUEUED_EXAMPLE },
  tags: ["Deployments"],
  access: "operator",
  agentRoles: ["Builder"],
  body: ZDeployBody,
  responses: { 201: { description: "The deployment as stored, including deploymentMetrics", schema: ZDeployment } },
  errors: { 409: "A deployment with that id exists" },
});

export const getDeploymentStatusOperation = defineOperation({
  method: "GET",
  path: "/api/deployments/dapp/{deploymentId}/status",
  operationId: "getDeploymentStatus",
  summary: "Read a deployment's current status, metrics and status history",
  description:
    "The deployment with `statusHistory`: every move as `{ from, to, at }`, oldest first (`from` is null for the status it was created with). `stale` is judged at the read: true once it has been `in_progress` for longer than the configured limit (60 minutes by default), with `staleSince`. Poll it while a deployment is queued or in progress.",
  example: { params: { deploymentId: "yieldpilot-vaults-2-4-0" }, response: WITH_HISTORY_EXAMPLE },
  tags: ["Deployments"],
  access: "read",
  params: ZDeploymentParams,
  responses: { 200: { description: "The deployment with its current status and every move it made", schema: ZDeploymentWithHistory } },
  errors: { 404: "No deployment with that id" },
});

export const updateDeploymentStatusOperation = defineOperation({
  method: "PATCH",
  path: "/api/deployments/dapp/{deploymentId}/status",
  operationId: "updateDeploymentStatus",
  summary: "Move a deployment: queued→in_progress→deployed|failed, deployed→rolled_back",
  description:
    "Moves the deployment along its state machine (`failed` and `rolled_back` are final; a move to the current status is refused) and records the move in its history with a `deployment.status_changed` event. The move to `in_progress` sets `deploymentDate` when it is unset; the move to `deployed` or `failed` fills in `deploymentTime`, the seconds since the start, when the pipeline reported none. Of two concurrent moves one wins and the other changes nothing.",
  example: { params: { deploymentId: "yieldpilot-vaults-2-4-0" }, body: { status: "deployed" }, response: DEPLOYED_EXAMPLE },
  tags: ["Deployments"],
  access: "operator",
  agentRoles: ["Builder", "Healer"],
  params: ZDeploymentParams,
  body: ZDeploymentStatusBody,
  responses: { 200: { description: "The deployment with its new status", schema: ZDeployment } },
  errors: { 404: "No deployment with that id", 409: "The move is not allowed from the current status, or another move won" },
});

export const listDeploymentsOperation = defineOperation({
  method: "GET",
  path: "/api/deployments",
  operationId: "listDeployments",
  summary: "List dApp deployments, filtered by status, text and staleness",
  description:
    "One page of deployments, ordered by id or by `sort` (ties by id), without their status history. Filters combine: `status`, `q` (a part of the name, use case or industry, any case) and `stale` (`true`: only those in progress for longer than the configured limit). The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { q: "YieldPilot", limit: "20" }, response: [EDITED_EXAMPLE, STALE_EXAMPLE] },
  tags: ["Deployments"],
  access: "read",
  query: ZDeploymentListQuery,
  paged: true,
  responses: { 200: { description: "One page of deployments, ordered by id", schema: z.array(ZDeployment) } },
});

export const updateDeploymentOperation = defineOperation({
  method: "PATCH",
  path: "/api/deployments/{deploymentId}",
  operationId: "updateDeployment",
  summary: "Edit a deployment's name, version, industry, use case, configuration or metadata (not while in_progress)",
  description:
    "Changes the descriptive fields: keys sent replace the stored ones, keys left out stay, and `null` (or empty notes) clears an optional one. Allowed in every status but `in_progress`; the status, `deployedBy`, `deploymentDate` and `deploymentMetrics` are not editable here. Records `deployment.updated` with the deployment as edited.",
  example: { params: { deploymentId: "yieldpilot-vaults-2-4-0" }, body: EDIT_EXAMPLE, response: EDITED_EXAMPLE },
  tags: ["Deployments"],
  access: "operator",
  agentRoles: ["Builder"],
  params: ZDeploymentParams,
  body: ZUpdateDeploymentBody,
  responses: { 200: { description: "The deployment as edited", schema: ZDeployment } },
  errors: {
    404: "No deployment with that id",
    409: "The deployment is in_progress: it can be edited once it has finished (or before it starts)",
  },
});

export const deleteDeploymentOperation = defineOperation({
  method: "DELETE",
  path: "/api/deployments/{deploymentId}",
  operationId: "deleteDeployment",
  summary: "Delete a deployment in a final status (failed, rolled_back) with its status history",
  description:
    "Deletes a `failed` or `rolled_back` deployment with its status history and records `deployment.deleted`. A `deployed` one is the record of a contract live on chain: move it to `rolled_back` first. Queued and in-progress deployments cannot be deleted.",
  example: { params: { deploymentId: "yieldpilot-vaults-2-3-1" } },
  tags: ["Deployments"],
  access: "operator",
  agentRoles: ["Builder"],
  params: ZDeploymentParams,
  responses: { 204: { description: "Deleted" } },
  errors: { 404: "No deployment with that id", 409: "The deployment is not in a final status (a deployed one is rolled back first)" },
});
