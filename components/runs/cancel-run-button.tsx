"use client";

// "Cancel run" for operators while a run is open (running or awaiting approval), asked first in the
// confirm dialog: cancelling ends the run and cancels its task, and the agent is told to stop at its
// next heartbeat. Afterwards the page is read again and focus goes to the run's status.
import { useRouter } from "next/navigation";
import { useEffect, useRef, useTransition } from "react";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { useCancelRun } from "./use-runs";

export const CancelRunButton = ({ runId, open, taskDescription, focusId }: { runId: string; open: boolean; taskDescription: string; focusId: string }) => {
  const cancel = useCancelRun();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  const focusAfterRefresh = useRef(false);
  // The button goes with the refresh (a cancelled run has none): focus the status it changed.
  useEffect(() => {
    if (refreshing || !focusAfterRefresh.current) return;
    focusAfterRefresh.current = false;
    document.getElementById(focusId)?.focus();
  }, [refreshing, open, focusId]);

  if (!open) return null;
  return (
    <ConfirmButton
      label="Cancel run"
      confirmLabel="Cancel run"
      cancelLabel="Keep it running"
      question={`Cancel this run? Its task “${taskDescription}” is cancelled with it, and the agent is told to stop at its next heartbeat. This cannot be undone.`}
      onConfirm={async () => {
        await cancel.mutateAsync(runId);
        focusAfterRefresh.current = true;
        startRefresh(() => router.refresh());
      }}
    />
  );
};
