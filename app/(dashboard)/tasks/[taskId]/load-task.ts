import { notFound } from "next/navigation";
import { cache } from "react";
import { ZTaskParams, entityNames, findTask, type TEntityMatch } from "@/lib/tasks";

/**
 * The task of a page's [taskId] with its assignee's name (absent when the assignee was removed), or
 * the 404 page (an id that cannot exist is not looked up). Cached per request.
 */
export const loadTask = cache(async (taskId: string) => {
  const parsed = ZTaskParams.safeParse({ taskId });
  if (!parsed.success) notFound();
  const task = await findTask(parsed.data.taskId);
  if (!task) notFound();
  const ref = task.assignedEntity;
  const name = ref ? (await entityNames([ref])).get(`${ref.type}:${ref.id}`) : undefined;
  const entity: TEntityMatch | undefined = ref && name ? { ...ref, name } : undefined;
  return { task, entity };
});
