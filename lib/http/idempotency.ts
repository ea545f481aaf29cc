// Idempotent creates (docs/api.md, "Idempotent creates"): a POST sent with an `Idempotency-Key` is
// answered once. The key is held in the database (so every instance sees it) before the handler runs:
// - a retry with the same key and the same request (method, path, query, body) gets the first answer
//   again, with `Idempotent-Replayed: true`, for IDEMPOTENCY_KEY_TTL_HOURS (24);
// - the same key with another request is a 422, and nothing runs;
// - a retry while the first is still being answered is a 409 with Retry-After, and nothing runs: of
//   concurrent duplicates exactly one executes (the primary key decides which);
// - an answer that carries a secret shown once (a new API key) is not kept: its retry is a 409 naming
//   what was created, by id;
// - only answers the handler gave are kept: a request refused before it ran (its credential, its rate,
//   its schema) keeps no key, and neither does a 5xx or a crash, so that the retry runs again.
// Keys are per caller: a user's (any of their API keys, or their session), an agent's, or, for the
// public operations, an anonymous client address's; one caller's key never replays another's answer.
import { createHash } from "node:crypto";
import { z } from "zod";
import { envSection } from "../config/section";
import { AppError } from "../core/errors";
import { prisma, Prisma } from "../db";
import { defineJobKind } from "../jobs";
import type { Principal } from "../auth/resolve-principal";

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";

const IdempotencyConfig = z.object({
  IDEMPOTENCY_KEY_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(24).describe("How long a POST's answer is kept for its Idempotency-Key"),
  IDEMPOTENCY_BODY_BYTES_MAX: z.coerce.number().int().min(1024).default(4 * 1024 * 1024).describe("Largest answer kept for an Idempotency-Key (a larger one is not kept: a retry runs again)"),
});
const section = envSection("idempotency configuration", IdempotencyConfig);
export const idempotencyConfig = () => section.get();
export const resetIdempotencyConfig = () => section.reset();

/** 1–255 visible ASCII characters: a UUID, a ULID, an order number. */
const KEY = /^[\x21-\x7e]{1,255}$/;

// A first request whose answer never came (its process died mid-request) holds its key this long;
// then a retry takes the key over and runs. Longer than any request may take (a claim's long poll is
// at most a minute; a synchronous simulation is bounded well below this).
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

// The answer's headers a replay repeats; the rest (request id, rate limit) belong to each request.
const KEPT_HEADERS = ["content-type", "location", "link", "x-total-count", "etag", "last-modified", "content-language", "deprecation", "sunset"];

export type IdempotencyClaim = { scope: string; key: string; replay?: Response };

/** Whose key it is (a key of one caller never replays another's answer). */
const callerOf = (principal: Principal | null, clientAddress: string | undefined) =>
  principal === null ? `anonymous:${clientAddress ?? "unknown"}` : principal.agent ? `agent:${principal.agent.id}` : `user:${principal.userId}`;

const fingerprintOf = (request: Request, url: URL, body: unknown) =>
  createHash("sha256")
    .update(`${request.method} ${url.pathname}?${[...url.searchParams].map(([name, value]) => `${name}=${value}`).sort().join("&")}\n`)
    .update(body === undefined ? "" : JSON.stringify(body))
    .digest("hex");

const stillAnswered = () =>
  new AppError("conflict", "A request with this Idempotency-Key is still being answered; retry in a moment for its answer.", { headers: { "retry-after": "1" } });

const NULL_BODY = new Set([204, 205, 304]);

const replayOf = (row: { status: number; headers: Prisma.JsonValue; body: string | null }) => {
  const headers = new Headers((row.headers ?? {}) as Record<string, string>);
  headers.set(REPLAYED_HEADER, "true");
  return new Response(NULL_BODY.has(row.status) ? null : row.body, { status: row.status, headers });
};

/**
 * Takes the request's Idempotency-Key before its handler runs: undefined when it has none; a claim
 * with `replay` (the first answer) when it was answered before; a claim to settle after the handler
 * otherwise. Throws the 400 (a malformed key), 409 (still being answered) or 422 (another request).
 */
