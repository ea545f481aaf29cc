// The route wrapper's JSON answers: a Response whose body is a text it already holds. Building a
// Response from a string makes its body stream at once, and in Node 20 every web stream is made
// transferable, a costly call; under load that stream cost about as much as the rest of a small
// read (docs/performance.md, decision 20). This Response makes its stream only when something reads
// the body (Next.js, a test, `text()`). The production server's API router (lib/api/router.ts)
// never does: it takes the text under BODY_TEXT and writes it as is. The symbol is the global
// registry's, so that every module instance of this file (Next bundles the route files and
// instrumentation.ts apart) names the same one.
export const BODY_TEXT = Symbol.for("syndicate.responseBodyText");

class TextResponse extends Response {
  readonly [BODY_TEXT]: string;
  #read: Response | undefined;

  constructor(text: string, init: ResponseInit) {
    super(null, init);
    this[BODY_TEXT] = text;
  }

  // The same body as `new Response(text, init)` would have, made on first use.
  #body(): Response {
    return (this.#read ??= new Response(this[BODY_TEXT]));
  }

  override get body() {
    return this.#body().body;
  }

  override get bodyUsed() {
    return this.#read?.bodyUsed ?? false;
  }

  override text() {
    return this.#body().text();
  }

  override json() {
    return this.#body().json();
  }

  override arrayBuffer() {
    return this.#body().arrayBuffer();
  }

  override blob() {
    return this.#body().blob();
  }

  override formData() {
    return this.#body().formData();
  }

  override bytes() {
    return this.#body().bytes();
  }

  override clone(): Response {
    return new TextResponse(this[BODY_TEXT], { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/** A Response with `text` as its body, whose text the router can take as is. */
export const withBodyText = (text: string, init: ResponseInit): Response => new TextResponse(text, init);
