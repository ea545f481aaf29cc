// POST /quantum/jobs/{jobId}/cancel.
import { cancelJob } from "../../jobs";
import { visibleJob } from "./get-quantum-job";
import { toQuantumJob, type JobViewer } from "./shape";

/** Cancels a QUEUED or RUNNING job of the caller's (admins: anyone's); 409 when it has finished. */
export const cancelQuantumJob = async (id: string, viewer: JobViewer) => {
  await visibleJob(id, viewer);
  return toQuantumJob(await cancelJob(id));
};
