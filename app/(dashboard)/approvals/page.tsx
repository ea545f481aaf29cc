import type { Metadata } from "next";
import Link from "next/link";
import { hasRole } from "@/lib/auth/rules";
import { currentUser } from "@/lib/auth/get-current-user";
import { ZApprovalListQuery, listApprovals } from "@/lib/runs";
import { formatInteger } from "@/lib/format";
import { Pager } from "@/components/ui/pager";
import { EmptyState } from "@/components/ui/empty-state";
import { InvalidParamsNotice } from "@/components/list/invalid-notice";
import { firstParam, parseListParams, type RawSearchParams } from "@/components/list/list-params";
import { ListEmpty } from "@/components/list/list-empty";
import { HiddenParams } from "@/components/list/hidden-params";
import { LiveFilterForm } from "@/components/list/live-filter-form";
import { LiveRefresh } from "@/components/shared/live-refresh";
import { ApprovalList, type ApprovalItem } from "@/components/runs/approval-list";
import { loadRunNames } from "../runs/load-names";

export const metadata: Metadata = { title: "Approvals" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;

// A request asked or decided shows up (or leaves) without a reload; a run that ends while it waits
// leaves its request undecidable, which the list says.
const APPROVAL_EVENTS = ["run.approval_requested", "run.approval_decided", "run.cancelled", "run.failed", "run.lost"];

/** The inbox opens on the pending requests; "all" lists every request, the pending ones first. */
const STATUS_CHOICES = [
  { value: "pending", label: "Pending" },
  { value: "approved", label: "Approved" },
  { value: "rejected", label: "Rejected" },
  { value: "all", label: "All statuses" },
] as const;
type StatusChoice = (typeof STATUS_CHOICES)[number]["value"];

const HEADINGS: Record<StatusChoice, string> = { pending: "Waiting for a decision", approved: "Approved", rejected: "Rejected", all: "All requests" };

const ApprovalsPage = async ({ searchParams }: { searchParams: Promise<RawSearchParams> }) => {
  const user = await currentUser();
  const header = (
    <div className="page-header">
      <div>
        <h1>Approvals</h1>
        <p className="muted" style={{ margin: "0.25rem 0 0" }}>
          Agents ask here before a step that needs a person’s leave; the run waits until an operator approves or rejects it.
        </p>
      </div>
    </div>
  );
  if (!user) {
    return (
      <>
        {header}
        <p className="note">
          <Link href="/signin?next=/approvals">Sign in</Link> to see the approval requests: they need a credential.
        </p>
      </>
    );
  }

  const raw = await searchParams;
  const asked = firstParam(raw.status);
  const choice: StatusChoice = STATUS_CHOICES.find((option) => option.value === asked)?.value ?? "pending";
  const { query, values, invalid, pageSize } = parseListParams(
    ZApprovalListQuery,
    { ...raw, status: choice === "all" ? undefined : choice },
    ["status", "agentId"],
    PAGE_SIZE,
  );
  if (asked !== undefined && asked !== choice) invalid.unshift("status");
  // Links keep the choice, "pending" included (it is the default, so it needs no parameter).
  const filters: Record<string, string | undefined> = { ...values, status: choice === "pending" ? undefined : choice };

  // A run that ends first closes its pending request itself (lib/runs/expire-approvals.ts): every
  // pending request here can still be decided.
  const page = await listApprovals(query);
  const names = await loadRunNames(page.items, { agentId: query.agentId });
  const items: ApprovalItem[] = page.items
    .map((approval) => ({
      ...approval,
      agentName: names.agentNames.get(approval.agentId),
      taskDescription: names.taskDescriptions.get(approval.taskId),
    }))
    // Pending first (the API's order, by request time, within each group).
    .sort((a, b) => Number(b.status === "pending") - Number(a.status === "pending"));
  const agentName = query.agentId ? names.agentNames.get(query.agentId) : undefined;

  return (
    <>
      {header}
      <LiveFilterForm className="toolbar" action="/approvals" role="search" aria-label="Filter approvals">
        <div className="field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" name="status" defaultValue={choice}>
            {STATUS_CHOICES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-agent">Agent id</label>
          <input id="filter-agent" name="agentId" type="search" placeholder="e.g. agent-001" defaultValue={values.agentId ?? ""} />
        </div>
        <HiddenParams values={filters} names={["limit"]} />
        <button type="submit">Apply filters</button>
        {filters.status || filters.agentId ? <Link href="/approvals">Clear</Link> : null}
      </LiveFilterForm>
      <InvalidParamsNotice invalid={invalid} labels={{ agentId: "agent" }} />
      <LiveRefresh types={APPROVAL_EVENTS} />
      <section aria-labelledby="approvals-heading">
        <h2 id="approvals-heading">
          {HEADINGS[choice]}
          {query.agentId ? <> of {agentName ?? query.agentId}</> : null} ({formatInteger(page.total)})
        </h2>
        <ApprovalList
          items={items}
          canDecide={hasRole(user.role, "operator")}
          label={HEADINGS[choice]}
          empty={
            choice === "pending" && !query.agentId ? (
              <EmptyState title="Nothing waits for a decision.">Requests appear here as agents ask for them.</EmptyState>
            ) : (
              <ListEmpty plural="approval requests" filtered clearHref="/approvals" />
            )
          }
        />
      </section>
      <Pager
        basePath="/approvals"
        searchParams={filters}
        nextCursor={page.nextCursor}
        total={page.total}
        shown={page.items.length}
        pageSize={pageSize}
        csvName={false}
      />
    </>
  );
};

export default ApprovalsPage;
