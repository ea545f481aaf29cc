import type { TUseCase } from "@/lib/usecases/schemas";
import { Card } from "@/components/ui/card";

/** Splits "CostSavings" into "Cost savings" for display; the API keeps the original keys. */
const metricLabel = (key: string) => {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  return words.charAt(0) + words.slice(1).replace(/ ([A-Z])(?=[a-z])/g, (_match, letter: string) => ` ${letter.toLowerCase()}`);
};

export const UseCaseCard = ({ industry, useCase }: { industry: string; useCase: TUseCase }) => (
  <Card title={industry}>
    <p>{useCase.description}</p>
    <h3 style={{ fontSize: "0.95rem", marginBottom: "0.25rem" }}>Application</h3>
    <p>{useCase.application}</p>
    <h3 style={{ fontSize: "0.95rem", marginBottom: "0.25rem" }}>Metrics</h3>
    <dl className="kv" aria-label={`${industry} metrics`} style={{ margin: 0 }}>
      {Object.entries(useCase.metrics).map(([key, value]) => (
        <div key={key} style={{ display: "flex", justifyContent: "space-between", padding: "0.35rem 0", borderBottom: "1px solid var(--border)" }}>
          <dt title={key}>{metricLabel(key)}</dt>
          <dd style={{ margin: 0, fontWeight: 600 }}>{value}</dd>
        </div>
      ))}
    </dl>
  </Card>
);
