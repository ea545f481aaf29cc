// Deleting something that open work is assigned to would orphan that work: a 409 naming the tasks.
import type { EntityType, Prisma } from "../db";
import { AppError } from "../http/errors";

/** Task statuses that are not final: work still to be done by the entity. */
export const OPEN_TASK_STATUSES = ["pending", "assigned", "in_progress"] as const;

const SHOWN = 20;

/** Throws 409 when non-final tasks are assigned to the entity. Run it inside the deleting transaction. */
export const assertNoOpenTasks = async (tx: Prisma.TransactionClient, entityType: EntityType, id: string) => {
  const tasks = await tx.task.findMany({
    where: { entityType, entityId: id, status: { in: [...OPEN_TASK_STATUSES] } },
    select: { id: true },
    orderBy: { id: "asc" },
  });
  if (tasks.length === 0) return;
  const ids = tasks.map((task) => task.id);
  const named = ids.slice(0, SHOWN).join(", ") + (ids.length > SHOWN ? ` and ${ids.length - SHOWN} more` : "");
  const count = ids.length === 1 ? "1 open task is" : `${ids.length} open tasks are`;
  throw new AppError(
    "conflict",
    `${entityType} '${id}' cannot be deleted: ${count} assigned to it (${named}). Complete, cancel or reassign them first.`,
  );
};
