import { circuitDiagramOperation, diagramCircuit, svgResponse } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /quantum/diagram?format= – draw an OpenQASM 2.0 or 3 circuit as SVG (JSON with the SVG, or format=svg the SVG itself)
  POST: route(circuitDiagramOperation, async ({ query, body, request }) => {
    const diagram = await diagramCircuit(body, request.signal);
    return query.format === "svg" ? svgResponse(diagram.svg) : diagram;
  }),
});
