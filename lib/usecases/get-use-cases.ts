import { prisma } from "../db";
import type { TUseCase, TUseCases } from "./schemas";

const toMetrics = (value: unknown): Record<string, string> =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).map(([key, metric]) => [key, String(metric)]))
    : {};

/** Every industry's use case, keyed by industry in the seeded order (one query). */
export const getUseCases = async (): Promise<TUseCases> => {
  const rows = await prisma.useCase.findMany({ orderBy: [{ position: "asc" }, { industry: "asc" }] });
  const result: TUseCases = {};
  for (const row of rows) {
    const useCase: TUseCase = { description: row.description, application: row.application, metrics: toMetrics(row.metrics) };
    result[row.industry] = useCase;
  }
  return result;
};
