import Link from "next/link";

/**
 * Cursor paging links for a list page: "First page" and "Next page", keeping the current filters.
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
  const href = (cursor?: string) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(searchParams)) if (value && key !== "cursor") params.set(key, value);
    if (cursor) params.set("cursor", cursor);
    const query = params.toString();
    return query ? `${basePath}?${query}` : basePath;
  };
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
