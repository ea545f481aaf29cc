import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dominantRole, mintRoles } from "./mint-roles";
import { ZAgentBody } from "./schemas";

describe("mintRoles", () => {
  it("mints five valid roles, the same for the same id and engine", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (id, engine) => {
        const roles = mintRoles(id, engine);
        expect(roles).toHaveLength(5);
        expect(mintRoles(id, engine)).toEqual(roles);
        for (const role of roles) {
          expect(role.skills).toHaveLength(3);
          expect(new Set(role.skills).size).toBe(3);
        }
      }),
    );
  });

  it("gives the minted agent a clear specialization (one trait fills at least two slots)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (id) => {
        const names = mintRoles(id, "GPT-4o").map((role) => role.roleName);
        const top = dominantRole(names);
        expect(names.filter((name) => name === top).length).toBeGreaterThanOrEqual(2);
      }),
    );
  });

  it("depends on the engine as well as the id", () => {
    const differs = ["a", "b", "c", "d", "e", "f"].some((id) => JSON.stringify(mintRoles(id, "GPT-4o")) !== JSON.stringify(mintRoles(id, "Mistral Large")));
    expect(differs).toBe(true);
  });
});

describe("dominantRole", () => {
  it("picks the most frequent roleName", () => {
    expect(dominantRole(["Scout", "Builder", "Scout", "Healer", "Builder", "Scout"])).toBe("Scout");
    expect(dominantRole(["Healer", "Builder", "Builder", "Scout", "Defender"])).toBe("Builder");
  });

  it("breaks ties by the earlier first occurrence", () => {
    expect(dominantRole(["Builder", "Scout", "Scout", "Builder", "Healer"])).toBe("Builder");
    expect(dominantRole(["Healer", "Scout", "Builder", "Defender", "Trader"])).toBe("Healer");
  });
});

describe("ZAgentBody", () => {
  it("fills the documented defaults", () => {
    const parsed = ZAgentBody.parse({ id: "a-1", name: "Ada", aiEngine: "GPT-4o" });
    expect(parsed).toMatchObject({
      operationalHistory: [],
      experiencePoints: 0,
      ownershipMetadata: { owner: null, leased: false },
      dynamicMetadata: { currentVersion: null, skillUpgrades: [] },
      performanceMetrics: { uptime: 0, completionRate: 0, averageResponseTime: 0, errorRate: 0 },
      historicalData: [],
    });
    expect(parsed.roles).toBeUndefined();
  });

  it("rejects ids with other characters and percentages over 100", () => {
    const result = ZAgentBody.safeParse({ id: "a b", name: "x", aiEngine: "y", performanceMetrics: { uptime: 101 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["id", "performanceMetrics.uptime"]);
  });
});
