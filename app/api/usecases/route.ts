import { methods, route } from "@/lib/http";
import { getUseCases, listUseCasesOperation } from "@/lib/usecases";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/usecases – the industry use cases, keyed by industry (read-only: other methods 405)
  GET: route(listUseCasesOperation, () => getUseCases()),
});
