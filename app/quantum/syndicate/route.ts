import { analyzeSyndicate, analyzeSyndicateOperation, entityCircuitDiagram, entityCircuitQasm, qasmResponse, svgResponse } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /quantum/syndicate?syndicateId=&shots=&seed=&format= – a syndicate's quantum analysis (or, format=qasm / svg, its circuit / its diagram)
  GET: route(analyzeSyndicateOperation, async ({ query, principal, request }) =>
    query.format === "qasm"
      ? qasmResponse(await entityCircuitQasm("syndicate", query.syndicateId))
      : query.format === "svg"
        ? svgResponse(await entityCircuitDiagram("syndicate", query.syndicateId))
        : await analyzeSyndicate(query.syndicateId, query, principal?.userId, request.signal),
  ),
});
