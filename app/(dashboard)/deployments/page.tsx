import type { Metadata } from "next";
import Link from "next/link";
import { hasRole } from "@/lib/auth/roles";
import { currentUser } from "@/lib/auth/session";
import { DEPLOYMENT_STATUSES, ZDeploymentListQuery, listDeployments } from "@/lib/deployments";
import { formatDateTime, statusLabel } from "@/components/deployments/format";
import { StatusBadge } from "@/components/deployments/status-badge";
import { Pager } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-region";

export const metadata: Metadata = { title: "Deployments" };
export const dynamic = "force-dynamic";

const PAGE_SIZE = 50;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

const DeploymentsPage = async ({ searchParams }: { searchParams: SearchParams }) => {
  const raw = await searchParams;
  const filters = { status: first(raw.status), q: first(raw.q), cursor: first(raw.cursor) };
  const parsed = ZDeploymentListQuery.safeParse({ ...filters, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : ZDeploymentListQuery.parse({ limit: PAGE_SIZE });
  const [page, user] = await Promise.all([listDeployments(query), currentUser()]);
  const canWrite = user ? hasRole(user.role, "operator") : false;

  return (
    <>
      <div className="page-header">
        <h1>Deployments</h1>
        {canWrite ? (
          <Link className="button" href="/deployments/new">
            New deployment
          </Link>
        ) : null}
      </div>
      <form className="toolbar" method="get" action="/deployments" aria-label="Filter deployments">
        <div className="field">
          <label htmlFor="filter-status">Status</label>
          <select id="filter-status" name="status" defaultValue={query.status ?? ""}>
            <option value="">All statuses</option>
            {DEPLOYMENT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-q">Search</label>
          <input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="dApp, use case or industry" />
        </div>
        <button type="submit">Apply filters</button>
        {filters.status || filters.q ? <Link href="/deployments">Clear</Link> : null}
      </form>
      {!parsed.success ? (
        <p role="alert" className="alert">
          Some filters were not understood and were ignored.
        </p>
      ) : null}
      {page.items.length === 0 ? (
        <p className="muted">No deployments match these filters.</p>
      ) : (
        <ScrollRegion label="Deployments">
          <table aria-label="Deployments">
            <thead>
              <tr>
                <th scope="col">dApp</th>
                <th scope="col">Version</th>
                <th scope="col">Status</th>
                <th scope="col">Industry</th>
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
      <Pager basePath="/deployments" searchParams={filters} nextCursor={page.nextCursor} total={page.total} shown={page.items.length} />
    </>
  );
};

export default DeploymentsPage;
