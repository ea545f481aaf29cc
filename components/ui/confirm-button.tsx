"use client";

// A button that asks before it acts (delete, revoke, cancel a job), in an accessible modal dialog
// (Radix): focus moves into the dialog and stays there, Escape or "Cancel" closes it, and focus returns
// to the button. A refusal (e.g. 409: open tasks are assigned) is shown inside the dialog in the API's
// words, and the dialog stays open so the person can read it.
import * as Dialog from "@radix-ui/react-dialog";
import { useState } from "react";
import { ProblemAlert } from "./problem-alert";
import { useHydrated } from "./use-hydrated";
import styles from "./confirm-button.module.css";

export const ConfirmButton = ({
  label,
  question,
  confirmLabel = "Delete",
  cancelLabel = "Cancel",
  onConfirm,
  disabled,
  danger = true,
}: {
  label: string;
  question: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Runs on confirmation; a rejection is shown in the dialog, a success closes it. */
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
  danger?: boolean;
}) => {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();

  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      setOpen(false);
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
        setOpen(next);
        if (next) setError(undefined);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={danger ? "danger" : undefined} disabled={!hydrated || disabled || busy}>
          {label}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>{label}</Dialog.Title>
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
