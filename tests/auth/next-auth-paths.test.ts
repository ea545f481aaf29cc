// /api/auth/* beyond next-auth's own endpoints: an unknown action or provider is the API's 404
// problem and a method next-auth lacks a 405 problem, never next-auth's plain-text 400 or an empty 405.
import { describe, expect, it } from "vitest";
import * as nextAuthRoute from "../../app/api/auth/[...nextauth]/route";
import { useApiTest } from "../helpers/api";

useApiTest();

const send = (method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", segments: string[]) => {
  const handler = nextAuthRoute[method] as (request: Request, context: { params: Promise<{ nextauth: string[] }> }) => Promise<Response>;
  const request = new Request(`http://localhost/api/auth/${segments.join("/")}`, { method });
  return handler(request as never, { params: Promise.resolve({ nextauth: segments }) });
};

describe("/api/auth/*", () => {
  it.each([[["nonsense"]], [["callback", "github"]], [["signin", "github"]], [["csrf", "extra"]]])("answers 404 problem+json for %j", async (segments) => {
    for (const method of ["GET", "POST"] as const) {
      const response = await send(method, segments);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect((await response.json()).status).toBe(404);
    }
  });

  it.each(["PUT", "PATCH", "DELETE"] as const)("answers %s with a 405 problem naming GET and POST", async (method) => {
    const response = await send(method, ["session"]);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, POST");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
  });
});
