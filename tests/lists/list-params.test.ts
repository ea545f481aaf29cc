import { describe, expect, it } from "vitest";
import { ZDeploymentListQuery } from "../../lib/deployments/schemas";
import { listHref, nextSort, parseListParams, sortState } from "../../components/list/list-params";

describe("parseListParams", () => {
  it("reads the filters, the sort and the cursor once, with the page size", () => {
    const { query, values, invalid } = parseListParams(ZDeploymentListQuery, { status: "queued", q: ["vault", "other"], sort: "-name", unrelated: "x" }, ["status", "q"], 50);
    expect(invalid).toEqual([]);
    expect(values).toEqual({ status: "queued", q: "vault", sort: "-name" });
    expect(query).toMatchObject({ status: "queued", q: "vault", limit: 50, sort: { text: "-name", desc: true } });
  });

  it("drops a bad filter and names it, keeping the others", () => {
    const { query, values, invalid } = parseListParams(ZDeploymentListQuery, { status: "sleeping", q: "vault" }, ["status", "q"], 50);
    expect(invalid).toEqual(["status"]);
    expect(values).toEqual({ q: "vault" });
    expect(query.status).toBeUndefined();
    expect(query.q).toBe("vault");
  });

  it("drops an unknown sort and names it", () => {
    const { query, invalid } = parseListParams(ZDeploymentListQuery, { sort: "secret", status: "failed" }, ["status", "q"], 50);
    expect(invalid).toEqual(["sort"]);
    expect(query.status).toBe("failed");
    expect(query.sort).toBeUndefined();
  });

  it("falls back to the first page quietly for a stale cursor", () => {
    const { query, values, invalid } = parseListParams(ZDeploymentListQuery, { cursor: "not-ours", q: "vault" }, ["status", "q"], 50);
    expect(invalid).toEqual([]);
    expect(values).toEqual({ q: "vault" });
    expect(query.cursor).toBeUndefined();
  });

  it("drops and names a filter holding text no query can hold (a NUL byte, a lone surrogate); a cursor quietly", () => {
    const { query, values, invalid } = parseListParams(ZDeploymentListQuery, { q: "va\u0000ult", status: "queued", sort: "\ud800", cursor: "\u0000" }, ["status", "q"], 50);
    expect(invalid).toEqual(["q", "sort"]);
    expect(values).toEqual({ status: "queued" });
    expect(query).toMatchObject({ status: "queued", limit: 50 });
    expect(query.q).toBeUndefined();
    expect(query.cursor).toBeUndefined();
  });

  it("treats empty params as absent", () => {
    const { values, invalid } = parseListParams(ZDeploymentListQuery, { status: "", q: "  " }, ["status", "q"], 50);
    expect(values).toEqual({});
    expect(invalid).toEqual([]);
  });
});

describe("list links and sort headers", () => {
  it("keeps the filters and sort, and starts at the first page unless paging", () => {
    const values = { q: "vault", sort: "name", cursor: "abc" };
    expect(listHref("/deployments", values, { sort: "-name" })).toBe("/deployments?q=vault&sort=-name");
    expect(listHref("/deployments", values, { cursor: "def" })).toBe("/deployments?q=vault&sort=name&cursor=def");
    expect(listHref("/deployments", {})).toBe("/deployments");
  });

  it("sorts ascending first, then descending, then ascending again", () => {
    expect(nextSort(undefined, "name")).toBe("name");
    expect(nextSort("name", "name")).toBe("-name");
    expect(nextSort("-name", "name")).toBe("name");
    expect(nextSort("-name", "status")).toBe("status");
    expect(sortState("-name")).toEqual({ field: "name", direction: "descending" });
    expect(sortState(undefined)).toBeUndefined();
  });
});
