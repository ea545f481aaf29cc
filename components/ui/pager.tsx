import Link from "next/link";
import { listHref, pagePosition, pagerText, PAGE_SIZES } from "@/components/list/list-params";
import { PageSizeForm } from "@/components/list/page-size-form";
import { CsvDownload } from "@/components/list/csv-download";
import { ColumnChooser } from "@/components/list/column-chooser";

/**
 * The foot of a list page: where the page is ("Page 2 of 12 · 26–50 of 290", announced politely as it
 * changes), cursor paging links ("First page", "Next page", keeping the filters, the sort and the page
 * size; the next page's number travels beside its cursor), the page size choice, and for the table shown
 * the choice of its columns and "Download CSV" (`csvName` names the file and the column choice kept; false
 * for a list without a table).
 */
export const Pager = ({
  basePath,
  searchParams,
  nextCursor,
  total,
  shown,
  pageSize,
  pageSizes = PAGE_SIZES,
  csvName = basePath.split("/").filter(Boolean).join("-"),
}: {
  basePath: string;
  searchParams: Record<string, string | undefined>;
  nextCursor?: string;
  total: number;
  shown: number;
  /** Rows per page (parseListParams's pageSize); without it, read from `limit` or from a full page. */
  pageSize?: number;
  pageSizes?: readonly number[];
  csvName?: string | false;
}) => {
  const size = pageSize ?? (Number(searchParams.limit) || undefined);
  // A page that does not say its size shows it only when known: chosen, or a full page before the next.
  const choice = size ?? (nextCursor ? shown : undefined);
  // The first page has no cursor; a cursor without a page number (an old link) is on an unknown page.
  const facts = { page: searchParams.cursor ? searchParams.page : "1", pageSize: size, total, shown, hasNext: Boolean(nextCursor) };
  const position = pagePosition(facts);
  return (
    <div className="list-foot">
      <nav aria-label="Pages" className="pager">
        <span className="muted" aria-live="polite" aria-atomic="true">
          {pagerText(facts)}
        </span>
        {searchParams.cursor ? <Link href={listHref(basePath, searchParams)}>First page</Link> : null}
        {nextCursor ? <Link href={listHref(basePath, searchParams, { cursor: nextCursor, page: position ? String(position.page + 1) : undefined })}>Next page</Link> : null}
      </nav>
      {total > 0 && choice ? <PageSizeForm basePath={basePath} values={searchParams} pageSize={choice} pageSizes={pageSizes} /> : null}
      {csvName && shown > 0 ? <ColumnChooser name={csvName} /> : null}
      {csvName && shown > 0 ? <CsvDownload name={csvName} /> : null}
    </div>
  );
};
