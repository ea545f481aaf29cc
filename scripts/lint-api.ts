// npm run lint:api — the served OpenAPI document through two linters nobody here wrote, Redocly's and
// Spectral's recommended rule sets: any error fails (warnings are shown). The document is built from the
// operation table, as the server builds it, and written to a temporary file for them.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openApiDocument } from "../lib/http/api-document";

const folder = mkdtempSync(path.join(tmpdir(), "syndicate-openapi-"));
const file = path.join(folder, "openapi.json");
writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));
const root = path.join(import.meta.dirname, "..");
const run = (command: string, args: string[]) => spawnSync(command, args, { stdio: "inherit", cwd: root }).status ?? 1;
try {
  const redocly = run("npx", ["redocly", "lint", file, "--format=summary"]);
  const spectral = run("npx", ["spectral", "lint", file, "--ruleset", path.join(root, ".spectral.yaml"), "--fail-severity=error", "--display-only-failures"]);
  process.exitCode = redocly || spectral ? 1 : 0;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
