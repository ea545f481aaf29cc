import { methods, route } from "@/lib/http";
import { searchEntities, searchEntitiesOperation } from "@/lib/tasks";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/entities/search – agents, squads, syndicates and items whose name or id matches q
  GET: route(searchEntitiesOperation, ({ query }) => searchEntities(query)),
});
