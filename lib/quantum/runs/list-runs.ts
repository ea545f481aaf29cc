// GET /quantum/runs: past runs the caller may see (rules.ts), newest first.
import type { z } from "zod";
import { prisma, type Prisma } from "../../db";
import { encodeCursor } from "../../core/paging";
import { visibleTo, type RunViewer } from "./rules";
import { toRun } from "./shape";
import type { ZRunsQuery } from "./schemas";

/** Past runs the viewer may see, newest first, one page (cursor = the last run's id). */
export const listRuns = async (query: z.output<typeof ZRunsQuery>, viewer: RunViewer) => {
  const where: Prisma.QuantumRunWhereInput = {
    AND: [
      visibleTo(viewer),
      {
        ...(query.entityType ? { entityType: query.entityType } : {}),
        ...(query.entityId ? { entityId: query.entityId } : {}),
      },
    ],
  };
  const [rows, total] = await Promise.all([
    prisma.quantumRun.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      ...(query.cursor ? { cursor: { id: query.cursor.id }, skip: 1 } : {}),
    }),
    prisma.quantumRun.count({ where }),
  ]);
  const items = rows.slice(0, query.limit).map(toRun);
  return { items, total, nextCursor: rows.length > query.limit ? encodeCursor({ id: items[items.length - 1].id }) : undefined };
};
