import type { Metadata } from "next";
import { loadTask } from "../load-task";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { WriteOnly } from "@/components/shared/write-access";
import { TaskEditForm } from "@/components/tasks/task-edit-form";

export const metadata: Metadata = { title: "Edit task" };
export const dynamic = "force-dynamic";

const EditTaskPage = async ({ params }: { params: Promise<{ taskId: string }> }) => {
  const { task, entity } = await loadTask((await params).taskId);
  const href = `/tasks/${encodeURIComponent(task.id)}`;
  const { statusHistory: _history, ...fields } = task;
  return (
    <>
      <Breadcrumbs items={[{ label: "Tasks", href: "/tasks" }, { label: task.id, href }, { label: "Edit" }]} />
      <h1>Edit task</h1>
      <WriteOnly prompt={`${href}/edit`} action="edit tasks">
        {task.status === "in_progress" ? (
          <p className="note" role="note">
            This task is in progress and cannot be edited; complete, fail or cancel it first.
          </p>
        ) : (
          <TaskEditForm task={fields} entity={entity} />
        )}
      </WriteOnly>
    </>
  );
};

export default EditTaskPage;
