// The API table's routes of quantum: analyses, circuits, jobs, the finance analysis (lib/api/table.ts): one handler per operation.
import { pagedResponse, route, type RouteHandler } from "../http";
import { analyzeAgent, analyzeAgentOperation, analyzeSquad, analyzeSquadOperation, analyzeSyndicate, analyzeSyndicateOperation, analyzeWalletFinance, cancelQuantumJob, cancelQuantumJobOperation, circuitDiagramOperation, diagramCircuit, entityCircuitDiagram, entityCircuitQasm, getQuantumJob, getQuantumJobOperation, getQuantumJobResult, getQuantumJobResultOperation, listQuantumJobs, listQuantumJobsOperation, listRuns, listRunsOperation, optimizeSquad, optimizeSquadOperation, qasmResponse, runCircuit, runCircuitOperation, submitQuantumJob, submitQuantumJobOperation, svgResponse, walletFinanceOperation } from "../quantum";

export const quantumRoutes: RouteHandler[] = [
  // POST /qmetrics/finance – a wallet's quantum finance analysis (aer or ibm_quantum)
  route(walletFinanceOperation, ({ body, principal, request }) => analyzeWalletFinance(body, principal.userId, request.signal)),
  // GET /quantum/agent?agentId=&shots=&seed=&format= – an agent's quantum analysis (or, format=qasm / svg, its circuit / its diagram)
  route(analyzeAgentOperation, async ({ query, principal, request }) =>
    query.format === "qasm"
      ? qasmResponse(await entityCircuitQasm("agent", query.agentId))
      : query.format === "svg"
        ? svgResponse(await entityCircuitDiagram("agent", query.agentId))
        : await analyzeAgent(query.agentId, query, principal?.userId, request.signal),
  ),
  // POST /quantum/diagram?format= – draw an OpenQASM 2.0 or 3 circuit as SVG (JSON with the SVG, or format=svg the SVG itself)
  route(circuitDiagramOperation, async ({ query, body, request }) => {
    const diagram = await diagramCircuit(body, request.signal);
    return query.format === "svg" ? svgResponse(diagram.svg) : diagram;
  }),
  // POST /quantum/jobs/{jobId}/cancel – stop a queued or running job
  route(cancelQuantumJobOperation, ({ params, principal }) => cancelQuantumJob(params.jobId, principal)),
  // GET /quantum/jobs/{jobId}/result – a DONE job's counts; 409 while it is not
  route(getQuantumJobResultOperation, ({ params, principal }) => getQuantumJobResult(params.jobId, principal)),
  // GET /quantum/jobs/{jobId} – the job's status
  route(getQuantumJobOperation, ({ params, principal }) => getQuantumJob(params.jobId, principal)),
  // POST /quantum/jobs – queue a circuit run (simulator or hosted backend): 202, Location, the job
  route(submitQuantumJobOperation, async ({ body, principal, request }) => {
    const job = await submitQuantumJob(body, principal, request.signal);
    return Response.json(job, { status: 202, headers: { location: job.links.self } });
  }),
  // GET /quantum/jobs?status=&limit=&cursor= – the caller's jobs, newest first
  route(listQuantumJobsOperation, async ({ query, url, principal }) => pagedResponse(await listQuantumJobs(query, principal), url)),
  // POST /quantum/run – run an OpenQASM 2.0 circuit: counts, probabilities, histogram
  route(runCircuitOperation, ({ body, principal, request }) => runCircuit(body, principal.userId, request.signal)),
  // GET /quantum/runs?entityType=&entityId=&limit=&cursor= – past runs the caller may see, newest first
  route(listRunsOperation, async ({ query, url, principal }) => pagedResponse(await listRuns(query, principal), url)),
  // POST /quantum/squad/{squadId}/optimize – the best few memberships by the squad model's risk (nothing is written)
  route(optimizeSquadOperation, ({ params, body, request }) => optimizeSquad(params.squadId, body, request.signal)),
  // GET /quantum/squad?squadId=&shots=&seed=&format= – a squad's quantum analysis (or, format=qasm / svg, its circuit / its diagram)
  route(analyzeSquadOperation, async ({ query, principal, request }) =>
    query.format === "qasm"
      ? qasmResponse(await entityCircuitQasm("squad", query.squadId))
      : query.format === "svg"
        ? svgResponse(await entityCircuitDiagram("squad", query.squadId))
        : await analyzeSquad(query.squadId, query, principal?.userId, request.signal),
  ),
  // GET /quantum/syndicate?syndicateId=&shots=&seed=&format= – a syndicate's quantum analysis (or, format=qasm / svg, its circuit / its diagram)
  route(analyzeSyndicateOperation, async ({ query, principal, request }) =>
    query.format === "qasm"
      ? qasmResponse(await entityCircuitQasm("syndicate", query.syndicateId))
      : query.format === "svg"
        ? svgResponse(await entityCircuitDiagram("syndicate", query.syndicateId))
        : await analyzeSyndicate(query.syndicateId, query, principal?.userId, request.signal),
  ),
];
