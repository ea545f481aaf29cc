// Value helpers of the quantum pages (distribution order, optional number fields).
export const sortedEntries = (probabilities: Record<string, number>) =>
  Object.entries(probabilities).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** A whole number from a form field, or undefined when it is empty. */
export const optionalInteger = (value: string) => {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : Number(trimmed);
};

/** Outcomes by value, largest first (ties: the smaller bitstring): the order of a paged table of counts or probabilities. */
export const mostProbableFirst = <V extends number>(values: Record<string, V>) =>
  Object.entries(values).sort(([a, p], [b, q]) => q - p || (a < b ? -1 : a > b ? 1 : 0));
