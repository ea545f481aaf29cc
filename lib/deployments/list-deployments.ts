import { prisma, type Prisma } from "../db";
import { toPage, type Page } from "../core/paging";
import { containsInsensitive } from "../core/search";
import { sortedPageArgs } from "../core/sorting";
import type { TDeployment, TDeploymentListQuery } from "./schemas";
import { currentStaleClock } from "./config";
import { toDeployment } from "./shape";
import { staleness, staleWhere, type StaleClock } from "./rules";

const deploymentWhere = (query: TDeploymentListQuery, clock: StaleClock): Prisma.DeploymentWhereInput => ({
  ...(query.status ? { status: query.status } : {}),
  ...(query.stale === undefined ? {} : { AND: [staleWhere(query.stale, clock)] }),
  ...(query.q
    ? {
        OR: [
          { name: containsInsensitive(query.q) },
          { useCase: containsInsensitive(query.q) },
          { industry: containsInsensitive(query.q) },
        ],
      }
    : {}),
});

/**
 * One page of deployments (by id or by ?sort=, ties by id) with the total that match the filters;
 * `?stale=` and each answer's `stale` are judged against one clock.
 */
export const listDeployments = async (query: TDeploymentListQuery): Promise<Page<TDeployment>> => {
  const clock = currentStaleClock();
  const where = deploymentWhere(query, clock);
  const [rows, total] = await Promise.all([prisma.deployment.findMany(sortedPageArgs(query, where)), prisma.deployment.count({ where })]);
  const page = toPage(rows, total, query.limit, query.sort);
  return { ...page, items: page.items.map((row) => toDeployment(row, staleness(row.status, row.statusChangedAt, clock))) };
};
