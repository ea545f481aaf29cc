import type { Metadata } from "next";
import { listSyndicates, ZSyndicateListQuery } from "@/lib/syndicates";
import { firstParam, GroupList } from "@/components/squads/group-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Syndicates" };

const PAGE_SIZE = 25;

const SyndicatesPage = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const raw = await searchParams;
  const filters = { q: firstParam(raw.q), cursor: firstParam(raw.cursor) };
  const parsed = ZSyndicateListQuery.safeParse({ ...filters, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : ZSyndicateListQuery.parse({ q: filters.q, limit: PAGE_SIZE });
  const page = await listSyndicates(query);
  return (
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
      nextCursor={page.nextCursor}
      total={page.total}
    />
  );
};

export default SyndicatesPage;
