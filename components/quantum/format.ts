// Display helpers of the quantum pages.
export const sortedEntries = (probabilities: Record<string, number>) =>
  Object.entries(probabilities).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

export const formatProbability = (p: number) => p.toFixed(3);

export const formatTime = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(iso)) + " UTC";

/** A whole number from a form field, or undefined when it is empty. */
export const optionalInteger = (value: string) => {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : Number(trimmed);
};
