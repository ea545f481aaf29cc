import { getQuantumJobResult, getQuantumJobResultOperation } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /quantum/jobs/{jobId}/result – a DONE job's counts; 409 while it is not
  GET: route(getQuantumJobResultOperation, ({ params, principal }) => getQuantumJobResult(params.jobId, principal)),
});
