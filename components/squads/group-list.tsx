import Link from "next/link";
import type { ReactNode } from "react";
import { formatInteger, formatPercent } from "@/components/agents/format";
import { Pager } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { WriteOnly } from "@/components/shared/write-access";

type Metrics = { totalExperiencePoints: number; averageUptime: number; overallCompletionRate: number };

export type GroupRow = { id: string; name: string; counts: number[]; metrics: Metrics };

/**
 * The list page of squads or syndicates: search, a table of names, member counts and
 * aggregated metrics, and cursor paging. `noun` ("squad", "syndicate") names paths and labels.
 */
export const GroupList = ({
  noun,
  title,
  countHeaders,
  rows,
  filters,
  nextCursor,
  total,
}: {
  noun: string;
  title: string;
  countHeaders: string[];
  rows: GroupRow[];
  filters: { q?: string; cursor?: string };
  nextCursor?: string;
  total: number;
}): ReactNode => {
  const basePath = `/${noun}s`;
  const plural = title.toLowerCase();
  return (
    <>
      <div className="page-header">
        <h1>{title}</h1>
        <WriteOnly>
          <Link className="button" href={`${basePath}/new`}>
            New {noun}
          </Link>
        </WriteOnly>
      </div>
      <form className="toolbar" method="get" action={basePath} role="search" aria-label={`Filter ${plural}`}>
        <div className="field">
          <label htmlFor={`${plural}-q`}>Search</label>
          <input id={`${plural}-q`} name="q" type="search" placeholder="Name or id" defaultValue={filters.q ?? ""} />
        </div>
        <button type="submit">Search</button>
        {filters.q ? (
          <Link className="button secondary" href={basePath}>
            Clear
          </Link>
        ) : null}
      </form>
      {rows.length === 0 ? (
        <p className="muted">{filters.q ? `No ${plural} match this search.` : `No ${plural} yet.`}</p>
      ) : (
        <ScrollRegion label={title}>
          <table aria-label={title}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Id</th>
                {countHeaders.map((header) => (
                  <th key={header} scope="col">
                    {header}
                  </th>
                ))}
                <th scope="col">Total XP</th>
                <th scope="col">Avg. uptime</th>
                <th scope="col">Completion rate</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <Link href={`${basePath}/${encodeURIComponent(row.id)}`}>{row.name}</Link>
                  </td>
                  <td>
                    <code>{row.id}</code>
                  </td>
                  {row.counts.map((count, index) => (
                    <td key={countHeaders[index]}>{formatInteger(count)}</td>
                  ))}
                  <td>{formatInteger(row.metrics.totalExperiencePoints)}</td>
                  <td>{formatPercent(row.metrics.averageUptime)}</td>
                  <td>{formatPercent(row.metrics.overallCompletionRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager basePath={basePath} searchParams={filters} nextCursor={nextCursor} total={total} shown={rows.length} />
    </>
  );
};

export const firstParam = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
