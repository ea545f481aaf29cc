"use client";

// The one frame every chart sits in: a caption, the chart (recharts, loaded lazily and drawn only in
// the browser, where it can measure its width), a skeleton of the chart's exact height while that
// code loads (so nothing below jumps), and the same figures as a table behind "Show the figures"
// for keyboard and screen-reader users and for anyone who wants the numbers (a page of rows at a
// time when there are many).
import dynamic from "next/dynamic";
import type { ReactNode } from "react";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { TablePager, useTablePage } from "@/components/ui/table-pager";
import { ChartSkeleton } from "./chart-skeleton";
import type { ChartSpec } from "./chart-spec";

const RechartsChart = dynamic(() => import("./recharts-chart"), {
  ssr: false,
  loading: () => <ChartSkeleton height="100%" />,
});

export type ChartFigures = {
  /** Name of the scrolling table region. */
  label: string;
  /** The disclosure's text; "Show the figures" unless said. */
  summary?: string;
  caption?: ReactNode;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
  /** Rows per page: past this many rows the table is paged (TablePager). */
  pageSize?: number;
  /** The pager's test id. */
  pagerTestId?: string;
};

export type ChartFrameProps = {
  /** What the chart shows, for screen readers (the chart is one image to them). */
  label: string;
  /** Visible caption above the chart. */
  caption?: ReactNode;
  height: number;
  spec: ChartSpec;
  figures: ChartFigures;
  testId?: string;
  /** Anything that belongs with the figure below the table (a download link, a note). */
  footer?: ReactNode;
};

export const ChartFrame = ({ label, caption, height, spec, figures, testId, footer }: ChartFrameProps) => (
  <figure style={{ margin: 0 }}>
    {caption ? <figcaption className="muted">{caption}</figcaption> : null}
    {/* overflow clip: a tooltip left where the pointer was when the page narrowed must not widen the page */}
    <div role="img" aria-label={label} data-testid={testId} style={{ height, minHeight: height, overflow: "clip" }}>
      <RechartsChart spec={spec} height={height} />
    </div>
    <details>
      <summary>{figures.summary ?? "Show the figures"}</summary>
      <FiguresTable {...figures} />
    </details>
    {footer}
  </figure>
);

export const FiguresTable = ({ label, caption, columns, rows, pageSize, pagerTestId }: ChartFigures) => {
  const paging = useTablePage(rows, pageSize ?? Math.max(1, rows.length));
  return (
    <>
      <ScrollRegion label={label}>
        <table>
          {caption ? <caption className="muted">{caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paging.rows.map((row) => (
              <tr key={row.key}>
                {row.cells.map((cell, index) => (
                  <td key={columns[index] ?? index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <TablePager label={label} paging={paging} testId={pagerTestId} />
    </>
  );
};
