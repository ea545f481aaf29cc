import { prisma, type Prisma } from "../db";
import { pageArgs, toPage, type Page } from "../core/paging";
import type { TDeployment, TDeploymentListQuery } from "./schemas";
import { toDeployment } from "./shape";

const deploymentWhere = (query: TDeploymentListQuery): Prisma.DeploymentWhereInput => ({
  ...(query.status ? { status: query.status } : {}),
  ...(query.q
    ? {
        OR: [
          { name: { contains: query.q, mode: "insensitive" as const } },
          { useCase: { contains: query.q, mode: "insensitive" as const } },
          { industry: { contains: query.q, mode: "insensitive" as const } },
        ],
      }
    : {}),
});

/** One page of deployments (ordered by id) with the total that match the filters. */
export const listDeployments = async (query: TDeploymentListQuery): Promise<Page<TDeployment>> => {
  const where = deploymentWhere(query);
  const [rows, total] = await Promise.all([prisma.deployment.findMany({ where, ...pageArgs(query) }), prisma.deployment.count({ where })]);
  const page = toPage(rows, total, query.limit);
  return { ...page, items: page.items.map(toDeployment) };
};
