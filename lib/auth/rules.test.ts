import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./rules";

describe("safeRedirectPath", () => {
  it("keeps paths of this origin, with their query and fragment", () => {
    expect(safeRedirectPath("/agents")).toBe("/agents");
    expect(safeRedirectPath("/agents?q=a%20b#top")).toBe("/agents?q=a%20b#top");
    expect(safeRedirectPath("/quantum/runs")).toBe("/quantum/runs");
  });

  it("sends anything that could leave this origin to the overview", () => {
    for (const next of [
      "//evil.example/x",
      "/\\evil.example/x",
      "/%5Cevil.example/x",
      "/%5cevil.example",
      "/\t/evil.example",
      "/%09/evil.example",
      "/%2F/evil.example",
      "https://evil.example/",
      "http:/evil.example",
      "javascript:alert(1)",
      "evil.example",
      "/%E0%A4%A",
      "",
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(next), String(next)).toBe("/");
    }
  });
});
