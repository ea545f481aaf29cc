// Rules one area puts on another area's change, run in the transaction of that change: "an agent
// (squad, syndicate, marketplace item) with open tasks cannot be deleted" is the tasks area's rule
// on a delete the agents area makes. The area that deletes calls guardDeletion; the area that owns
// the rule registers it (lib/startup's registerApp()), so the deleting area imports nothing of it.
import { Prisma } from "../db";

/** What is being deleted: its entity type (the registered guards' key) and its table. */
export type DeletionTarget = { type: string; table: string; id: string };

/** Throws (an AppError, say a 409) when the entity may not be deleted now. */
export type DeletionGuard = (tx: Prisma.TransactionClient, target: { type: string; id: string }) => Promise<void>;

// On globalThis: Next bundles instrumentation (which registers at startup) apart from the routes.
const state = globalThis as typeof globalThis & { __syndicateDeletionGuards?: readonly DeletionGuard[] };

/** Makes `guards` the deletion guards of this process (all of them; replaces any earlier set). */
export const registerDeletionGuards = (guards: readonly DeletionGuard[]) => {
  state.__syndicateDeletionGuards = [...guards];
};

/**
 * For deleting a record other areas may hold on to: locks its row (FOR UPDATE, so that nothing can
 * be attached to it meanwhile), then runs every registered guard, which throws to refuse. Call it
 * inside the delete's transaction, before deleting. False when the row does not exist. Throws when
 * no guards were registered: a delete is never let through because a rule was forgotten.
 */
export const guardDeletion = async (tx: Prisma.TransactionClient, target: DeletionTarget): Promise<boolean> => {
  const guards = state.__syndicateDeletionGuards;
  if (!guards) {
    throw new Error(
      "No deletion guards are registered: call registerApp() from lib/startup before deleting records (docs/events.md, \"Registration\").",
    );
  }
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM ${Prisma.raw(`"${target.table}"`)} WHERE id = ${target.id} FOR UPDATE`;
  if (rows.length === 0) return false;
  for (const guard of guards) await guard(tx, { type: target.type, id: target.id });
  return true;
};
