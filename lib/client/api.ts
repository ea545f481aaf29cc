// Browser-side calls to this app's API: JSON in, JSON out, problems thrown as ApiError so that
// forms can show the API's own messages (and field errors by path).
//
// The dashboard's calls go through the typed client (./dashboard.ts: path, method, parameters, body and
// answer checked against the OpenAPI document). `apiFetch` is the untyped rest, for the callers the
// document's types cannot serve:
// - components/shared/use-resource.ts: create/replace/delete of any record kind, with the paths taken at
//   run time from components/shared/resources.ts and a body generic over the kind; openapi-fetch needs a
//   literal path per call, so typing it would mean one branch per kind and method.
// - components/settings/api-reference.tsx: GET /api/openapi.json, whose answer the document declares
//   only loosely (the document cannot describe itself): the page reads it through its own type.
import { ApiError, type ProblemBody } from "./dashboard";

// ApiError and ProblemBody live in ./dashboard (the typed client throws them too); imported from here as
// always.
export { ApiError, type ProblemBody };

export const apiFetch = async <T = unknown>(
  path: string,
  options: { method?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> => {
  const response = await fetch(path, {
    method: options.method ?? "GET",
    headers: options.body !== undefined ? { "content-type": "application/json" } : undefined,
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    credentials: "same-origin",
    signal: options.signal,
  });
  if (!response.ok) {
    let problem: ProblemBody;
    try {
      problem = (await response.json()) as ProblemBody;
    } catch {
      problem = { title: response.statusText || "Request failed", status: response.status };
    }
    throw new ApiError({ ...problem, status: response.status });
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};
