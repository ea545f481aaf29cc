import Link from "next/link";
import type { ReactNode } from "react";

/** A card; its title is a level-2 heading unless said (3 for a card inside a section that has its own heading). */
export const Card = ({ title, children, className, level = 2 }: { title?: ReactNode; children: ReactNode; className?: string; level?: 2 | 3 }) => {
  const Heading = level === 3 ? "h3" : "h2";
  return (
    <section className={["card", className].filter(Boolean).join(" ")}>
      {title ? <Heading className="card-title">{title}</Heading> : null}
      {children}
    </section>
  );
};

/** A figure with its label; with `href` the whole card opens the list behind the figure. */
export const Stat = ({ label, value, hint, href }: { label: string; value: ReactNode; hint?: string; href?: string }) => (
  <div className={href ? "stat stat-link" : "stat"}>
    <div className="stat-label">{href ? <Link href={href}>{label}</Link> : label}</div>
    <div className="stat-value">{value}</div>
    {hint ? <div className="stat-hint">{hint}</div> : null}
  </div>
);
