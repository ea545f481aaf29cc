// A JSON answer with headers of its own (a page: X-Total-Count, Link), which the route wrapper turns
// into the one Response it sends, with its own headers (request id, rate limits) given at once.
// Building the Response there, headers and all in its constructor, costs less than a Response made
// here and then given each of the wrapper's headers with Headers#set (a validated call per name).
export class JsonAnswer {
  constructor(
    /** The body, serialised with JSON.stringify as Response.json would. */
    readonly body: unknown,
    /** Lower-case names; the wrapper adds content-type and its own headers. */
    readonly headers: Record<string, string> = {},
  ) {}
}
