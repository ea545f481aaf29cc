import type { Metadata } from "next";
import Link from "next/link";
import { loadTask } from "./load-task";
import { formatDateTime, formatInteger, formatMeasure, formatStatus, formatUsd } from "@/lib/format";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { DeleteRecordButton } from "@/components/shared/delete-record-button";
import { WriteOnly } from "@/components/shared/write-access";
import { Card } from "@/components/ui/card";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { ENTITY_TYPE_LABELS, entityHref } from "@/components/tasks/labels";
import { TaskFinishForm } from "@/components/tasks/task-finish-form";
import { TaskMoveButtons } from "@/components/tasks/task-move-buttons";
import { DueMarker } from "@/components/tasks/due-marker";

export const metadata: Metadata = { title: "Task" };
export const dynamic = "force-dynamic";

const short = (text: string) => (text.length > 60 ? `${text.slice(0, 59)}…` : text);

/** A task: what, for whom, when, its result and its moves; edit and delete (not while in progress) and the moves for operators. */
const TaskPage = async ({ params }: { params: Promise<{ taskId: string }> }) => {
  const { task, entity: named } = await loadTask((await params).taskId);
  const entity = task.assignedEntity;
  const entityName = named?.name;
  const metrics = task.taskMetrics;
  const inProgress = task.status === "in_progress";

  return (
    <>
      <Breadcrumbs items={[{ label: "Tasks", href: "/tasks" }, { label: short(task.description) }]} />
      <div className="page-header">
        <div>
          <h1>{task.description}</h1>
          <div className="row">
            <span className={`badge badge-${task.status}`}>{formatStatus(task.status)}</span>
            {task.overdue ? <DueMarker task={task} /> : null}
            <code>{task.id}</code>
          </div>
        </div>
        <WriteOnly>
          {inProgress ? (
            <p className="muted">In progress: finish or cancel it before editing or deleting it.</p>
          ) : (
            <div className="row">
              <Link className="button secondary" href={`/tasks/${encodeURIComponent(task.id)}/edit`}>
                Edit
              </Link>
              <DeleteRecordButton kind="task" id={task.id} name={short(task.description)} />
            </div>
          )}
        </WriteOnly>
      </div>

      <WriteOnly>
        {inProgress ? (
          <Card title="Finish">
            <TaskFinishForm id={task.id} />
            <TaskMoveButtons id={task.id} status={task.status} description={task.description} omit={["completed", "failed"]} />
          </Card>
        ) : (
          <TaskMoveButtons id={task.id} status={task.status} description={task.description} />
        )}
      </WriteOnly>

      <div className="grid-2">
        <Card title="Details">
          <ul className="kv">
            <li>
              <span>Assigned to</span>
              <span>
                {entity ? (
                  <>
                    {ENTITY_TYPE_LABELS[entity.type]}:{" "}
                    {entityName ? <Link href={entityHref(entity.type, entity.id)}>{entityName}</Link> : <span>{entity.id} (removed)</span>}
                  </>
                ) : (
                  "Nobody"
                )}
              </span>
            </li>
            <li>
              <span>Due</span>
              <span>{task.dueDate ? formatDateTime(task.dueDate) : "—"}</span>
            </li>
            <li>
              <span>Priority</span>
              <span>{task.metadata.priority ?? "—"}</span>
            </li>
            <li>
              <span>Estimated / actual hours</span>
              <span>
                {formatMeasure(metrics.estimatedDuration, " h")} / {formatMeasure(metrics.actualDuration, " h")}
              </span>
            </li>
            <li>
              <span>Resource usage</span>
              <span>{formatMeasure(metrics.resourceUsage, " %")}</span>
            </li>
            <li>
              <span>Cost estimate / actual</span>
              <span>
                {metrics.costEstimate === undefined ? "—" : formatUsd(metrics.costEstimate)} / {metrics.actualCost === undefined ? "—" : formatUsd(metrics.actualCost)}
              </span>
            </li>
          </ul>
          {task.metadata.notes ? <p>{task.metadata.notes}</p> : null}
        </Card>

        <Card title="Result">
          {task.result ? (
            <div data-testid="task-result">
              <p>{task.result.summary}</p>
              {task.result.finishedAt ? <p className="muted">Finished {formatDateTime(task.result.finishedAt)}</p> : null}
              {task.result.data ? (
                <ScrollRegion label="Result details">
                  <pre>{JSON.stringify(task.result.data, null, 2)}</pre>
                </ScrollRegion>
              ) : null}
            </div>
          ) : (
            <p className="muted">{task.status === "completed" || task.status === "failed" ? "Finished without a result." : "No result yet."}</p>
          )}
        </Card>
      </div>

      <Card title={`Status history (${formatInteger(task.statusHistory.length)})`}>
        <ol className="kv" aria-label="Status history">
          {task.statusHistory.map((change, index) => (
            <li key={index}>
              <span>{change.from ? `${formatStatus(change.from)} → ${formatStatus(change.to)}` : `created ${formatStatus(change.to)}`}</span>
              <span className="muted">{formatDateTime(change.at)}</span>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
};

export default TaskPage;
