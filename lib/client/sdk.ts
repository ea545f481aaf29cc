// The API's TypeScript client: openapi-fetch over the types generated from the OpenAPI document
// (./generated/schema.ts, `npm run client:generate`). Every path, parameter, body and answer is typed as
// the document says; a call answers { data } on success or { error } (the problem document) otherwise,
// with the Response beside them.
//
//   const api = createSyndicateClient({ baseUrl: "http://localhost:3000", apiKey: process.env.SYNDICATE_KEY });
//   const { data: agents } = await api.GET("/api/agents", { params: { query: { limit: 5 } } });
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./generated/schema";

export type { components, paths };
export type SyndicateClient = Client<paths>;
/** A problem document (RFC 9457), as every error answers. */
export type Problem = components["schemas"]["Problem"];

export type SyndicateClientOptions = {
  /** Where the app is, e.g. http://localhost:3000 (no trailing slash needed). */
  baseUrl: string;
  /** An API key (sk_syn_…) or an agent credential (ak_syn_…); none for the public reads. */
  apiKey?: string;
  /** Another fetch (tests, a proxy). */
  fetch?: typeof fetch;
};

export const createSyndicateClient = ({ baseUrl, apiKey, fetch }: SyndicateClientOptions): SyndicateClient =>
  createClient<paths>({
    baseUrl: baseUrl.replace(/\/$/, ""),
    headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    ...(fetch ? { fetch } : {}),
  });
