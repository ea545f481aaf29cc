// Value helpers of the quantum pages (distribution order, optional number fields).
import { byProbabilityDesc } from "@/lib/quantum/histogram/svg";

export const sortedEntries = (probabilities: Record<string, number>) =>
  Object.entries(probabilities).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** A whole number from a form field, or undefined when it is empty. */
export const optionalInteger = (value: string) => {
  const trimmed = value.trim();
  return trimmed === "" ? undefined : Number(trimmed);
};

/** Outcomes by value, largest first (ties: the smaller bitstring), as the histogram keeps its bars: the order of a paged table of counts or probabilities. */
export const mostProbableFirst = (values: Record<string, number>) => Object.entries(values).sort(byProbabilityDesc);
