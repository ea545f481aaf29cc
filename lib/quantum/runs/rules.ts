// Who may see which runs: entity analyses are public like the entities; wallet and circuit runs
// are private to the user who ran them (and admins).
import type { Prisma, QuantumEntity, Role } from "../../db";

/** Who is looking at runs: a signed-in user or API key's owner, or nobody. */
export type RunViewer = { userId: string; role: Role } | null;

export const PUBLIC_KINDS: QuantumEntity[] = ["agent", "squad", "syndicate"];

// Entity analyses are public like the entities; wallet and circuit runs only for their user and admins.
export const visibleTo = (viewer: RunViewer): Prisma.QuantumRunWhereInput =>
  viewer?.role === "admin"
    ? {}
    : viewer
      ? { OR: [{ entityType: { in: PUBLIC_KINDS } }, { userId: viewer.userId }] }
      : { entityType: { in: PUBLIC_KINDS } };
