"use client";

// Writes on runs and approvals from the dashboard (react-query over the API). The pages themselves are
// read on the server and refreshed afterwards (router.refresh) and by the live event stream.
import { apiFetch } from "@/lib/client/api";
import type { TApproval, TRun } from "@/lib/runs/schemas";
import { useWrite } from "@/components/shared/use-resource";

export const runKeys = {
  all: ["runs"] as const,
  detail: (id: string) => [...runKeys.all, "detail", id] as const,
};

export const approvalKeys = { all: ["approvals"] as const };

export type TDecision = { decision: "approved" | "rejected"; comment?: string };

export const useDecideApproval = () =>
  useWrite(
    approvalKeys.all,
    ({ id, body }: { id: string; body: TDecision }) => apiFetch<TApproval>(`/api/approvals/${encodeURIComponent(id)}/decision`, { method: "POST", body }),
    (approval) => (approval.status === "approved" ? "Approved" : "Rejected"),
  );

export const useCancelRun = () => useWrite(runKeys.all, (id: string) => apiFetch<TRun>(`/api/runs/${encodeURIComponent(id)}/cancel`, { method: "POST" }), "Run cancelled");
