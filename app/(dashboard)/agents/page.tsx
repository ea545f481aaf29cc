import Link from "next/link";
import type { Metadata } from "next";
import { listAgentFacets, listAgents, ZAgentListQuery } from "@/lib/agents";
import { formatPercent } from "@/lib/format";
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
import { RowCheckbox, SelectableList, SelectAllCheckbox, SelectionCell } from "@/components/list/selection";
import { canWrite } from "@/components/shared/write-access";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Agents" };

const PAGE_SIZE = 25;

const AgentsPage = async ({ searchParams }: { searchParams: Promise<RawSearchParams> }) => {
  const { query, values: filters, invalid, pageSize } = parseListParams(ZAgentListQuery, await searchParams, ["q", "specialization", "role"], PAGE_SIZE);
  const [page, facets, writer] = await Promise.all([listAgents(query), listAgentFacets(), canWrite()]);
  const filtered = Boolean(filters.q || filters.specialization || filters.role);

  return (
    <>
      <ListHeader title="Agents" newHref="/agents/new" newLabel="New agent" />
      <LiveFilterForm className="toolbar" action="/agents" role="search" aria-label="Filter agents">
        <FilterSearch id="agents-q" value={filters.q} placeholder="Name or id" />
        <FilterSelect
          id="agents-specialization"
          name="specialization"
          label="Specialization"
          anyLabel="Any"
          value={filters.specialization}
          options={facets.specializations}
        />
        <FilterSelect id="agents-role" name="role" label="Role" anyLabel="Any" value={filters.role} options={facets.roles} />
        <HiddenParams values={filters} names={["sort", "limit"]} />
        <button type="submit">Filter</button>
        {filtered ? (
          <Link className="button secondary" href="/agents">
            Clear
          </Link>
        ) : null}
      </LiveFilterForm>

      <InvalidParamsNotice invalid={invalid} />
      {page.items.length === 0 ? (
        <ListEmpty plural="agents" filtered={filtered} clearHref="/agents" />
      ) : (
        <SelectableList enabled={writer} kind="agent" plural="agents" rows={page.items.map(({ id, name }) => ({ id, name }))}>
          <ScrollRegion label="Agents">
            <table aria-label="Agents">
              <thead>
                <tr>
                  <SelectionCell header>
                    <SelectAllCheckbox label="Select every agent shown" />
                  </SelectionCell>
                  <SortHeader label="Name" field="name" basePath="/agents" values={filters} />
                  <SortHeader label="Id" field="id" basePath="/agents" values={filters} />
                  <th scope="col">Current role</th>
                  <SortHeader label="Specialization" field="specialization" basePath="/agents" values={filters} />
                  <SortHeader label="Completion rate" field="completionRate" basePath="/agents" values={filters} numeric />
                </tr>
              </thead>
              <tbody>
                {page.items.map((agent) => (
                  <tr key={agent.id}>
                    <SelectionCell>
                      <RowCheckbox id={agent.id} name={agent.name} />
                    </SelectionCell>
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
                    <td className="num">{formatPercent(agent.completionRate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </SelectableList>
      )}
      <Pager basePath="/agents" searchParams={filters} nextCursor={page.nextCursor} total={page.total} shown={page.items.length} pageSize={pageSize} />
    </>
  );
};

export default AgentsPage;
