"use client";

// The state every form shares: field errors keyed by path ("name", "roles.0.skills"), the problem that
// maps to no field, and the moves a failed submit makes (focus the first bad field). Client validation
// and the API's problem `errors[]` land in the same map, so a field shows its message the same way
// whichever side found it; a field's message goes as soon as that field changes.
import { useCallback, useMemo, useState } from "react";
import type { z } from "zod";
import { ApiError } from "@/lib/client/api";
import { humanApiMessage, issueErrors } from "./messages";

export type FieldErrors = Record<string, string>;

/** `path` itself or anything under it ("roles" covers "roles.0.skills"). */
export const isUnder = (path: string, root: string) => path === root || path.startsWith(`${root}.`);

export type FormKitOptions = {
  /** The field a 409 conflict belongs to (the id a create tried to reuse). */
  conflictPath?: string;
};

export const useFormKit = ({ conflictPath }: FormKitOptions = {}) => {
  const [fields, setFields] = useState<readonly string[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<unknown>();
  const [failures, setFailures] = useState(0);

  /** Shows these errors (and a form-level problem) and moves focus to the first of them. */
  const fail = useCallback((next: FieldErrors, formProblem?: unknown) => {
    setErrors(next);
    setProblem(formProblem);
    setFailures((count) => count + 1);
  }, []);

  /**
   * Parses with the shared schema; on failure shows its issues in plain words and returns undefined.
   * `adjust` may add what the schema cannot know (a choice not made yet) or refine its messages.
   */
  const validate = useCallback(
    <T>(schema: z.ZodType<T>, value: unknown, adjust: (errors: FieldErrors) => FieldErrors = (errors) => errors): T | undefined => {
      const parsed = schema.safeParse(value, { reportInput: true });
      const found = adjust(parsed.success ? {} : issueErrors(parsed.error.issues));
      if (parsed.success && Object.keys(found).length === 0) {
        setErrors({});
        setProblem(undefined);
        return parsed.data;
      }
      fail(found);
      return undefined;
    },
    [fail],
  );

  /** A failed request: its `errors[]` go to their fields, a 409 to the conflict field, the rest to the alert. */
  const failWith = useCallback(
    (error: unknown) => {
      const next: FieldErrors = {};
      if (error instanceof ApiError) {
        for (const item of error.problem.errors ?? []) next[item.path.replace(/^body\.?/, "")] ??= humanApiMessage(item.message);
        if (error.status === 409 && conflictPath && Object.keys(next).length === 0) next[conflictPath] = error.problem.detail ?? error.problem.title;
      }
      fail(next, error);
    },
    [conflictPath, fail],
  );

  /** Drops the messages of `path` and everything under it: the person has changed that field. */
  const clear = useCallback((path: string) => {
    setErrors((current) => {
      const kept = Object.entries(current).filter(([key]) => !isUnder(key, path) && !isUnder(path, key));
      return kept.length === Object.keys(current).length ? current : Object.fromEntries(kept);
    });
  }, []);

  /** Drops the message at exactly `path` (a group whose fields keep their own). */
  const clearOnly = useCallback((path: string) => {
    setErrors((current) => {
      if (!(path in current)) return current;
      const { [path]: _dropped, ...kept } = current;
      return kept;
    });
  }, []);

  const reset = useCallback(() => {
    setErrors({});
    setProblem(undefined);
  }, []);

  const errorAt = useCallback((path: string) => errors[path] ?? Object.entries(errors).find(([key]) => isUnder(key, path))?.[1], [errors]);

  /** A field says it is on screen (from an effect); the returned function takes it off. */
  const register = useCallback((path: string) => {
    setFields((current) => [...current, path]);
    return () => setFields((current) => current.filter((field) => field !== path));
  }, []);

  /** Errors no rendered field shows (e.g. a path the form has no input for). */
  const unmapped = useMemo(() => Object.entries(errors).filter(([key]) => !fields.some((field) => isUnder(key, field))), [errors, fields]);

  return useMemo(
    () => ({ errors, problem, failures, validate, fail, failWith, clear, clearOnly, reset, errorAt, register, unmapped }),
    [errors, problem, failures, validate, fail, failWith, clear, clearOnly, reset, errorAt, register, unmapped],
  );
};

export type FormKit = ReturnType<typeof useFormKit>;
