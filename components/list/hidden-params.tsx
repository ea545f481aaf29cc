import type { ListValues } from "./list-params";

/** The params a form carries forward unchanged (the sort, the page size, a fixed filter), as hidden fields. */
export const HiddenParams = ({ values, names }: { values: ListValues; names: readonly string[] }) =>
  names.map((name) => (values[name] ? <input key={name} type="hidden" name={name} value={values[name]} /> : null));
