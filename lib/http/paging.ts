// A page of results over HTTP: the body stays a plain array; `Link: <…>; rel="next"` announces
// the next page and `X-Total-Count` the total.
import type { Page } from "../core/paging";
import { JsonAnswer } from "./json-answer";

/** The page as the route wrapper answers it (JSON, with X-Total-Count and, when there is one, the next page's Link). */
export const pagedResponse = <T>(page: Page<T>, url: URL): JsonAnswer => {
  const headers: Record<string, string> = { "x-total-count": String(page.total) };
  if (page.nextCursor) {
    const next = new URL(url);
    next.searchParams.set("cursor", page.nextCursor);
    headers.link = `<${next.pathname}${next.search}>; rel="next"`;
  }
  return new JsonAnswer(page.items, headers);
};
