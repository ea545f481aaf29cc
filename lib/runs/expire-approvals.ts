// A run that ends while it awaits a decision (failed, lost or cancelled) leaves nothing to decide:
// its pending request is closed as rejected, with a comment saying why and no one as its decider, so
// that the inbox does not offer a decision that can no longer be taken.
import type { Prisma } from "../db";

export const expireApprovals = (tx: Prisma.TransactionClient, runId: string, ending: string, now: Date) =>
  tx.runApproval.updateMany({
    where: { runId, status: "pending" },
    data: { status: "rejected", decidedAt: now, decidedById: null, comment: `Not decided: the run ended (${ending}) first.` },
  });
