// The row count of every table of the database, in one query: a rejected write must leave
// every one of them unchanged.
import { prisma } from "../../lib/db";

let tables: string[] | undefined;

export const tableCounts = async (): Promise<Record<string, number>> => {
  tables ??= (
    await prisma.$queryRawUnsafe<{ name: string }[]>(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations' ORDER BY 1`,
    )
  ).map((row) => row.name);
  const sql = tables.map((name) => `SELECT '${name}' AS name, count(*)::int AS rows FROM "${name}"`).join(" UNION ALL ");
  const rows = await prisma.$queryRawUnsafe<{ name: string; rows: number }[]>(sql);
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.rows)]));
};
