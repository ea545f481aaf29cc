// The API table's routes of the runs area (lib/api/table.ts): the run protocol (agent credentials),
// the run and approval reads, and the operators' cancel and decisions.
import { pagedResponse, route, type RouteHandler } from "../http";
import type { Principal } from "../auth";
import {
  appendRunStepsOperation,
  appendSteps,
  cancelRun,
  cancelRunOperation,
  claimRunOperation,
  claimTask,
  completeRunOperation,
  decideApproval,
  decideApprovalOperation,
  failRunOperation,
  finishRun,
  getApproval,
  getApprovalOperation,
  getRun,
  getRunOperation,
  heartbeatRunOperation,
  listApprovals,
  listApprovalsOperation,
  listRuns,
  listRunsOperation,
  recordHeartbeat,
  releaseRun,
  releaseRunOperation,
  requestApproval,
  requestRunApprovalOperation,
} from "../runs";

/** The agent an agent-only operation's credential is for (the route wrapper checked there is one). */
const agentOf = (principal: Principal) => principal.agent!.id;

export const runsRoutes: RouteHandler[] = [
  // POST /api/runs/claim – the agent's next task and its new run (a long poll; 204 when none came)
  route(claimRunOperation, async ({ query, principal, request }) => (await claimTask(agentOf(principal), query.wait, request.signal)) ?? new Response(null, { status: 204 })),
  // POST /api/runs/{runId}/heartbeat – extend the lease; go on or stop
  route(heartbeatRunOperation, ({ params, principal }) => recordHeartbeat(params.runId, agentOf(principal))),
  // POST /api/runs/{runId}/steps – append to the trace
  route(appendRunStepsOperation, ({ params, body, principal }) => appendSteps(params.runId, agentOf(principal), body.steps)),
  // POST /api/runs/{runId}/approvals – pause for a person's decision
  route(requestRunApprovalOperation, ({ params, body, principal }) => requestApproval(params.runId, agentOf(principal), body)),
  // POST /api/runs/{runId}/complete – end with a result
  route(completeRunOperation, ({ params, body, principal }) => finishRun(params.runId, agentOf(principal), { status: "completed", ...body })),
  // POST /api/runs/{runId}/fail – end with an error
  route(failRunOperation, ({ params, body, principal }) => finishRun(params.runId, agentOf(principal), { status: "failed", ...body })),
  // POST /api/runs/{runId}/release – hand the task back unfinished
  route(releaseRunOperation, ({ params, body, principal }) => releaseRun(params.runId, agentOf(principal), body.reason)),
  // POST /api/runs/{runId}/cancel – an operator stops the run and its task
  route(cancelRunOperation, ({ params, principal }) => cancelRun(params.runId, principal.userId)),
  // GET /api/runs – runs by agent, squad, task and status
  route(listRunsOperation, async ({ query, url, principal }) => pagedResponse(await listRuns(principal.agent ? { ...query, agentId: principal.agent.id } : query), url)),
  // GET /api/runs/{runId} – a run with its trace
  route(getRunOperation, ({ params, principal }) => getRun(params.runId, principal.agent?.id)),
  // GET /api/approvals – the approvals inbox
  route(listApprovalsOperation, async ({ query, url, principal }) => pagedResponse(await listApprovals(principal.agent ? { ...query, agentId: principal.agent.id } : query), url)),
  // GET /api/approvals/{approvalId} – one request and its decision
  route(getApprovalOperation, ({ params, principal }) => getApproval(params.approvalId, principal.agent?.id)),
  // POST /api/approvals/{approvalId}/decision – an operator decides
  route(decideApprovalOperation, ({ params, body, principal }) => decideApproval(params.approvalId, principal.userId, body)),
];
