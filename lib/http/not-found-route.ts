import { problemResponse } from "./problem";

/** For catch-all routes under the API prefixes: an unknown path is a 404 problem, never an HTML page. */
export const unknownPath = async (request: Request) =>
  problemResponse({
    type: "https://syndicate.dev/problems/not-found",
    title: "Not Found",
    status: 404,
    detail: `There is no API operation at ${new URL(request.url).pathname}. See /api/openapi.json.`,
    instance: new URL(request.url).pathname,
  });
