// The event types, each with the record it is about and the JSON shape of its `data`: one list,
// from which the OpenAPI document describes them and the webhook and stream filters are checked.
// An event's data is the record as the API answers it after the change (a deleted record: its id),
// so that a receiver never needs to call back to know what changed.
import { z } from "zod";
import { ZAgent } from "../agents/schemas";
import { ZSquad } from "../squads/schemas";
import { ZSyndicate } from "../syndicates/schemas";
import { ZMarketplaceItem } from "../marketplace/schemas";
import { ZDeployment, ZDeploymentStatus } from "../deployments/schemas";
import { ZTask, ZTaskStatus } from "../tasks/schemas";
import { ZQuantumJob, ZQuantumRun } from "../quantum/schemas";
import { ZIndexingJob } from "../wallet/schemas";

/**
 * Who may see an event of a type (docs/security.md, "Private events"):
 * - `shared`: anyone who may read the event log, and the webhook endpoints subscribed to it;
 * - `private`: only its owner (the event's `visibleTo`) and admins, never a webhook endpoint; an
 *   event of such a type recorded without an owner is not recorded at all (lib/events/record.ts);
 * - `owner-if-any`: private when recorded with an owner, else shared (a quantum run: a wallet or
 *   circuit run is its user's, an analysis of an agent, squad or syndicate is public).
 */
export type EventVisibility = "shared" | "private" | "owner-if-any";

export type EventDefinition = {
  /** "<entity>.<what>" */
  type: string;
  /** What `entityType` an event of this type carries. */
  entityType: string;
  summary: string;
  data: z.ZodType;
  visibility: EventVisibility;
};

const ZJobOutcome = z.enum(["DONE", "ERROR", "CANCELLED"]).describe("How the job ended");

const ZWalletIndexing = ZIndexingJob.extend({
  address: z.string().describe("The wallet's address (lower case); also the event's entity id"),
}).describe("One chain's indexing job of the wallet, as GET /api/wallets/{address}/indexing lists it");

const ZDeleted = z.object({ id: z.string().describe("The deleted record's id") });

// The shared catalog's records: everyone may read them, so their events are shared.
const crud = (entityType: string, label: string, record: z.ZodType): EventDefinition[] => [
  { type: `${entityType}.created`, entityType, summary: `A ${label} was created.`, data: record, visibility: "shared" },
  { type: `${entityType}.updated`, entityType, summary: `A ${label} was changed.`, data: record, visibility: "shared" },
  { type: `${entityType}.deleted`, entityType, summary: `A ${label} was deleted.`, data: ZDeleted, visibility: "shared" },
];

export const EVENT_DEFINITIONS: EventDefinition[] = [
  ...crud("agent", "agent", ZAgent),
  ...crud("squad", "squad", ZSquad),
  ...crud("syndicate", "syndicate", ZSyndicate),
  ...crud("marketplace_item", "marketplace item", ZMarketplaceItem),
  ...crud("deployment", "deployment", ZDeployment),
  {
    type: "deployment.status_changed",
    entityType: "deployment",
    summary: "A deployment moved to another status.",
    data: z.object({ from: ZDeploymentStatus, to: ZDeploymentStatus, deployment: ZDeployment }),
    visibility: "shared",
  },
  {
    type: "deployment.stale",
    entityType: "deployment",
    summary: "A deployment has been in progress longer than DEPLOYMENT_STALE_AFTER_MINUTES (recorded once, by the stale sweep).",
    data: ZDeployment,
    visibility: "shared",
  },
  ...crud("task", "task", ZTask),
  {
    type: "task.status_changed",
    entityType: "task",
    summary: "A task moved to another status.",
    data: z.object({ from: ZTaskStatus, to: ZTaskStatus, task: ZTask }),
    visibility: "shared",
  },
  {
    type: "task.overdue",
    entityType: "task",
    summary: "A task that is not final passed its due date (recorded once per due date, by the overdue sweep).",
    data: z.object({ overdueSince: z.string().describe("The due date it passed (ISO 8601)"), task: ZTask }),
    visibility: "shared",
  },
  {
    type: "webhook.test",
    entityType: "webhook_endpoint",
    // Seen by the operator who sent it (and admins); delivered to the tested endpoint only, by
    // lib/webhooks/send-test.ts itself, never by the fan-out.
    summary: "A test an operator sent to one webhook endpoint (delivered to that endpoint only).",
    data: z.object({ endpointId: z.string().describe("The endpoint the test was sent to"), message: z.string().describe("A fixed sentence") }),
    visibility: "private",
  },
  // Background jobs (lib/jobs), recorded with the job's status update; private to the job's owner
  // (the user who asked for it). A job nobody asked for (a scheduled refresh) records none.
  {
    type: "quantum_job.started",
    entityType: "quantum_job",
    summary: "A worker started a quantum job (its first claim; a retry does not start it again).",
    data: z.object({ job: ZQuantumJob.describe("The job as GET /quantum/jobs/{id} answers it") }),
    visibility: "private",
  },
  {
    type: "quantum_job.finished",
    entityType: "quantum_job",
    summary: "A quantum job ended: done, failed or cancelled (its result is at job.links.result when DONE).",
    data: z.object({ status: ZJobOutcome, job: ZQuantumJob.describe("The job as GET /quantum/jobs/{id} answers it") }),
    visibility: "private",
  },
  {
    type: "quantum_run.completed",
    entityType: "quantum_run",
    summary: "A quantum analysis or circuit run was stored (GET /quantum/runs lists it).",
    data: ZQuantumRun,
    visibility: "owner-if-any",
  },
  {
    type: "wallet_indexing.started",
    entityType: "wallet",
    summary: "A worker started indexing a wallet on one chain.",
    data: ZWalletIndexing,
    visibility: "private",
  },
  {
    type: "wallet_indexing.progressed",
    entityType: "wallet",
    summary: "A wallet indexing job saved its progress (the source action it reads, records so far).",
    data: ZWalletIndexing,
    visibility: "private",
  },
  {
    type: "wallet_indexing.finished",
    entityType: "wallet",
    summary: "A wallet indexing job ended: done (the figures are in), failed or cancelled.",
    data: ZWalletIndexing.extend({ status: ZJobOutcome }),
    visibility: "private",
  },
];

export const EVENT_TYPES = EVENT_DEFINITIONS.map((definition) => definition.type);

/** The types whose events only their owner and admins see, and which no webhook endpoint gets. */
export const PRIVATE_EVENT_TYPES = EVENT_DEFINITIONS.filter((definition) => definition.visibility === "private").map((definition) => definition.type);

const byType = new Map(EVENT_DEFINITIONS.map((definition) => [definition.type, definition]));

export const eventDefinition = (type: string): EventDefinition | undefined => byType.get(type);
