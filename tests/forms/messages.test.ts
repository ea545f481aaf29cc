// The form kit's wording: what a person reads under a field for the shared schemas' issues.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZAgentBody } from "@/lib/agents/schemas";
import { ZMarketplaceItemBody } from "@/lib/marketplace/schemas";
import { humanApiMessage, issueErrors } from "@/components/form/messages";

const errorsOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) throw new Error("expected a failure");
  return issueErrors(parsed.error.issues);
};

describe("form wording", () => {
  it("says Required, Enter a number and the bounds in plain words for an agent", () => {
    const errors = errorsOf(ZAgentBody, {
      id: "",
      name: "",
      aiEngine: "x".repeat(101),
      performanceMetrics: { uptime: 150, completionRate: Number.NaN, errorRate: -1 },
    });
    expect(errors.id).toBe("Required");
    expect(errors.name).toBe("Required");
    expect(errors.aiEngine).toBe("At most 100 characters");
    expect(errors["performanceMetrics.uptime"]).toBe("At most 100");
    expect(errors["performanceMetrics.completionRate"]).toBe("Enter a number");
    expect(errors["performanceMetrics.errorRate"]).toBe("Cannot be negative");
    for (const message of Object.values(errors)) expect(message).not.toMatch(/Invalid input|expected|received|must /);
  });

  it("keeps a pattern's own sentence, capitalised, and explains a bad address", () => {
    const errors = errorsOf(ZMarketplaceItemBody, { id: "bad id!", name: "n", description: "d", itemType: "dApp", url: "ftp://x.example", metadata: {} });
    expect(errors.id).toMatch(/^Must be 1–128 letters, digits/);
    expect(errors.url).toBe("Enter a full address, e.g. https://example.com");
  });

  it("turns an enum miss and a missing array into choices", () => {
    const schema = z.object({ kind: z.enum(["a", "b"]), tags: z.array(z.string()).min(1) });
    const errors = errorsOf(schema, { kind: "c", tags: [] });
    expect(errors.kind).toBe("Choose one of the options");
    expect(errors.tags).toBe("Choose at least one");
  });

  it("rewrites the API's client-facing messages for people", () => {
    expect(humanApiMessage("must not be empty")).toBe("Required");
    expect(humanApiMessage("Invalid input: expected number, received string")).toBe("Enter a number");
    expect(humanApiMessage("must be at most 100")).toBe("At most 100");
    expect(humanApiMessage("must be a number")).toBe("Enter a number");
  });
});
