// How an engine's facts read in Settings → Engines: its key (only whether one is kept, and its last
// characters), its prices, its limits and its latest test.
import type { TEngine, TEngineTest } from "@/lib/engines/schemas";
import { formatCost, formatDecimal, formatDuration, formatInteger, formatMs, formatTimestamp, formatUsd } from "@/lib/format";

/** "•••• abcd", or "set" for a key too short to show a hint of, or "no key". */
export const keyHint = (engine: TEngine) => {
  if (!engine.apiKey.set) return "no key";
  return engine.apiKey.hint ? `•••• ${engine.apiKey.hint}` : "set";
};

/** A price per million tokens: cents like any money, but a price between cents (0.075) keeps its digits. */
const formatRate = (value: number) => (Math.abs(Math.round(value * 100) - value * 100) < 1e-9 ? formatUsd(value) : `$${formatDecimal(value, 4)}`);

export const pricesText = (engine: TEngine) => `${formatRate(engine.inputPricePerMillion)} input · ${formatRate(engine.outputPricePerMillion)} output`;

/** The limits the engine sets itself; the server's defaults stand for the rest. */
export const limitsText = (engine: TEngine) => {
  const own = [
    engine.maxSteps === null ? null : `${formatInteger(engine.maxSteps)} steps`,
    engine.maxTokens === null ? null : `${formatInteger(engine.maxTokens)} tokens`,
    engine.maxCost === null ? null : formatCost(engine.maxCost),
    engine.maxRunSeconds === null ? null : formatDuration(engine.maxRunSeconds * 1_000),
  ].filter(Boolean);
  if (own.length === 0) return "defaults";
  return own.length === 4 ? own.join(" · ") : `${own.join(" · ")} (defaults for the rest)`;
};

/** The latest test connection: ok or failed, when, how fast, and what the endpoint said. */
export const LastTest = ({ test, pending }: { test: TEngineTest | null; pending: boolean }) => {
  if (pending) return <span>Testing…</span>;
  if (!test) return <span className="muted">never tested</span>;
  return (
    <span>
      <span className={`badge ${test.ok ? "badge-completed" : "badge-failed"}`}>{test.ok ? "ok" : "failed"}</span>{" "}
      <time dateTime={test.testedAt}>{formatTimestamp(test.testedAt)}</time>
      {test.latencyMs === null ? null : ` · ${formatMs(test.latencyMs)}`}
      {test.message ? (
        <>
          <br />
          <span className="muted">{test.message}</span>
        </>
      ) : null}
    </span>
  );
};
