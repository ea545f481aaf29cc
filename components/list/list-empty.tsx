// What a list page shows when it has no rows: none yet, or none that match its filters (with a way
// back to the whole list).
import Link from "next/link";
import { EmptyState } from "@/components/ui/empty-state";

export const ListEmpty = ({ plural, filtered, clearHref }: { plural: string; filtered: boolean; clearHref: string }) =>
  filtered ? (
    <EmptyState title={`No ${plural} match these filters.`} action={<Link href={clearHref}>Clear filters</Link>}>
      Change or clear the filters to see more.
    </EmptyState>
  ) : (
    <EmptyState title={`No ${plural} yet.`} />
  );
