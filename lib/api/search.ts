// The API table's routes of the search (lib/api/table.ts): one handler per operation.
import { route, type RouteHandler } from "../http";
import { searchOperation, searchRecords } from "../search";

export const searchRoutes: RouteHandler[] = [
  // GET /api/search – records of every kind whose name or id contains q, grouped by kind
  route(searchOperation, ({ query }) => searchRecords(query)),
];
