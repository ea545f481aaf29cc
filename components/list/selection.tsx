"use client";

// Row selection on a list page, and what can be done to the rows chosen: a checkbox per row and one
// for all the rows shown, and a bar that appears once something is chosen, naming how many, with the
// bulk action (delete, asked first in the one confirm dialog, naming what it deletes). The rows are
// deleted one request each, a few at a time; the bar then says what was done, and a row the API
// refused (an agent with open tasks: 409) stays chosen with the API's reason in the dialog. Operators
// and admins only: the page says whether the user may (`enabled`), and without it nothing of this shows.
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "sonner";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { ApiError } from "@/lib/client/dashboard";
import { RESOURCES, type ResourceKind } from "@/components/shared/resources";
import { deleteRecord } from "@/components/shared/use-resource";
import styles from "./selection.module.css";

export type SelectableRow = { id: string; name: string };

type Selection = {
  rows: SelectableRow[];
  chosen: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
  setAll: (on: boolean) => void;
};

const SelectionContext = createContext<Selection | null>(null);

const useSelection = () => useContext(SelectionContext);

/** Deletes run this many at a time. */
const AT_ONCE = 4;

/** The names a question lists before "and N more". */
const NAMED = 5;

const listed = (rows: SelectableRow[]) => {
  const names = rows.slice(0, NAMED).map((row) => `“${row.name}”`);
  const more = rows.length - NAMED;
  return more > 0 ? `${names.join(", ")} and ${more} more` : names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
};

const reason = (error: unknown) => (error instanceof ApiError ? error.problem.detail ?? error.problem.title : error instanceof Error ? error.message : String(error));

/**
 * The selection for the rows a list page shows (`rows`: ids and the names the bar and dialog use),
 * and the bar of bulk actions for records of `kind`. Chosen rows that the page no longer shows (after
 * a delete, a filter or another page) are no longer chosen.
 */
export const SelectableList = ({
  enabled,
  kind,
  plural,
  rows,
  children,
}: {
  /** False for those who may not delete (viewers, visitors): the plain list, no checkboxes. */
  enabled: boolean;
  kind: ResourceKind;
  plural: string;
  rows: SelectableRow[];
  children: ReactNode;
}) => (enabled ? <Selectable kind={kind} plural={plural} rows={rows}>{children}</Selectable> : <>{children}</>);

const Selectable = ({ kind, plural, rows, children }: { kind: ResourceKind; plural: string; rows: SelectableRow[]; children: ReactNode }) => {
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const shown = new Set(rows.map((row) => row.id));
  const chosen = new Set([...picked].filter((id) => shown.has(id)));
  const selection: Selection = {
    rows,
    chosen,
    toggle: (id, on) =>
      setPicked((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (on) => setPicked(on ? new Set(rows.map((row) => row.id)) : new Set()),
  };
  return (
    <SelectionContext.Provider value={selection}>
      <BulkBar kind={kind} plural={plural} selection={selection} onDone={(kept) => setPicked(new Set(kept))} />
      {children}
    </SelectionContext.Provider>
  );
};

const BulkBar = ({ kind, plural, selection, onDone }: { kind: ResourceKind; plural: string; selection: Selection; onDone: (kept: string[]) => void }) => {
  const router = useRouter();
  const queryClient = useQueryClient();
  const resource = RESOURCES[kind];
  const chosen = selection.rows.filter((row) => selection.chosen.has(row.id));
  const count = chosen.length;
  const noun = count === 1 ? resource.noun.toLowerCase() : plural;

  const remove = async () => {
    const failures: { row: SelectableRow; error: unknown }[] = [];
    const queue = [...chosen];
    const worker = async () => {
      for (let row = queue.shift(); row; row = queue.shift()) {
        try {
          await deleteRecord(kind, row.id);
        } catch (error) {
          // Gone already (another tab, another user): what was asked for holds.
          if (!(error instanceof ApiError && error.status === 404)) failures.push({ row, error });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, chosen.length) }, worker));
    const deleted = count - failures.length;
    onDone(failures.map((failure) => failure.row.id));
    if (deleted > 0) {
      toast.success(`Deleted ${deleted} ${deleted === 1 ? resource.noun.toLowerCase() : plural}`);
      await queryClient.invalidateQueries({ queryKey: resource.key });
      router.refresh();
    }
    if (failures.length > 0) {
      const lines = failures.map((failure) => `“${failure.row.name}”: ${reason(failure.error)}`);
      throw new Error(`${deleted > 0 ? `Deleted ${deleted} of ${count}. ` : ""}Not deleted — ${lines.join("; ")}`);
    }
  };

  if (count === 0) return null;
  return (
    <div className={styles.bar} role="region" aria-label="Selection">
      <span role="status">
        {count} {noun} selected
      </span>
      <button type="button" className="secondary" onClick={() => selection.setAll(false)}>
        Clear selection
      </button>
      <ConfirmButton
        label={`Delete ${count} ${noun}`}
        title={`Delete ${count} ${noun}`}
        question={count === 1 ? resource.deleteQuestion(chosen[0].name) : `Delete ${listed(chosen)}? This cannot be undone.`}
        confirmLabel={`Delete ${count} ${noun}`}
        onConfirm={remove}
      />
    </div>
  );
};

/** The header cell's checkbox: every row shown, or none; mixed while some are chosen. */
export const SelectAllCheckbox = ({ label }: { label: string }) => {
  const selection = useSelection();
  const box = useRef<HTMLInputElement>(null);
  const total = selection?.rows.length ?? 0;
  const chosen = selection?.chosen.size ?? 0;
  useEffect(() => {
    if (box.current) box.current.indeterminate = chosen > 0 && chosen < total;
  }, [chosen, total]);
  if (!selection) return null;
  return (
    <input
      ref={box}
      type="checkbox"
      className={styles.box}
      aria-label={label}
      checked={total > 0 && chosen === total}
      onChange={(event) => selection.setAll(event.target.checked)}
    />
  );
};

/** A row's checkbox, named after the row. */
export const RowCheckbox = ({ id, name }: { id: string; name: string }) => {
  const selection = useSelection();
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      className={styles.box}
      aria-label={`Select ${name}`}
      checked={selection.chosen.has(id)}
      onChange={(event) => selection.toggle(id, event.target.checked)}
    />
  );
};

/** A cell for the checkbox column that renders only where there is a selection (operators and admins); left out of the CSV. */
export const SelectionCell = ({ header = false, children }: { header?: boolean; children: ReactNode }) => {
  const selection = useSelection();
  if (!selection) return null;
  return header ? (
    <th scope="col" className={styles.cell} data-csv-skip="">
      {children}
    </th>
  ) : (
    <td className={styles.cell} data-csv-skip="">
      {children}
    </td>
  );
};
