import { listQuantumJobs, listQuantumJobsOperation, submitQuantumJob, submitQuantumJobOperation } from "@/lib/quantum";
import { methods, pagedResponse, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /quantum/jobs – queue a circuit run (simulator or hosted backend): 202, Location, the job
  POST: route(submitQuantumJobOperation, async ({ body, principal, request }) => {
    const job = await submitQuantumJob(body, principal, request.signal);
    return Response.json(job, { status: 202, headers: { location: job.links.self } });
  }),
  // GET /quantum/jobs?status=&limit=&cursor= – the caller's jobs, newest first
  GET: route(listQuantumJobsOperation, async ({ query, url, principal }) => pagedResponse(await listQuantumJobs(query, principal), url)),
});
