"use client";

// One labelled control of a kit form: its label, hint and error, wired to the control with
// aria-describedby / aria-invalid; marked data-invalid so a failed submit can focus it; and any change
// inside it clears its error (a fixed field never keeps its old message).
import { useEffect, type ReactNode } from "react";
import { useKit } from "./form";

export type ControlProps = { id: string; "aria-invalid"?: true; "aria-describedby"?: string };

/** The error of `path` (and of anything under it) plus the props that tie it to a control. */
export const useField = (path: string, id: string, hint?: ReactNode, exact = false) => {
  const kit = useKit();
  const { register } = kit;
  useEffect(() => register(path), [register, path]);
  const error = exact ? kit.errors[path] : kit.errorAt(path);
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  const control: ControlProps = { id, ...(error ? { "aria-invalid": true as const } : {}), ...(described ? { "aria-describedby": described } : {}) };
  return { error, control, clear: () => (exact ? kit.clearOnly(path) : kit.clear(path)) };
};

export const FieldHint = ({ id, hint }: { id: string; hint?: ReactNode }) =>
  hint ? (
    <div className="muted field-hint" id={`${id}-hint`}>
      {hint}
    </div>
  ) : null;

export const FieldError = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <div className="field-error" id={`${id}-error`}>
      {error}
    </div>
  ) : null;

export const Field = ({
  path,
  id,
  label,
  hint,
  className,
  children,
}: {
  /** Where this field sits in the request body ("performanceMetrics.uptime"). */
  path: string;
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}) => {
  const { error, control, clear } = useField(path, id, hint);
  return (
    <div className={className ? `field ${className}` : "field"} data-invalid={error ? "" : undefined} onChange={clear}>
      <label htmlFor={id}>{label}</label>
      {children(control)}
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  );
};

/** A group of controls (radios, checkboxes, a picker) whose error belongs to the whole group. */
export const FieldGroup = ({
  path,
  id,
  legend,
  hint,
  className,
  exact = false,
  children,
}: {
  path: string;
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** Show only the error at `path` itself: the group's own fields show theirs. */
  exact?: boolean;
  children: ReactNode;
}) => {
  const { error, control, clear } = useField(path, id, hint, exact);
  return (
    <fieldset className={className} id={id} data-invalid={error ? "" : undefined} aria-describedby={control["aria-describedby"]} onChange={clear}>
      <legend>{legend}</legend>
      {children}
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </fieldset>
  );
};
