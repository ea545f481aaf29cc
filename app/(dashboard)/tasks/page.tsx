import type { Metadata } from "next";
import Link from "next/link";
import { hasRole } from "@/lib/auth/rules";
import { currentUser } from "@/lib/auth/get-current-user";
import { ENTITY_TYPES, ZEntityType, getTaskBoard } from "@/lib/tasks";
import { ENTITY_TYPE_LABELS } from "@/components/tasks/labels";
import { TaskBoard } from "@/components/tasks/task-board";
import { ListHeader } from "@/components/list/list-header";
import { FilterSearch, FilterSelect } from "@/components/list/filter-fields";
import { LiveRefresh } from "@/components/shared/live-refresh";

// Another user's change shows up on the board without a reload (the live event stream).
const TASK_EVENTS = ["task.created", "task.updated", "task.deleted", "task.status_changed"];

export const metadata: Metadata = { title: "Tasks" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

const TasksPage = async ({ searchParams }: { searchParams: SearchParams }) => {
  const raw = await searchParams;
  const entityType = ZEntityType.safeParse(first(raw.entityType)).data;
  const q = first(raw.q)?.trim().slice(0, 200) || undefined;
  // A task just assigned from the form (?new=<id>): it heads its lane, marked.
  const created = first(raw.new)?.slice(0, 128);
  const [columns, user] = await Promise.all([getTaskBoard({ entityType, q, pinned: created }), currentUser()]);
  const canWrite = user ? hasRole(user.role, "operator") : false;

  return (
    <>
      <ListHeader title="Tasks" newHref="/tasks/new" newLabel="Assign a task" />
      <form className="toolbar" method="get" action="/tasks" aria-label="Filter tasks">
        <FilterSelect
          id="filter-entity-type"
          name="entityType"
          label="Assigned to"
          anyLabel="Anything"
          value={entityType}
          options={ENTITY_TYPES.map((type) => ({ value: type, label: `${ENTITY_TYPE_LABELS[type]}s` }))}
        />
        <FilterSearch id="filter-q" value={q} placeholder="Part of the description" />
        <button type="submit">Apply filters</button>
        {entityType || q ? <Link href="/tasks">Clear</Link> : null}
      </form>
      {canWrite ? null : (
        <p className="muted">
          {user ? (
            `Your role (${user.role}) can look but not move tasks.`
          ) : (
            <>
              <Link href="/signin?next=/tasks">Sign in</Link> as an operator to move tasks.
            </>
          )}
        </p>
      )}
      <LiveRefresh types={TASK_EVENTS} />
      <TaskBoard columns={columns} canWrite={canWrite} highlight={created} />
    </>
  );
};

export default TasksPage;
