import { checkHealth } from "@/lib/health";
import { problemResponse } from "@/lib/http/problem";

export const dynamic = "force-dynamic";

// GET /api/health – 200 when the database answers, 503 problem otherwise
export const GET = async (request: Request) => {
  const health = await checkHealth();
  if (health.status === "ok") return Response.json({ status: "ok" }, { headers: { "cache-control": "no-store" } });
  return problemResponse({
    type: "https://syndicate.dev/problems/unavailable",
    title: "Service Unavailable",
    status: 503,
    detail: health.reason,
    instance: new URL(request.url).pathname,
  });
};
