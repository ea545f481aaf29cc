import { notFound } from "next/navigation";
import { cache } from "react";
import { isAppError } from "@/lib/core/errors";
import { ZRunParams, getRun } from "@/lib/runs";

/**
 * The run of a page's [runId] with its task, trace and approvals, or the 404 page (an id that cannot
 * exist is not looked up). Cached per request.
 */
export const loadRun = cache(async (runId: string) => {
  const parsed = ZRunParams.safeParse({ runId });
  if (!parsed.success) notFound();
  try {
    return await getRun(parsed.data.runId);
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  }
});
