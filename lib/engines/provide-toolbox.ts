// The tools hosted agents and MCP clients call (docs/agents.md, "Tools"): the product's own
// operations, from the operation table that drives the API, filtered by the agent's roles. The
// table lives in the API layer above the areas, so the API layer provides the toolbox at start-up
// (lib/api/tools.ts) and this area asks for it here; a call runs the operation's route handler
// in-process under the agent's principal, with the API's validation, authorization and errors.
import type { Principal } from "../auth";

export type ToolSpec = {
  /** The operation id (what the model calls). */
  name: string;
  method: string;
  path: string;
  summary: string;
  /** What the model reads: the summary, the method and path, and the errors it may answer. */
  description: string;
  /** Whether it changes data (a write needs approval under the default policy). */
  write: boolean;
  /** JSON Schema of the arguments: path and query parameters at the top, the body under "body". */
  inputSchema: Record<string, unknown>;
};

export type ToolResult = {
  /** The HTTP status the operation answered. */
  status: number;
  ok: boolean;
  /** Its JSON answer (a problem when not ok), or its text. */
  body: unknown;
};

export type Toolbox = {
  /** The tools an agent with these role names may call. */
  toolsFor: (roles: readonly string[]) => ToolSpec[];
  /** Calls tool `name` with `args` as `principal`; an unknown tool is a 404 result, bad arguments a 400. */
  call: (principal: Principal, name: string, args: unknown, signal?: AbortSignal) => Promise<ToolResult>;
};

const state = globalThis as typeof globalThis & { __syndicateToolbox?: Toolbox };

/** The API layer hands its toolbox over (once per process; again after a module reload). */
export const provideToolbox = (toolbox: Toolbox) => {
  state.__syndicateToolbox = toolbox;
};

export const toolbox = (): Toolbox => {
  const provided = state.__syndicateToolbox;
  if (!provided) throw new Error("No toolbox: lib/api/tools.ts provides it when the API table loads (lib/api/table.ts).");
  return provided;
};
