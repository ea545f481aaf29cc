// Agent credentials (docs/agents-at-work.md, "Credentials"): issued per agent by an operator, the
// secret shown once and only its SHA-256 kept, revoked at once. An agent credential is looked up on
// every request (lib/auth/resolve-principal.ts), so a revocation holds on every instance at once.
import { randomBytes } from "node:crypto";
import { prisma } from "../db";
import { AppError, notFound } from "../core/errors";
import { authConfig } from "./config";
import { AGENT_CREDENTIAL_PREFIX, hashApiKey } from "./resolve-principal";
import type { TAgentCredential, TCreatedAgentCredential } from "./schemas";

const SELECT = { id: true, agentId: true, name: true, prefix: true, createdById: true, createdAt: true, lastUsedAt: true, revokedAt: true } as const;

type Row = { id: string; agentId: string; name: string; prefix: string; createdById: string | null; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

const toCredential = (row: Row): TAgentCredential => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Issues a credential for `agentId` on behalf of `userId`; the secret is in the answer and nowhere else, ever. */
export const issueAgentCredential = async (agentId: string, userId: string, input: { name: string }): Promise<TCreatedAgentCredential> => {
  const secret = AGENT_CREDENTIAL_PREFIX + randomBytes(32).toString("base64url");
  const limit = authConfig().AGENT_CREDENTIALS_PER_AGENT_MAX;
  const row = await prisma.$transaction(async (tx) => {
    // One issue per agent at a time, so that racing issues cannot both pass the cap.
    const [agent] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Agent" WHERE id = ${agentId} FOR NO KEY UPDATE`;
    if (!agent) throw notFound("Agent", agentId);
    const active = await tx.agentCredential.count({ where: { agentId, revokedAt: null } });
    if (active >= limit) {
      throw new AppError("conflict", `Agent '${agentId}' has ${active} active credentials, the most one agent may hold (AGENT_CREDENTIALS_PER_AGENT_MAX: ${limit}); revoke one first.`);
    }
    const creator = await tx.user.findUnique({ where: { id: userId }, select: { id: true } });
    return tx.agentCredential.create({
      data: {
        id: `acr_${randomBytes(12).toString("hex")}`,
        agentId,
        name: input.name,
        prefix: secret.slice(0, AGENT_CREDENTIAL_PREFIX.length + 6),
        secretHash: hashApiKey(secret),
        createdById: creator?.id ?? null,
      },
      select: SELECT,
    });
  });
  return { ...toCredential(row), secret };
};

/** The agent's credentials, newest first (revoked ones too); 404 when there is no such agent. */
export const listAgentCredentials = async (agentId: string): Promise<TAgentCredential[]> => {
  const [agent, rows] = await Promise.all([
    prisma.agent.findUnique({ where: { id: agentId }, select: { id: true } }),
    prisma.agentCredential.findMany({ where: { agentId }, select: SELECT, orderBy: [{ createdAt: "desc" }, { id: "desc" }] }),
  ]);
  if (!agent) throw notFound("Agent", agentId);
  return rows.map(toCredential);
};

/** Revokes a credential of `agentId` at once (again: nothing changes); 404 when the agent has no such credential. */
export const revokeAgentCredential = async (agentId: string, credentialId: string): Promise<void> => {
  const { count } = await prisma.agentCredential.updateMany({ where: { id: credentialId, agentId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count > 0) return;
  const exists = await prisma.agentCredential.findFirst({ where: { id: credentialId, agentId }, select: { id: true } });
  if (!exists) throw notFound("Agent credential", credentialId);
};
