import Link from "next/link";

const PAGES = new Set(["agent", "squad", "syndicate"]);

/**
 * What a stored run analysed: a link to the entity's analysis page for an agent, squad or syndicate;
 * the kind (and id) as text for a wallet or circuit run, which has no page.
 */
export const RunSubject = ({ run }: { run: { entityType: string; entityId: string | null } }) =>
  run.entityId && PAGES.has(run.entityType) ? (
    <Link href={`/quantum/${run.entityType}/${encodeURIComponent(run.entityId)}`}>
      {run.entityType} {run.entityId}
    </Link>
  ) : (
    <span>{`${run.entityType}${run.entityId ? ` ${run.entityId}` : ""}`}</span>
  );
