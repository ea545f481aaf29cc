"use client";

import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * A form's submit button, disabled until the page has hydrated (so an early click is never lost, or
 * sent as a plain HTML submission) and while `pending` (then marked busy).
 */
export const SubmitButton = ({ pending = false, ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { pending?: boolean }) => {
  const hydrated = useHydrated();
  return <button type="submit" {...rest} disabled={!hydrated || pending || rest.disabled} aria-busy={pending || undefined} />;
};
