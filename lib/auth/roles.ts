import type { Role } from "../db";

export const ROLES = ["viewer", "operator", "admin"] as const satisfies readonly Role[];

const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

export const hasRole = (role: Role, atLeast: Role) => RANK[role] >= RANK[atLeast];

/** The weaker of two roles (an API key never grants more than its owner has). */
export const weakerRole = (a: Role, b: Role): Role => (RANK[a] <= RANK[b] ? a : b);
