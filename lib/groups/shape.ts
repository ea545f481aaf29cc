import type { Prisma } from "../db";

/** A group's declared stacked roles, in order, as the shapes of both kinds load them. */
export const STACKED_ROLES = {
  orderBy: { position: "asc" },
  select: { roleName: true, primaryFunction: true, skills: true },
} satisfies Prisma.StackedRoleFindManyArgs;
