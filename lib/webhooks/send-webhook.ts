// One delivery attempt over HTTP: the Standard Webhooks headers (webhook-id, webhook-timestamp,
// webhook-signature) signed with the standardwebhooks library, a POST with a time limit over the
// whole exchange, no redirects followed, and only the start of the answer kept.
import { request as httpRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { pinnedLookup, resolveDeliveryTarget } from "./check-delivery-url";

/** How much of a receiver's answer the delivery log keeps. */
export const RESPONSE_SNIPPET_BYTES = 1024;

/** A new signing secret: "whsec_" + base64 of 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64")}`;

/**
 * The webhook-signature header: one `v1,<base64>` entry per secret, space-separated, so that a
 * receiver holding either the new or the previous secret (during a rotation) can verify.
 */
export const signatureHeader = (secrets: string[], messageId: string, at: Date, body: string) =>
  secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(" ");

export type SendInput = {
  url: string;
  messageId: string;
  body: string;
  secrets: string[];
  timeoutMs: number;
  allowPrivate: boolean;
  signal?: AbortSignal;
};

export type SendResult = {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
  startedAt: Date;
};

// PostgreSQL text cannot hold NUL; an answer may.
const storable = (text: string) => text.replaceAll("\u0000", "");

const readSnippet = (response: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    response.on("data", (chunk: Buffer) => {
      if (size < RESPONSE_SNIPPET_BYTES) chunks.push(chunk.subarray(0, RESPONSE_SNIPPET_BYTES - size));
      size += chunk.length;
      // Enough kept: stop reading a large answer rather than wait for all of it.
      if (size >= RESPONSE_SNIPPET_BYTES) response.destroy();
    });
    const done = () => resolve(Buffer.concat(chunks).toString("utf8"));
    response.on("end", done);
    response.on("close", done);
    response.on("error", (error) => (size >= RESPONSE_SNIPPET_BYTES ? done() : reject(error)));
  });

/** POSTs `body` to `url` once, signed; never throws for the receiver's sake (the result says what happened). */
export const sendWebhook = async (input: SendInput): Promise<SendResult> => {
  const startedAt = new Date();
  const started = performance.now();
  const finish = (result: Omit<SendResult, "durationMs" | "startedAt">): SendResult => ({
    ...result,
    error: result.error === null ? null : storable(result.error).slice(0, 500),
    responseBody: result.responseBody === null ? null : storable(result.responseBody),
    durationMs: Math.round(performance.now() - started),
    startedAt,
  });
  const url = new URL(input.url);
  // Resolved and checked here, then connected to that very address (the Host header and TLS name
  // stay the URL's): the address checked is the address reached.
  let timeLimit: NodeJS.Timeout | undefined;
  const target = await Promise.race([
    resolveDeliveryTarget(url, input.allowPrivate),
    new Promise<{ refusal: string }>((resolve) => {
      timeLimit = setTimeout(() => resolve({ refusal: `${url.hostname} did not resolve within ${input.timeoutMs} ms` }), input.timeoutMs);
    }),
  ]).finally(() => clearTimeout(timeLimit));
  if ("refusal" in target) return finish({ ok: false, statusCode: null, error: target.refusal, responseBody: null });
  const headers = {
    "content-type": "application/json",
    "user-agent": "Syndicate-Webhooks/1.0",
    "webhook-id": input.messageId,
    "webhook-timestamp": String(Math.floor(startedAt.getTime() / 1000)),
    "webhook-signature": signatureHeader(input.secrets, input.messageId, startedAt, input.body),
    "content-length": String(Buffer.byteLength(input.body)),
  };
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const settle = (result: Omit<SendResult, "durationMs" | "startedAt">) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      input.signal?.removeEventListener("abort", onAbort);
      resolve(finish(result));
    };
    const outgoing = request(url, { method: "POST", headers, lookup: pinnedLookup(target) as never, agent: false }, (response) => {
      const statusCode = response.statusCode ?? 0;
      readSnippet(response).then(
        (text) => {
          const ok = statusCode >= 200 && statusCode < 300;
          const location = response.headers.location;
          const error = ok ? null : statusCode >= 300 && statusCode < 400 ? `redirect not followed (to ${location ?? "nowhere"})` : `the receiver answered ${statusCode}`;
          settle({ ok, statusCode, error, responseBody: text });
        },
        (error: Error) => settle({ ok: false, statusCode, error: `the answer broke off: ${error.message}`, responseBody: null }),
      );
    });
    const timer = setTimeout(() => {
      settle({ ok: false, statusCode: null, error: `no complete answer within ${input.timeoutMs} ms`, responseBody: null });
      outgoing.destroy();
    }, input.timeoutMs);
    const onAbort = () => {
      settle({ ok: false, statusCode: null, error: "the delivery was stopped", responseBody: null });
      outgoing.destroy();
    };
    if (input.signal?.aborted) onAbort();
    input.signal?.addEventListener("abort", onAbort);
    outgoing.on("error", (error: NodeJS.ErrnoException) => settle({ ok: false, statusCode: null, error: error.code ? `${error.code}: ${error.message}` : error.message, responseBody: null }));
    outgoing.end(input.body);
  });
};
