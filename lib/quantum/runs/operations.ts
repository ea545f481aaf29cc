// API operations of the stored runs (each export is one Operation; lib/quantum/operations.ts
// gathers them for the OpenAPI document).
import { z } from "zod";
import { defineOperation } from "../../core/operation";
import type { TQuantumRun } from "./schemas";
import { ZQuantumRun, ZRunsQuery } from "./schemas";

// The document's examples: the caller's Bell-state circuit run, and an agent's analysis before it.
const RUNS_EXAMPLE: TQuantumRun[] = [
  {
    id: "cmhg7q3a10005l508u2y8n6kd",
    entityType: "circuit",
    entityId: null,
    backend: "aer",
    qubits: 2,
    shots: 1024,
    seed: "42",
    durationMs: 1.81,
    createdAt: "2026-11-01T09:30:00.470Z",
    riskScore: null,
    improvementPercent: null,
    probabilities: { "00": 0.51171875, "11": 0.48828125 },
  },
  {
    id: "cmhg7n8d40001l508h3q5c7wm",
    entityType: "agent",
    entityId: "yield-scout-7",
    backend: "aer",
    qubits: 3,
    shots: 1024,
    seed: "42",
    durationMs: 6.25,
    createdAt: "2026-11-01T09:28:14.000Z",
    riskScore: 31.928800614517062,
    improvementPercent: 18.710686470468996,
    probabilities: { "000": 0.025390625, "001": 0.107421875, "010": 0.0322265625, "011": 0.830078125, "110": 0.0009765625, "111": 0.00390625 },
  },
];

export const listRunsOperation = defineOperation({
  method: "GET",
  path: "/quantum/runs",
  operationId: "listQuantumRuns",
  summary: "Past quantum runs the caller may see, newest first (paged; filter by entity). Wallet and circuit runs only to the user who ran them and to admins",
  description:
    "A run is stored whenever an analysis (`/quantum/agent`, `/quantum/squad`, `/quantum/syndicate`, `/qmetrics/finance`), a circuit or a simulator job runs for a signed-in user or an API key (anonymous analyses are answered but not kept): its entity, backend, qubits, shots, seed (a decimal string), duration, risk 0–100 and improvement (null for circuits and for insufficient data), and at most the 1024 most probable outcomes. Agent, squad and syndicate runs are visible to everyone; wallet and circuit runs only to the user who ran them and to admins. The `Link` header names the next page, `X-Total-Count` the size of the whole filtered list.",
  example: { query: { limit: "2" }, response: RUNS_EXAMPLE },
  tags: ["Quantum"],
  access: "read",
  query: ZRunsQuery,
  paged: true,
  responses: { 200: { description: "One page of runs", schema: z.array(ZQuantumRun) } },
});
