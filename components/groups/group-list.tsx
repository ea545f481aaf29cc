import Link from "next/link";
import type { ReactNode } from "react";
import { formatInteger, formatPercent } from "@/lib/format";
import { Pager } from "@/components/ui/pager";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { ListHeader } from "@/components/list/list-header";
import { FilterSearch } from "@/components/list/filter-fields";
import { HiddenParams } from "@/components/list/hidden-params";
import { LiveFilterForm } from "@/components/list/live-filter-form";
import { InvalidParamsNotice } from "@/components/list/invalid-notice";
import type { ListValues } from "@/components/list/list-params";
import { SortHeader } from "@/components/list/sort-header";
import { ListEmpty } from "@/components/list/list-empty";
import { RowCheckbox, SelectableList, SelectAllCheckbox, SelectionCell } from "@/components/list/selection";
import { canWrite } from "@/components/shared/write-access";

type Metrics = { totalExperiencePoints: number; averageUptime: number; overallCompletionRate: number };

export type GroupRow = { id: string; name: string; counts: number[]; metrics: Metrics };

/**
 * The list page of squads or syndicates: search, a table of names, member counts and
 * aggregated metrics, and cursor paging; operators and admins choose rows to delete. `noun`
 * ("squad", "syndicate") names paths and labels.
 */
export const GroupList = async ({
  noun,
  title,
  countHeaders,
  rows,
  filters,
  invalid,
  nextCursor,
  total,
  pageSize,
}: {
  noun: string;
  title: string;
  countHeaders: string[];
  rows: GroupRow[];
  filters: ListValues;
  invalid: string[];
  nextCursor?: string;
  total: number;
  /** The page size asked for (?limit=, else the page's default). */
  pageSize: number;
}): Promise<ReactNode> => {
  const basePath = `/${noun}s`;
  const plural = title.toLowerCase();
  const writer = await canWrite();
  return (
    <>
      <ListHeader title={title} newHref={`${basePath}/new`} newLabel={`New ${noun}`} />
      <LiveFilterForm className="toolbar" action={basePath} role="search" aria-label={`Filter ${plural}`}>
        <FilterSearch id={`${plural}-q`} value={filters.q} placeholder="Name or id" />
        <HiddenParams values={filters} names={["sort", "limit"]} />
        <button type="submit">Search</button>
        {filters.q ? (
          <Link className="button secondary" href={basePath}>
            Clear
          </Link>
        ) : null}
      </LiveFilterForm>
      <InvalidParamsNotice invalid={invalid} />
      {rows.length === 0 ? (
        <ListEmpty plural={plural} filtered={Boolean(filters.q)} clearHref={basePath} />
      ) : (
        <SelectableList enabled={writer} kind={noun === "squad" ? "squad" : "syndicate"} plural={plural} rows={rows.map(({ id, name }) => ({ id, name }))}>
          <ScrollRegion label={title}>
            <table aria-label={title}>
              <thead>
                <tr>
                  <SelectionCell header>
                    <SelectAllCheckbox label={`Select every ${noun} shown`} />
                  </SelectionCell>
                  <SortHeader label="Name" field="name" basePath={basePath} values={filters} />
                  <SortHeader label="Id" field="id" basePath={basePath} values={filters} />
                  {countHeaders.map((header) => (
                    <th key={header} scope="col" className="num">
                      {header}
                    </th>
                  ))}
                  <th scope="col" className="num">
                    Total XP
                  </th>
                  <th scope="col" className="num">
                    Avg. uptime
                  </th>
                  <th scope="col" className="num">
                    Completion rate
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <SelectionCell>
                      <RowCheckbox id={row.id} name={row.name} />
                    </SelectionCell>
                    <td>
                      <Link href={`${basePath}/${encodeURIComponent(row.id)}`}>{row.name}</Link>
                    </td>
                    <td>
                      <code>{row.id}</code>
                    </td>
                    {row.counts.map((count, index) => (
                      <td key={countHeaders[index]} className="num">
                        {formatInteger(count)}
                      </td>
                    ))}
                    <td className="num">{formatInteger(row.metrics.totalExperiencePoints)}</td>
                    <td className="num">{formatPercent(row.metrics.averageUptime)}</td>
                    <td className="num">{formatPercent(row.metrics.overallCompletionRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </SelectableList>
      )}
      <Pager basePath={basePath} searchParams={filters} nextCursor={nextCursor} total={total} shown={rows.length} pageSize={pageSize} />
    </>
  );
};
