// The area template of eslint.config.mjs (docs/conventions.md, "The area template"): the files an
// area and a sub-area may have, an index.ts in each, rules that stay pure, and a sub-area entered
// from its siblings only through its surface. Snippets linted as if they were files of the project.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });

const errorsOf = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((message) => message.ruleId === "layers/area-template").map((message) => message.message);
};

// Loading the config (typescript-eslint, the Next plugins) is the slow part: once, in the hook.
beforeAll(async () => {
  await errorsOf("lib/core/snippet.ts", "export const x = 1;\n");
});

describe("the area template (eslint.config.mjs, layers/area-template)", () => {
  it("accepts the template's names: role files, verb-noun operations, jobs, catalogs, rules", async () => {
    for (const file of [
      "lib/tasks/schemas.ts",
      "lib/tasks/status-machine.ts",
      "lib/tasks/remove-task.ts",
      "lib/tasks/reminder-sweep.ts",
      "lib/wallet/token-catalog.ts",
      "lib/wallet/history/get-balance-history.ts",
      "lib/quantum/analyses/rules/risk.ts",
    ]) {
      expect({ file, errors: await errorsOf(file, "export const x = 1;\n") }).toEqual({ file, errors: [] });
    }
  });

  it("refuses a file that is none of them", async () => {
    expect(await errorsOf("lib/tasks/helpers.ts", "export const x = 1;\n")).toEqual([expect.stringMatching(/^'helpers' is not a file of the area template: an operation or domain function is <verb>-<noun>/)]);
    // A noun first is not an operation: the verb leads.
    expect(await errorsOf("lib/tasks/task-mover.ts", "export const x = 1;\n")).toEqual([expect.stringMatching(/^'task-mover' is not a file of the area template/)]);
  });

  it("keeps an index.ts to re-exports", async () => {
    expect(await errorsOf("lib/tasks/index.ts", 'export * from "./schemas";\nexport { listTasks } from "./list-tasks";\n')).toEqual([]);
    expect(await errorsOf("lib/tasks/index.ts", 'export * from "./schemas";\nexport const TASK_LIMIT = 10;\n')).toEqual([
      "An index.ts only re-exports (the area's surface): move what it declares into a file of its role (docs/conventions.md, \"The area template\").",
    ]);
  });

  it("wants an index.ts in every area and sub-area", async () => {
    expect(await errorsOf("lib/wallet/budgets/list-budgets.ts", "export const x = 1;\n")).toEqual([
      "'lib/wallet/budgets' has no index.ts: every area and sub-area has one, the only way in from outside it (docs/conventions.md, \"The area template\").",
    ]);
    expect(await errorsOf("lib/wallet/metrics/analytics/get-trend.ts", "export const x = 1;\n")).toEqual([expect.stringMatching(/^Sub-areas are one level deep/)]);
  });

  it("leaves an engine's inside to the engine, but keeps it off the database", async () => {
    expect(await errorsOf("lib/quantum/qasm/tokens.ts", "export const x = 1;\n")).toEqual([]);
    expect(await errorsOf("lib/quantum/histogram/cache.ts", 'import { prisma } from "../../db";\nexport const x = prisma;\n')).toEqual([
      "An engine never reaches the database, the outbox or the jobs ('../../db'): the area's operations load and store, the engine computes.",
    ]);
  });

  it("keeps rules pure: no database, no I/O, no environment, no operation files", async () => {
    expect(await errorsOf("lib/quantum/analyses/rules/risk.ts", 'import { prisma } from "../../../db";\nexport const x = prisma;\n')).toEqual([
      expect.stringMatching(/^A rules file is pure \(no database, no I\/O\): '\.\.\/\.\.\/\.\.\/db' is in the database \(lib\/db\) layer/),
    ]);
    expect(await errorsOf("lib/tasks/rules.ts", 'import { readFile } from "node:fs/promises";\nexport const x = readFile;\n')).toEqual([
      "A rules file is pure (no database, no I/O): 'node:fs/promises' does I/O. Load in an operation file and pass the values in.",
    ]);
    expect(await errorsOf("lib/deployments/rules.ts", 'import { deploymentsConfig } from "./config";\nexport const x = deploymentsConfig;\n')).toEqual([
      expect.stringMatching(/^A rules file is pure \(no database, no I\/O\): '\.\/config' is an area's config, not a pure rule/),
    ]);
    expect(await errorsOf("lib/wallet/rules/compute.ts", 'import { listKnownChains } from "../list-known-chains";\nexport const x = listKnownChains;\n')).toEqual([
      expect.stringMatching(/'\.\.\/list-known-chains' is an area's list-known-chains, not a pure rule/),
    ]);
    // Types are free, and so are schemas, other rules and engines.
    expect(
      await errorsOf(
        "lib/quantum/analyses/rules/agent.ts",
        'import type { Prisma } from "../../../db";\nimport { circuit } from "../../simulator/circuit";\nimport { ZAssessment } from "../schemas";\nimport { clamp01 } from "./scores";\nexport type X = Prisma.AgentWhereInput;\nexport const x = [circuit, ZAssessment, clamp01];\n',
      ),
    ).toEqual([]);
  });

  it("lets a sub-area into a sibling only through its index, schemas, operations, events or rules", async () => {
    expect(await errorsOf("lib/wallet/approvals/list-wallet-approvals.ts", 'import { buildMetricsReport } from "../metrics/get-wallet-metrics";\nexport const x = buildMetricsReport;\n')).toEqual([
      "Import the wallet/metrics sub-area through its index.ts (or its schemas, operations, events or rules), not '../metrics/get-wallet-metrics'.",
    ]);
    expect(
      await errorsOf(
        "lib/wallet/approvals/list-wallet-approvals.ts",
        'import { buildMetricsReport } from "../metrics";\nimport { ZWalletMetricsResult } from "../metrics/schemas";\nimport { roundCents } from "../rules/numbers";\nexport const x = [buildMetricsReport, ZWalletMetricsResult, roundCents];\n',
      ),
    ).toEqual([]);
  });
});
