import { formatStatus } from "@/lib/format";

/** A status as a coloured badge (`badge badge-<status>` in globals.css). */
export const StatusBadge = ({ status }: { status: string }) => (
  <span className={`badge badge-${status}`} style={{ whiteSpace: "nowrap" }}>
    {formatStatus(status)}
  </span>
);
