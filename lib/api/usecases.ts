// The API table's routes of the use cases (lib/api/table.ts): one handler per operation.
import { route, type RouteHandler } from "../http";
import { getUseCases, listUseCasesOperation } from "../usecases";

export const usecasesRoutes: RouteHandler[] = [
  // GET /api/usecases – the industry use cases, keyed by industry (read-only: other methods 405)
  route(listUseCasesOperation, () => getUseCases()),
];
