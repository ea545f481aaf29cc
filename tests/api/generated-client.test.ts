// The generated client's types (lib/client/generated/schema.ts) are what `npm run client:generate` writes
// from today's document: a change to an operation without regenerating fails here, naming the command.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generatedClientTypes } from "../../scripts/client-types";

describe("the generated API client", () => {
  it("is up to date with the OpenAPI document", async () => {
    const committed = readFileSync(path.join(import.meta.dirname, "..", "..", "lib", "client", "generated", "schema.ts"), "utf8");
    const fresh = await generatedClientTypes();
    expect(committed === fresh, "lib/client/generated/schema.ts is out of date: run `npm run client:generate`").toBe(true);
  });
});
