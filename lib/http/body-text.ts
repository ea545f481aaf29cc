// The text of a JSON answer, kept beside its Response for the production server's direct dispatch
// (lib/server/direct-routes.mjs): it writes the text in one go, with the headers, rather than
// reading it back out of the Response's body stream. The map lives on globalThis because the
// dispatcher is plain Node code outside the bundle; it holds nothing once the Response is gone.
// Under Next.js (dev, or dispatch turned off) nobody reads it: the Response is answered as usual.
const KEY = Symbol.for("syndicate.responseBodyText");

type Registry = WeakMap<Response, string>;

const registry = (): Registry => {
  const holder = globalThis as { [KEY]?: Registry };
  return (holder[KEY] ??= new WeakMap());
};

/** A Response with `text` as its body, whose text the direct dispatcher can take as is. */
export const withBodyText = (text: string, init: ResponseInit): Response => {
  const response = new Response(text, init);
  registry().set(response, text);
  return response;
};
