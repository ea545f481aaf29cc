import type { ReactNode } from "react";
import { FieldError, FieldHint } from "@/components/form/field";

/**
 * A labelled control with its hint and validation message, for the small forms outside the form kit
 * (sign-in, filters, the quantum and wallet tools); the control itself carries `aria-describedby`
 * (`${id}-hint`, `${id}-error`). Create and edit forms use `Field` from components/form, which wires
 * those attributes and clears the message when the field changes.
 */
export const FormField = ({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) => (
  <div className="field">
    <label htmlFor={id}>{label}</label>
    {children}
    <FieldHint id={id} hint={hint} />
    <FieldError id={id} error={error} />
  </div>
);
