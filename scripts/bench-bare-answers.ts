// Part of `npm run bench`: what the bare peers answer, one function per measured route, shared by
// the bare node:http server (scripts/bench-bare.ts) and the bare Next.js app
// (scripts/bench-bare-next.ts, whose route handlers load this file at run time). Both peers run
// this very code, so the distance between them is the framework's alone.
//
// The SQL routes send the app's own statements over its read views (the agent list's page with its
// total, LIST_AGENTS of lib/agents/list-agents.ts; the details, AGENT_DETAILS, SQUAD_DETAILS and
// SYNDICATE_DETAILS of lib/*/get-*-details.ts) with the app's own parameters, and shape the rows
// with the app's own functions; no key lookup, rate limit, validation or log line. The wallet metrics and the quantum
// analysis are computation more than data: they call the same domain function (getWalletMetrics,
// analyzeAgent) as the app.
//
// The database is the process's: a plain pg pool (10 connections, no JIT, custom plans, as the app's pool) on
// DATABASE_URL's server, or the embedded database of DATA_DIR (PGlite, through lib/db: one
// connection, in process).
import pg from "pg";
import { AGENT_DETAILS } from "../lib/agents/get-agent-details";
import { LIST_AGENTS, listAgentsParams, toSummary } from "../lib/agents/list-agents";
import { pageOf } from "../lib/core/list-page";
import type { TAgentListQuery } from "../lib/agents/schemas";
import { toSquadView } from "../lib/squads/shape";
import { SQUAD_DETAILS } from "../lib/squads/get-squad-details";
import { toSyndicateView } from "../lib/syndicates/shape";
import { SYNDICATE_DETAILS } from "../lib/syndicates/get-syndicate-details";
import { getWalletMetrics } from "../lib/wallet";
import { analyzeAgent } from "../lib/quantum";
import { OPERATOR_USER_ID } from "../lib/seed";
import { closeDatabase, getDb, type QueryOptions, type ReadStatement } from "../lib/db";

/** An answer: status, JSON body, extra headers (content-type is always application/json). */
export type BareAnswer = { status: number; body: string; headers?: Record<string, string> };

type Query = <T>(text: string, values?: unknown[], options?: QueryOptions) => Promise<T[]>;

const serverQuery = (url: string): Query => {
  // The app's pool settings (lib/db/client.ts): no JIT, prepared statements planned for their values.
  const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c jit=off -c plan_cache_mode=force_custom_plan" });
  pool.on("error", () => {});
  return async <T,>(text: string, values: unknown[] = [], options: QueryOptions = {}) =>
    (await pool.query(options.name ? { name: options.name, text, values } : { text, values })).rows as T[];
};

// The embedded database is opened by lib/db (its folder lock included), shared with the domain
// functions of the metrics and the analysis.
const query: Query = process.env.DATABASE_URL ? serverQuery(process.env.DATABASE_URL) : (text, values, options) => getDb().sql.query(text, values, options);

/** The rows of one of the app's read statements, with its parameters, prepared by its name as the app prepares it. */
const read = <Params extends readonly unknown[], Row>(statement: ReadStatement<Params, Row>, params: Params) =>
  query<Row>(statement.text, [...params], { name: statement.name });

const ok = (value: unknown, headers?: Record<string, string>): BareAnswer => ({ status: 200, body: JSON.stringify(value), headers });
const notFound = (): BareAnswer => ({ status: 404, body: '{"status":404}' });

/** GET /api/agents?limit= (default order): the page and its total, one statement, as the app sends it. */
export const agentList = async (limit: number): Promise<BareAnswer> => {
  const listQuery = { limit } as TAgentListQuery;
  const [row] = await read(LIST_AGENTS, listAgentsParams(listQuery));
  const page = pageOf(row, listQuery, toSummary);
  return ok(page.items, { "x-total-count": String(page.total) });
};

export const agentDetails = async (agentId: string): Promise<BareAnswer> => {
  const [row] = await read(AGENT_DETAILS, [agentId]);
  return row ? ok(row.agent) : notFound();
};

export const squadDetails = async (squadId: string): Promise<BareAnswer> => {
  const [row] = await read(SQUAD_DETAILS, [squadId]);
  return row ? ok(toSquadView(row.squad).squad) : notFound();
};

export const syndicateDetails = async (syndicateId: string): Promise<BareAnswer> => {
  const [row] = await read(SYNDICATE_DETAILS, [syndicateId]);
  return row ? ok(toSyndicateView(row.syndicate).syndicate) : notFound();
};

/** POST /api/metrics for the seeded operator's wallet (the bench sends the operator's key to the app). */
export const walletMetrics = async (body: string): Promise<BareAnswer> => ok(await getWalletMetrics(OPERATOR_USER_ID, JSON.parse(body || "{}")));

export const agentAnalysis = async (search: URLSearchParams): Promise<BareAnswer> =>
  ok(await analyzeAgent(search.get("agentId") ?? "", { shots: Number(search.get("shots") ?? 1024), seed: Number(search.get("seed") ?? 1) }));

/** One round trip to the database: answered once what was queued before it is done. */
export const health = async (): Promise<BareAnswer> => {
  await query("SELECT 1");
  return ok({ status: "ok" });
};

/** Closes the embedded database (its folder lock) before the process exits. */
export const closeBare = async () => {
  if (!process.env.DATABASE_URL) await closeDatabase();
};
