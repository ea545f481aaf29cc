// The dashboard's typed client (lib/client/dashboard.ts) behaves as apiFetch did: data on success
// (undefined for a 204), an ApiError with the problem document otherwise, and an abort rejects.
// Driven with a stub fetch; the base URL is absolute here only because Node's Request needs one.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, createDashboardClient, dashboardApi, unwrap } from "./dashboard";

const BASE = "http://dashboard.test";

/** A fetch that records the request and answers `answer`, or rejects like fetch when the request's signal aborts. */
const stubFetch = (answer: () => Response) => {
  const requests: Request[] = [];
  const fetch = (request: Request) => {
    requests.push(request);
    return new Promise<Response>((resolve, reject) => {
      const { signal } = request;
      if (signal.aborted) return reject(signal.reason);
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
      // An aborted call never answers (as a slow server would not).
      if (!signal.aborted && !requests.some((seen) => seen.headers.get("x-never-answer"))) resolve(answer());
    });
  };
  return { fetch, requests };
};

const json = (body: unknown, status = 200, contentType = "application/json") =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": contentType } });

describe("the dashboard client", () => {
  it("answers the data of a 200 JSON answer, with the request as the document describes it", async () => {
    const engines = [{ id: "e1", name: "Local" }];
    const stub = stubFetch(() => json(engines));
    const api = createDashboardClient({ baseUrl: BASE, fetch: stub.fetch });
    const data = await unwrap(api.GET("/api/webhooks/{webhookId}/deliveries", { params: { path: { webhookId: "w 1" }, query: { limit: 50 } } }));
    expect(data).toEqual(engines);
    const [request] = stub.requests;
    expect(request.method).toBe("GET");
    expect(request.url).toBe(`${BASE}/api/webhooks/w%201/deliveries?limit=50`);
    expect(request.credentials).toBe("same-origin");
  });

  it("sends a JSON body", async () => {
    const stub = stubFetch(() => json({ id: "t1" }, 201));
    const api = createDashboardClient({ baseUrl: BASE, fetch: stub.fetch });
    await unwrap(api.PATCH("/api/tasks/{taskId}/status", { params: { path: { taskId: "t1" } }, body: { status: "in_progress" } }));
    const [request] = stub.requests;
    expect(request.method).toBe("PATCH");
    expect(request.headers.get("content-type")).toBe("application/json");
    expect(await request.json()).toEqual({ status: "in_progress" });
  });

  it("answers undefined for a 204", async () => {
    const stub = stubFetch(() => new Response(null, { status: 204 }));
    const api = createDashboardClient({ baseUrl: BASE, fetch: stub.fetch });
    await expect(unwrap(api.DELETE("/api/engines/{engineId}", { params: { path: { engineId: "e1" } } }))).resolves.toBeUndefined();
  });

  it("answers undefined for an empty 200", async () => {
    const stub = stubFetch(() => new Response("", { status: 200 }));
    const api = createDashboardClient({ baseUrl: BASE, fetch: stub.fetch });
    await expect(unwrap(api.GET("/api/engines"))).resolves.toBeUndefined();
  });

  it("throws an ApiError with the problem document, its status and its field errors", async () => {
    const problem = {
      type: "about:blank",
      title: "Unprocessable Content",
      status: 422,
      detail: "The body breaks the schema",
      errors: [
        { path: "body.name", message: "is required" },
        { path: "body.roles.0.skills", message: "must not be empty" },
        { path: "body.name", message: "a second message for name" },
      ],
    };
    const stub = stubFetch(() => json(problem, 422, "application/problem+json"));
    const api = createDashboardClient({ baseUrl: BASE, fetch: stub.fetch });
    const error = await unwrap(api.POST("/api/engines", { body: { name: "", kind: "mock" } as never })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe("The body breaks the schema");
    expect(apiError.problem).toEqual(problem);
    expect(apiError.fieldErrors()).toEqual({ name: "is required", "roles.0.skills": "must not be empty" });
  });

  it("throws an ApiError with the status text when the error answer is not a problem document", async () => {
    const stub = stubFetch(() => new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway", headers: { "content-type": "text/html" } }));
    const api = createDashboardClient({ baseUrl: BASE, fetch: stub.fetch });
    const error = (await unwrap(api.GET("/api/engines")).catch((caught: unknown) => caught)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.problem).toEqual({ title: "Bad Gateway", status: 502 });
    expect(error.fieldErrors()).toEqual({});
  });

  it("takes the status from the response, whatever the body says", async () => {
    const stub = stubFetch(() => json({ title: "Not Found", status: 200 }, 404, "application/problem+json"));
    const api = createDashboardClient({ baseUrl: BASE, fetch: stub.fetch });
    const error = (await unwrap(api.GET("/api/engines")).catch((caught: unknown) => caught)) as ApiError;
    expect(error.status).toBe(404);
    expect(error.problem.status).toBe(404);
  });

  it("rejects with the abort when the signal is already aborted", async () => {
    const stub = stubFetch(() => json([]));
    const api = createDashboardClient({ baseUrl: BASE, fetch: stub.fetch });
    const controller = new AbortController();
    controller.abort();
    await expect(unwrap(api.GET("/api/engines", { signal: controller.signal }))).rejects.toMatchObject({ name: "AbortError" });
  });

  it("rejects with the abort when the signal aborts while the call waits", async () => {
    const stub = stubFetch(() => json([]));
    const api = createDashboardClient({ baseUrl: BASE, fetch: stub.fetch });
    const controller = new AbortController();
    const call = unwrap(api.GET("/api/engines", { signal: controller.signal, headers: { "x-never-answer": "1" } }));
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: "AbortError" });
    expect(stub.requests[0].signal.aborted).toBe(true);
  });

  describe("without a fetch of its own", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("calls the global fetch as it is at the time of the call", async () => {
      const api = createDashboardClient({ baseUrl: BASE });
      const stub = stubFetch(() => json([{ id: "e1" }]));
      vi.stubGlobal("fetch", stub.fetch);
      await expect(unwrap(api.GET("/api/engines"))).resolves.toEqual([{ id: "e1" }]);
      expect(stub.requests).toHaveLength(1);
    });
  });

  it("makes one client per base URL", () => {
    expect(dashboardApi()).toBe(dashboardApi(""));
    expect(dashboardApi("https://quantum.example/")).toBe(dashboardApi("https://quantum.example"));
    expect(dashboardApi("https://quantum.example")).not.toBe(dashboardApi());
  });
});
