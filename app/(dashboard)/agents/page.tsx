import Link from "next/link";
import type { Metadata } from "next";
import { listAgentFacets, listAgents, ZAgentListQuery } from "@/lib/agents";
import { formatPercent } from "@/components/agents/format";
import { Pager } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { WriteOnly } from "@/components/shared/write-access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Agents" };

const PAGE_SIZE = 25;

type SearchParams = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const AgentsPage = async ({ searchParams }: { searchParams: Promise<SearchParams> }) => {
  const raw = await searchParams;
  const filters = { q: first(raw.q), specialization: first(raw.specialization), role: first(raw.role), cursor: first(raw.cursor) };
  // A stale or edited cursor falls back to the first page rather than failing the page.
  const parsed = ZAgentListQuery.safeParse({ ...filters, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : ZAgentListQuery.parse({ ...filters, cursor: undefined, limit: PAGE_SIZE });
  const [page, facets] = await Promise.all([listAgents(query), listAgentFacets()]);
  const filtered = Boolean(filters.q || filters.specialization || filters.role);

  return (
    <>
      <div className="page-header">
        <h1>Agents</h1>
        <WriteOnly>
          <Link className="button" href="/agents/new">
            New agent
          </Link>
        </WriteOnly>
      </div>
      <form className="toolbar" method="get" action="/agents" role="search" aria-label="Filter agents">
        <div className="field">
          <label htmlFor="agents-q">Search</label>
          <input id="agents-q" name="q" type="search" placeholder="Name or id" defaultValue={filters.q ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="agents-specialization">Specialization</label>
          <select id="agents-specialization" name="specialization" defaultValue={filters.specialization ?? ""}>
            <option value="">Any</option>
            {facets.specializations.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="agents-role">Role</label>
          <select id="agents-role" name="role" defaultValue={filters.role ?? ""}>
            <option value="">Any</option>
            {facets.roles.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Filter</button>
        {filtered ? (
          <Link className="button secondary" href="/agents">
            Clear
          </Link>
        ) : null}
      </form>

      {page.items.length === 0 ? (
        <p className="muted">{filtered ? "No agents match these filters." : "No agents yet."}</p>
      ) : (
        <ScrollRegion label="Agents">
          <table aria-label="Agents">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Id</th>
                <th scope="col">Current role</th>
                <th scope="col">Specialization</th>
                <th scope="col">Completion rate</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((agent) => (
                <tr key={agent.id}>
                  <td>
                    <Link href={`/agents/${encodeURIComponent(agent.id)}`}>{agent.name}</Link>
                  </td>
                  <td>
                    <code>{agent.id}</code>
                  </td>
                  <td>{agent.currentRole}</td>
                  <td>
                    <span className="badge">{agent.specialization}</span>
                  </td>
                  <td>{formatPercent(agent.completionRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager basePath="/agents" searchParams={filters} nextCursor={page.nextCursor} total={page.total} shown={page.items.length} />
    </>
  );
};

export default AgentsPage;
