import Link from "next/link";
import type { ReactNode } from "react";

export const Card = ({ title, children, className }: { title?: ReactNode; children: ReactNode; className?: string }) => (
  <section className={["card", className].filter(Boolean).join(" ")}>
    {title ? <h2 className="card-title">{title}</h2> : null}
    {children}
  </section>
);

/** A figure with its label; with `href` the whole card opens the list behind the figure. */
export const Stat = ({ label, value, hint, href }: { label: string; value: ReactNode; hint?: string; href?: string }) => (
  <div className={href ? "stat stat-link" : "stat"}>
    <div className="stat-label">{href ? <Link href={href}>{label}</Link> : label}</div>
    <div className="stat-value">{value}</div>
    {hint ? <div className="stat-hint">{hint}</div> : null}
  </div>
);
