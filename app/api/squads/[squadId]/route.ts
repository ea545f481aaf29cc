import { deleteSquad, deleteSquadOperation, updateSquad, updateSquadOperation } from "@/lib/squads";
import { methods, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // PUT /api/squads/{squadId} – replace a squad; aggregated metrics are recomputed
  PUT: route(updateSquadOperation, async ({ params, body }) => {
    await updateSquad(params.squadId, body);
  }),
  // DELETE /api/squads/{squadId} – delete a squad; its agents stay
  DELETE: route(deleteSquadOperation, async ({ params }) => {
    await deleteSquad(params.squadId);
  }),
});
