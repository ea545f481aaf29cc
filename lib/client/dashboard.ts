// The dashboard's typed calls to this app's API: openapi-fetch over the types generated from the OpenAPI
// document (./generated/schema.ts), so that each call's path, method, parameters, body and answer are
// checked against the document. `unwrap` gives a call the behaviour `apiFetch` (./api.ts) has: the
// answer's data (undefined for a 204 or an empty answer), or an ApiError carrying the problem document
// (so forms still show field errors by path).
//
//   queryFn: ({ signal }) => unwrap(dashboardApi().GET("/api/engines", { signal }))
//
// Other base URLs: QUANTUM_URL and METRICS_URL (lib/config/env.ts) move the quantum and wallet-metrics
// calls to another deployment of this same app, with the same documented paths under it (README: "where
// the dashboard calls wallet metrics and quantum finance"; "" = same origin). So those calls are typed by
// the same document: one client per base URL, memoised, with the credentials rule `apiFetch` has always
// had ("same-origin": the session cookie goes only to this origin).
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./generated/schema";

// The problem document every error answers, and the error the dashboard throws with it. Defined here
// (lib/client/api.ts re-exports both, as it always has) so that this file need not import ./api.
export type ProblemBody = {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  errors?: { path: string; message: string }[];
};

export class ApiError extends Error {
  readonly status: number;
  readonly problem: ProblemBody;
  constructor(problem: ProblemBody) {
    super(problem.detail ?? problem.title);
    this.name = "ApiError";
    this.status = problem.status;
    this.problem = problem;
  }

  /** Field errors keyed by body path ("roles.0.skills"), without the "body." prefix. */
  fieldErrors(): Record<string, string> {
    const fields: Record<string, string> = {};
    for (const error of this.problem.errors ?? []) {
      const key = error.path.replace(/^body\.?/, "");
      fields[key] ??= error.message;
    }
    return fields;
  }
}

/**
 * The media types the dashboard reads: JSON ones (application/json, and application/problem+json for the
 * errors). Some operations also answer text/plain, image/svg+xml or text/csv (?format=…): those calls stay
 * on fetch, and this keeps such alternatives out of the answer types of the JSON calls.
 */
type JsonMedia = `${string}/${string}json`;

export type DashboardClient = Client<paths, JsonMedia>;

export type DashboardClientOptions = {
  /** "" (the default) for this origin (relative URLs), or another deployment's origin (QUANTUM_URL, METRICS_URL). */
  baseUrl?: string;
  /** Another fetch (tests). openapi-fetch calls it with a Request (which carries the signal). */
  fetch?: (input: Request) => Promise<Response>;
};

export const createDashboardClient = ({ baseUrl = "", fetch }: DashboardClientOptions = {}): DashboardClient =>
  createClient<paths, JsonMedia>({
    baseUrl: baseUrl.replace(/\/+$/, ""),
    credentials: "same-origin",
    // The global fetch as it is at each call, not as it was when the client was made (openapi-fetch would
    // keep the latter): what apiFetch has always done, and what a test's or a tool's stub relies on.
    fetch: fetch ?? ((request: Request) => globalThis.fetch(request)),
  });

const clients = new Map<string, DashboardClient>();

/** The dashboard's client for `baseUrl` ("" = this origin), made once per base URL. */
export const dashboardApi = (baseUrl = ""): DashboardClient => {
  const key = baseUrl.replace(/\/+$/, "");
  let client = clients.get(key);
  if (!client) {
    client = createDashboardClient({ baseUrl: key });
    clients.set(key, client);
  }
  return client;
};

/** The JSON body of an operation, as the document describes it. */
export type JsonBody<Path extends keyof paths, Method extends "post" | "put" | "patch"> = paths[Path][Method] extends {
  requestBody?: { content: { "application/json": infer Body } };
}
  ? Body
  : never;

/** What every openapi-fetch call answers: data on success, error (the parsed body) otherwise. */
type CallResult = { data?: unknown; error?: unknown; response: Response };
/** The data of the success member of a call's answer (the error member has `error` set). */
export type DataOf<Result extends CallResult> = Extract<Result, { error?: never }>["data"];

/**
 * The data of a call (undefined for a 204 or an empty answer), or an ApiError with the problem document
 * the API answered (status from the response; a body that is not a JSON object becomes a bare problem
 * with the status text as its title). A rejected fetch (an abort, no network) rejects as it was.
 */
export const unwrap = async <Result extends CallResult>(call: Promise<Result>): Promise<DataOf<Result>> => {
  const { data, error, response } = await call;
  if (!response.ok) {
    const problem: ProblemBody =
      error !== null && typeof error === "object" ? (error as ProblemBody) : { title: response.statusText || "Request failed", status: response.status };
    throw new ApiError({ ...problem, status: response.status });
  }
  return data as DataOf<Result>;
};
