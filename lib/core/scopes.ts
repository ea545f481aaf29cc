// API key scopes (docs/api.md, "Scoped, expiring keys"): a key may be limited to reading or writing
// some areas of the API. An operation's scope is its area (the first tag of its declaration, as a
// slug) and whether it reads or writes: `agents:read`, `wallet:write`. A GET, or an operation any
// caller may make that changes nothing (access "read"), reads; everything else writes. A key without
// scopes may call whatever its role allows; a key with scopes only those, and still only within
// its role. The public operations (health, the document) need no scope.
// (A type import only: this file is vocabulary, below the operations that use it.)
import type { Operation } from "./operation";

/** The areas a scope names (every tag an API key can reach; a test holds the operations to it). */
export const SCOPE_AREAS = [
  "agents",
  "agents-at-work",
  "agent-credentials",
  "squads",
  "syndicates",
  "marketplace",
  "deployments",
  "tasks",
  "use-cases",
  "runs",
  "engines",
  "wallet",
  "quantum",
  "search",
  "events",
  "webhooks",
  "users",
] as const;
export type ScopeArea = (typeof SCOPE_AREAS)[number];

export const SCOPE_ACCESS = ["read", "write"] as const;

/** Every scope: each area's read and write. */
export const ALL_SCOPES = SCOPE_AREAS.flatMap((area) => SCOPE_ACCESS.map((access) => `${area}:${access}` as const));
export type Scope = (typeof ALL_SCOPES)[number];

/** The read scopes of every area: the dashboard's default for a new key (least privilege). */
export const READ_SCOPES = ALL_SCOPES.filter((scope) => scope.endsWith(":read"));

export const isWriteScope = (scope: string) => scope.endsWith(":write");

const slug = (tag: string) => tag.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/**
 * The scope an operation needs from a scoped key; undefined where no API key's scopes matter: the
 * public operations, and those no API key may call (an agent's own, the session-only key management).
 */
export const scopeOf = (operation: Operation): string | undefined => {
  if (operation.access === "public" || operation.access === "agent" || operation.credentials === "session") return undefined;
  const access = operation.method === "GET" || operation.access === "read" ? "read" : "write";
  return `${slug(operation.tags[0] ?? "")}:${access}`;
};
