import type { Metadata } from "next";
import { listSquads, ZSquadListQuery } from "@/lib/squads";
import { GroupList } from "@/components/groups/group-list";
import { parseListParams, type RawSearchParams } from "@/components/list/list-params";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Squads" };

const PAGE_SIZE = 25;

const SquadsPage = async ({ searchParams }: { searchParams: Promise<RawSearchParams> }) => {
  const { query, values: filters, invalid, pageSize } = parseListParams(ZSquadListQuery, await searchParams, ["q"], PAGE_SIZE);
  const page = await listSquads(query);
  return (
    <>
      <GroupList
        noun="squad"
        title="Squads"
        countHeaders={["Agents"]}
        rows={page.items.map((squad) => ({ id: squad.id, name: squad.name, counts: [squad.agentCount], metrics: squad.aggregatedMetrics }))}
        filters={filters}
        invalid={invalid}
        nextCursor={page.nextCursor}
        total={page.total}
        pageSize={pageSize}
      />
    </>
  );
};

export default SquadsPage;
