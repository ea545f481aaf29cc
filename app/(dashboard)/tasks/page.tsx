import type { Metadata } from "next";
import Link from "next/link";
import { hasRole } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { ENTITY_TYPES, ZEntityType, getTaskBoard } from "@/lib/tasks";
import { ENTITY_TYPE_LABELS } from "@/components/tasks/format";
import { TaskBoard } from "@/components/tasks/task-board";

export const metadata: Metadata = { title: "Tasks" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

const TasksPage = async ({ searchParams }: { searchParams: SearchParams }) => {
  const raw = await searchParams;
  const entityType = ZEntityType.safeParse(first(raw.entityType)).data;
  const q = first(raw.q)?.trim().slice(0, 200) || undefined;
  const [columns, user] = await Promise.all([getTaskBoard({ entityType, q }), currentUser()]);
  const canWrite = user ? hasRole(user.role, "operator") : false;

  return (
    <>
      <div className="page-header">
        <h1>Tasks</h1>
        {canWrite ? (
          <Link className="button" href="/tasks/new">
            Assign a task
          </Link>
        ) : null}
      </div>
      <form className="toolbar" method="get" action="/tasks" aria-label="Filter tasks">
        <div className="field">
          <label htmlFor="filter-entity-type">Assigned to</label>
          <select id="filter-entity-type" name="entityType" defaultValue={entityType ?? ""}>
            <option value="">Anything</option>
            {ENTITY_TYPES.map((type) => (
              <option key={type} value={type}>
                {ENTITY_TYPE_LABELS[type]}s
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-q">Search</label>
          <input id="filter-q" name="q" type="search" defaultValue={q ?? ""} placeholder="Words in the description" />
        </div>
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
      <TaskBoard columns={columns} canWrite={canWrite} />
    </>
  );
};

export default TasksPage;
