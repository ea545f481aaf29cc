// RFC 9457 problem details: the one shape of every error an API route answers.
import type { FieldError } from "../core/errors";
import { withBodyText } from "./body-text";

export type ProblemField = FieldError;

export type Problem = {
  type?: string;
  title: string;
  status: number;
  detail?: string;
  instance?: string;
  errors?: ProblemField[];
  requestId?: string;
};

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export const problemResponse = (problem: Problem, headers: HeadersInit = {}): Response => {
  const body = { type: problem.type ?? "about:blank", ...problem };
  return withBodyText(JSON.stringify(body), {
    status: problem.status,
    headers: { ...Object.fromEntries(new Headers(headers)), "content-type": PROBLEM_CONTENT_TYPE, "cache-control": "no-store" },
  });
};
