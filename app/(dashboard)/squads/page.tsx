import type { Metadata } from "next";
import { listSquads, ZSquadListQuery } from "@/lib/squads";
import { firstParam, GroupList } from "@/components/squads/group-list";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Squads" };

const PAGE_SIZE = 25;

const SquadsPage = async ({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) => {
  const raw = await searchParams;
  const filters = { q: firstParam(raw.q), cursor: firstParam(raw.cursor) };
  const parsed = ZSquadListQuery.safeParse({ ...filters, limit: PAGE_SIZE });
  const query = parsed.success ? parsed.data : ZSquadListQuery.parse({ q: filters.q, limit: PAGE_SIZE });
  const page = await listSquads(query);
  return (
    <GroupList
      noun="squad"
      title="Squads"
      countHeaders={["Agents"]}
      rows={page.items.map((squad) => ({ id: squad.id, name: squad.name, counts: [squad.agentCount], metrics: squad.aggregatedMetrics }))}
      filters={filters}
      nextCursor={page.nextCursor}
      total={page.total}
    />
  );
};

export default SquadsPage;
