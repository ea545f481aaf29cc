import type { ReactNode } from "react";

/**
 * A region that scrolls sideways on narrow screens (a wide table, a code block). It is focusable and
 * named, so keyboard users can reach it and scroll it with the arrow keys.
 */
export const ScrollRegion = ({ label, children, className = "table-wrap" }: { label: string; children: ReactNode; className?: string }) => (
  <div className={className} role="region" aria-label={label} tabIndex={0}>
    {children}
  </div>
);
