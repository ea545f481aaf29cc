import { analyzeAgent, analyzeAgentOperation, entityCircuitDiagram, entityCircuitQasm, qasmResponse, svgResponse } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /quantum/agent?agentId=&shots=&seed=&format= – an agent's quantum analysis (or, format=qasm / svg, its circuit / its diagram)
  GET: route(analyzeAgentOperation, async ({ query, principal, request }) =>
    query.format === "qasm"
      ? qasmResponse(await entityCircuitQasm("agent", query.agentId))
      : query.format === "svg"
        ? svgResponse(await entityCircuitDiagram("agent", query.agentId))
        : await analyzeAgent(query.agentId, query, principal?.userId, request.signal),
  ),
});
