// The job kind that works a hosted run (docs/agents.md, "The hosted loop"): queued when a dispatch
// claims a task for a hosted agent, and again when a person decides one of its approvals. While it
// works, it heartbeats the run (a third of the lease), so the lost-run sweep leaves it alone; a
// worker that dies stops the heartbeats, the run is lost, and its task is offered again.
import { defineJobKind, enqueueJob } from "../jobs";
import { recordHeartbeat, runsConfig } from "../runs";
import { dispatchJob, HOSTED_RUN_KIND, type HostedRunPayload } from "./queue-hosted-work";
import { workHostedRun, type HostedOutcome } from "./work-hosted-run";

export const hostedRunJob = defineJobKind<HostedRunPayload, { outcome: HostedOutcome }>({
  kind: HOSTED_RUN_KIND,
  // A crash mid-run is not retried by the job engine: the lease ends, the run is lost and its task offered again.
  maxAttempts: 1,
  run: async ({ payload, signal }) => {
    const everyMs = Math.max(1_000, Math.floor((runsConfig().RUN_LEASE_SECONDS * 1_000) / 3));
    const timer = setInterval(() => void recordHeartbeat(payload.runId, payload.agentId).catch(() => undefined), everyMs);
    try {
      const outcome = await workHostedRun(payload.runId, signal);
      // The agent has room again: more of its work may be waiting.
      if (outcome === "finished") await enqueueJob(dispatchJob());
      return { outcome };
    } finally {
      clearInterval(timer);
    }
  },
});
