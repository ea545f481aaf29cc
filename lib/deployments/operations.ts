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

export const deployDappOperation = defineOperation({
  method: "POST",
  path: "/api/deployments/dapp/deploy",
  operationId: "deployDapp",
  summary: "Start a dApp deployment",
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
  summary: "List dApp deployments, filtered by status, words and staleness",
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
  tags: ["Deployments"],
  access: "operator",
  agentRoles: ["Builder"],
  params: ZDeploymentParams,
  responses: { 204: { description: "Deleted" } },
  errors: { 404: "No deployment with that id", 409: "The deployment is not in a final status (a deployed one is rolled back first)" },
});
