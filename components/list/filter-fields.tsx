// The fields of a list page's filter form (a plain GET form, so filters work before hydration and are
// in the URL): a choice among fixed values, and a free-text search.
type Option = string | { value: string; label: string };

export const FilterSelect = ({
  id,
  name,
  label,
  anyLabel,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  anyLabel: string;
  value: string | undefined;
  options: readonly Option[];
}) => (
  <div className="field">
    <label htmlFor={id}>{label}</label>
    <select id={id} name={name} defaultValue={value ?? ""}>
      <option value="">{anyLabel}</option>
      {options.map((option) => {
        const { value: optionValue, label: optionLabel } = typeof option === "string" ? { value: option, label: option } : option;
        return (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        );
      })}
    </select>
  </div>
);

export const FilterSearch = ({ id, value, placeholder, label = "Search" }: { id: string; value: string | undefined; placeholder: string; label?: string }) => (
  <div className="field">
    <label htmlFor={id}>{label}</label>
    <input id={id} name="q" type="search" placeholder={placeholder} defaultValue={value ?? ""} />
  </div>
);
