import Link from "next/link";
import { listHref, nextSort, sortState, type ListValues } from "./list-params";

/**
 * A sortable column header: a link (keyboard reachable) that sorts by `field`, ascending first and
 * descending on the next click, with aria-sort telling assistive technology the current order.
 */
export const SortHeader = ({
  label,
  field,
  basePath,
  values,
  numeric = false,
}: {
  label: string;
  field: string;
  basePath: string;
  values: ListValues;
  /** A column of numbers: right-aligned, as its cells are (class "num"). */
  numeric?: boolean;
}) => {
  const state = sortState(values.sort);
  const current = state?.field === field ? state.direction : undefined;
  return (
    <th scope="col" aria-sort={current ?? "none"} className={numeric ? "num" : undefined}>
      <Link className="sort-link" href={listHref(basePath, values, { sort: nextSort(values.sort, field) })}>
        {label}
        <span aria-hidden="true" className="sort-mark">
          {current === "ascending" ? " ▲" : current === "descending" ? " ▼" : " ↕"}
        </span>
      </Link>
    </th>
  );
};
