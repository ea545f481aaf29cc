"use client";

// "Download CSV": the list's table as shown (its header and cell texts) in a CSV file named after the
// list and the day. The table is the last one before the button on the page: the one its pager pages.
import { useRef } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { csvFileName, toCsv } from "./csv";
import { tableBefore } from "./table-before";

/** The table's rows as their texts as shown, without hidden columns and what is hidden from assistive technology (sort marks). */
const tableTexts = (table: HTMLTableElement) => {
  // Columns the person hid ("Columns": their header cells are not displayed) are not shown, so not saved.
  const hiddenColumns = new Set([...(table.tHead?.rows[0]?.cells ?? [])].flatMap((cell, index) => (getComputedStyle(cell).display === "none" ? [index] : [])));
  const copy = table.cloneNode(true) as HTMLTableElement;
  for (const row of copy.rows) for (const cell of [...row.cells].filter((_, index) => hiddenColumns.has(index))) cell.remove();
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"], [data-csv-skip]')) hidden.remove();
  // innerText (line breaks where the cell shows them) needs the copy laid out: off screen, for a moment.
  const holder = document.createElement("div");
  holder.style.cssText = "position: fixed; top: 0; left: -100000px;";
  holder.append(copy);
  document.body.append(holder);
  try {
    return [...copy.rows].map((row) => [...row.cells].map((cell) => cell.innerText.trim()));
  } finally {
    holder.remove();
  }
};

export const CsvDownload = ({ name }: { name: string }) => {
  const ref = useRef<HTMLButtonElement>(null);
  const hydrated = useHydrated();
  const download = () => {
    const button = ref.current;
    if (!button) return;
    const table = tableBefore(button);
    if (!table) return;
    // The byte order mark makes spreadsheets read the file as UTF-8.
    const blob = new Blob(["\uFEFF", toCsv(tableTexts(table))], { type: "text/csv;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = csvFileName(name, new Date());
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <button ref={ref} type="button" className="secondary" onClick={download} disabled={!hydrated}>
      Download CSV
    </button>
  );
};
