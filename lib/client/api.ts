// Browser-side calls to this app's API: JSON in, JSON out, problems thrown as ApiError so that
// forms can show the API's own messages (and field errors by path).
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
