import type { ReactNode } from "react";

/**
 * What a list says when it has no rows: a short title, why it is empty (no records yet, or none match the
 * filters) and, when it helps, the next step (a "New …" link or "Clear filters").
 */
export const EmptyState = ({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) => (
  <div className="card empty-state" data-testid="empty-state" style={{ textAlign: "center", padding: "2rem 1rem" }}>
    <p style={{ margin: 0, fontWeight: 600, fontSize: "1.05rem" }}>{title}</p>
    {children ? (
      <p className="muted" style={{ margin: "0.4rem 0 0" }}>
        {children}
      </p>
    ) : null}
    {action ? <div style={{ marginTop: "0.9rem" }}>{action}</div> : null}
  </div>
);
