// A page of results over HTTP: the body stays a plain array; `Link: <…>; rel="next"` announces
// the next page and `X-Total-Count` the total.
import type { Page } from "../core/paging";

export const pagedResponse = <T>(page: Page<T>, url: URL): Response => {
  const headers = new Headers({ "x-total-count": String(page.total) });
  if (page.nextCursor) {
    const next = new URL(url);
    next.searchParams.set("cursor", page.nextCursor);
    headers.set("link", `<${next.pathname}${next.search}>; rel="next"`);
  }
  return Response.json(page.items, { headers });
};
