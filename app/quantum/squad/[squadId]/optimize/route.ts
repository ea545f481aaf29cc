import { optimizeSquad, optimizeSquadOperation } from "@/lib/quantum";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // POST /quantum/squad/{squadId}/optimize – the best few memberships by the squad model's risk (nothing is written)
  POST: route(optimizeSquadOperation, ({ params, body, request }) => optimizeSquad(params.squadId, body, request.signal)),
});
