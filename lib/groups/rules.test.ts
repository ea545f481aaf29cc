// The aggregation laws (docs/agents-squads-syndicates.md, "Squads"), as properties over arbitrary members.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateMetrics, stackRoles, uniqueById } from "./rules";

const member = fc.record({
  experiencePoints: fc.integer({ min: 0, max: 10_000_000 }),
  uptime: fc.double({ min: 0, max: 100, noNaN: true }),
  completionRate: fc.double({ min: 0, max: 100, noNaN: true }),
});
const members = fc.array(member, { maxLength: 60 });

describe("aggregateMetrics", () => {
  it("gives zeros for no members", () => {
    expect(aggregateMetrics([])).toEqual({ totalExperiencePoints: 0, averageUptime: 0, overallCompletionRate: 0 });
  });

  it("does not depend on the order of the members, to the last bit", () => {
    fc.assert(
      fc.property(
        members.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }))),
        ([list, shuffled]) => {
          expect(aggregateMetrics(shuffled)).toEqual(aggregateMetrics(list));
        },
      ),
    );
  });

  it("changes the total by exactly the XP of an added agent", () => {
    fc.assert(
      fc.property(members, member, fc.nat(), (list, added, at) => {
        const index = list.length === 0 ? 0 : at % (list.length + 1);
        const grown = [...list.slice(0, index), added, ...list.slice(index)];
        expect(aggregateMetrics(grown).totalExperiencePoints - aggregateMetrics(list).totalExperiencePoints).toBe(added.experiencePoints);
      }),
    );
  });

  it("keeps the means within the members' range", () => {
    fc.assert(
      fc.property(fc.array(member, { minLength: 1, maxLength: 60 }), (list) => {
        const result = aggregateMetrics(list);
        const uptimes = list.map((entry) => entry.uptime);
        const rates = list.map((entry) => entry.completionRate);
        expect(result.averageUptime).toBeGreaterThanOrEqual(Math.min(...uptimes) - 1e-9);
        expect(result.averageUptime).toBeLessThanOrEqual(Math.max(...uptimes) + 1e-9);
        expect(result.overallCompletionRate).toBeGreaterThanOrEqual(Math.min(...rates) - 1e-9);
        expect(result.overallCompletionRate).toBeLessThanOrEqual(Math.max(...rates) + 1e-9);
      }),
    );
  });

  it("computes sum and means of a known squad", () => {
    expect(
      aggregateMetrics([
        { experiencePoints: 100, uptime: 90, completionRate: 80 },
        { experiencePoints: 250, uptime: 100, completionRate: 60 },
      ]),
    ).toEqual({ totalExperiencePoints: 350, averageUptime: 95, overallCompletionRate: 70 });
  });
});

describe("uniqueById", () => {
  it("keeps the first occurrence of each id, in order", () => {
    expect(uniqueById([{ id: "a", n: 1 }, { id: "b", n: 2 }, { id: "a", n: 3 }])).toEqual([{ id: "a", n: 1 }, { id: "b", n: 2 }]);
  });
});

describe("stackRoles", () => {
  it("merges roles by name with their skills in stable order", () => {
    expect(
      stackRoles([
        { roleName: "Scout", primaryFunction: "Recon", skills: ["a", "b"] },
        { roleName: "Builder", primaryFunction: "Build", skills: ["x"] },
        { roleName: "Scout", primaryFunction: "Other", skills: ["b", "c"] },
      ]),
    ).toEqual([
      { roleName: "Scout", primaryFunction: "Recon", skills: ["a", "b", "c"] },
      { roleName: "Builder", primaryFunction: "Build", skills: ["x"] },
    ]);
  });

  it("has one entry per distinct roleName, holding every skill of that name", () => {
    const role = fc.record({
      roleName: fc.constantFrom("Scout", "Builder", "Defender", "Healer"),
      primaryFunction: fc.string(),
      skills: fc.array(fc.constantFrom("s1", "s2", "s3", "s4", "s5"), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(role, { maxLength: 30 }), (roles) => {
        const stacked = stackRoles(roles);
        expect(stacked.map((entry) => entry.roleName)).toEqual([...new Set(roles.map((entry) => entry.roleName))]);
        for (const entry of stacked) {
          const expected = new Set(roles.filter((r) => r.roleName === entry.roleName).flatMap((r) => r.skills));
          expect(new Set(entry.skills)).toEqual(expected);
          expect(entry.skills.length).toBe(expected.size);
        }
      }),
    );
  });
});
