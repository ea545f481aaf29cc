// For the few handlers outside the route wrapper (next-auth's endpoints): the same one log line
// per request, the same x-request-id, and a problem+json instead of a bare 500 for anything thrown.
import { SESSION_COOKIES, sessionPrincipal, type Principal } from "../auth/resolve-principal";
import { logRequest } from "./log";
import { problemResponse } from "./problem";
import { requestIdOf } from "./route";
import { toProblem } from "./to-problem";

// Who is calling, for the log only: a session cookie's user, or null (never an error).
const principalFor = (request: Request): Promise<Principal | null> =>
  request.headers.get("cookie") ? sessionPrincipal(request).catch(() => null) : Promise.resolve(null);

// The session a response starts (a successful sign-in sets its cookie): the user signed in.
const startedSession = (response: Response): Promise<Principal | null> => {
  const cookies = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0].trim())
    .filter((pair) => SESSION_COOKIES.some((name) => pair.startsWith(`${name}=`) && pair.length > name.length + 1));
  return cookies.length > 0 ? principalFor(new Request("http://session.invalid/", { headers: { cookie: cookies.join("; ") } })) : Promise.resolve(null);
};

const withRequestId = (response: Response, requestId: string) => {
  try {
    response.headers.set("x-request-id", requestId);
  } catch {
    // A response with immutable headers (a redirect) goes out without it.
  }
  return response;
};

/**
 * Wraps `handler` so that each request writes one log line; `routeOf` names the route as a
 * template (never the URL as sent).
 */
export const logged =
  <R extends Request, C>(
    routeOf: (request: R, context: C) => Promise<string> | string,
    handler: (request: R, context: C, requestId: string) => Promise<Response>,
  ) =>
  async (request: R, context: C): Promise<Response> => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    // Who made the request, read before the handler runs (a sign-out ends the session).
    let principal = await principalFor(request);
    let response: Response;
    let failure: unknown;
    try {
      response = withRequestId(await handler(request, context, requestId), requestId);
    } catch (error) {
      failure = error;
      const { problem, headers } = toProblem(error, { instance: new URL(request.url).pathname, requestId });
      response = problemResponse(problem, { ...headers, "x-request-id": requestId });
    }
    principal ??= await startedSession(response).catch(() => null);
    const route = await Promise.resolve()
      .then(() => routeOf(request, context))
      .catch(() => "unknown");
    logRequest({ requestId, method: request.method, route, status: response.status, started, principal, error: failure });
    return response;
  };