export const claimIdempotencyKey = async (
  request: Request,
  url: URL,
  body: unknown,
  principal: Principal | null,
  clientAddress: string | undefined,
  secretAnswer = false,
): Promise<IdempotencyClaim | undefined> => {
  const key = request.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return undefined;
  if (!KEY.test(key)) {
    throw new AppError("validation_failed", "The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID, say).", {
      errors: [{ path: "headers.Idempotency-Key", message: "must be 1 to 255 visible ASCII characters" }],
    });
  }
  const scope = callerOf(principal, clientAddress);
  const fingerprint = fingerprintOf(request, url, body);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + idempotencyConfig().IDEMPOTENCY_KEY_TTL_HOURS * 3600_000);
  for (let attempt = 0; attempt < 3; attempt++) {
    const taken = await prisma.$executeRaw`
      INSERT INTO "IdempotentRequest" (scope, key, fingerprint, "createdAt", "expiresAt")
      VALUES (${scope}, ${key}, ${fingerprint}, ${now}, ${expiresAt})
      ON CONFLICT (scope, key) DO NOTHING`;
    if (taken === 1) return { scope, key };
    const held = await prisma.idempotentRequest.findUnique({ where: { scope_key: { scope, key } } });
    if (!held) continue; // swept or released in between: try again
    if (held.expiresAt <= now) {
      // Expired: the key is free again (the sweep would have removed it).
      await prisma.idempotentRequest.deleteMany({ where: { scope, key, expiresAt: held.expiresAt } });
      continue;
    }
    if (held.fingerprint !== fingerprint) {
      throw new AppError(
        "unprocessable",
        "This Idempotency-Key was used with a different request (method, path, query or body); use a new key for a new request.",
      );
    }
    if (held.status !== null) {
      if (secretAnswer && held.status < 300) {
        // The first answer's secret was shown once and not kept: say what was created instead.
        const created = held.body ? (JSON.parse(held.body) as { id?: string }).id : undefined;
        throw new AppError(
          "conflict",
          `An earlier request with this Idempotency-Key already created it${created ? ` (id ${created})` : ""}; its secret was shown in that answer only and is not kept. If it was lost, revoke that one and create another with a new key.`,
        );
      }
      return { scope, key, replay: replayOf({ ...held, status: held.status }) };
    }
    if (now.getTime() - held.createdAt.getTime() < ABANDONED_AFTER_MS) {
      throw stillAnswered();
    }
    // Abandoned by a process that died mid-request: this request takes the key over, once.
    const takenOver = await prisma.idempotentRequest.updateMany({
      where: { scope, key, status: null, createdAt: held.createdAt },
      data: { createdAt: now, expiresAt },
    });
    if (takenOver.count === 1) return { scope, key };
  }
  throw stillAnswered();
};

/**
 * Keeps the handler's answer for the claim (a 2xx or 4xx it gave), or lets the key go (a 5xx, a crash,
 * an answer too large to keep, or one that streams), so that a retry runs again. The answer given to
 * this request is returned unread by this function's caller: a copy is read here.
 */
export const settleIdempotencyKey = async (claim: IdempotencyClaim, response: Response | undefined, secretAnswer = false): Promise<void> => {
  const where = { scope_key: { scope: claim.scope, key: claim.key } };
  const streams = response?.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
  if (!response || response.status >= 500 || streams) {
    await prisma.idempotentRequest.delete({ where }).catch(() => {});
    return;
  }
  let body = response.body ? await response.clone().text() : null;
  // A secret shown once is never stored: only the id of what was created, for the retry's 409.
  if (secretAnswer && response.status < 300 && body !== null) body = JSON.stringify({ id: (JSON.parse(body) as { id?: unknown }).id });
  if (body !== null && Buffer.byteLength(body) > idempotencyConfig().IDEMPOTENCY_BODY_BYTES_MAX) {
    await prisma.idempotentRequest.delete({ where }).catch(() => {});
    return;
  }
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await prisma.idempotentRequest.update({ where, data: { status: response.status, headers, body } });
};

/** Deletes the keys past their time (the recurring sweep); answers how many. */
export const sweepIdempotencyKeys = async (now: Date = new Date()): Promise<number> =>
  (await prisma.idempotentRequest.deleteMany({ where: { expiresAt: { lte: now } } })).count;

/** The hourly sweep of expired keys (the `quick` job lane, lib/startup/jobs.ts). */
export const idempotencySweepJob = defineJobKind<Record<string, never>, { deleted: number }>({
  kind: "http.idempotency-sweep",
  schedule: { everyMs: 60 * 60 * 1000 },
  run: async () => ({ deleted: await sweepIdempotencyKeys() }),
});
