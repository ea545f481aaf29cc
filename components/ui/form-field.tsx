import type { ReactNode } from "react";

/** A labelled control with its validation message (linked for screen readers). */
export const FormField = ({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactNode;
}) => (
  <div className="field">
    <label htmlFor={id}>{label}</label>
    {children}
    {hint ? (
      <div className="muted" id={`${id}-hint`}>
        {hint}
      </div>
    ) : null}
    {error ? (
      <div className="field-error" id={`${id}-error`} role="alert">
        {error}
      </div>
    ) : null}
  </div>
);
