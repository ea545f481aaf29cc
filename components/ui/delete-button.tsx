"use client";

import type { UseMutationResult } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { ConfirmButton } from "./confirm-button";
import { ProblemAlert } from "./problem-alert";

/**
 * Delete with confirmation, then go to the list. A refusal (e.g. 409: open tasks assigned) is
 * shown in the API's words and the page stays.
 */
export const DeleteButton = ({
  label,
  question,
  mutation,
  listPath,
  disabled,
}: {
  label: string;
  question: string;
  mutation: UseMutationResult<unknown, Error, void>;
  listPath: string;
  disabled?: boolean;
}) => {
  const router = useRouter();
  return (
    <div>
      <ConfirmButton
        label={label}
        disabled={disabled}
        question={question}
        onConfirm={async () => {
          try {
            await mutation.mutateAsync();
          } catch {
            return; // shown below
          }
          router.push(listPath);
          router.refresh();
        }}
      />
      {mutation.error ? (
        <div style={{ marginTop: "0.75rem" }}>
          <ProblemAlert error={mutation.error} />
        </div>
      ) : null}
    </div>
  );
};
