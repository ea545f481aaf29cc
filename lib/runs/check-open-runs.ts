// The runs area's rule on deleting an agent (registered by lib/startup's registerApp()): an agent
// with a run still open cannot be deleted — its task would stay in progress with nobody to finish or
// lose it. Its operator cancels the run first (or lets it finish).
import { AppError } from "../core/errors";
import type { DeletionGuard } from "../outbox";

export const openRunsGuard: DeletionGuard = async (db, target) => {
  if (target.type !== "Agent") return;
  const open = await db.agentRun.findMany({
    where: { agentId: target.id, status: { in: ["running", "awaiting_approval"] } },
    select: { id: true },
    orderBy: { id: "asc" },
    take: 20,
  });
  if (open.length === 0) return;
  throw new AppError(
    "conflict",
    `Agent '${target.id}' is working (open run${open.length === 1 ? "" : "s"} ${open.map((run) => run.id).join(", ")}); cancel ${open.length === 1 ? "it" : "them"} (POST /api/runs/{runId}/cancel) or let ${open.length === 1 ? "it" : "them"} finish first.`,
  );
};
