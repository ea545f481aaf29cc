import type { NextRequest } from "next/server";
import NextAuth from "next-auth";
import { assertSignInAllowed, clearSignInFailures, recordSignInFailure } from "@/lib/auth/limit-sign-ins";
import { authOptions } from "@/lib/auth/build-auth-options";
import { problemResponse } from "@/lib/http";
import { clientAddress } from "@/lib/http/client-address";
import { logged } from "@/lib/http/logged";
import { unknownPath } from "@/lib/http/not-found-route";
import { refuseMethod } from "@/lib/http/route";
import { toProblem } from "@/lib/http/to-problem";

export const dynamic = "force-dynamic";

type Context = { params: Promise<{ nextauth: string[] }> };

const nextAuth = async (request: NextRequest, context: Context) => NextAuth(request, context, await authOptions());

// A password attempt: refused (429, Retry-After) while the account or the address is over its
// limit of failures; a failure (next-auth answers 401) is counted, a success clears the account.
const credentialsSignIn = async (request: NextRequest, context: Context, requestId: string) => {
  const form = await request.clone().formData().catch(() => undefined);
  const email = String(form?.get("email") ?? "");
  const address = clientAddress(request);
  try {
    await assertSignInAllowed(email, address);
    const response = await nextAuth(request, context);
    if (response.status === 401) await recordSignInFailure(email, address);
    else if (response.ok) await clearSignInFailures(email);
    return response;
  } catch (error) {
    const { problem, headers } = toProblem(error, { instance: new URL(request.url).pathname, requestId });
    return problemResponse(problem, headers);
  }
};

// next-auth's endpoints by name; anything else is logged under the catch-all's template.
const ACTIONS = new Set(["providers", "session", "csrf", "signin", "signout", "error", "verify-request", "_log", "signin/credentials", "callback/credentials"]);

const routeOf = async (_request: NextRequest, context: Context) => {
  const action = (await context.params).nextauth.join("/");
  return ACTIONS.has(action) ? `/api/auth/${action}` : "/api/auth/{nextauth}";
};

// GET|POST /api/auth/* – next-auth's sign-in, sign-out, session and CSRF endpoints
const nextAuthHandler = logged(routeOf, async (request: NextRequest, context: Context, requestId) => {
  const { nextauth } = await context.params;
  if (request.method === "POST" && nextauth.join("/") === "callback/credentials") return credentialsSignIn(request, context, requestId);
  return nextAuth(request, context);
});

// Anything but next-auth's own endpoints (an unknown action, another provider) is the API's 404
// problem, not next-auth's plain-text 400.
const handler = async (request: NextRequest, context: Context) => {
  const action = (await context.params).nextauth.join("/");
  return ACTIONS.has(action) ? nextAuthHandler(request, context) : unknownPath(request);
};

// PUT|PATCH|DELETE /api/auth/* – 405 problem with Allow, as every API path answers a method it lacks
const refuse = refuseMethod("GET, POST", "/api/auth/{nextauth}");

export { handler as GET, handler as POST, refuse as PUT, refuse as PATCH, refuse as DELETE };
