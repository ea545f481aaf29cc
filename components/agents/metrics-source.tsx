// Where an agent's performance figures come from, next to them: measured from its runs (once it has
// connected with a credential; clients cannot overwrite them) or reported by clients through the API.
const SOURCES = {
  measured: {
    label: "Measured",
    explanation: "Measured from the agent’s own runs and presence over the last 30 days; clients cannot overwrite them.",
  },
  reported: {
    label: "Reported",
    explanation: "Reported by clients through the API; they are measured once the agent connects with a credential.",
  },
} as const;

export const MetricsSource = ({ source }: { source: keyof typeof SOURCES }) => {
  const { label, explanation } = SOURCES[source];
  return (
    <p className="row" style={{ margin: "0 0 0.5rem" }} data-testid="metrics-source">
      <span className="muted">Performance figures:</span>
      <span className={`badge badge-${source}`} title={explanation}>
        {label}
      </span>
      <span className="muted" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        {explanation}
      </span>
    </p>
  );
};
