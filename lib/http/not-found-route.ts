import { logRequest } from "./log";
import { problemResponse } from "./problem";
import { requestIdOf } from "./route";

// The catch-all routes that answer with this handler; the log names the catch-all, never the
// path as sent (an unknown path is whatever a caller typed, secrets included).
const CATCH_ALLS = ["api", "quantum", "qmetrics"];

/** For catch-all routes under the API prefixes: an unknown path is a 404 problem, never an HTML page. */
export const unknownPath = async (request: Request) => {
  const started = performance.now();
  const requestId = requestIdOf(request);
  const { pathname } = new URL(request.url);
  const prefix = pathname.split("/")[1] ?? "";
  const response = problemResponse(
    {
      type: "https://syndicate.dev/problems/not-found",
      title: "Not Found",
      status: 404,
      detail: `There is no API operation at ${pathname}. See /api/openapi.json.`,
      instance: pathname,
      requestId,
    },
    { "x-request-id": requestId },
  );
  logRequest({ requestId, method: request.method, route: CATCH_ALLS.includes(prefix) ? `/${prefix}/*` : "*", status: 404, started });
  return response;
};
