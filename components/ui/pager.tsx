import Link from "next/link";
import { listHref } from "@/components/list/list-params";

/**
 * Cursor paging links for a list page: "First page" and "Next page", keeping the current filters and sort.
 */
export const Pager = ({
  basePath,
  searchParams,
  nextCursor,
  total,
  shown,
}: {
  basePath: string;
  searchParams: Record<string, string | undefined>;
  nextCursor?: string;
  total: number;
  shown: number;
}) => {
  const href = (cursor?: string) => listHref(basePath, searchParams, { cursor });
  return (
    <nav aria-label="Pages" className="pager">
      <span className="muted">
        Showing {shown} of {total}
      </span>
      {searchParams.cursor ? <Link href={href()}>First page</Link> : null}
      {nextCursor ? <Link href={href(nextCursor)}>Next page</Link> : null}
    </nav>
  );
};
