// The layer rules of eslint.config.mjs (ARCHITECTURE.md): an import up a layer, into another area
// other than through its surface or against the areas' order, and an import that closes a circle
// are errors. Snippets linted as if they were files of the project.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: ROOT });

const errorsOf = async (file: string, code: string) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  // The area template has its own test (template.test.ts); snippets here are named for their layer only.
  return result.messages.filter((message) => message.ruleId === "layers/no-upward-import" || message.ruleId === "layers/no-cycle" || message.ruleId === "layers/engine-self-contained").map((message) => `${message.ruleId}: ${message.message}`);
};

// Loading the config (typescript-eslint, the Next plugins) is the slow part: once, in the hook.
beforeAll(async () => {
  await errorsOf("lib/core/snippet.ts", "export const x = 1;\n");
});

describe("layers (eslint.config.mjs)", () => {
  it("refuses an import up a layer", async () => {
    expect(await errorsOf("lib/outbox/snippet.ts", 'import { deleteAgent } from "../agents";\nexport const x = deleteAgent;\n')).toEqual([
      expect.stringMatching(/^layers\/no-upward-import: '\.\.\/agents' is in the areas layer, above this file's \(outbox/),
    ]);
    expect(await errorsOf("lib/core/snippet.ts", 'import type { Prisma } from "@/lib/db";\nexport type X = Prisma.AgentWhereInput;\n')).toEqual([
      expect.stringMatching(/^layers\/no-upward-import: '@\/lib\/db' is in the database/),
    ]);
    expect(await errorsOf("lib/webhooks/snippet.ts", 'export { EVENT_TYPES } from "../events/catalog";\n')).toEqual([
      expect.stringMatching(/^layers\/no-upward-import: '\.\.\/events\/catalog' is in the event log/),
    ]);
  });

  it("lets an area use another only through its index.ts, schemas.ts or examples.ts, and only one before it", async () => {
    expect(await errorsOf("lib/squads/snippet.ts", 'import { toRole } from "../agents";\nimport { ZAgent } from "../agents/schemas";\nexport const x = [toRole, ZAgent];\n')).toEqual([]);
    expect(await errorsOf("lib/squads/snippet.ts", 'import { toRole } from "../agents/agent-shape";\nexport const x = toRole;\n')).toEqual([
      "layers/no-upward-import: Import the agents area through its index.ts, schemas.ts or examples.ts, not '../agents/agent-shape'.",
    ]);
    expect(await errorsOf("lib/agents/snippet.ts", 'import { openTasksGuard } from "../tasks";\nexport const x = openTasksGuard;\n')).toEqual([
      expect.stringMatching(/^layers\/no-upward-import: The agents area may not import the tasks area/),
    ]);
  });

  it("refuses an import that closes a circle", async () => {
    // lib/jobs/store.ts imports ./kinds: kinds importing the store would close a circle.
    expect(await errorsOf("lib/jobs/kinds.ts", 'import { enqueueJob } from "./store";\nexport const x = enqueueJob;\n')).toEqual([
      "layers/no-cycle: Import circle: lib/jobs/kinds.ts → lib/jobs/store.ts → lib/jobs/kinds.ts. Move what both need below them, or invert the call by registration (ARCHITECTURE.md).",
    ]);
  });

  it("keeps the simulator engine free of the app, and its own layers one way", async () => {
    expect(await errorsOf("lib/simulator/run/snippet.ts", 'import { z } from "zod";\nexport const x = z;\n')).toEqual([
      "layers/engine-self-contained: The simulator engine imports only its own files and node: builtins, not 'zod': pass settings in, and translate its errors where the app calls it (lib/quantum/pool/engine.ts).",
    ]);
    expect(await errorsOf("lib/simulator/run/snippet.ts", 'import { AppError } from "../../core/errors";\nexport const x = AppError;\n')).toEqual([
      expect.stringMatching(/^layers\/no-upward-import: '\.\.\/\.\.\/core\/errors' is in the base/),
      expect.stringMatching(/^layers\/engine-self-contained: The simulator engine imports only its own files and node: builtins, not '\.\.\/\.\.\/core\/errors'/),
    ]);
    expect(await errorsOf("lib/simulator/passes/snippet.ts", 'import { runPasses } from "../threads/parallel";\nexport const x = runPasses;\n')).toEqual([
      expect.stringMatching(/^layers\/no-upward-import: '\.\.\/threads\/parallel' is in the engine's threads layer, above this file's \(engine's passes\)/),
    ]);
    expect(await errorsOf("lib/simulator/run/snippet.ts", 'import { cpus } from "node:os";\nimport { compile } from "../passes/fuse";\nexport const x = [cpus, compile];\n')).toEqual([]);
    // The engine sits below lib/core, which re-exports its splitmix32.
    expect(await errorsOf("lib/core/snippet.ts", 'export { splitmix32 } from "../simulator/run/mix";\n')).toEqual([]);
  });

  it("accepts the imports the layers allow", async () => {
    expect(await errorsOf("lib/events/snippet.ts", 'import { AGENT_EVENTS } from "../agents/events";\nimport { recordEvent } from "../outbox";\nexport const x = [AGENT_EVENTS, recordEvent];\n')).toEqual([]);
  });
});
