import type { Metadata } from "next";
import { listSyndicates, ZSyndicateListQuery } from "@/lib/syndicates";
import { GroupList } from "@/components/groups/group-list";
import { parseListParams, type RawSearchParams } from "@/components/list/list-params";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Syndicates" };

const PAGE_SIZE = 25;

const SyndicatesPage = async ({ searchParams }: { searchParams: Promise<RawSearchParams> }) => {
  const { query, values: filters, invalid, pageSize } = parseListParams(ZSyndicateListQuery, await searchParams, ["q"], PAGE_SIZE);
  const page = await listSyndicates(query);
  return (
    <>
      <GroupList
        noun="syndicate"
        title="Syndicates"
        countHeaders={["Squads", "Agents"]}
        rows={page.items.map((syndicate) => ({
          id: syndicate.id,
          name: syndicate.name,
          counts: [syndicate.squadCount, syndicate.agentCount],
          metrics: syndicate.aggregatedSyndicateMetrics,
        }))}
        filters={filters}
        invalid={invalid}
        nextCursor={page.nextCursor}
        total={page.total}
        pageSize={pageSize}
      />
    </>
  );
};

export default SyndicatesPage;
