import type { ReactNode } from "react";

export const Card = ({ title, children, className }: { title?: ReactNode; children: ReactNode; className?: string }) => (
  <section className={["card", className].filter(Boolean).join(" ")}>
    {title ? <h2 className="card-title">{title}</h2> : null}
    {children}
  </section>
);

export const Stat = ({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) => (
  <div className="stat">
    <div className="stat-label">{label}</div>
    <div className="stat-value">{value}</div>
    {hint ? <div className="stat-hint">{hint}</div> : null}
  </div>
);
