"use client";

// Writes on runs and approvals from the dashboard (react-query over the API). The pages themselves are
// read on the server and refreshed afterwards (router.refresh) and by the live event stream.
import { dashboardApi, unwrap } from "@/lib/client/dashboard";
import { useWrite } from "@/components/shared/use-resource";

const api = dashboardApi();

export const runKeys = {
  all: ["runs"] as const,
  detail: (id: string) => [...runKeys.all, "detail", id] as const,
};

export const approvalKeys = { all: ["approvals"] as const };

export type TDecision = { decision: "approved" | "rejected"; comment?: string };

export const useDecideApproval = () =>
  useWrite(
    approvalKeys.all,
    ({ id, body }: { id: string; body: TDecision }) => unwrap(api.POST("/api/approvals/{approvalId}/decision", { params: { path: { approvalId: id } }, body })),
    (approval) => (approval.status === "approved" ? "Approved" : "Rejected"),
  );

export const useCancelRun = () => useWrite(runKeys.all, (id: string) => unwrap(api.POST("/api/runs/{runId}/cancel", { params: { path: { runId: id } } })), "Run cancelled");
