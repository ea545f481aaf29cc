import { cancelQuantumJob, cancelQuantumJobOperation } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /quantum/jobs/{jobId}/cancel – stop a queued or running job
  POST: route(cancelQuantumJobOperation, ({ params, principal }) => cancelQuantumJob(params.jobId, principal)),
});
