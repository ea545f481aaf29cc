// Paths the API moved (docs/api.md, "Moved paths"). An old path keeps answering as the new one until
// its sunset, and says so on every answer: `Deprecation` (RFC 9745, when it was deprecated), `Sunset`
// (RFC 8594, when it stops answering) and `Link: <new path>; rel="successor-version"`. After the
// sunset it answers 410 Gone, naming the new path. The document lists the new paths only.
import { AppError } from "../core/errors";
import type { HttpMethod } from "../core/operation";
import { problemResponse, type RouteHandler } from "../http";
import { requestIdOf } from "../http/route";
import { toProblem } from "../http/to-problem";

type PathMethods = Record<HttpMethod, RouteHandler>;

export type MovedPath = { from: string; to: string };

/**
 * The wallet's address book and linked wallets moved out of /api/wallets/…, where
 * /api/wallets/address-book/{address} and /api/wallets/{address}/… could name the same path
 * (an address "address-book").
 */
export const MOVED_PATHS: readonly MovedPath[] = [
  { from: "/api/wallets/address-book", to: "/api/address-book" },
  { from: "/api/wallets/address-book/{address}", to: "/api/address-book/{address}" },
  { from: "/api/wallets/links", to: "/api/wallet-links" },
  { from: "/api/wallets/links/{address}", to: "/api/wallet-links/{address}" },
];

/** When the old paths were deprecated, and the day they stop answering (six months on). */
export const MOVED_ON = new Date("2026-11-29T00:00:00Z");
export const SUNSET_AT = new Date("2027-05-31T00:00:00Z");

/** The new path of a request to an old one: the same parameters and query under the new template. */
const successorOf = (moved: MovedPath, url: URL, params: Record<string, string>) => {
  const path = moved.to.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  return `${path}${url.search}`;
};

/** The old path's handlers: the new path's, with the deprecation headers; 410 after the sunset. */
export const movedMethods = (moved: MovedPath, current: PathMethods, now: () => Date = () => new Date()): PathMethods =>
  Object.fromEntries(
    Object.entries(current).map(([method, handler]) => {
      const answer: RouteHandler = async (request, context) => {
        const params = ((await context.params) ?? {}) as Record<string, string>;
        const successor = successorOf(moved, new URL(request.url), params);
        const deprecation = {
          deprecation: `@${Math.floor(MOVED_ON.getTime() / 1000)}`,
          sunset: SUNSET_AT.toUTCString(),
        };
        if (now() >= SUNSET_AT) {
          const error = new AppError("gone", `This path was moved to ${successor} and stopped answering on ${SUNSET_AT.toISOString().slice(0, 10)}.`);
          const { problem, headers } = toProblem(error, { instance: new URL(request.url).pathname, requestId: requestIdOf(request) });
          return problemResponse(problem, { ...headers, ...deprecation, link: `<${successor}>; rel="successor-version"` });
        }
        const response = await handler(request, context);
        response.headers.set("deprecation", deprecation.deprecation);
        response.headers.set("sunset", deprecation.sunset);
        response.headers.append("link", `<${successor}>; rel="successor-version"`);
        return response;
      };
      return [method as HttpMethod, answer];
    }),
  ) as PathMethods;
