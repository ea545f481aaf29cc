"use client";

// "Columns": which of a list's columns are shown, chosen per list and kept in this browser
// (localStorage), beside the pager's "Download CSV". Like the download it acts on the last table
// before it on the page, found by its aria-label, and reads the columns from the table's own header
// row, so a list needs nothing of its own to offer it. The first column (the one that opens the row)
// always stays; the checkbox column of a selection is not a choice. Hidden columns are hidden by one
// style rule per column, so the table's markup (and the page's server render) stays the same, and the
// CSV leaves them out as it leaves out everything not shown.
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import styles from "./column-chooser.module.css";
import { tableBefore } from "./table-before";

const storageKey = (name: string) => `syndicate.columns.${name}`;
const changed = new Set<() => void>();

const subscribe = (listener: () => void) => {
  changed.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    changed.delete(listener);
    window.removeEventListener("storage", listener);
  };
};

const readHidden = (name: string) => {
  try {
    return window.localStorage.getItem(storageKey(name)) ?? "[]";
  } catch {
    return "[]";
  }
};

const writeHidden = (name: string, hidden: string[]) => {
  try {
    window.localStorage.setItem(storageKey(name), JSON.stringify(hidden));
  } catch {
    // Storage refused (private mode, full): the choice holds until the page is left.
  }
  for (const listener of changed) listener();
};

const parseHidden = (text: string): string[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
};

type Column = { label: string; position: number };

/** A header row's columns that can be chosen: their texts (without sort marks) and 1-based positions. */
const columnsOf = (table: HTMLTableElement): Column[] =>
  [...(table.tHead?.rows[0]?.cells ?? [])]
    .map((cell, index) => ({ cell, position: index + 1 }))
    .filter(({ cell }) => !cell.hasAttribute("data-csv-skip"))
    .map(({ cell, position }) => {
      const copy = cell.cloneNode(true) as HTMLElement;
      for (const mark of copy.querySelectorAll('[aria-hidden="true"]')) mark.remove();
      return { label: (copy.textContent ?? "").trim(), position };
    })
    .filter((column) => column.label !== "");

export const ColumnChooser = ({ name }: { name: string }) => {
  const anchor = useRef<HTMLDetailsElement>(null);
  const snapshot = useSyncExternalStore(subscribe, () => readHidden(name), () => "[]");
  const hidden = useMemo(() => parseHidden(snapshot), [snapshot]);
  const [columns, setColumns] = useState<Column[]>([]);

  // One style element per chooser: `display: none` for the hidden columns' cells, by position.
  useEffect(() => {
    const table = anchor.current ? tableBefore(anchor.current) : undefined;
    const label = table?.getAttribute("aria-label");
    if (!table || !label || hidden.length === 0) return;
    const scope = `table[aria-label="${CSS.escape(label)}"]`;
    const rules = columnsOf(table)
      .slice(1)
      .filter((column) => hidden.includes(column.label))
      .map((column) => `${scope} tr > :nth-child(${column.position}) { display: none; }`);
    const style = document.createElement("style");
    style.dataset.columnChooser = name;
    style.textContent = rules.join("\n");
    document.head.append(style);
    return () => style.remove();
  }, [hidden, name]);

  const toggle = (label: string, shown: boolean) => writeHidden(name, shown ? hidden.filter((one) => one !== label) : [...hidden, label]);

  return (
    <details
      ref={anchor}
      className={styles.chooser}
      onToggle={(event) => {
        const table = tableBefore(event.currentTarget);
        if (event.currentTarget.open && table) setColumns(columnsOf(table));
      }}
    >
      <summary className="button secondary">Columns{hidden.length > 0 ? ` (${hidden.length} hidden)` : ""}</summary>
      <fieldset className={styles.menu}>
        <legend>Columns shown</legend>
        {columns.map((column, index) => (
          <label key={column.label} className={styles.option}>
            <input
              type="checkbox"
              checked={index === 0 || !hidden.includes(column.label)}
              disabled={index === 0}
              onChange={(event) => toggle(column.label, event.target.checked)}
            />
            {column.label}
            {index === 0 ? <span className="muted"> (always)</span> : null}
          </label>
        ))}
        {hidden.length > 0 ? (
          <button type="button" className="secondary" onClick={() => writeHidden(name, [])}>
            Show all columns
          </button>
        ) : null}
      </fieldset>
    </details>
  );
};
