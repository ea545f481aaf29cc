// The page size choice under a list: a GET form of its own (it works before hydration) that keeps the
// filters and the sort and starts again at page 1 (no cursor or page field); it applies on choosing.
import { HiddenParams } from "./hidden-params";
import { LiveFilterForm } from "./live-filter-form";
import type { ListValues } from "./list-params";

export const PageSizeForm = ({ basePath, values, pageSize, pageSizes }: { basePath: string; values: ListValues; pageSize: number; pageSizes: readonly number[] }) => {
  const id = `page-size${basePath.replace(/\W+/g, "-")}`;
  const kept = Object.keys(values).filter((name) => !["limit", "cursor", "page"].includes(name));
  const sizes = pageSizes.includes(pageSize) ? pageSizes : [...pageSizes, pageSize].sort((a, b) => a - b);
  return (
    <LiveFilterForm action={basePath} className="page-size" aria-label="Page size">
      <HiddenParams values={values} names={kept} />
      <label htmlFor={id}>Rows per page</label>
      <select id={id} name="limit" defaultValue={String(pageSize)}>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      <button type="submit" className="secondary">
        Show
      </button>
    </LiveFilterForm>
  );
};
