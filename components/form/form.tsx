"use client";

// The form frame: the <form> (no browser validation; the shared schema speaks instead), the kit in
// context for its fields, the problem alert for what maps to no field, and one submit/cancel footer
// whose submit waits for hydration and shows the pending state.
import Link from "next/link";
import { createContext, useContext, useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { ProblemAlert } from "@/components/ui/problem-alert";
import { useHydrated } from "@/components/ui/use-hydrated";
import type { FormKit } from "./use-form-kit";

const KitContext = createContext<FormKit | null>(null);

export const useKit = () => {
  const kit = useContext(KitContext);
  if (!kit) throw new Error("A form field must sit inside <Form>.");
  return kit;
};

const FOCUSABLE = "input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex]";

/** Focuses the first invalid field in document order, or else the form's problem alert. */
const focusFirstProblem = (form: HTMLFormElement | null) => {
  if (!form) return;
  const invalid = form.querySelector<HTMLElement>("[data-invalid]");
  const target = invalid ? (invalid.matches(FOCUSABLE) ? invalid : invalid.querySelector<HTMLElement>(FOCUSABLE)) : form.querySelector<HTMLElement>("[data-form-problem]");
  target?.focus();
  target?.scrollIntoView?.({ block: "center" });
};

export const Form = ({
  kit,
  label,
  onSubmit,
  className = "form card",
  children,
}: {
  kit: FormKit;
  /** The form's accessible name ("Create agent"). */
  label: string;
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}) => {
  const form = useRef<HTMLFormElement>(null);
  // After each failed submit (client validation or the API), focus goes to what needs fixing.
  useEffect(() => {
    if (kit.failures > 0) focusFirstProblem(form.current);
  }, [kit.failures]);
  return (
    <KitContext.Provider value={kit}>
      <form
        ref={form}
        className={className}
        aria-label={label}
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </KitContext.Provider>
  );
};

/** What went wrong that no field shows: the request's problem, or errors at paths without a field. */
export const FormProblem = () => {
  const kit = useKit();
  const { unmapped } = kit;
  const mappedAll = kit.problem !== undefined && Object.keys(kit.errors).length > 0 && unmapped.length === 0;
  if (kit.problem === undefined && unmapped.length === 0) return null;
  if (mappedAll) return null;
  return (
    <div data-form-problem tabIndex={-1} className="form-problem">
      <ProblemAlert error={kit.problem} errors={unmapped.map(([path, message]) => ({ path, message }))} />
    </div>
  );
};

/** The form's last row: the problem alert, then submit (disabled until hydrated and while pending) and cancel. */
export const FormFooter = ({
  submitLabel,
  pendingLabel = "Saving…",
  pending,
  cancelHref,
  children,
}: {
  submitLabel: string;
  pendingLabel?: string;
  pending: boolean;
  cancelHref?: string;
  /** Extra content after the buttons (e.g. a "Saved" status). */
  children?: ReactNode;
}) => {
  const hydrated = useHydrated();
  return (
    <>
      <FormProblem />
      <div className="row">
        <button type="submit" disabled={!hydrated || pending} aria-busy={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </button>
        {cancelHref ? (
          <Link className="button secondary" href={cancelHref}>
            Cancel
          </Link>
        ) : null}
        {children}
      </div>
    </>
  );
};
