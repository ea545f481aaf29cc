// GET /quantum/jobs: the caller's own jobs, newest first.
import type { z } from "zod";
import { prisma, type Prisma } from "../../db";
import { encodeCursor } from "../../core/paging";
import type { ZQuantumJobsQuery } from "./schemas";
import { QUANTUM_JOB_KIND, toQuantumJob, type JobViewer } from "./shape";

/** The caller's own quantum jobs, newest first, one page. */
export const listQuantumJobs = async (query: z.output<typeof ZQuantumJobsQuery>, viewer: JobViewer) => {
  const where: Prisma.JobWhereInput = { userId: viewer.userId, kind: QUANTUM_JOB_KIND, ...(query.status ? { status: query.status } : {}) };
  const [rows, total] = await Promise.all([
    prisma.job.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      ...(query.cursor ? { cursor: { id: query.cursor.id }, skip: 1 } : {}),
    }),
    prisma.job.count({ where }),
  ]);
  const items = rows.slice(0, query.limit).map(toQuantumJob);
  return { items, total, nextCursor: rows.length > query.limit ? encodeCursor({ id: items[items.length - 1].id }) : undefined };
};
