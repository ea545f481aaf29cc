import { methods, route } from "@/lib/http";
import { searchOperation, searchRecords } from "@/lib/search";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  // GET /api/search – records of every kind whose name or id contains q, grouped by kind
  GET: route(searchOperation, ({ query }) => searchRecords(query)),
});
