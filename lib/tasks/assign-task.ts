import { prisma } from "../db";
import { AppError, alreadyExists } from "../core/errors";
import { ENTITY_LABELS, lockEntityForAssignment } from "./entities";
import type { TAssignTaskBody, TTask } from "./schemas";
import { TASK_COLUMNS, toTask, toTaskColumns } from "./shape";

/**
 * Creates a task and assigns it: the entity must exist (422), the id must be new (409). The
 * status the body carries is stored and recorded as the first entry of the task's history.
 */
export const assignTask = async (body: TAssignTaskBody): Promise<TTask> =>
  prisma.$transaction(async (tx) => {
    if (await tx.task.findUnique({ where: { id: body.id }, select: { id: true } })) throw alreadyExists("Task", body.id);
    const entity = body.assignedEntity;
    if (entity && !(await lockEntityForAssignment(tx, entity.type, entity.id))) {
      const message = `${ENTITY_LABELS[entity.type]} '${entity.id}' does not exist`;
      throw new AppError("unprocessable", `The task cannot be assigned: ${message}.`, {
        errors: [{ path: "body.assignedEntity.id", message }],
      });
    }
    const now = new Date();
    const row = await tx.task.create({
      data: { ...toTaskColumns(body), createdAt: now, updatedAt: now },
      select: TASK_COLUMNS,
    });
    await tx.taskStatusChange.create({ data: { taskId: row.id, fromStatus: null, toStatus: row.status, changedAt: now } });
    return toTask(row);
  });
