"use client";

// Paging of a table whose rows are all in the browser already (a run's counts, a chart's figures):
// a page of rows at a time, and Previous/Next buttons with "Page N of M · 21–40 of 645" between them
// (announced politely as it changes). The list pages, whose rows come from the server by cursor, use
// `Pager` (pager.tsx) instead. A button at the end of the list stays focusable (aria-disabled) so that
// pressing it once more does not drop the keyboard's focus.
import { useState } from "react";
import { formatInteger } from "@/lib/format";

/** Rows per page of an in-browser table. */
export const TABLE_PAGE_SIZE = 20;

export type TablePage<T> = {
  /** The rows of the page shown. */
  rows: T[];
  page: number;
  pages: number;
  /** Places (1-based) of the page's first and last rows, and the rows in all. */
  first: number;
  last: number;
  total: number;
  go: (page: number) => void;
};

/** One page of `rows`; a page past the end (the rows got fewer) shows the last page. */
export const useTablePage = <T,>(rows: readonly T[], size = TABLE_PAGE_SIZE): TablePage<T> => {
  const [wanted, setWanted] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const page = Math.min(Math.max(1, wanted), pages);
  const start = (page - 1) * size;
  const shown = rows.slice(start, start + size);
  return { rows: shown, page, pages, first: shown.length ? start + 1 : 0, last: start + shown.length, total: rows.length, go: (next) => setWanted(Math.min(Math.max(1, next), pages)) };
};

/** "Page 2 of 33 · 21–40 of 645". */
export const tablePageText = ({ page, pages, first, last, total }: Pick<TablePage<unknown>, "page" | "pages" | "first" | "last" | "total">) =>
  `Page ${formatInteger(page)} of ${formatInteger(pages)} · ${formatInteger(first)}–${formatInteger(last)} of ${formatInteger(total)}`;

/** The buttons under a paged table; nothing while every row fits on one page. `label` names the table ("Counts"). */
export const TablePager = ({ label, paging, testId }: { label: string; paging: TablePage<unknown>; testId?: string }) => {
  if (paging.pages <= 1) return null;
  const atStart = paging.page <= 1;
  const atEnd = paging.page >= paging.pages;
  return (
    <div className="pager table-pager" role="group" aria-label={`Pages of ${label}`} data-testid={testId}>
      <button type="button" className="secondary" aria-label={`Previous page of ${label}`} aria-disabled={atStart} onClick={() => (atStart ? undefined : paging.go(paging.page - 1))}>
        Previous
      </button>
      <span aria-live="polite" aria-atomic="true">
        {tablePageText(paging)}
      </span>
      <button type="button" className="secondary" aria-label={`Next page of ${label}`} aria-disabled={atEnd} onClick={() => (atEnd ? undefined : paging.go(paging.page + 1))}>
        Next
      </button>
    </div>
  );
};
