// Membership writes: every referenced id must exist (else 422 naming each unknown one), and the
// rows found are locked (FOR KEY SHARE, as a foreign key would) until the transaction ends, so
// that a concurrent delete cannot slip in between the check and the insert.
import type { Prisma } from "../db";
import { AppError } from "../core/errors";

export type Lockable = "Agent" | "Squad";

const lockedIds = async (tx: Prisma.TransactionClient, table: Lockable, ids: string[]) => {
  if (ids.length === 0) return new Set<string>();
  const rows =
    table === "Agent"
      ? await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Agent" WHERE "id" = ANY(${ids}::text[]) FOR KEY SHARE`
      : await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Squad" WHERE "id" = ANY(${ids}::text[]) FOR KEY SHARE`;
  return new Set(rows.map((row) => row.id));
};

/** 422 unless every id exists; `field` is the body array the ids came from ("agents", "squads"). */
export const requireExisting = async (tx: Prisma.TransactionClient, table: Lockable, ids: string[], field: string) => {
  const found = await lockedIds(tx, table, ids);
  const missing = ids.map((id, index) => ({ id, index })).filter((entry) => !found.has(entry.id));
  if (missing.length === 0) return;
  const what = table.toLowerCase();
  throw new AppError("unprocessable", `Unknown ${what} id${missing.length === 1 ? "" : "s"}: ${missing.map((entry) => entry.id).join(", ")}.`, {
    errors: missing.map((entry) => ({ path: `body.${field}.${entry.index}.id`, message: `no ${what} with id '${entry.id}'` })),
  });
};
