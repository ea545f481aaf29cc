import { formatStatus } from "@/lib/format";

/** A run's or an approval's status as a coloured chip (badge-<status> in app/globals.css). */
export const StatusChip = ({ status, id }: { status: string; id?: string }) => (
  <span id={id} className={`badge badge-${status}`}>
    {formatStatus(status)}
  </span>
);
