import { analyzeSquad, analyzeSquadOperation, entityCircuitDiagram, entityCircuitQasm, qasmResponse, svgResponse } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /quantum/squad?squadId=&shots=&seed=&format= – a squad's quantum analysis (or, format=qasm / svg, its circuit / its diagram)
  GET: route(analyzeSquadOperation, async ({ query, principal, request }) =>
    query.format === "qasm"
      ? qasmResponse(await entityCircuitQasm("squad", query.squadId))
      : query.format === "svg"
        ? svgResponse(await entityCircuitDiagram("squad", query.squadId))
        : await analyzeSquad(query.squadId, query, principal?.userId, request.signal),
  ),
});
