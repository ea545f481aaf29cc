import type { Metadata } from "next";
import Link from "next/link";
import { DEPLOYMENT_STATUSES, ZDeploymentListQuery, listDeployments } from "@/lib/deployments";
import { formatDateTime, formatStatus } from "@/lib/format";
import { StatusBadge } from "@/components/deployments/status-badge";
import { StaleMarker } from "@/components/deployments/stale-marker";
import { Pager } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { InvalidParamsNotice } from "@/components/list/invalid-notice";
import { parseListParams, type RawSearchParams } from "@/components/list/list-params";
import { SortHeader } from "@/components/list/sort-header";
import { ListHeader } from "@/components/list/list-header";
import { FilterSearch, FilterSelect } from "@/components/list/filter-fields";
import { HiddenParams } from "@/components/list/hidden-params";
import { LiveFilterForm } from "@/components/list/live-filter-form";
import { ListEmpty } from "@/components/list/list-empty";
import { LiveRefresh } from "@/components/shared/live-refresh";

// New deployments and status moves show up without a reload (the live event stream).
const DEPLOYMENT_EVENTS = ["deployment.created", "deployment.updated", "deployment.deleted", "deployment.status_changed"];

export const metadata: Metadata = { title: "Deployments" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;

const DeploymentsPage = async ({ searchParams }: { searchParams: Promise<RawSearchParams> }) => {
  const { query, values: filters, invalid, pageSize } = parseListParams(ZDeploymentListQuery, await searchParams, ["status", "q", "stale"], PAGE_SIZE);
  const page = await listDeployments(query);

  return (
    <>
      <ListHeader title="Deployments" newHref="/deployments/new" newLabel="New deployment" />
      <LiveFilterForm className="toolbar" action="/deployments" role="search" aria-label="Filter deployments">
        <FilterSelect
          id="filter-status"
          name="status"
          label="Status"
          anyLabel="All statuses"
          value={query.status}
          options={DEPLOYMENT_STATUSES.map((status) => ({ value: status, label: formatStatus(status) }))}
        />
        <FilterSelect
          id="filter-stale"
          name="stale"
          label="Staleness"
          anyLabel="Stale or not"
          value={filters.stale}
          options={[
            { value: "true", label: "Stale only" },
            { value: "false", label: "Not stale" },
          ]}
        />
        <FilterSearch id="filter-q" value={query.q} placeholder="dApp, use case or industry" />
        <HiddenParams values={filters} names={["sort", "limit"]} />
        <button type="submit">Apply filters</button>
        {filters.status || filters.q || filters.stale ? <Link href="/deployments">Clear</Link> : null}
      </LiveFilterForm>
      <InvalidParamsNotice invalid={invalid} />
      <LiveRefresh types={DEPLOYMENT_EVENTS} />
      {page.items.length === 0 ? (
        <ListEmpty plural="deployments" filtered={Boolean(filters.status || filters.q || filters.stale)} clearHref="/deployments" />
      ) : (
        <ScrollRegion label="Deployments">
          <table aria-label="Deployments">
            <thead>
              <tr>
                <SortHeader label="dApp" field="name" basePath="/deployments" values={filters} />
                <th scope="col">Version</th>
                <SortHeader label="Status" field="status" basePath="/deployments" values={filters} />
                <SortHeader label="Industry" field="industry" basePath="/deployments" values={filters} />
                <th scope="col">Network</th>
                <th scope="col">Deployed by</th>
                <th scope="col">Started</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((deployment) => (
                <tr key={deployment.id}>
                  <td>
                    <Link href={`/deployments/${encodeURIComponent(deployment.id)}`}>{deployment.name}</Link>
                    <div className="muted">
                      <code>{deployment.id}</code>
                    </div>
                  </td>
                  <td>{deployment.version}</td>
                  <td>
                    <StatusBadge status={deployment.deploymentStatus} />
                    {deployment.staleSince ? (
                      <div>
                        <StaleMarker staleSince={deployment.staleSince} />
                      </div>
                    ) : null}
                  </td>
                  <td>{deployment.industry}</td>
                  <td>{deployment.configuration.network ?? "—"}</td>
                  <td>{deployment.deployedBy}</td>
                  <td style={{ whiteSpace: "nowrap" }}>{formatDateTime(deployment.deploymentDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager basePath="/deployments" searchParams={filters} nextCursor={page.nextCursor} total={page.total} shown={page.items.length} pageSize={pageSize} />
    </>
  );
};

export default DeploymentsPage;
