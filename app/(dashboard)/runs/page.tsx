import type { Metadata } from "next";
import Link from "next/link";
import { currentUser } from "@/lib/auth/get-current-user";
import { RUN_STATUSES, ZRunListQuery, listRuns } from "@/lib/runs";
import { formatStatus } from "@/lib/format";
import { Pager } from "@/components/ui/pager";
import { InvalidParamsNotice } from "@/components/list/invalid-notice";
import { parseListParams, type RawSearchParams } from "@/components/list/list-params";
import { FilterSelect } from "@/components/list/filter-fields";
import { HiddenParams } from "@/components/list/hidden-params";
import { LiveFilterForm } from "@/components/list/live-filter-form";
import { ListEmpty } from "@/components/list/list-empty";
import { LiveRefresh } from "@/components/shared/live-refresh";
import { RunsTable } from "@/components/runs/runs-table";
import { loadRunNames } from "./load-names";

export const metadata: Metadata = { title: "Runs" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;

// A run that starts, pauses, is decided or ends shows up without a reload. Steps are left out: a busy
// agent appends many, and the list shows only totals (the run page follows every step).
const RUN_LIST_EVENTS = ["run.started", "run.approval_requested", "run.approval_decided", "run.completed", "run.failed", "run.lost", "run.cancelled"];

const FILTER_LABELS = { agentId: "agent", status: "status", taskId: "task" };

const RunsPage = async ({ searchParams }: { searchParams: Promise<RawSearchParams> }) => {
  const user = await currentUser();
  const header = (
    <div className="page-header">
      <div>
        <h1>Runs</h1>
        <p className="muted" style={{ margin: "0.25rem 0 0" }}>
          Agents at work: each run is one claim of a task by an agent, with its trace, its approvals and what it used.
        </p>
      </div>
    </div>
  );
  if (!user) {
    return (
      <>
        {header}
        <p className="note">
          <Link href="/signin?next=/runs">Sign in</Link> to see the runs: they need a credential.
        </p>
      </>
    );
  }

  const { query, values: filters, invalid, pageSize } = parseListParams(ZRunListQuery, await searchParams, ["agentId", "status", "taskId"], PAGE_SIZE);
  const page = await listRuns(query);
  const names = await loadRunNames(page.items, { agentId: query.agentId, taskId: query.taskId });
  const filtered = Boolean(filters.agentId || filters.status || filters.taskId);
  const agentName = query.agentId ? names.agentNames.get(query.agentId) : undefined;

  return (
    <>
      {header}
      <LiveFilterForm className="toolbar" action="/runs" role="search" aria-label="Filter runs">
        <div className="field">
          <label htmlFor="filter-agent">Agent id</label>
          <input id="filter-agent" name="agentId" type="search" placeholder="e.g. agent-001" defaultValue={filters.agentId ?? ""} />
        </div>
        <FilterSelect
          id="filter-status"
          name="status"
          label="Status"
          anyLabel="All statuses"
          value={query.status}
          options={RUN_STATUSES.map((status) => ({ value: status, label: formatStatus(status) }))}
        />
        <HiddenParams values={filters} names={["taskId", "limit"]} />
        <button type="submit">Apply filters</button>
        {filtered ? <Link href="/runs">Clear</Link> : null}
      </LiveFilterForm>
      <InvalidParamsNotice invalid={invalid} labels={FILTER_LABELS} />
      {query.agentId || query.taskId ? (
        <p>
          {query.agentId ? (
            <>
              Runs of <Link href={`/agents/${encodeURIComponent(query.agentId)}`}>{agentName ?? query.agentId}</Link>
            </>
          ) : (
            "Runs"
          )}
          {query.taskId ? (
            <>
              {" "}
              for the task <Link href={`/tasks/${encodeURIComponent(query.taskId)}`}>{names.taskDescriptions.get(query.taskId) ?? query.taskId}</Link>
            </>
          ) : null}
          .
        </p>
      ) : null}
      <LiveRefresh types={RUN_LIST_EVENTS} />
      {page.items.length === 0 ? (
        <ListEmpty plural="runs" filtered={filtered} clearHref="/runs" />
      ) : (
        <>
          <p className="muted">Oldest claim first.</p>
          <RunsTable runs={page.items} label="Runs" agentNames={names.agentNames} taskDescriptions={names.taskDescriptions} />
        </>
      )}
      <Pager basePath="/runs" searchParams={filters} nextCursor={page.nextCursor} total={page.total} shown={page.items.length} pageSize={pageSize} />
    </>
  );
};

export default RunsPage;
