// Engines (docs/agents.md, "Engines"): configured by admins, read by operators. An agent is hosted
// when its aiEngine names one. The API key is sealed before it is stored and never answered again.
import { randomBytes } from "node:crypto";
import { AppError, notFound } from "../core/errors";
import { prisma, Prisma } from "../db";
import { enqueueJob } from "../jobs";
import { dispatchJob } from "./queue-hosted-work";
import { keyHint, sealKey } from "./seal-key";
import type { TCreateEngineBody, TEngine, TUpdateEngineBody } from "./schemas";

const COLUMNS = {
  id: true,
  name: true,
  baseUrl: true,
  model: true,
  apiKeySealed: true,
  apiKeyHint: true,
  inputPricePerMTok: true,
  outputPricePerMTok: true,
  maxSteps: true,
  maxTokens: true,
  maxCost: true,
  maxRunSeconds: true,
  testedAt: true,
  testOk: true,
  testMessage: true,
  testLatencyMs: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type EngineRow = Prisma.EngineGetPayload<{ select: typeof COLUMNS }>;

const toEngine = (row: EngineRow, agents: number): TEngine => ({
  id: row.id,
  name: row.name,
  baseUrl: row.baseUrl,
  model: row.model,
  apiKey: { set: row.apiKeySealed !== null, hint: row.apiKeySealed !== null ? row.apiKeyHint : null },
  inputPricePerMillion: row.inputPricePerMTok,
  outputPricePerMillion: row.outputPricePerMTok,
  maxSteps: row.maxSteps,
  maxTokens: row.maxTokens,
  maxCost: row.maxCost,
  maxRunSeconds: row.maxRunSeconds,
  lastTest: row.testedAt === null ? null : { ok: row.testOk ?? false, testedAt: row.testedAt.toISOString(), latencyMs: row.testLatencyMs, message: row.testMessage ?? "" },
  agents,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Agents per engine name, in one statement. */
const agentCounts = async (names: string[]): Promise<Map<string, number>> => {
  if (names.length === 0) return new Map();
  const rows = await prisma.agent.groupBy({ by: ["aiEngine"], where: { aiEngine: { in: names } }, _count: { _all: true } });
  return new Map(rows.map((row) => [row.aiEngine, row._count._all]));
};

const nameTaken = (error: unknown, name: string | undefined) => {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
    return new AppError("conflict", `An engine named '${name}' exists already; engine names are unique (agents name their engine).`);
  }
  return error;
};

/** The engine row (with its sealed key), or null. */
export const findEngineRow = (engineId: string) => prisma.engine.findUnique({ where: { id: engineId }, select: COLUMNS });

/** The engine an agent names, if one is configured (the agent is then hosted on it). */
export const findEngineByName = (name: string) => prisma.engine.findUnique({ where: { name }, select: COLUMNS });

export const listEngines = async (): Promise<TEngine[]> => {
  const rows = await prisma.engine.findMany({ select: COLUMNS, orderBy: [{ name: "asc" }, { id: "asc" }] });
  const counts = await agentCounts(rows.map((row) => row.name));
  return rows.map((row) => toEngine(row, counts.get(row.name) ?? 0));
};

export const getEngine = async (engineId: string): Promise<TEngine> => {
  const row = await findEngineRow(engineId);
  if (!row) throw notFound("Engine", engineId);
  return toEngine(row, (await agentCounts([row.name])).get(row.name) ?? 0);
};

export const createEngine = async (input: TCreateEngineBody): Promise<TEngine> => {
  const sealed = input.apiKey === undefined ? null : await sealKey(input.apiKey);
  try {
    const row = await prisma.engine.create({
      data: {
        id: `eng_${randomBytes(8).toString("hex")}`,
        name: input.name,
        baseUrl: input.baseUrl,
        model: input.model,
        apiKeySealed: sealed,
        apiKeyHint: input.apiKey === undefined ? null : keyHint(input.apiKey),
        inputPricePerMTok: input.inputPricePerMillion,
        outputPricePerMTok: input.outputPricePerMillion,
        maxSteps: input.maxSteps ?? null,
        maxTokens: input.maxTokens ?? null,
        maxCost: input.maxCost ?? null,
        maxRunSeconds: input.maxRunSeconds ?? null,
      },
      select: COLUMNS,
    });
    // Agents that name it are hosted from now on: their waiting work may start.
    await enqueueJob(dispatchJob());
    return toEngine(row, (await agentCounts([row.name])).get(row.name) ?? 0);
  } catch (error) {
    throw nameTaken(error, input.name);
  }
};

export const updateEngine = async (engineId: string, input: TUpdateEngineBody): Promise<TEngine> => {
  const key = input.apiKey;
  const data: Prisma.EngineUpdateInput = {
    name: input.name,
    baseUrl: input.baseUrl,
    model: input.model,
    inputPricePerMTok: input.inputPricePerMillion,
    outputPricePerMTok: input.outputPricePerMillion,
    maxSteps: input.maxSteps,
    maxTokens: input.maxTokens,
    maxCost: input.maxCost,
    maxRunSeconds: input.maxRunSeconds,
    ...(key === undefined ? {} : key === null ? { apiKeySealed: null, apiKeyHint: null } : { apiKeySealed: await sealKey(key), apiKeyHint: keyHint(key) }),
    // What was tested is no longer what is configured.
    ...(input.baseUrl !== undefined || input.model !== undefined || key !== undefined ? { testedAt: null, testOk: null, testMessage: null, testLatencyMs: null } : {}),
  };
  try {
    const row = await prisma.engine.update({ where: { id: engineId }, data, select: COLUMNS });
    if (input.name !== undefined) await enqueueJob(dispatchJob());
    return toEngine(row, (await agentCounts([row.name])).get(row.name) ?? 0);
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025") throw notFound("Engine", engineId);
    throw nameTaken(error, input.name);
  }
};

/** Removes an engine; refused (409) while a hosted run works on it. Finished runs keep their trace. */
export const deleteEngine = (engineId: string): Promise<void> =>
  prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "Engine" WHERE id = ${engineId} FOR UPDATE`;
    if (!row) throw notFound("Engine", engineId);
    const open = await tx.agentRun.count({ where: { engineId, status: { in: ["running", "awaiting_approval"] } } });
    if (open > 0) throw new AppError("conflict", `Engine '${engineId}' has ${open} hosted run(s) in progress; cancel them or let them finish first.`);
    await tx.engine.delete({ where: { id: engineId } });
  });

/** Keeps the outcome of a test connection. */
/**
 * Keeps the outcome of a test connection — only while the engine is still configured as tested
 * (same base URL, model and key): a test that was under way when an admin changed them tells
 * nothing of the new configuration. Answers whether it was kept.
 */
export const recordEngineTest = async (tested: Pick<EngineRow, "id" | "baseUrl" | "model" | "apiKeySealed">, test: { ok: boolean; message: string; at: Date; latencyMs: number | null }): Promise<boolean> => {
  const { count } = await prisma.engine.updateMany({
    where: { id: tested.id, baseUrl: tested.baseUrl, model: tested.model, apiKeySealed: tested.apiKeySealed },
    data: { testedAt: test.at, testOk: test.ok, testMessage: test.message, testLatencyMs: test.latencyMs },
  });
  return count > 0;
};
