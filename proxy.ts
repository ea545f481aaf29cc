// Runs before routing. A path whose percent-encoding is malformed ("/api/agents/%", "%E0%A4%A",
// "%FF") would make Next fail to decode the route parameters and answer a plain-text 500 before
// any handler runs; such requests get a 400 problem+json here instead.
import type { NextRequest } from "next/server";
import { problemResponse } from "./lib/http/problem";

const malformedSegment = (pathname: string) =>
  pathname.split("/").find((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });

export const proxy = (request: NextRequest) => {
  const pathname = request.nextUrl.pathname;
  const bad = malformedSegment(pathname);
  if (bad === undefined) return undefined;
  return problemResponse({
    type: "https://syndicate.dev/problems/bad-request",
    title: "Bad Request",
    status: 400,
    detail: "The path is not valid percent-encoding (UTF-8).",
    errors: [{ path: "path", message: `segment '${bad.slice(0, 100)}' is not valid percent-encoding` }],
  });
};

// Only paths with a "%" can be malformed, so only those run the proxy: the matcher is tested on
// the raw path, before decoding. Running a proxy costs every request it matches (about a third of
// a small API read's throughput when it matched every path: docs/performance.md).
// Next reads `config` statically at build time: the matcher must be a literal there, not a
// reference (the build fails otherwise); the test checks the two stay equal.
export const PROXY_MATCHER = "/(.*%.*)";
export const config = { matcher: ["/(.*%.*)"] };
