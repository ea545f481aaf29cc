/** The order of a list without column headers (a grid of cards), as a field of its filter form. */
export const SortSelect = ({ id, options, value }: { id: string; options: { value: string; label: string }[]; value?: string }) => (
  <div className="field">
    <label htmlFor={id}>Sort by</label>
    <select id={id} name="sort" defaultValue={value ?? ""}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  </div>
);
