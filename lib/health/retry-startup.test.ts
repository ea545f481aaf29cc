import { describe, expect, it } from "vitest";
import { describeError } from "./retry-startup";

describe("describeError (what start-up logs and readiness report for a failed attempt)", () => {
  it("is the first line of the message", () => {
    expect(describeError(new Error("connect ECONNREFUSED 127.0.0.1:5432\n    at stack"))).toBe("connect ECONNREFUSED 127.0.0.1:5432");
  });

  it("never says nothing: an empty AggregateError (connection refused on every address) names its inner errors and code", () => {
    const refused = Object.assign(new AggregateError([new Error("connect ECONNREFUSED ::1:5432"), new Error("connect ECONNREFUSED 127.0.0.1:5432")], ""), { code: "ECONNREFUSED" });
    expect(describeError(refused)).toBe("ECONNREFUSED: connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432");
    expect(describeError(Object.assign(new Error(""), { code: "P1001" }))).toBe("P1001");
    expect(describeError(new TypeError(""))).toBe("TypeError");
    expect(describeError(new Error(""))).toBe("unknown error (no message)");
    expect(describeError("plain text")).toBe("plain text");
    expect(describeError(undefined)).toBe("undefined");
  });
});
