import { deleteSquad, deleteSquadOperation, updateSquad, updateSquadOperation } from "@/lib/squads";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PUT /api/squads/{squadId} – replace a squad; aggregated metrics are recomputed; an unknown id creates it (201)
  PUT: route(updateSquadOperation, async ({ params, body }) => {
    const { created } = await updateSquad(params.squadId, body);
    return created
      ? new Response(null, { status: 201, headers: { location: `/api/squads/${encodeURIComponent(params.squadId)}/details` } })
      : new Response(null, { status: 200 });
  }),
  // DELETE /api/squads/{squadId} – delete a squad; its agents stay
  DELETE: route(deleteSquadOperation, async ({ params }) => {
    await deleteSquad(params.squadId);
    return new Response(null, { status: 204 });
  }),
});
