import { z } from "zod";
import { ALL_SCOPES } from "../core/scopes";

// The scope vocabulary, for client code (the API key form) that may import only schemas.
export { READ_SCOPES, SCOPE_AREAS } from "../core/scopes";
import { ZEntityId, isoDateTime } from "../core/primitives";
import { ROLES } from "./rules";

export const ZRole = z.enum(ROLES).describe("viewer < operator < admin");

export const ZEmail = z.string().trim().toLowerCase().email("must be an email address").max(254);

export const ZPassword = z.string().min(10, "must be at least 10 characters").max(256);

export const ZCreateUserBody = z.object({
  email: ZEmail.describe("Sign-in email"),
  name: z.string().trim().min(1).max(100).optional().describe("Display name"),
  password: ZPassword.describe("At least 10 characters"),
  role: ZRole.default("viewer"),
});
export type TCreateUserBody = z.infer<typeof ZCreateUserBody>;

export const ZUpdateUserBody = z.object({ role: ZRole });
export type TUpdateUserBody = z.infer<typeof ZUpdateUserBody>;

export const ZUserParams = z.object({ userId: z.string().min(1).max(64).describe("User id") });

export const ZUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: ZRole,
  createdAt: z.string().describe("ISO 8601"),
});
export type TUser = z.infer<typeof ZUser>;

export const ZScope = z.enum(ALL_SCOPES).describe("An area of the API and whether the key may read or write it (`<area>:read`, `<area>:write`)");

/** How long a new key may live, at most (a key without an expiry lives until revoked). */
export const API_KEY_LIFETIME_MAX_DAYS = 730;

export const ZCreateApiKeyBody = z.object({
  name: z.string().trim().min(1, "must not be empty").max(100).describe("What the key is for"),
  role: ZRole.optional().describe("At most the owner's role; default the owner's role"),
  scopes: z
    .array(ZScope)
    .min(1, "must name at least one scope (leave it out for every scope the role allows)")
    .max(ALL_SCOPES.length)
    .transform((scopes) => [...new Set(scopes)].sort())
    .optional()
    .describe("Only these areas, read or write (still within the role); default every area the role allows"),
  expiresAt: isoDateTime()
    .refine((value) => Date.parse(value) > Date.now(), "must be in the future")
    .refine((value) => Date.parse(value) <= Date.now() + API_KEY_LIFETIME_MAX_DAYS * 86_400_000, `must be at most ${API_KEY_LIFETIME_MAX_DAYS} days away`)
    .optional()
    .describe(`When the key stops working (at most ${API_KEY_LIFETIME_MAX_DAYS} days away); default never, until revoked`),
})
  // A viewer's key only reads: the document says so too.
  .meta({ if: { properties: { role: { const: "viewer" } }, required: ["role"] }, then: { properties: { scopes: { items: { pattern: ":read$" } } } } });
export type TCreateApiKeyBody = z.infer<typeof ZCreateApiKeyBody>;

export const ZApiKeyParams = z.object({ keyId: z.string().min(1).max(64).describe("API key id") });

export const ZApiKey = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the key"),
  role: ZRole,
  userId: z.string().describe("The owner's user_uid"),
  scopes: z.array(ZScope).nullable().describe("The areas it may read or write; null: every area its role allows"),
  expiresAt: z.string().nullable().describe("When it stops working; null: never (until revoked)"),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZCreatedApiKey = ZApiKey.extend({ key: z.string().describe("The key itself: shown this once, never again") });
export type TCreatedApiKey = z.infer<typeof ZCreatedApiKey>;

// ── Agent credentials (docs/agents-at-work.md, "Credentials") ──

// The agents' own id rule, with its refusal of ids a path cannot address ('.', '..').
const ZAgentId = ZEntityId.describe("Agent id");

export const ZAgentCredentialsParams = z.object({ agentId: ZAgentId });

export const ZAgentCredentialParams = z.object({
  agentId: ZAgentId,
  credentialId: z.string().min(1).max(64).describe("Agent credential id"),
});

export const ZCreateAgentCredentialBody = z.object({
  name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters").describe("Where the credential is used, e.g. the host or process"),
});
export type TCreateAgentCredentialBody = z.infer<typeof ZCreateAgentCredentialBody>;

export const ZAgentCredential = z.object({
  id: z.string(),
  agentId: z.string(),
  name: z.string(),
  prefix: z.string().describe("The first characters of the secret"),
  createdById: z.string().nullable().describe("The user who issued it"),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TAgentCredential = z.infer<typeof ZAgentCredential>;

export const ZCreatedAgentCredential = ZAgentCredential.extend({
  secret: z.string().describe("The credential itself (Authorization: Bearer <secret>): shown this once, never again"),
});
export type TCreatedAgentCredential = z.infer<typeof ZCreatedAgentCredential>;
