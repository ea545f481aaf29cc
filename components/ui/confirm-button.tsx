"use client";

// The one pattern for an action that cannot be undone (delete, revoke, cancel, a final status move):
// it asks first, naming what it affects, in an accessible modal dialog (Radix): focus moves into the
// dialog and stays there, Escape or the cancel button closes it, and focus returns to where it was. A
// refusal (e.g. 409: open tasks are assigned) is shown inside the dialog in the API's words, and the
// dialog stays open so the person can read it.
//
// ConfirmButton is a button that opens it; ConfirmDialog is the dialog alone, opened by its owner (a
// drop on the task board's Cancelled lane asks the same question as the card's Cancel button).
import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { ProblemAlert } from "./problem-alert";
import { useHydrated } from "./use-hydrated";
import styles from "./confirm-button.module.css";

export type ConfirmOptions = {
  /** The dialog's title: the action, with what it affects ("Cancel task"). */
  title: string;
  /** What happens and to what, in a sentence or two. */
  question: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Runs on confirmation; a rejection is shown in the dialog, a success closes it. */
  onConfirm: () => void | Promise<void>;
  danger?: boolean;
};

export const ConfirmDialog = ({
  open,
  onOpenChange,
  title,
  question,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  onConfirm,
  danger = true,
  children,
}: ConfirmOptions & { open: boolean; onOpenChange: (open: boolean) => void; children?: React.ReactNode }) => {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        if (next) setError(undefined);
        onOpenChange(next);
      }}
    >
      {children}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description>{question}</Dialog.Description>
          {error ? (
            <div className={styles.problem}>
              <ProblemAlert error={error} />
            </div>
          ) : null}
          <div className={`row ${styles.actions}`}>
            <Dialog.Close asChild>
              <button type="button" className="secondary" disabled={busy}>
                {cancelLabel}
              </button>
            </Dialog.Close>
            <button type="button" className={danger ? "danger" : undefined} disabled={busy} aria-busy={busy || undefined} onClick={confirm}>
              {busy ? "Working…" : confirmLabel}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
};

export const ConfirmButton = ({
  label,
  title = label,
  disabled,
  className,
  danger = true,
  ...options
}: Omit<ConfirmOptions, "title"> & {
  /** The button's text. */
  label: string;
  /** The dialog's title (default: the label). */
  title?: string;
  disabled?: boolean;
  /** The button's class (default: "danger" when danger). */
  className?: string;
}) => {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog open={open} onOpenChange={setOpen} title={title} danger={danger} {...options}>
      <Dialog.Trigger asChild>
        <button type="button" className={className ?? (danger ? "danger" : undefined)} disabled={!hydrated || disabled}>
          {label}
        </button>
      </Dialog.Trigger>
    </ConfirmDialog>
  );
};
