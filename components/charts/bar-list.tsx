// A breakdown drawn as bars: one row per part (its name, a bar as long as its share of the largest,
// its count and its share of all), for the overview's "by status" and "by engine" cards and the
// wallet's chains and counterparty classes, where a list of numbers read worse than bars side by
// side. Plain HTML and CSS, no chart library (the overview renders it on the server, the wallet's
// client view in the page): a list a screen reader reads as "Deployed, 12, 40.0%", the bar itself
// hidden from it. A part with `href` links to the list filtered to it.
import Link from "next/link";
import type { ReactNode } from "react";
import { formatInteger, formatShare } from "@/lib/format";
import styles from "./bar-list.module.css";

export type BarListRow = { key: string; name: ReactNode; value: number; href?: string };

export const BarList = ({ label, rows, testId }: { label: string; rows: BarListRow[]; testId?: string }) => {
  const largest = Math.max(1, ...rows.map((row) => row.value));
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  return (
    <ul className={styles.bars} aria-label={label} data-testid={testId}>
      {rows.map((row) => (
        <li key={row.key} className={styles.row} data-value={row.value}>
          <span className={styles.name}>{row.href ? <Link href={row.href}>{row.name}</Link> : row.name}</span>
          <span className={styles.track} aria-hidden="true">
            <span className={styles.fill} style={{ width: `${(row.value / largest) * 100}%` }} />
          </span>
          <span className={styles.value}>
            {formatInteger(row.value)} <span className="muted">{total > 0 ? formatShare(row.value / total) : ""}</span>
          </span>
        </li>
      ))}
    </ul>
  );
};
