import Link from "next/link";
import type { Metadata } from "next";
import { listSyndicates, ZSyndicateListQuery } from "@/lib/syndicates";
import { formatInteger, formatPercent } from "@/components/agents/format";
import { Pager } from "@/components/ui/pager";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Syndicates" };

const PAGE_SIZE = 25;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

const SyndicatesPage = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const raw = await searchParams;
  const filters = { q: first(raw.q), cursor: first(raw.cursor) };
  const parsed = ZSyndicateListQuery.safeParse({ ...filters, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : ZSyndicateListQuery.parse({ q: filters.q, limit: PAGE_SIZE });
  const page = await listSyndicates(query);

  return (
    <>
      <div className="page-header">
        <h1>Syndicates</h1>
        <Link className="button" href="/syndicates/new">
          New syndicate
        </Link>
      </div>
      <form className="toolbar" method="get" action="/syndicates" role="search" aria-label="Filter syndicates">
        <div className="field">
          <label htmlFor="syndicates-q">Search</label>
          <input id="syndicates-q" name="q" type="search" placeholder="Name or id" defaultValue={filters.q ?? ""} />
        </div>
        <button type="submit">Search</button>
        {filters.q ? (
          <Link className="button secondary" href="/syndicates">
            Clear
          </Link>
        ) : null}
      </form>
      {page.items.length === 0 ? (
        <p className="muted">{filters.q ? "No syndicates match this search." : "No syndicates yet."}</p>
      ) : (
        <div className="table-wrap">
          <table aria-label="Syndicates">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Id</th>
                <th scope="col">Squads</th>
                <th scope="col">Agents</th>
                <th scope="col">Total XP</th>
                <th scope="col">Avg. uptime</th>
                <th scope="col">Completion rate</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((syndicate) => (
                <tr key={syndicate.id}>
                  <td>
                    <Link href={`/syndicates/${encodeURIComponent(syndicate.id)}`}>{syndicate.name}</Link>
                  </td>
                  <td>
                    <code>{syndicate.id}</code>
                  </td>
                  <td>{formatInteger(syndicate.squadCount)}</td>
                  <td>{formatInteger(syndicate.agentCount)}</td>
                  <td>{formatInteger(syndicate.aggregatedSyndicateMetrics.totalExperiencePoints)}</td>
                  <td>{formatPercent(syndicate.aggregatedSyndicateMetrics.averageUptime)}</td>
                  <td>{formatPercent(syndicate.aggregatedSyndicateMetrics.overallCompletionRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager basePath="/syndicates" searchParams={filters} nextCursor={page.nextCursor} total={page.total} shown={page.items.length} />
    </>
  );
};

export default SyndicatesPage;
