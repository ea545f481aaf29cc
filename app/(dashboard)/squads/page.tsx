import Link from "next/link";
import type { Metadata } from "next";
import { listSquads, ZSquadListQuery } from "@/lib/squads";
import { formatInteger, formatPercent } from "@/components/agents/format";
import { Pager } from "@/components/ui/pager";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Squads" };

const PAGE_SIZE = 25;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const SquadsPage = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const raw = await searchParams;
  const filters = { q: first(raw.q), cursor: first(raw.cursor) };
  const parsed = ZSquadListQuery.safeParse({ ...filters, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : ZSquadListQuery.parse({ q: filters.q, limit: PAGE_SIZE });
  const page = await listSquads(query);

  return (
    <>
      <div className="page-header">
        <h1>Squads</h1>
        <Link className="button" href="/squads/new">
          New squad
        </Link>
      </div>
      <form className="toolbar" method="get" action="/squads" role="search" aria-label="Filter squads">
        <div className="field">
          <label htmlFor="squads-q">Search</label>
          <input id="squads-q" name="q" type="search" placeholder="Name or id" defaultValue={filters.q ?? ""} />
        </div>
        <button type="submit">Search</button>
        {filters.q ? (
          <Link className="button secondary" href="/squads">
            Clear
          </Link>
        ) : null}
      </form>
      {page.items.length === 0 ? (
        <p className="muted">{filters.q ? "No squads match this search." : "No squads yet."}</p>
      ) : (
        <div className="table-wrap">
          <table aria-label="Squads">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Id</th>
                <th scope="col">Agents</th>
                <th scope="col">Total XP</th>
                <th scope="col">Avg. uptime</th>
                <th scope="col">Completion rate</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((squad) => (
                <tr key={squad.id}>
                  <td>
                    <Link href={`/squads/${encodeURIComponent(squad.id)}`}>{squad.name}</Link>
                  </td>
                  <td>
                    <code>{squad.id}</code>
                  </td>
                  <td>{formatInteger(squad.agentCount)}</td>
                  <td>{formatInteger(squad.aggregatedMetrics.totalExperiencePoints)}</td>
                  <td>{formatPercent(squad.aggregatedMetrics.averageUptime)}</td>
                  <td>{formatPercent(squad.aggregatedMetrics.overallCompletionRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager basePath="/squads" searchParams={filters} nextCursor={page.nextCursor} total={page.total} shown={page.items.length} />
    </>
  );
};

export default SquadsPage;
