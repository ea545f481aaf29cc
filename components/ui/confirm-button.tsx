"use client";

import { useRef, useState } from "react";

/** A button that asks before it acts (delete, revoke). */
export const ConfirmButton = ({
  label,
  question,
  confirmLabel = "Delete",
  onConfirm,
  disabled,
}: {
  label: string;
  question: string;
  confirmLabel?: string;
  onConfirm: () => void | Promise<void>;
  disabled?: boolean;
}) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button type="button" className="danger" disabled={disabled || busy} onClick={() => dialog.current?.showModal()}>
        {label}
      </button>
      <dialog ref={dialog} aria-label={question} className="dialog">
        <p>{question}</p>
        <div className="row">
          <button type="button" className="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            className="danger"
            disabled={busy}
            onClick={async () => {
              setBusy(true);
              try {
                await onConfirm();
              } finally {
                setBusy(false);
                dialog.current?.close();
              }
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
};
