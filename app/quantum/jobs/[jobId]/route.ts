import { getQuantumJob, getQuantumJobOperation } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /quantum/jobs/{jobId} – the job's status
  GET: route(getQuantumJobOperation, ({ params, principal }) => getQuantumJob(params.jobId, principal)),
});
