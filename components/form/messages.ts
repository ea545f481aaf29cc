// Human wording for validation messages. The shared zod schemas speak to API clients ("must not be
// empty", "Invalid input: expected number, received NaN"); people filling a form get a plain sentence
// chosen from the issue's code and bounds instead: "Required", "Enter a number", "At most 64 characters".
import type { z } from "zod";

type Issue = z.core.$ZodIssue;

const sentence = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);
const figure = (value: number | bigint) => Number(value).toLocaleString("en-US");

const EXPECTED: Record<string, string> = {
  number: "Enter a number",
  int: "Enter a whole number",
  string: "Enter some text",
  array: "Choose at least one",
  boolean: "Choose yes or no",
  date: "Enter a date",
};

const FORMATS: Record<string, string> = {
  url: "Enter a full address, e.g. https://example.com",
  email: "Enter an email address, e.g. name@example.com",
  datetime: "Enter a date and time",
  date: "Enter a date",
};

const tooSmall = (issue: Extract<Issue, { code: "too_small" }>) => {
  const min = figure(issue.minimum);
  if (issue.origin === "string") return Number(issue.minimum) <= 1 ? "Required" : `At least ${min} characters`;
  if (issue.origin === "array" || issue.origin === "set") return Number(issue.minimum) <= 1 ? "Choose at least one" : `Choose at least ${min}`;
  if (Number(issue.minimum) === 0) return issue.inclusive === false ? "Must be more than 0" : "Cannot be negative";
  return issue.inclusive === false ? `Must be more than ${min}` : `At least ${min}`;
};

const tooBig = (issue: Extract<Issue, { code: "too_big" }>) => {
  const max = figure(issue.maximum);
  if (issue.origin === "string") return `At most ${max} characters`;
  if (issue.origin === "array" || issue.origin === "set") return `At most ${max} items`;
  return issue.inclusive === false ? `Must be less than ${max}` : `At most ${max}`;
};

/** One plain sentence for a zod issue, whatever message the schema carries for API clients. */
export const humanIssue = (issue: Issue): string => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null || issue.input === "") return "Required";
      return EXPECTED[issue.expected] ?? "Required";
    case "too_small":
      return tooSmall(issue);
    case "too_big":
      return tooBig(issue);
    case "invalid_format":
      // A pattern's own message says what is allowed ("may only contain letters, digits, …").
      return FORMATS[issue.format] ?? (issue.message.startsWith("Invalid") ? "Not in the expected format" : sentence(issue.message));
    case "invalid_value":
      return "Choose one of the options";
    case "not_multiple_of":
      return `Must be a multiple of ${figure(issue.divisor as number)}`;
    case "unrecognized_keys":
      return "Not a field this form knows";
    default:
      // custom checks and unions carry sentences written for this domain ("agent 'x' is listed twice").
      return issue.message.startsWith("Invalid input") ? "Check this value" : sentence(issue.message);
  }
};

/** An API `errors[]` message ("must be at most 100") as a sentence; technical zod defaults get plain words. */
export const humanApiMessage = (message: string) => {
  if (/expected number|^must be a number/.test(message)) return "Enter a number";
  if (/received undefined|must not be empty/.test(message)) return "Required";
  return sentence(message.replace(/^Invalid input: /, "").replace(/^must be (?=at most |at least |from )/, ""));
};

/** Field errors keyed by path ("roles.0.skills"), the first issue per path, in human words. */
export const issueErrors = (issues: readonly Issue[], prefix = ""): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[prefix + issue.path.map(String).join(".")] ??= humanIssue(issue);
  return fields;
};
