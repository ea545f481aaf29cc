import { runCircuit, runCircuitOperation } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /quantum/run – run an OpenQASM 2.0 circuit: counts, probabilities, histogram
  POST: route(runCircuitOperation, ({ body, principal, request }) => runCircuit(body, principal.userId, request.signal)),
});
