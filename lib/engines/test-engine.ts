// "Test connection" (docs/agents.md, "Engines"): one short chat completion, no retries, a bounded
// wait; the outcome is answered and kept as the engine's last test.
import { notFound } from "../core/errors";
import { callModel, EngineError } from "./call-model";
import { enginesConfig } from "./config";
import { findEngineRow, recordEngineTest } from "./manage-engines";
import { openKey } from "./seal-key";
import type { TEngineTest } from "./schemas";

const TEST_TIMEOUT_MS = 20_000;

export const testEngine = async (engineId: string): Promise<TEngineTest> => {
  const engine = await findEngineRow(engineId);
  if (!engine) throw notFound("Engine", engineId);
  const started = performance.now();
  let ok = false;
  let message: string;
  try {
    const apiKey = engine.apiKeySealed === null ? null : await openKey(engine.apiKeySealed);
    const answer = await callModel(
      { baseUrl: engine.baseUrl, model: engine.model, apiKey, timeoutMs: Math.min(enginesConfig().ENGINE_TIMEOUT_MS, TEST_TIMEOUT_MS), maxRetries: 0 },
      { messages: [{ role: "system", content: "Answer with one word." }, { role: "user", content: "Say OK." }], tools: [], maxTokens: 16 },
    );
    ok = true;
    message = `${engine.model} answered: ${JSON.stringify((answer.content ?? "").trim().slice(0, 200))}`;
  } catch (error) {
    message = error instanceof EngineError ? `${error.errorClass}: ${error.message}` : error instanceof Error ? error.message : String(error);
  }
  const latencyMs = ok ? Math.round(performance.now() - started) : null;
  const at = new Date();
  await recordEngineTest(engine, { ok, message, at, latencyMs });
  return { ok, testedAt: at.toISOString(), latencyMs, message };
};
